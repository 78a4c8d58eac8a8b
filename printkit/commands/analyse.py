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
from printkit.model.simulation import VARIANTS, Setting, Simulation

if TYPE_CHECKING:
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
    return lines + games_summary(a.games)


def games_summary(games: Simulation | None) -> list[str]:
    """Whole games in a few lines: length, the time it takes, who wins."""
    if games is None:
        return []
    g, s = games, games.setting
    roles = "".join(f", {role} {rate:.0%}" for role, rate in g.role_rates().items())
    return [f"  {g.games} whole games ({s.variant}) of {s.players} players, seed {s.seed}: "
            f"median {g.percentile(0.5)} turns (about {g.minutes(g.percentile(0.5)):.0f} min "
            f"at {g.turn_seconds} s a turn), {g.within(120):.0%} end within 2 hours, "
            f"{g.ended():.0%} before the {s.turns()}-turn limit",
            "  wins by seat: " + ", ".join(f"{n} {r:.0%}" for n, r in
                                          enumerate(g.win_rates(), 1)) + roles]
