"""printkit: print-ready PDFs for custom Monopoly-style games.

The pipeline runs load -> validate -> localise -> layout -> impose -> render -> write;
each stage is a subpackage and hands frozen values to the next.
"""

__version__ = "0.1.0"
