"""The games the hardening tests run on. A new game pack joins every one of those tests
(sandbox, paths, atomic writes, reproducibility, parallel builds, fuzzing, large decks)
with one line in GAMES.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameCase:
    """A built-in game and the places tests inject hostile or extreme input into it."""

    name: str  # folder under data/
    text: str = "game.tagline"  # a dotted key of text/nl.toml that every build prints
    deck: str = ""  # data file of a card deck ([[card]] tables) the large-deck test grows
    card_texts: str = ""  # dotted table of text/<lang>.toml holding each card's texts
    product: str = "chance"  # the deck's product (file name)
    system: str = "spankopoly"
    printed_on: str = "board"  # the item whose layout first prints `text` (named in problems)
    files: int = 6  # the fewest files a build in one language writes
    board: bool = True  # the game has a board of squares (name() takes a square's id)


GAMES = [
    GameCase("spankopoly", deck="chance.toml", card_texts="chance"),
    GameCase("klassiek", deck="decks/chance.toml", card_texts="cards.chance",
             system="classic"),
    GameCase("koebstad", deck="decks/chance.toml", card_texts="cards.chance",
             system="classic"),
    GameCase("antimonopoly", product="commands", system="anti"),
    GameCase("kortmonopol", product="aid", system="playing_cards", printed_on="layout",
             files=4, board=False),
]

IDS = [g.name for g in GAMES]
SOURCE = {"spankopoly": "nl", "klassiek": "nl", "koebstad": "da", "antimonopoly": "nl",
          "kortmonopol": "nb"}  # each game's source language: what a build without --lang writes
FIRST = GAMES[:1]  # tests that start whole printkit processes run on one game only
