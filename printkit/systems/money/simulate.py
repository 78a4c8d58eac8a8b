"""Many whole money games played by simulated players, summed up as a `Simulation`.

Each game has its own seed (Setting.game_seed), so the figures are the same whether the
games are played on one core or shared among several (printkit.workers).
"""

from __future__ import annotations

import random
from functools import partial

from printkit.model.simulation import Outcome, Setting, Simulation
from printkit.systems.money.model import Game
from printkit.systems.money.play import Play
from printkit.systems.money.table import Table, classic_table

SHARE = 250  # games per job when the games are shared among cores


def outcome(table: Table, sides: tuple[int, ...], setting: Setting, game: int) -> Outcome:
    """One whole game, played to its end or to the turn limit."""
    play = Play(table, sides, random.Random(setting.game_seed(game)), setting.variant,
                setting.dice)
    play.play(setting.turns(), timed=setting.variant == "timed")
    return Outcome(play.turns, play.ended, play.winner,
                   tuple(play.decisive_groups(play.winner)))


def outcomes(table: Table, sides: tuple[int, ...], setting: Setting, first: int,
             count: int) -> list[Outcome]:
    return [outcome(table, sides, setting, g) for g in range(first, first + count)]


def simulate(table: Table, sides: tuple[int, ...], setting: Setting,
             workers: int | None = None) -> Simulation:
    """`setting.games` games of a table, with the side of each seat (`sides`)."""
    from printkit.workers import run_all

    starts = range(0, setting.games, SHARE)
    jobs = [partial(outcomes, table, sides, setting, s, min(SHARE, setting.games - s))
            for s in starts]
    played = [o for part in run_all(jobs, workers) for o in part]
    roles = tuple(table.sides[s].id for s in sides) if len(table.sides) > 1 else ()
    return Simulation(setting, "money", roles, table.groups, tuple(played))


def simulate_classic(game: Game, setting: Setting) -> Simulation:
    """The classic system's games: the full game, the short game of [short_game], or the
    game with a time limit (deeds dealt as in the short game; the richest wins)."""
    setting.check(game.players, ("full", "short", "timed"))
    return simulate(classic_table(game), (0,) * setting.players, setting)
