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

INTERRUPTED = "interrupted; the previous files are unchanged."


def main() -> None:
    code: int | str | None = 0
    os.environ.setdefault("TYPER_USE_RICH", "0")  # read when typer is imported
    try:
        from printkit.cli import main as run

        run()
    except KeyboardInterrupt:  # every finally block (temporary files) has run
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.stderr.write(INTERRUPTED + "\n")
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)  # no interpreter shutdown for a second Ctrl-C to land in
    except SystemExit as exc:
        code = exc.code
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)


if __name__ == "__main__":
    main()
