#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The translatable texts of an HTML file, written as a gettext template (.pot).

    html_strings.py web/index.html OUT.pot

A text is each run of text between tags and each of the attributes aria-label, title,
placeholder and alt, with its white space folded to single spaces and trimmed; runs without a
letter, and everything inside <script>, <style> or an element marked translate="no", are left
out.  An element marked data-i18n-parts is one text, a sentence with inline elements in it:
each child element (which holds text only) is written as a numbered tag, "Find opponents in
the <0>lobby</0>.", so a translation may move it.  web/i18n.js finds the same texts in the
page with the same rule (its TEXT_ATTRIBUTES, foldSpace and partsText) and puts the
translations in their place.  Each entry names its line and, for
translators, the element it is in (`#. <label for=auth-email>`); the file is named without line
numbers (as xgettext --add-location=file), so an edit elsewhere changes no PO file.
"""
import sys
from html.parser import HTMLParser

ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
SKIPPED = {"script", "style"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def fold_space(text):
    return " ".join(text.split())


def has_letter(text):
    return any(c.isalpha() for c in text)


def po_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def describe(tag, attrs):
    keys = ("id", "for", "name", "class")
    shown = " ".join(f"{k}={attrs[k]}" for k in keys if attrs.get(k))
    return f"<{tag}{' ' + shown if shown else ''}>"


class Texts(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, attrs, skipped)
        self.found = {}  # text -> [(line, where)]
        self.parts = None  # while inside a data-i18n-parts element: [depth, children, pieces, where, line]

    def skipping(self):
        return bool(self.stack) and self.stack[-1][2]

    def add(self, text, where):
        text = fold_space(text)
        if text and has_letter(text):
            self.found.setdefault(text, []).append((self.getpos()[0], where))

    def handle_starttag(self, tag, attr_list):
        attrs = {k: (v or "") for k, v in attr_list}
        skipped = self.skipping() or tag in SKIPPED or attrs.get("translate") == "no"
        if not skipped:
            for name in ATTRIBUTES:
                if name in attrs:
                    self.add(attrs[name], f"{describe(tag, attrs)} {name}")
        if self.parts is not None and tag not in VOID:
            if len(self.stack) != self.parts[0]:
                sys.exit(f"html_strings.py: line {self.getpos()[0]}: a data-i18n-parts element's children hold text only")
            self.parts[2].append(f"<{self.parts[1]}>")
        elif "data-i18n-parts" in attrs and not skipped:
            self.parts = [len(self.stack) + 1, 0, [], describe(tag, attrs), self.getpos()[0]]
        if tag not in VOID:
            self.stack.append((tag, attrs, skipped))

    def handle_startendtag(self, tag, attr_list):
        self.handle_starttag(tag, attr_list)
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break
        if self.parts is None:
            return
        if len(self.stack) == self.parts[0]:  # a child ends
            self.parts[2].append(f"</{self.parts[1]}>")
            self.parts[1] += 1
        elif len(self.stack) < self.parts[0]:  # the element ends
            depth, _, pieces, where, line = self.parts
            self.parts = None
            text = fold_space("".join(pieces))
            if text and has_letter(text):
                self.found.setdefault(text, []).append((line, where))

    def handle_data(self, data):
        if self.parts is not None:
            self.parts[2].append(data)
        elif not self.skipping() and self.stack:
            tag, attrs, _ = self.stack[-1]
            self.add(data, describe(tag, attrs))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: html_strings.py PAGE.html OUT.pot")
    source, out = sys.argv[1], sys.argv[2]
    parser = Texts()
    with open(source, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    name = "web/" + source.replace("\\", "/").rsplit("/", 1)[-1]
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for text, places in parser.found.items():
        for where in dict.fromkeys(w for _, w in places):
            lines.append(f"#. {where}")
        lines.append(f"#: {name}")
        lines += [f"msgid {po_quote(text)}", 'msgstr ""', ""]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
