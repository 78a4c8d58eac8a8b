"""Group symbols ([theme] group_symbols = true): a shape of its own for every group in the
colour band of its board squares and deeds, so that colour is never the only cue."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import kit_for

from printkit.colour.contrast import ink_on
from printkit.errors import Problems, Where
from printkit.layout.board import board_face
from printkit.layout.cards import Art, framed_ops, front_ops
from printkit.layout.ops import Circle, Group, Op, Polygon, Rect
from printkit.layout.symbols import symbol_ops
from printkit.localise.kit import Deck
from printkit.model.theme import Theme
from printkit.options import Request
from printkit.pipeline import build


def shapes(ops: tuple[Op, ...] | list[Op]) -> list[Op]:
    """Every circle, rectangle and polygon of a drawing, groups opened."""
    found: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            found += shapes(op.ops)
        elif isinstance(op, (Circle, Rect, Polygon)):
            found.append(op)
    return found


def test_twenty_groups_have_twenty_symbols() -> None:
    drawn = [symbol_ops(mark, 0, 0, 10, "#000000") for mark in range(20)]
    assert len({repr(ops) for ops in drawn}) == 20
    assert all(op.fill == "#000000" for op in drawn[2])  # the first ten filled
    assert drawn[12][0].fill is None
    assert drawn[12][0].stroke == "#000000"
    assert symbol_ops(-1, 0, 0, 10, "#000000") == []


@pytest.mark.parametrize("game", ["klassiek", "spankopoly"])
def test_group_symbols_stand_in_every_street_band(game: str) -> None:
    """[theme] group_symbols = true: one symbol in the band of every street square of the
    board and of every street deed, in the band's text colour, the group's own shape."""
    kit = kit_for("nl", game)
    board = next(p.content for p in kit.products if p.name == "board")
    plain = shapes(board_face(board, Where("game.toml"), Problems()).ops)
    marked = shapes(board_face(board, Where("game.toml"), Problems(),
                               theme=Theme(group_symbols=True)).ops)
    streets = [s for s in board.squares if s.kind == "street"]
    assert len(marked) - len(plain) == len(streets)
    assert {s.mark for s in streets} == set(range(8))
    deeds = next(p.content for p in kit.products if p.name == "deeds")
    assert isinstance(deeds, Deck)
    for card in deeds.fronts[:6]:
        draw = framed_ops if card.framed else front_ops
        counts = [len(shapes(draw(card, 180, 252, 9, Where("deeds"), Problems(),
                                  Art(Theme(group_symbols=on), None, card.id, Problems()))))
                  for on in (False, True)]
        assert counts[1] - counts[0] == (card.mark >= 0)
        if card.mark >= 0:
            symbol = symbol_ops(card.mark, 0, 0, 10, ink_on(card.colour))
            assert type(symbol[0]) in {type(op) for op in shapes(draw(
                card, 180, 252, 9, Where("deeds"), Problems(),
                Art(Theme(group_symbols=True), None, card.id, Problems())))}


def test_the_deeds_with_symbols_look_like_their_reference(tmp_path: Path) -> None:
    """A player's own print settings turn the symbols on ([theme] group_symbols = true):
    klassiek's first sheet of deeds, each street's band with its group's shape."""
    from test_pictures import REFERENCES, REFRESH, compare, load, render, save

    config = tmp_path / "printkit.toml"
    config.write_text("[theme]\ngroup_symbols = true\n", encoding="utf-8")
    build(Request("klassiek", ("nl",), only=("deeds",), config=config), tmp_path / "out",
          workers=1)
    actual = render(tmp_path / "out" / "klassiek" / "nl" / "deeds.pdf", 0, 40)
    path = REFERENCES / "klassiek-deeds-symbols.png"
    if os.environ.get(REFRESH):
        save(actual, path)
        return
    verdict = compare(actual, load(path))
    if not verdict.ok:
        save(actual, tmp_path / "klassiek-deeds-symbols.png")
    assert verdict.ok, f"{verdict}; as rendered: {tmp_path / 'klassiek-deeds-symbols.png'}"
