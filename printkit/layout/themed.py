"""A theme's colours on a finished face: each built-in colour of a product replaced by the
colour its theme gives that role (an empty theme changes nothing)."""

from __future__ import annotations

from dataclasses import replace

from printkit.layout.ops import Circle, Face, Group, Line, Op, Polygon, Rect, Text
from printkit.model.theme import Theme

Roles = dict[str, str]  # built-in colour -> theme role


def palette(theme: Theme, roles: Roles) -> dict[str, str]:
    """Built-in colour -> the theme's colour, for the roles the theme sets."""
    chosen = dict(theme.colours)
    return {old: chosen[role] for old, role in roles.items()
            if role in chosen and chosen[role] != old}


def recoloured(face: Face, theme: Theme, roles: Roles) -> Face:
    mapping = palette(theme, roles)
    if not mapping:
        return face
    return replace(face, ops=recolour(face.ops, mapping))


def recolour(ops: tuple[Op, ...], mapping: dict[str, str]) -> tuple[Op, ...]:
    return tuple(recolour_op(op, mapping) for op in ops)


def recolour_op(op: Op, m: dict[str, str]) -> Op:
    if isinstance(op, (Rect, Circle, Polygon)):
        return replace(op, fill=m.get(op.fill, op.fill) if op.fill else op.fill,
                       stroke=m.get(op.stroke, op.stroke) if op.stroke else op.stroke)
    if isinstance(op, (Line, Text)):
        return replace(op, colour=m.get(op.colour, op.colour))
    if isinstance(op, Group):
        return replace(op, ops=recolour(op.ops, m))
    return op


BOOKLET: Roles = {"#1E1E1E": "booklet_ink", "#7A1F2B": "booklet_heading",
                  "#EEEAE0": "booklet_note", "#9A9A9A": "booklet_rule"}
SHEETS: Roles = {"#1E1E1E": "sheet_ink", "#555555": "sheet_rule", "#DADADA": "sheet_head"}
BOARD: Roles = {"#C0392B": "arrow", "#1F5FAD": "parking", "#E9DFC7": "jail"}
