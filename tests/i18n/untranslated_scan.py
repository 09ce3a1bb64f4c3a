# SPDX-License-Identifier: Apache-2.0
"""The page's texts that bypass the catalogue: a string literal with words in it written
straight into the page (textContent, text:, title, aria-label, a message helper) instead of
going through t() or tn() (web/i18n.js).  Used by catalogue_test.py."""
import re

# Where a literal becomes text on the page: `node.textContent = '...'`, `el('p', { text: '...' })`,
# `say(id, '...')`, ... (each followed by the literal's opening quote).
SINKS = re.compile(
    r"""(?:(?<!style\.)textContent\s*=\s*|\btext:\s*|\btitle:\s*|'aria-label':\s*|\.title\s*=\s*|placeholder\s*=\s*|"""
    r"""\bsay\([^,()]+,\s*|\blistNote\(\s*|\bauthMessage\(\s*|\bshowError\(\s*|replaceChildren\(\s*|"""
    r"""\bappend\(\s*|setAttribute\('(?:aria-label|title)',\s*)"""
    r"""(?:[^'"`;]*?\?\s*)?(['"`])""")
LITERAL_END = {"'": re.compile(r"(?:[^'\\\n]|\\.)*'"), '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
               "`": re.compile(r"(?:[^`\\]|\\.)*`")}


def outside_placeholders(literal):
    """The literal without its ${...} parts (which may hold braces and literals of their own)."""
    out, depth, i = [], 0, 0
    while i < len(literal):
        if literal.startswith("${", i):
            depth, i = depth + 1, i + 2
            continue
        if depth and literal[i] == "{":
            depth += 1
        elif depth and literal[i] == "}":
            depth -= 1
        elif not depth:
            out.append(literal[i])
        i += 1
    return "".join(out)


def words_outside_placeholders(literal):
    """A word of two letters or more with a small letter in it ("UTC" is no word to translate)."""
    return re.search(r"[A-Za-z]*[a-z][A-Za-z]*", outside_placeholders(literal)) is not None and \
        re.search(r"[A-Za-z]{2,}", outside_placeholders(literal)) is not None


def untranslated(source):
    """(line, literal) for each literal with words that reaches the page without t()."""
    found = []
    for match in SINKS.finditer(source):
        quote = match.group(1)
        end = LITERAL_END[quote].match(source, match.end())
        if not end:
            continue
        literal = source[match.end(): end.end() - 1]
        if words_outside_placeholders(literal):
            found.append((source.count("\n", 0, match.start()) + 1, literal))
    return found
