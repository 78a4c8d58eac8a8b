"""`python -m printkit` (and the `printkit` command) run the command-line interface.

Ctrl-C is handled here, before anything heavy is imported: at any moment it ends printkit
with one line and exit code 130, never a traceback; a build's previous output stays as it
was (see printkit.write). Once the command is done, a late Ctrl-C is ignored.

Help is plain text: typer's rich help screen costs more than the rest of `printkit --help`
together. `TYPER_USE_RICH=1 printkit --help` shows it the rich way.
"""

from __future__ import annotations

import os
import signal
import sys

from printkit import INTERRUPTED


def main() -> None:
    code: int | str | None = 0
    os.environ.setdefault("TYPER_USE_RICH", "0")  # read when typer is imported
    try:
        from printkit.cli import main as run

        run()
    except KeyboardInterrupt:  # every finally block (temporary files) has run
        interrupted()
    except SystemExit as exc:
        code = exc.code
        if code == 130:  # the command said it was interrupted: no shutdown that could
            sys.stdout.flush()  # wait on a stopped pool's threads
            sys.stderr.flush()
            os._exit(130)
    except Exception as exc:  # Ctrl-C while a module is imported can arrive wrapped
        from printkit.errors import causes

        if any(isinstance(e, KeyboardInterrupt) for e in causes(exc)):
            interrupted()
        raise
    finally:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        except KeyboardInterrupt:  # a Ctrl-C just as the command finished: it is done
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)


def interrupted() -> None:
    """End at once with one line and exit code 130 (no interpreter shutdown for a second
    Ctrl-C to land in)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr.write(INTERRUPTED + "\n")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


if __name__ == "__main__":
    main()
