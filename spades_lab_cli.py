"""The ``spades-lab`` console command's entry point (``[project.scripts]`` in pyproject.toml).

It sits outside the ``spades_lab`` package on purpose: importing anything inside the package
first imports the package itself (the rules engine, a good part of a second), and Ctrl-C
during that import would end in a Python traceback before :func:`spades_lab.cli.main` could
catch it.  Here the import is inside a ``try``: Ctrl-C while the command is still starting
prints one line and exits 130, as Ctrl-C later in any command does.
"""
from __future__ import annotations

import sys

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT), as ``spades_lab.cli`` uses.
EXIT_INTERRUPTED = 130


def main() -> int:
    """Import the command line and run it (``spades_lab.cli.main``); Ctrl-C while importing
    is one line on stderr and exit status 130."""
    try:
        from spades_lab.cli.main import main as run
    except KeyboardInterrupt:
        print("spades-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return run()


if __name__ == "__main__":
    sys.exit(main())
