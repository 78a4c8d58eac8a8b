"""Which design colours a CMYK build cannot print as designed (`printkit check --color
cmyk` lists them): every colour a layout paints, compared with what its CMYK prints."""

from __future__ import annotations

from collections.abc import Iterable

from printkit.colour.convert import FILL, TEXT, line_use, out_of_gamut
from printkit.errors import Problem, Where
from printkit.layout.ops import (
    REGISTRATION,
    Circle,
    Group,
    Image,
    Line,
    Op,
    Polygon,
    Rect,
    Text,
)


def design_colours(ops: Iterable[Op]) -> set[tuple[str, str]]:
    """Every colour the ops paint (#RRGGBB) with what it paints (fill, text, line or
    hairline, as printkit.colour.convert tells them apart): fills, strokes, text,
    pictures' grounds."""
    found: set[tuple[str, str]] = set()
    stack = [iter(ops)]
    while stack:
        for op in stack[-1]:
            if isinstance(op, Group):
                stack.append(iter(op.ops))
                break
            if isinstance(op, Text):
                found.add((op.colour, TEXT))
            elif isinstance(op, Line):
                found.add((op.colour, line_use(op.width)))
            elif isinstance(op, Rect | Circle | Polygon):
                if op.fill:
                    found.add((op.fill, FILL))
                if op.stroke:
                    found.add((op.stroke, line_use(op.width)))
            elif isinstance(op, Image):
                found.add((op.ground, FILL))
        else:
            stack.pop()
    return {(colour, use) for colour, use in found if colour != REGISTRATION}


def gamut_warnings(colours: set[tuple[str, str]], ink_limit: float,
                   profile: str) -> list[Problem]:
    """A warning for each colour that prints visibly off its design: the CMYK it prints
    with and how far off (ΔE76)."""
    return [Problem(Where("", 0, f"colour {s.colour}"),
                    f"prints as {s.percent()} (C/M/Y/K %), ΔE {s.delta_e:.1f} from the design "
                    f"colour: outside what {profile} prints within {ink_limit:g} % ink; choose "
                    "a colour nearer the printable range if the difference matters")
            for s in out_of_gamut(colours, ink_limit)]
