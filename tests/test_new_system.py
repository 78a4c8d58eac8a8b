"""A game system defined outside printkit: one folder (tests/fixtures/systems/toy) and one
registry line are all it takes for a game of it to build."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import pdf_text

from printkit.pipeline import Options, build, load, system_of
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
    built = build(str(FIXTURES / "games" / "toydeck"), ["nl"], None, tmp_path, Options())
    assert [b.path.name for b in built] == ["cards.pdf"]
    text = pdf_text(built[0].path)
    for words in ("Koffie", "Zet koffie voor iedereen aan tafel.", "Limonade", "Speelgoed"):
        assert words in text


def test_the_registry_hands_out_the_system_and_its_products(toy: None) -> None:
    game = load(str(FIXTURES / "games" / "toydeck"), None)
    system = system_of(game)
    assert isinstance(system, System)
    assert system.name == "toy"
    assert system.products(game) == ("cards",)
    assert "toy" in SYSTEMS


def test_an_unregistered_system_is_named_at_its_line(tmp_path: Path) -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError) as caught:
        load(str(FIXTURES / "games" / "toydeck"), None)
    message = str(caught.value.problems[0])
    assert "toydeck/game.toml:4: game.system: unknown system 'toy'; use one of spankopoly" \
        in message


@pytest.mark.parametrize("game", ["spankopoly", "klassiek", "koebstad", "antimonopoly",
                                  "kortmonopol"])
def test_a_system_names_the_products_it_makes(game: str) -> None:
    from conftest import kit_for

    loaded = load(game, None)
    kit = kit_for("nl", game)
    assert system_of(loaded).products(loaded) == tuple(p.name for p in kit.products)
