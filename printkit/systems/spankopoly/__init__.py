"""The spankopoly game system: strokes instead of money: implements, penalty lines,
a score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.systems.contract import System
from printkit.systems.spankopoly import fields, load, localise, validate
from printkit.systems.spankopoly.wording import SpankWording

if TYPE_CHECKING:
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice
    from printkit.model.simulation import Setting, Simulation
    from printkit.systems.spankopoly.model import Game


def simulate(game: Game, setting: Setting) -> Simulation:
    """Whole games (printkit analyse --games): imported only when played."""
    from printkit.systems.spankopoly.play import simulate as play

    return play(game, setting)


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """printkit analyse: imported only when it runs, not by a build."""
    from printkit.systems.spankopoly.analysis import analyse as figures

    return figures(game, dice, jail, players)


SYSTEM = System(name="spankopoly", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                wording=SpankWording, simulate=simulate, palette=validate.palette,
                analyse=analyse)
