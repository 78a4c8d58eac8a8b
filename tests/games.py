"""The games the hardening tests run on. A new game pack joins every one of those tests
(sandbox, atomic writes, reproducibility, fuzzing, large decks) with one line in GAMES.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameCase:
    """A built-in game and the places tests inject hostile or extreme input into it."""

    name: str  # folder under data/
    text: str  # a dotted text key every build prints (source language), for templates
    deck: str = ""  # data file of a card deck ([[card]] tables) the large-deck test grows
    card_text: str = ""  # dotted text key (with {id}) of a deck card's body text


GAMES = [
    GameCase("spankopoly", "game.tagline", "chance.toml", "chance.{id}.text"),
]

IDS = [g.name for g in GAMES]
