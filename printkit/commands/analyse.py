"""Run an analysis: the game read as `build` reads it (printkit.plan), the dice and the
players chosen, the game's system asked for its figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import PrintkitError, Problem, Where
from printkit.model import GameInfo
from printkit.model.analysis import Analysis
from printkit.model.dice import DICE_HINT, STRATEGIES, Dice
from printkit.model.simulation import VARIANTS, Setting

if TYPE_CHECKING:
    from printkit.localise.report_words import Words
    from printkit.pipeline import Built
    from printkit.plan import Plan, Source

MAX_GAMES = 100_000   # games --games plays at most (about a minute on two cores)
MAX_MINUTES = 24 * 60  # the longest time limit of --variant timed


def dice_option(text: str) -> Dice | None:
    """--dice NdS (None when not given)."""
    if not text:
        return None
    dice = Dice.parse(text)
    if dice is None:
        raise PrintkitError(f"--dice {text}: {DICE_HINT}")
    return dice


def jail_option(text: str) -> str:
    """--jail short or long, in any case."""
    value = text.strip().lower()
    if value not in STRATEGIES:
        raise PrintkitError(f"--jail {text}: choose short (leave jail at once) or long (stay "
                            "and try for doubles)")
    return value


def games_option(games: int, seed: int, variant: str, minutes: int) -> Setting | None:
    """--games N (--seed, --variant, --minutes): whole games to play; None for none."""
    if games < 0 or games > MAX_GAMES:
        raise PrintkitError(f"--games {games}: play 1 to {MAX_GAMES:,} games (0: none)")
    value = variant.strip().lower()
    if value not in VARIANTS:
        raise PrintkitError(f"--variant {variant}: choose full (the whole game), short (the "
                            "short game) or timed (the game with a time limit, --minutes)")
    if not 1 <= minutes <= MAX_MINUTES:
        raise PrintkitError(f"--minutes {minutes}: a time limit of 1 to {MAX_MINUTES} minutes")
    return Setting(games=games, seed=seed, variant=value, minutes=minutes) if games else None


def analysis_of(source: Source, dice: Dice | None = None, jail: str = "short",
                players: int | None = None, games: Setting | None = None) -> Analysis:
    """The analysis of a game read (as `build` reads it): with `dice` (default: the game's
    [analysis] dice), a jail strategy and a number of players (default as `build`: 4
    within the game's range); with the whole games of `games` played by that many
    simulated players, and the groups' colours as colour-blind players see them."""
    from printkit.colour.vision import vision
    from printkit.plan import players_for

    game, system = source.game, source.setup.system
    if system.analyse is None:
        raise PrintkitError(Problem(Where(game.where.path, game.where.line, "game.system"),
                                    f"the {game.system} system has no analysis"))
    found: Analysis = system.analyse(game, dice or game.analysis.dice, jail_option(jail),
                                     players_for(GameInfo.of(game), players))
    if system.palette is not None:
        found = replace(found, vision=vision(system.palette(game)))
    if games is None or system.simulate is None:  # a game without a board: not played
        return found
    setting = replace(games, players=found.players, dice=(found.dice.count, found.dice.sides))
    return replace(found, games=system.simulate(game, setting))


def report_files(plan: Plan, analysis: Analysis, out: Path) -> tuple[list[Built], Words]:
    """The report of an analysis in each language of the plan, made through the stages
    (localise, layout, impose, render) in memory; and the words of the first language's
    (the names of its squares, groups and roles), for the lines printkit analyse prints."""
    from printkit.localise.stage import report
    from printkit.pipeline import output_folder, product_files

    source = plan.source
    options = replace(plan.options, players=analysis.players)
    built, first = [], None
    for code in plan.codes:
        kit, words = report(source.setup.system, source.game, source.setup.languages[code],
                            analysis, options.allow_missing)
        first = first or words
        built += product_files(kit, output_folder(out, kit, options), options)
    assert first is not None  # a plan has a language
    return built, first
