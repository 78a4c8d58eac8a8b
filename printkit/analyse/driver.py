"""Run an analysis: the game read as `build` reads it (printkit.plan), the dice and the
players chosen, the game's system asked for its figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import PrintkitError, Problem, Where
from printkit.model import GameInfo
from printkit.model.analysis import DICE_HINT, STRATEGIES, Analysis, Dice

if TYPE_CHECKING:
    from printkit.pipeline import Built
    from printkit.plan import Plan, Source


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


def analysis_of(source: Source, dice: Dice | None = None, jail: str = "short",
                players: int | None = None) -> Analysis:
    """The analysis of a game read (as `build` reads it): with `dice` (default: the game's
    [analysis] dice), a jail strategy and a number of players (default as `build`: 4
    within the game's range)."""
    from printkit.plan import players_for

    game, system = source.game, source.setup.system
    if system.analyse is None:
        raise PrintkitError(Problem(Where(game.where.path, game.where.line, "game.system"),
                                    f"the {game.system} system has no analysis"))
    found: Analysis = system.analyse(game, dice or game.analysis.dice, jail_option(jail),
                                     players_for(GameInfo.of(game), players))
    return found


def report_files(plan: Plan, analysis: Analysis, out: Path) -> list[Built]:
    """The report of an analysis in each language of the plan, made through the stages
    (localise, layout, impose, render) in memory."""
    from printkit.localise.stage import report
    from printkit.pipeline import output_folder, product_files

    source = plan.source
    options = replace(plan.options, players=analysis.players)
    built = []
    for code in plan.codes:
        kit = report(source.setup.system, source.game, source.setup.languages[code], analysis,
                     options.allow_missing)
        built += product_files(kit, output_folder(out, kit, options), options)
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
