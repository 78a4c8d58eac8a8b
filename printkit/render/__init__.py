"""Stage 6, render: documents -> PDF bytes. The only stage that uses reportlab."""

from printkit.render.pdf import render

__all__ = ["render"]
