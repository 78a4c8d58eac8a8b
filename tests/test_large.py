"""Large input: a 10 000-card deck builds (its time and peak memory are measured by the
benchmark, bench/run.py, not here)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from bench.decks import grown_copy
from games import GAMES
from printkit.pipeline import Options, build
from printkit.resources import builtin

DECKS = [g for g in GAMES if g.deck]


@pytest.mark.parametrize("game", DECKS, ids=[g.name for g in DECKS])
def test_a_ten_thousand_card_deck_builds(game, tmp_path: Path) -> None:
    section = game.card_text.split(".")[0]
    grown_copy(builtin("data") / game.name, tmp_path / "data" / game.name, game.deck, section,
               10_000)
    built = build(game.name, ["nl"], tmp_path / "data", tmp_path / "out", Options(),
                  only=(section,))
    assert len(built) == 1
    reader = PdfReader(built[0].path)
    fronts = len(reader.pages) // 2  # each sheet of fronts is followed by its backs
    per_sheet = math.ceil(10_000 / fronts)
    assert len(reader.pages) == built[0].pages == 2 * fronts
    assert 4 <= per_sheet <= 16 and math.ceil(10_000 / per_sheet) == fronts
    first, last = reader.pages[0].extract_text(), reader.pages[-2].extract_text()
    assert first.strip() and last.strip()
    assert reader.pages[-1].extract_text().strip()  # the last backs
