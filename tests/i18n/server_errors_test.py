#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every error line a player reads is a message of the catalogue (docs/translating.md): ctest
i18n/server_errors.

    server_errors_test.py SOURCE_DIR

Scans src/server for the error helpers of server/base/errors.h (bad_request, unauthorized,
forbidden, not_found, conflict, too_many, busy), for `ServiceError(ErrorKind::K, ...)` of any
kind but Internal, and for transport's error replies (error_response(status, code, MESSAGE)
but code "internal"), and fails where the message is a plain string literal or a string
built by concatenation, fmt::format, std::to_string or std::string: such a line is English
for every reader.  A message is made with text()/textn() (a Message, written in the
reader's language) or tr()/trn() (written now).  internal() and ErrorKind::Internal are the
server's own faults: they stay English (logs, the operator).

A core error's own words (`e.what()` of a LudusError: an illegal move, a bad option) pass
as they are: they are core's, in English (docs/translating.md, "What stays English").

ALLOWED lists the files whose error lines are read by the operator, not by players, and the
files of the mail branch whose errors are not converted yet; each with its reason.
"""
import os
import re
import sys

HELPERS = ("bad_request", "unauthorized", "forbidden", "not_found", "conflict", "too_many", "busy")

ALLOWED = {
    # The operator's tools: read on the operator's terminal, which has no reader's language.
    "src/server/domain/db_transfer.cpp": "ludus db import: the operator's import of an export",
    "src/server/domain/public_url.cpp": "--public-url: the operator's configuration",
    "src/server/transport/metrics_endpoint.cpp": "the metrics port: read by the operator's scraper",
    # The mail branch's files (i61-mail): their error lines are not converted yet (issue 61).
    "src/server/domain/accounts/account_recovery.cpp": "account recovery's errors, not yet converted",
    "src/server/domain/community/notifications.cpp": "notifications' errors, not yet converted",
    "src/server/transport/notification_routes.cpp": "notifications' errors, not yet converted",
}


def string_end(text, i):
    """The index after the string or character literal that opens at text[i]."""
    j = i + 1
    while j < len(text) and text[j] != text[i]:
        j += 2 if text[j] == "\\" else 1
    return j + 1


def blank_comments(text):
    """The source with comments blanked (strings kept), line numbers and offsets kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or c == "'":
            j = string_end(text, i)
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def arguments(text, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren."""
    args, depth, start, i = [], 0, open_paren + 1, open_paren
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = string_end(text, i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[start:i].strip())
                return args
        elif c == "," and depth == 1:
            args.append(text[start:i].strip())
            start = i + 1
        i += 1
    return args


def top_level(arg):
    """`arg` with the insides of every (...) and string literal removed: what is at its top."""
    out, depth, i = [], 0, 0
    while i < len(arg):
        c = arg[i]
        if c in "\"'":
            if depth == 0:
                out.append('""')
            i = string_end(arg, i)
            continue
        if c == "(":
            if depth == 0:
                out.append("(")
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                out.append(")")
        elif depth == 0:
            out.append(c)
        i += 1
    return "".join(out)


def english_only(arg):
    """Why `arg` is a line in English for every reader, or None when it is a message."""
    top = top_level(arg)
    if '""' in top:
        return "a string literal"
    if re.search(r"\bfmt::format\s*\($|\bfmt::format\(", top):
        return "fmt::format"
    if re.search(r"std::to_string\(|std::string\(", top):
        return "a string built with std::to_string/std::string"
    if re.search(r"(?<![+])\+(?![+=])", top):
        return "a concatenation"
    return None


CALL = re.compile(r"(?<![\w.>:])(" + "|".join(HELPERS) + r")\s*\(")
DIRECT = re.compile(r"\bServiceError\s*\(\s*ErrorKind::(\w+)\s*,")
REPLY = re.compile(r"(?<![\w.>:])error_response\s*\(")


def findings(path, text):
    """[(line, what)] of the error lines of one file's source that stay English."""
    code = blank_comments(text)
    found = []

    def line_of(at):
        return code.count("\n", 0, at) + 1

    for m in CALL.finditer(code):
        before = code[max(0, m.start() - 40):m.start()]
        if re.search(r"\bvoid\s+$", before):  # a declaration or definition of a helper
            continue
        args = arguments(code, m.end() - 1)
        if args and (why := english_only(args[0])):
            found.append((line_of(m.start()), f"{m.group(1)}() given {why}: {args[0][:70]}"))
    for m in DIRECT.finditer(code):
        if m.group(1) == "Internal":
            continue
        args = arguments(code, code.index("(", m.start()))
        if len(args) >= 3 and (why := english_only(args[2])):
            found.append((line_of(m.start()), f"ServiceError(ErrorKind::{m.group(1)}) given {why}: {args[2][:70]}"))
    for m in REPLY.finditer(code):
        before = code[max(0, m.start() - 40):m.start()]
        if re.search(r"\bResponse\s+$", before):
            continue
        args = arguments(code, m.end() - 1)
        if len(args) >= 3 and args[1] != '"internal"' and (why := english_only(args[2])):
            found.append((line_of(m.start()), f"error_response() given {why}: {args[2][:70]}"))
    return found


def self_test():
    """The scan finds what it is for (and passes what it must)."""
    bad = '''
      bad_request("no board", "x");
      not_found("no board " + id);
      conflict(fmt::format("{} moved", user), "c");
      forbidden(std::string("field ") + name);
      too_many(user + " is too fast", "r", 3);
      throw ServiceError(ErrorKind::Busy, "busy", "the server is busy");
      return error_response(404, "not_found", "no such page: " + path);
    '''
    good = '''
      bad_request(text("no board {board}", {{"board", id}}), "x");
      conflict(n == 1 ? text("one") : textn("{n} a", "{n} b", n), "c");
      not_found(closed_offer(*offer, status, true));
      bad_request(e.what(), "illegal_move");
      internal("database " + name);
      throw ServiceError(ErrorKind::Internal, "database", "bad " + name);
      throw ServiceError(ErrorKind::Busy, "busy", text("the server is busy"));
      return error_response(404, "not_found", tr(reader_language(req), "no such page: {path}", {{"path", p}}));
      reply(error_response(500, "internal", std::string("internal error: ") + e.what()));
      // bad_request("in a comment", "x");
      [[noreturn]] inline void bad_request(const std::string& message, std::string code);
    '''
    got_bad = findings("bad", bad)
    got_good = findings("good", good)
    if len(got_bad) != 7 or got_good:
        print(f"FAIL: the scan's self-test: {len(got_bad)} of 7 found in the bad sample, {got_good} in the good one")
        return False
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: server_errors_test.py SOURCE_DIR")
    source = sys.argv[1]
    ok = self_test()
    root = os.path.join(source, "src", "server")
    seen_allowed = set()
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith((".cpp", ".h")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, source).replace(os.sep, "/")
            if rel == "src/server/base/errors.h":
                continue
            if rel in ALLOWED:
                seen_allowed.add(rel)
                continue
            for line, what in findings(rel, open(path, encoding="utf-8").read()):
                ok = False
                print(f"FAIL: {rel}:{line}: {what} (make it a text()/textn() Message: docs/translating.md)")
    for rel in sorted(set(ALLOWED) - seen_allowed):
        ok = False
        print(f"FAIL: ALLOWED names {rel}, which is no longer there: take it out")
    if not ok:
        sys.exit(1)
    print("every error line of src/server is a message of the catalogue")


if __name__ == "__main__":
    main()
