"""The classic game system: the money game of streets, stations, utilities, card decks and
ledgers, built from the money games' shared package (printkit.systems.money)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.systems.contract import System
from printkit.systems.money import fields, load, localise, validate

if TYPE_CHECKING:
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice
    from printkit.model.simulation import Setting, Simulation
    from printkit.systems.money.model import Game


def simulate(game: Game, setting: Setting) -> Simulation:
    """Whole games (printkit analyse --games): imported only when played."""
    from printkit.systems.money.simulate import simulate_classic

    return simulate_classic(game, setting)


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """printkit analyse: imported only when it runs, not by a build."""
    from printkit.systems.money.analysis import analyse as figures

    return figures(game, dice, jail, players)


SYSTEM = System(name="classic", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=simulate, palette=validate.palette, analyse=analyse)
