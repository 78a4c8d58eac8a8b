"""Lengths: one point is 1/72 in; every length a user writes carries its unit."""

from __future__ import annotations

import math
import re

MM = 72 / 25.4  # points in a millimetre
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$", re.IGNORECASE)


def parse_length(text: str) -> float | None:
    """A length such as '3mm', '0.125in' or '-1.5 MM' in points; None if `text` is not a
    number with one of the units mm, cm, in, pt. A number too large for a float is
    infinite: callers bound the length.

    >>> round(parse_length("25.4mm"), 6)
    72.0
    >>> parse_length("3 furlongs") is None
    True
    """
    match = _LENGTH.match(text)
    if not match:
        return None
    return float(match.group(1)) * UNITS[match.group(2).lower()]


PPI_SLACK = 0.005  # ppi: what a PDF's rounded coordinates may take from an exact resolution


def shown_ppi(found: float, needed: float) -> str:
    """A resolution under `needed` as a message shows it: whole, unless rounding would make
    it `needed` itself (299.9 is shown as such, never as the 300 it falls short of)."""
    if round(found) < needed:
        return f"{found:.0f}"
    return f"{math.floor(found * 10) / 10:.1f}"
