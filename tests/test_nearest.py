"""A card that moves to the nearest station or utility: its text in every language, written
from the data and the language's phrases, with the card's own rent rule."""

from __future__ import annotations

import pytest
from conftest import kit_for

from printkit.errors import Problems, Where
from printkit.localise.kit import Deck
from printkit.systems.money.model import Card
from printkit.systems.money.validate import card

EXPECTED = {
    "nl": ("Ga verder naar het eerstvolgende station. Is het van een andere speler, betaal "
           "de eigenaar dan twee keer de huur. Kom je langs Start, dan ontvang je € 200.",
           "Ga verder naar het eerstvolgende nutsbedrijf. Is het van een andere speler, gooi "
           "dan de dobbelstenen en betaal de eigenaar 10 × het aantal ogen."),
    "nb": ("Gå fram til nærmeste stasjon. Eies den av en annen spiller, betaler du eieren to "
           "ganger leien.", "Gå fram til nærmeste verk."),
    "da": ("Ryk frem til nærmeste station. Ejes den af en anden spiller, betaler du ejeren to "
           "gange lejen.", "Ryk frem til nærmeste værk."),
}


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_nearest_cards_say_where_they_go_and_what_they_cost(lang: str) -> None:
    deck = kit_for(lang, "klassiek").product("chance").content
    assert isinstance(deck, Deck)
    texts = {c.id: " ".join(" ".join(b.text.split()) for b in c.blocks if hasattr(b, "text"))
             for c in deck.fronts}
    station, utility = EXPECTED[lang]
    assert station in texts["next_station"].replace("\u00a0", " ")
    assert station in texts["first_train"].replace("\u00a0", " ")
    assert utility in texts["meter_reading"].replace("\u00a0", " ")


def test_a_nearest_card_needs_its_kind_of_square_on_the_board() -> None:
    problems = Problems()
    card(Card("to_ferry", "nearest", kind="utility", where=Where("decks/chance.toml", 7)),
         {"start"}, 40, problems, kinds={"corner", "street", "station"})
    assert [str(p) for p in problems.items] == [
        "decks/chance.toml:7: kind: the board has no utility square to move to; add one to "
        "board.csv or choose the other kind"]
