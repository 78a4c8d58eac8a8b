"""printkit: print-ready PDFs for custom Monopoly-style games.

The pipeline runs load -> validate -> localise -> layout -> impose -> render -> write;
each stage is a subpackage and hands frozen values to the next.
"""

__version__ = "0.1.0"

# What Ctrl-C prints, from the entry point or from a command that was stopped.
INTERRUPTED = "interrupted; the previous files are unchanged."
