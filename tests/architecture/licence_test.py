#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""ludus is licensed under the Apache License 2.0: every file says so (README, "Licence").

* LICENSE (and LICENSES/Apache-2.0.txt, where REUSE looks) is the licence's standard text,
  byte for byte Debian's /usr/share/common-licenses/Apache-2.0, known by its SHA-256.
* Every tracked source file starts with the SPDX line in its language's comment (after a
  shebang, or an HTML doctype): C++, JavaScript, CSS, HTML, Python, shell, CMake, YAML,
  systemd units, and any script with a shebang.
* Every other tracked file (data, pictures, Markdown) is annotated Apache-2.0 by REUSE.toml.
A new file that has neither fails here with its name, so none is left unlicensed.
Usage: licence_test.py SOURCE_ROOT (the repository's top folder).
"""
import hashlib
import os
import re
import subprocess
import sys
import tomllib

from check_support import report, source_root

LICENCE = "Apache-2.0"
SPDX = f"SPDX-License-Identifier: {LICENCE}"
COPYRIGHT = "the ludus authors"
# SHA-256 of the Apache License 2.0's text as apache.org and Debian's base-files ship it.
APACHE_2_SHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"
DEBIAN_APACHE_2 = "/usr/share/common-licenses/Apache-2.0"

# The SPDX line each kind of source file starts with, by extension or whole name.
HASH_LINE = f"# {SPDX}"
LINES = {
    ".h": f"// {SPDX}", ".cpp": f"// {SPDX}", ".js": f"// {SPDX}", ".mjs": f"// {SPDX}",
    ".css": f"/* {SPDX} */",  # CSS has no line comment
    ".html": f"<!-- {SPDX} -->",
    ".py": HASH_LINE, ".sh": HASH_LINE, ".cmake": HASH_LINE, ".yml": HASH_LINE, ".yaml": HASH_LINE,
    ".service": HASH_LINE,
}
NAMES = {"CMakeLists.txt": HASH_LINE, ".gitignore": HASH_LINE}
# Files REUSE itself leaves out: the licence texts and REUSE.toml.
NOT_ANNOTATED = re.compile(r"^(LICENSE|LICENSES/.*|REUSE\.toml)$")


def tracked_files(root):
    """The repository's files: git's list, or without git (an unpacked source tarball) every
    file except build trees (they hold CMakeCache.txt), node_modules and caches."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        files = [f for f in out.decode("utf-8").split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules", "__pycache__")
                   and not os.path.exists(os.path.join(folder, d, "CMakeCache.txt"))]
        files += [os.path.relpath(os.path.join(folder, n), root) for n in names]
    return files


def expected_line(path, first_line):
    """The SPDX line a source file must carry, or None for a file that is no source."""
    name = os.path.basename(path)
    if name in NAMES:
        return NAMES[name]
    ext = os.path.splitext(name)[1]
    if ext in LINES:
        return LINES[ext]
    return HASH_LINE if first_line.startswith("#!") else None


def reuse_pattern(glob):
    """REUSE.toml's path glob as a regular expression: `*` stays within a folder, `**`
    crosses folders, `\\*` is a star."""
    out, i = "", 0
    while i < len(glob):
        if glob.startswith("\\*", i):
            out, i = out + re.escape("*"), i + 2
        elif glob.startswith("**", i):
            out, i = out + ".*", i + 2
        elif glob[i] == "*":
            out, i = out + "[^/]*", i + 1
        else:
            out, i = out + re.escape(glob[i]), i + 1
    return re.compile(out + r"\Z")


def annotations(root, problems):
    """The path patterns REUSE.toml annotates as Apache-2.0 by the ludus authors."""
    try:
        with open(os.path.join(root, "REUSE.toml"), "rb") as f:
            config = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        problems.append(f"REUSE.toml: {e}")
        return []
    if config.get("version") != 1:
        problems.append("REUSE.toml: version must be 1")
    patterns = []
    for entry in config.get("annotations", []):
        paths = entry.get("path", [])
        paths = [paths] if isinstance(paths, str) else paths
        if entry.get("SPDX-License-Identifier") != LICENCE or entry.get("SPDX-FileCopyrightText") != COPYRIGHT:
            problems.append(f"REUSE.toml: {paths} must be {LICENCE} by '{COPYRIGHT}'")
        patterns += [reuse_pattern(p) for p in paths]
    return patterns


def licence_text_problems(root):
    problems = []
    for name in ("LICENSE", "LICENSES/Apache-2.0.txt"):
        try:
            with open(os.path.join(root, name), "rb") as f:
                text = f.read()
        except OSError as e:
            problems.append(f"{name}: {e.strerror}")
            continue
        if hashlib.sha256(text).hexdigest() != APACHE_2_SHA256:
            problems.append(f"{name}: not the Apache License 2.0's standard text (copy {DEBIAN_APACHE_2})")
        # Where Debian's copy is installed, the two agree byte for byte.
        if os.path.exists(DEBIAN_APACHE_2):
            with open(DEBIAN_APACHE_2, "rb") as f:
                if f.read() != text:
                    problems.append(f"{name}: differs from {DEBIAN_APACHE_2}")
    return problems


def file_problems(root, files, patterns):
    problems = []
    for path in sorted(files):
        full = os.path.join(root, path)
        if NOT_ANNOTATED.match(path) or os.path.islink(full) or not os.path.isfile(full):
            continue
        with open(full, "rb") as f:
            head = f.read(4096).decode("utf-8", errors="replace").split("\n")
        line = expected_line(path, head[0])
        annotated = any(p.match(path) for p in patterns)
        if line is None:
            if not annotated:
                problems.append(f"{path}: no SPDX line and no REUSE.toml annotation (a source file of a new "
                                "kind: give it its comment style here; data: annotate it in REUSE.toml)")
            continue
        # After a shebang or an HTML doctype the SPDX line is the second.
        at = 1 if head[0].startswith("#!") or head[0].lower().startswith("<!doctype") else 0
        if len(head) <= at or head[at].rstrip("\r") != line:
            problems.append(f"{path}:{at + 1}: must be '{line}'")
    return problems


def main():
    root = source_root()
    problems = licence_text_problems(root)
    patterns = annotations(root, problems)
    files = tracked_files(root)
    problems += file_problems(root, files, patterns)
    return report(problems, f"{len(files)} files checked, {len(problems)} problem(s) with the {LICENCE} licence")


if __name__ == "__main__":
    sys.exit(main())
