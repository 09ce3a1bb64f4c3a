# SPDX-License-Identifier: Apache-2.0
"""What the checks of tests/architecture share: the source tree they read and how they report
(a line per problem, then a summary; exit code 1 when there is any problem)."""
import os
import sys


def source_root():
    """The repository's top folder: the first argument, else the folder two above this file."""
    return sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def report(problems, summary):
    """Prints the problems and the summary; the exit code of the check."""
    for problem in problems:
        print(problem)
    print(summary)
    return 1 if problems else 0
