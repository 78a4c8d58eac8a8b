"""Large input: decks of thousands of cards build (the 10 000-card deck, its time and peak
memory are measured by the benchmark, bench/run.py, not here, to keep the suite fast)."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest
from games import GAMES
from pypdf import PdfReader

from bench.decks import grown_copy
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.resources import builtin

# the first game's deck grows to 3 000 cards, the others' to 1 000 (to keep the suite fast)
DECKS = [(g, 3_000 if not i else 1_000) for i, g in enumerate(g for g in GAMES if g.deck)]


@pytest.mark.parametrize("game,cards", DECKS, ids=[f"{g.name}-{n}" for g, n in DECKS])
def test_a_deck_of_thousands_of_cards_builds(game, cards: int, tmp_path: Path) -> None:
    grown_copy(builtin("data") / game.name, tmp_path / "data" / game.name, game.deck,
               game.card_texts, cards)
    built = build(Request(game.name, ("nl",), data=tmp_path / "data", only=(game.product,)),
          tmp_path / "out")
    assert len(built) == 1
    reader = PdfReader(built[0].path)
    fronts = len(reader.pages) // 2  # each sheet of fronts is followed by its backs
    per_sheet = math.ceil(cards / fronts)
    assert len(reader.pages) == built[0].pages == 2 * fronts
    assert 4 <= per_sheet <= 16
    assert math.ceil(cards / per_sheet) == fronts
    first, last = reader.pages[0].extract_text(), reader.pages[-2].extract_text()
    assert first.strip()
    assert last.strip()
    backs = reader.pages[-1]  # the last backs: their words, or the deck's artwork
    assert backs.extract_text().strip() or len(backs.images) == 1


def test_a_deck_is_laid_out_one_sheet_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Imposing a deck lays out nothing yet; each page lays out only its own cards when
    it is read (so memory does not grow with the deck), and reading it again makes it
    again, unchanged."""
    from conftest import kit_for

    import printkit.impose.products as products
    from printkit.errors import Problems
    from printkit.load.printing import load_print_spec
    from printkit.options import resolve
    from printkit.pipeline import documents

    laid_out: list[str] = []
    real = products.card_face
    monkeypatch.setattr(products, "card_face", lambda card, *a, **k: laid_out.append(card.id)
                        or real(card, *a, **k))
    kit = kit_for("nl")
    kit = type(kit)(**{**kit.__dict__, "products": (kit.product("chance"),)})
    from printkit.load.tables import read_toml

    game_toml = read_toml(builtin("data") / "spankopoly" / "game.toml", Problems())
    options = resolve(Options(players=4), load_print_spec(game_toml))
    [doc] = documents(kit, options, Problems())
    laid_out.clear()
    second = doc.pages[2]  # the second sheet of fronts
    cards = {op.key.removeprefix("front.") for op in second.ops if getattr(op, "key", "")}
    assert cards
    assert laid_out == sorted(cards, key=laid_out.index)
    assert len(laid_out) == len(cards)
    assert doc.pages[2] == second
    assert len(laid_out) == 2 * len(cards)
    fronts = kit.product("chance").content.fronts
    assert len(doc.pages) == 2 * math.ceil(len(fronts) / len(cards))


def test_a_bad_card_late_in_a_large_deck_is_reported_and_nothing_written(
        tmp_path: Path) -> None:
    from printkit.errors import PrintkitError

    data = grown_copy(builtin("data") / "spankopoly", tmp_path / "data" / "spankopoly",
                      "chance.toml", "chance", 500)
    last = tomllib.loads((data / "chance.toml").read_text("utf-8"))["card"][-1]["id"]
    text = data / "text" / "nl.toml"
    before, header, after = text.read_text("utf-8").partition(f"[chance.{last}]")
    text.write_text(before + header + after.replace('text = "', 'text = "' + "lang " * 1500, 1),
                    "utf-8")
    with pytest.raises(PrintkitError) as raised:
        build(Request("spankopoly", ("nl",), data=tmp_path / "data", only=("chance",)),
              tmp_path / "out", workers=1)
    [problem] = raised.value.problems
    assert f"chance.{last} (front)" in str(problem)
    assert "does not fit" in str(problem)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_lazy_sequence_makes_each_item_when_read() -> None:
    from printkit.lazy import Lazy

    made: list[int] = []
    squares = Lazy(4, lambda i: made.append(i) or i * i)
    assert len(squares) == 4
    assert not made
    assert squares[-1] == 9
    assert squares[1:3] == (1, 4)
    assert list(squares) == [0, 1, 4, 9]
    assert made == [3, 1, 2, 0, 1, 2, 3]
    with pytest.raises(IndexError):
        squares[4]
