"""One name, one place: in a copy made with `printkit new`, renaming a street once, in the
source language's text file, renames it in every product of every language, the cards
that send a player there included."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pdf_text

RENAMES = [  # game, street (a card's target), its source-language name, the card's words
    ("spankopoly", "dining_room", "Eetkamer", {"nl": "de Zuurkoolstraat"}),
    ("klassiek", "kasteelplein", "Kasteelplein", {"nl": "Ga naar het Zuurkoolstraat"}),
    ("koebstad", "slotsgade", "Slotsgade", {"da": "Zuurkoolstraat"}),
    ("antimonopoly", "stokstraat", "Stokstraat", {"nl": "de Zuurkoolstraat"}),
]


@pytest.mark.parametrize("game, street, old, card", RENAMES, ids=[r[0] for r in RENAMES])
def test_renaming_a_street_once_renames_it_everywhere(cli, tmp_path: Path, game: str,
                                                      street: str, old: str,
                                                      card: dict[str, str]) -> None:
    assert cli("new", "mine", "--from", game).code == 0
    folder = tmp_path / "data" / "mine"
    source = next(iter(card))
    text = folder / "text" / f"{source}.toml"
    before = text.read_text("utf-8")
    block = f"[streets.{street}]\nname = \"{old}\"\n"
    assert before.count(block) == 1
    text.write_text(before.replace(block, block.replace(old, "Zuurkoolstraat")), "utf-8")
    run = cli("build", "mine", "--lang", "all", "--out", "out")
    assert run.code == 0, run.err
    languages = sorted(p.name for p in (tmp_path / "out" / "mine").iterdir())
    assert len(languages) == 3
    for lang in languages:
        for pdf in sorted((tmp_path / "out" / "mine" / lang).glob("*.pdf")):
            words = pdf_text(pdf)
            assert old.lower() not in words.lower(), pdf  # "de eetkamer" on a card, too
            if pdf.stem in ("board", "deeds"):
                assert "Zuurkoolstraat" in words, pdf
    cards = {"spankopoly": "chance", "klassiek": "chance", "koebstad": "chance",
             "antimonopoly": "commands"}[game]
    for lang in languages:
        cards_text = pdf_text(tmp_path / "out" / "mine" / lang / f"{cards}.pdf")
        assert "zuurkoolstraat" in cards_text.lower(), lang
    assert card[source] in pdf_text(tmp_path / "out" / "mine" / source / f"{cards}.pdf")
