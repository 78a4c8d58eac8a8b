"""Shared print geometry of components (all lengths in points)."""

from __future__ import annotations

from printkit.layout.ops import MM

BLEED = 3 * MM        # backgrounds run this far past the trim
SAFE = 4 * MM         # text stays this far inside the trim
SHEET_MARGIN = 12 * MM  # margin of plain sheets (score pad, lines)

# card formats (trim sizes) are data: printkit/builtin/print.toml [formats]
