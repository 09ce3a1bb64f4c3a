#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The page's JSON catalogues, made from compiled gettext catalogues (.mo, from msgfmt).

    catalogue_json.py OUT_DIR de.mo fr.mo ...

Writes OUT_DIR/LANG.json for each catalogue and OUT_DIR/en.json for the source language:
    {"language": "de", "name": "Deutsch", "dir": "ltr", "plurals": ["one", "other"],
     "messages": {"Sign in": "Anmelden", "{n} turn": ["{n} Zug", "{n} Züge"], ...}}
A plural message lists its forms in the order of the catalogue's Plural-Forms; "plurals"
names the Unicode (CLDR) plural category of each, from the header X-Plural-Categories, so
the page picks a form with the browser's Intl.PluralRules and never with a rule of its own.
The .mo is read with Python's own gettext module; fuzzy and untranslated entries are not in it.
"""
import gettext
import json
import os
import sys

CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def fail(message):
    sys.exit(f"catalogue_json.py: {message}")


def catalogue(path):
    with open(path, "rb") as f:
        translations = gettext.GNUTranslations(f)
    info = translations.info()
    language = info.get("language", "")
    if not language:
        fail(f"{path}: no Language header")
    plurals = info.get("x-plural-categories", "").split()
    nplurals = info.get("plural-forms", "").split("nplurals=")[-1].split(";")[0].strip()
    if not plurals or not set(plurals) <= CATEGORIES or str(len(plurals)) != nplurals:
        fail(f"{path}: X-Plural-Categories must name one CLDR category per plural form ({nplurals})")
    direction = info.get("x-text-direction", "ltr")
    if direction not in ("ltr", "rtl"):
        fail(f"{path}: X-Text-Direction is ltr or rtl")
    messages = {}
    for key, text in translations._catalog.items():  # the parsed .mo: msgid -> text, (msgid, i) -> form
        if isinstance(key, tuple):
            forms = messages.setdefault(key[0], [""] * len(plurals))
            forms[key[1]] = text
        elif key:
            messages[key] = text
    return {"language": language, "name": info.get("x-language-name", language), "dir": direction,
            "plurals": plurals, "messages": dict(sorted(messages.items()))}


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: catalogue_json.py OUT_DIR [LANG.mo...]")
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    found = [{"language": "en", "name": "English", "dir": "ltr", "plurals": ["one", "other"], "messages": {}}]
    found += [catalogue(path) for path in sys.argv[2:]]
    for entry in found:
        with open(os.path.join(out_dir, entry["language"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(entry, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()
