"""A game system defined outside printkit: one folder (tests/fixtures/systems/toy) and one
registry line are all it takes for a game of it to build."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import pdf_text, source_of

from printkit.options import Request
from printkit.pipeline import build
from printkit.systems import REGISTRY, SYSTEMS
from printkit.systems.contract import System

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(FIXTURES / "systems"))
    monkeypatch.setitem(REGISTRY, "toy", "toy")  # the one registry line
    yield
    sys.modules.pop("toy", None)
    sys.modules.pop("toy.game", None)


def test_a_registered_system_builds_its_deck(toy: None, tmp_path: Path) -> None:
    built = build(Request(str(FIXTURES / "games" / "toydeck"), ("nl",)), tmp_path)
    assert [b.path.name for b in built] == ["cards.pdf"]
    text = pdf_text(built[0].path)
    for words in ("Koffie", "Zet koffie voor iedereen aan tafel.", "Limonade", "Speelgoed"):
        assert words in text


def test_the_registry_hands_out_the_system_and_its_products(toy: None) -> None:
    source = source_of(str(FIXTURES / "games" / "toydeck"))
    game, system = source.game, source.setup.system
    assert isinstance(system, System)
    assert system.name == "toy"
    assert system.products(game) == ("cards",)
    assert "toy" in SYSTEMS


def test_an_unregistered_system_is_named_at_its_line(tmp_path: Path) -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError) as caught:
        source_of(str(FIXTURES / "games" / "toydeck"))
    message = str(caught.value.problems[0])
    assert "toydeck/game.toml:4: game.system: unknown system 'toy'; use one of spankopoly" \
        in message


@pytest.mark.parametrize("game", ["spankopoly", "klassiek", "koebstad", "antimonopoly",
                                  "kortmonopol"])
def test_a_system_names_the_products_it_makes(game: str) -> None:
    from conftest import kit_for

    source = source_of(game)
    kit = kit_for("nl", game)
    assert source.setup.system.products(source.game) == tuple(p.name for p in kit.products)
