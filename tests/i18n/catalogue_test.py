#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The page's and the server's catalogues are complete (docs/translating.md): ctest i18n/catalogues.

    catalogue_test.py SOURCE_DIR BUILD_DIR

* every text of the page reaches the template: each t()/tn() literal of web/*.js is in
  BUILD_DIR/i18n/web.pot (xgettext's parse of the scripts lost none), and no text written
  straight into the page bypasses t() (untranslated_scan.py);
* every po/web/LANG.po translates every message of the template, none fuzzy (msgcmp), with
  the same {placeholders} and <N>tags</N> as the English (a plural form may leave {n} out:
  "دور واحد" says one without the number), and no message the template no longer has;
* its header names one CLDR plural category per plural form (X-Plural-Categories), its
  language's name and its direction;
* the same for the server's texts: every po/server/LANG.po translates every message of
  BUILD_DIR/i18n/server.pot (xgettext's harvest of tr/trn/text/textn/N_ in src/server), and
  the server speaks exactly the page's languages.
"""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import untranslated_scan  # noqa: E402

CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def unquote(text):
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r'\\(.)', lambda m: escapes.get(m.group(1), m.group(1)), text[1:-1])


def read_po(path):
    """[(flags, msgid, msgid_plural, [msgstr...], obsolete)] and the header, from a .po/.pot."""
    entries, entry, field = [], None, None

    def close():
        if entry and entry["msgid"] is not None:
            entries.append(entry)

    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].lstrip()
        if not line.strip():
            close()
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": "", "msgid": None, "plural": None, "strs": {}, "obsolete": False}
        entry["obsolete"] |= obsolete
        if line.startswith("#,"):
            entry["flags"] += line
            continue
        if line.startswith("#"):
            continue
        m = re.match(r'(msgid_plural|msgid|msgstr(?:\[(\d+)\])?) (".*")$', line)
        if m:
            field = ("plural" if m.group(1) == "msgid_plural" else "msgid" if m.group(1) == "msgid"
                     else int(m.group(2) or 0))
            value = unquote(m.group(3))
        elif line.startswith('"') and field is not None:
            value = unquote(line)
            if field in ("msgid", "plural"):
                entry[field] += value
                continue
            entry["strs"][field] += value
            continue
        else:
            continue
        if field in ("msgid", "plural"):
            entry[field] = value
        else:
            entry["strs"][field] = value
    header = next((e for e in entries if e["msgid"] == ""), None)
    fields = {}
    if header:
        for line in header["strs"].get(0, "").split("\n"):
            if ":" in line:
                key, value = line.split(":", 1)
                fields[key.strip().lower()] = value.strip()
    return [e for e in entries if e["msgid"]], fields


def marks(text):
    return sorted(re.findall(r"\{\w+\}|</?\d+>", text))


def check_extraction(source, pot_ids):
    scripts = sorted(glob.glob(os.path.join(source, "web", "*.js")))
    call = re.compile(r"""(?<![\w.])tn?\(\s*(['"])((?:\\.|(?!\1).)*)\1""")
    for path in scripts:
        # Comments blanked (a usage example is no call), line numbers kept.
        text = re.sub(r"^\s*//.*$", "", open(path, encoding="utf-8").read(), flags=re.M)
        name = os.path.relpath(path, source)
        for m in call.finditer(text):
            literal = m.group(2).replace("\\'", "'").replace('\\"', '"')
            if literal not in pot_ids:
                line = text.count("\n", 0, m.start()) + 1
                fail(f"{name}:{line}: t('{literal}') is not in web.pot (xgettext lost it: a regular expression it misread?)")
        for line, literal in untranslated_scan.untranslated(text):
            fail(f"{name}:{line}: a text written into the page without t(): {literal[:80]!r}")


def check_language(path, template, what="the page"):
    name = os.path.relpath(path)
    entries, header = read_po(path)
    result = subprocess.run(["msgcmp", path, template], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{name}: msgcmp finds messages missing or untranslated:\n{result.stderr.strip()}")
    for key in ("language", "x-language-name", "x-text-direction", "x-plural-categories", "plural-forms"):
        if not header.get(key):
            fail(f"{name}: the header has no {key}")
    categories = header.get("x-plural-categories", "").split()
    nplurals = re.search(r"nplurals\s*=\s*(\d+)", header.get("plural-forms", ""))
    if not nplurals or int(nplurals.group(1)) != len(categories) or not set(categories) <= CATEGORIES:
        fail(f"{name}: X-Plural-Categories ({' '.join(categories)}) must name one CLDR category per form of Plural-Forms")
    if header.get("x-text-direction") not in ("ltr", "rtl"):
        fail(f"{name}: X-Text-Direction is ltr or rtl")
    template_ids = {e["msgid"] for e in read_po(template)[0]}
    for e in entries:
        if "fuzzy" in e["flags"]:
            fail(f"{name}: fuzzy: {e['msgid'][:60]!r}")
        if e["obsolete"] or e["msgid"] not in template_ids:
            fail(f"{name}: a message {what} no longer has (run the po-update target): {e['msgid'][:60]!r}")
            continue
        if e["plural"] is None:
            if marks(e["strs"].get(0, "")) != marks(e["msgid"]):
                fail(f"{name}: {e['msgid'][:60]!r}: the translation's places {marks(e['strs'].get(0, ''))} are not the English {marks(e['msgid'])}")
        else:
            if sorted(e["strs"]) != list(range(len(categories))):
                fail(f"{name}: {e['msgid'][:60]!r}: {len(e['strs'])} plural forms, the header's Plural-Forms has {len(categories)}")
            english = set(marks(e["plural"]))
            for k, form in e["strs"].items():
                if set(marks(form)) - english or english - set(marks(form)) - {"{n}"}:
                    fail(f"{name}: {e['msgid'][:60]!r} form {k}: its places {marks(form)} are not the English {sorted(english)}")
    return header.get("language")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: catalogue_test.py SOURCE_DIR BUILD_DIR")
    source, build = sys.argv[1], sys.argv[2]
    template = os.path.join(build, "i18n", "web.pot")
    if not os.path.exists(template):
        sys.exit(f"catalogue_test.py: no {template} (build first)")
    pot_ids = {e["msgid"] for e in read_po(template)[0]}
    check_extraction(source, pot_ids)
    languages = [check_language(path, template) for path in sorted(glob.glob(os.path.join(source, "po", "web", "*.po")))]
    print(f"the page: {len(pot_ids)} messages; languages: {' '.join(l or '?' for l in languages)}")
    if len(languages) < 6:
        fail(f"only {len(languages)} languages besides English")
    server_template = os.path.join(build, "i18n", "server.pot")
    if not os.path.exists(server_template):
        sys.exit(f"catalogue_test.py: no {server_template} (build first)")
    server_ids = {e["msgid"] for e in read_po(server_template)[0]}
    server_languages = [check_language(path, server_template, "the server")
                        for path in sorted(glob.glob(os.path.join(source, "po", "server", "*.po")))]
    print(f"the server: {len(server_ids)} messages; languages: {' '.join(l or '?' for l in server_languages)}")
    if sorted(server_languages) != sorted(languages):
        fail(f"the server speaks {server_languages}, the page {languages}: each language needs both catalogues")
    if failures:
        sys.exit(f"{len(failures)} problems")
    print("catalogues complete")


if __name__ == "__main__":
    main()
