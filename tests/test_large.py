"""Large input: decks of thousands of cards build (the 10 000-card deck, its time and peak
memory are measured by the benchmark, bench/run.py, not here, to keep the suite fast)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from bench.decks import grown_copy
from games import GAMES
from printkit.pipeline import Options, build
from printkit.resources import builtin

# the first game's deck grows to 3 000 cards, the others' to 1 000 (to keep the suite fast)
DECKS = [(g, 3_000 if not i else 1_000) for i, g in enumerate(g for g in GAMES if g.deck)]


@pytest.mark.parametrize("game,cards", DECKS, ids=[f"{g.name}-{n}" for g, n in DECKS])
def test_a_deck_of_thousands_of_cards_builds(game, cards: int, tmp_path: Path) -> None:
    grown_copy(builtin("data") / game.name, tmp_path / "data" / game.name, game.deck,
               game.card_texts, cards)
    built = build(game.name, ["nl"], tmp_path / "data", tmp_path / "out", Options(),
                  only=(game.product,))
    assert len(built) == 1
    reader = PdfReader(built[0].path)
    fronts = len(reader.pages) // 2  # each sheet of fronts is followed by its backs
    per_sheet = math.ceil(cards / fronts)
    assert len(reader.pages) == built[0].pages == 2 * fronts
    assert 4 <= per_sheet <= 16 and math.ceil(cards / per_sheet) == fronts
    first, last = reader.pages[0].extract_text(), reader.pages[-2].extract_text()
    assert first.strip() and last.strip()
    assert reader.pages[-1].extract_text().strip()  # the last backs
