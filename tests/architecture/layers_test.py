#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The include rules of docs/architecture.md, checked on every source file.

Each folder may include only the folders below it: a change that makes, say, the
database layer include the HTTP transport fails here with the file and the include.
Usage: layers_test.py SOURCE_ROOT (the repository's top folder).
"""
import os
import re
import sys

from check_support import report, source_root

# Top-level parts of src/ and what each may include besides itself.
PARTS = {
    "core": set(),
    "games": {"core"},
    "ai": {"core"},
    "study": {"core", "ai"},
    "server": {"core", "ai"},
    "cli": {"core", "games", "ai", "study", "server"},
    "wasm": {"core", "games", "ai"},
}
# The server's layers (src/server/<layer>; "" is play_server at the top) and what each
# may include besides itself.
SERVER_LAYERS = {
    "base": set(),
    "storage": {"base"},
    "domain": {"base", "storage"},
    "mail": {"base", "storage", "domain"},
    "live": {"base", "storage", "domain"},
    "transport": {"base", "storage", "domain", "live"},
    "": {"base", "storage", "domain", "mail", "live", "transport"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def violations(root):
    src = os.path.join(root, "src")
    found = []
    for folder, _, names in os.walk(src):
        for name in sorted(names):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src).split(os.sep)
            part = rel[0]
            layer = rel[1] if part == "server" and len(rel) > 2 else ""
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for target in INCLUDE.findall(text):
                pieces = target.split("/")
                if len(pieces) < 2 or pieces[0] not in PARTS:
                    continue  # a file beside it, or a generated header
                if pieces[0] != part and pieces[0] not in PARTS[part]:
                    found.append(f"src/{'/'.join(rel)}: includes {target} ({part} may include {sorted(PARTS[part]) or 'nothing else'})")
                if part == "server" and pieces[0] == "server":
                    target_layer = pieces[1] if len(pieces) > 2 else ""
                    if target_layer != layer and target_layer not in SERVER_LAYERS.get(layer, set()):
                        found.append(f"src/{'/'.join(rel)}: includes {target} "
                                     f"(server/{layer or 'play_server'} may include {sorted(SERVER_LAYERS.get(layer, set()))})")
                    if target_layer not in SERVER_LAYERS:
                        found.append(f"src/{'/'.join(rel)}: includes {target}, outside the server's layers")
    return found


def main():
    found = violations(source_root())
    return report(found, f"{len(found)} include(s) against the layers of docs/architecture.md")


if __name__ == "__main__":
    sys.exit(main())
