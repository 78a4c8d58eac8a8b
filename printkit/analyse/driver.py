"""Run an analysis: the game loaded as `build` loads it, the dice and the players chosen,
the game's system asked for its figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import PrintkitError, Problem, Where
from printkit.model import AnyGame, GameInfo
from printkit.model.analysis import DICE_HINT, STRATEGIES, Analysis, Dice
from printkit.options import Options

if TYPE_CHECKING:
    from printkit.pipeline import Built


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


def analysis_of(game: AnyGame, dice: Dice | None = None, jail: str = "short",
                players: int | None = None) -> Analysis:
    """The analysis of a loaded game: with `dice` (default: the game's [analysis] dice),
    a jail strategy and a number of players (default as `build`: 4 within the game's
    range)."""
    from printkit.pipeline import players_for, system_of

    system = system_of(game)
    if system.analyse is None:
        raise PrintkitError(Problem(Where(game.where.path, game.where.line, "game.system"),
                                    f"the {game.system} system has no analysis"))
    return system.analyse(game, dice or game.analysis.dice, jail_option(jail),
                          players_for(GameInfo.of(game), players))


def analyse_game(name: str, data: Path | None, langs: list[str], dice: Dice | None = None,
                 jail: str = "short", players: int | None = None) -> Analysis:
    """Load a game by name (as build does: the same files, the same problems) and analyse
    it."""
    from printkit.pipeline import load

    return analysis_of(load(name, data, langs), dice, jail, players)


def report_files(game: AnyGame, analysis: Analysis, langs: list[str], out: Path,
                 options: Options, config: Path | None = None) -> list[Built]:
    """The report of an analysis in each language asked for (none: the game's source
    language), made through the stages (localise, layout, impose, render) in memory."""
    from printkit.localise.stage import report
    from printkit.pipeline import (
        languages_of,
        output_folder,
        product_files,
        settle,
        system_of,
    )

    resolved = settle(GameInfo.of(game), replace(options, players=analysis.players), config)
    built = []
    for code in languages_of(game, langs):
        kit = report(system_of(game), game, code, analysis, resolved.allow_missing)
        built += product_files(kit, output_folder(out, kit, resolved), resolved)
    return built


def summary(analysis: Analysis) -> list[str]:
    """A few lines for the terminal: the most-landed squares, jail, the groups ranked by
    payback and the notes (ids, not names: the report has the names)."""
    a = analysis
    if a.odds is None:
        lines = [f"{a.game} has no board (it is played on cards laid out on the table), so "
                 "there are no landing odds"]
        if a.deck is not None:
            lines.append("  what the dice decide on a joker: " + ", ".join(
                f"{o.sum} {o.action} {o.chance:.1%}" for o in a.deck.outcomes))
        return lines
    odds = a.odds
    strategy = "leaving jail at once" if a.jail == "short" else "staying in jail for doubles"
    top = sorted(range(len(odds.landing)), key=lambda i: -odds.landing[i])[:5]
    lines = [f"{a.game}: landing odds with {a.dice}, {strategy}, cards drawn at random",
             "  most landed: " + ", ".join(f"{i} {a.squares[i].id} {odds.landing[i]:.2%}"
                                           for i in top),
             f"  in jail: {odds.in_jail:.2%} of rolls ({odds.sent_to_jail:.2%} sent there); "
             f"a turn has {odds.rolls_per_turn:.2f} rolls"]
    for b in a.balances:
        owner = f" (owner: {b.role})" if b.role else ""
        ranked = sorted(b.groups, key=lambda g: g.rank)
        lines.append(f"  groups by payback in opponent turns{owner}: " + ", ".join(
            f"{g.rank} {g.id} {g.payback:.0f}" for g in ranked))
    return lines
