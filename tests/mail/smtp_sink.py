#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""A real SMTP server for the tests (Debian's python3-aiosmtpd): every message it
accepts is written to DIR as NNNN.eml, with the envelope in X-Sink-Mail-From and
X-Sink-Rcpt-To headers on top.  Prints "ready PORT" once it listens.

    smtp_sink.py DIR PORT        (PORT 0: any free port)
"""
import itertools
import os
import socket
import sys
import time

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        number = next(self.count)
        path = os.path.join(self.directory, "%04d.eml" % number)
        head = "X-Sink-Mail-From: %s\r\nX-Sink-Rcpt-To: %s\r\n" % (
            envelope.mail_from, ",".join(envelope.rcpt_tos))
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogateescape")
        with open(path + ".tmp", "wb") as out:
            out.write(head.encode() + content)
        os.rename(path + ".tmp", path)  # a reader never sees half a message
        return "250 OK"


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    if port == 0:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready %d" % port, flush=True)
    # Also stops when the test that started it is gone: a test that crashed (a sanitizer
    # abort) never stops it, and it would hold the test's stderr, so ctest's pipe, open.
    parent = os.getppid()
    try:
        while os.getppid() == parent:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
