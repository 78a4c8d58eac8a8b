"""The anti game system: Anti-Monopoly: competitors and monopolists, commands, wealth tax."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.systems.anti import fields, load, localise, validate
from printkit.systems.contract import System

if TYPE_CHECKING:
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice
    from printkit.model.simulation import Setting, Simulation
    from printkit.systems.anti.model import Game


def simulate(game: Game, setting: Setting) -> Simulation:
    """Whole games (printkit analyse --games): imported only when played."""
    from printkit.systems.anti.play import simulate_anti

    return simulate_anti(game, setting)


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """printkit analyse: imported only when it runs, not by a build."""
    from printkit.systems.anti.analysis import analyse as figures

    return figures(game, dice, jail, players)


SYSTEM = System(name="anti", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=simulate, palette=validate.palette, analyse=analyse)
