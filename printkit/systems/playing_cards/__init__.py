"""The playing_cards game system: a card-deck game played with a deck of playing cards,
without a board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.systems.contract import System
from printkit.systems.playing_cards import fields, load, localise, validate

if TYPE_CHECKING:
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice
    from printkit.systems.playing_cards.model import Game


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """printkit analyse: imported only when it runs, not by a build."""
    from printkit.systems.playing_cards.analysis import analyse as figures

    return figures(game, dice, jail, players)


SYSTEM = System(name="playing_cards", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS, analyse=analyse)
