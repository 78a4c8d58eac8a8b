"""`printkit analyse`: the odds, paybacks and whole games of a game, a few lines of them on
the terminal (in its language) and the report in each language of the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from printkit.commands.analyse import (
    analysis_of,
    dice_option,
    games_option,
    jail_option,
    report_files,
)
from printkit.commands.report import list_files
from printkit.localise.catalog import Labels
from printkit.model.simulation import Simulation
from printkit.options import Request

if TYPE_CHECKING:
    from printkit.localise.report_words import Words


def analyse_game(request: Request, level: int, out: Path, json_: bool, figures: dict[str, str],
                 games: tuple[int, int, str, int], _: Labels) -> None:
    """Analyse a game (`figures`: its --dice and --jail; `games`: --games, --seed,
    --variant, --minutes); print the figures as JSON, or write the report and summarise."""
    from printkit.analyse.figures import figures as figures_of
    from printkit.plan import resolve
    from printkit.write import write_all

    plan = resolve(request, fresh=True)  # the game itself, read as build reads it
    found = analysis_of(plan.source, dice_option(figures["dice"]), jail_option(figures["jail"]),
                        request.options.players, games_option(*games))
    if json_:
        typer.echo(json.dumps(figures_of(found), ensure_ascii=False, indent=2))
        return
    built, words = report_files(plan, found, out)
    write_all([(b.path, b.data) for b in built], out)
    if level >= 0:
        for line in summary(words, _):
            typer.echo(line)
        if games[0] and found.games is None:
            typer.echo("  " + _("{game} has no board, so no whole games were played",
                                game=found.game))
    for note in found.notes:
        typer.echo(_("note: {problem}", problem=f"{note.where.path}:{note.where.line}: "
                     f"{note.message}"))
    list_files(built, level, _)


def summary(words: Words, _: Labels) -> list[str]:
    """A few lines for the terminal: the most-landed squares, jail, the groups ranked by
    payback and the whole games played; squares, groups, roles and jokers named as the
    report (`words`, in the game's language) names them."""
    a = words.analysis
    if a.odds is None:
        lines = [_("{game} has no board (it is played on cards laid out on the table), so "
                   "there are no landing odds", game=a.game)]
        if a.deck is not None:
            lines.append("  " + _("what the dice decide on a joker: {outcomes}", outcomes=", ".join(
                f"{o.sum} {words.w.text(*o.name)} {o.chance:.1%}" for o in a.deck.outcomes)))
        return lines
    odds = a.odds
    strategy = _("leaving jail at once") if a.jail == "short" else \
        _("staying in jail for doubles")
    top = sorted(range(len(odds.landing)), key=lambda i: -odds.landing[i])[:5]
    landed = ", ".join(f"{i} {words.square(i)} {odds.landing[i]:.2%}" for i in top)
    lines = [_("{game}: landing odds with {dice}, {strategy}, cards drawn at random",
               game=a.game, dice=a.dice, strategy=strategy),
             "  " + _("most landed: {squares}", squares=landed),
             "  " + _("in jail: {share} of rolls ({sent} sent there); a turn has {rolls} "
                      "rolls", share=f"{odds.in_jail:.2%}", sent=f"{odds.sent_to_jail:.2%}",
                      rolls=f"{odds.rolls_per_turn:.2f}")]
    for b in a.balances:
        ranked = ", ".join(f"{g.rank} {words.group(g)} {g.payback:.0f}"
                           for g in sorted(b.groups, key=lambda g: g.rank))
        role = words.w.text("roles", b.role, "name") if b.role else ""
        lines.append("  " + (_("groups by payback in opponent turns (owner: {role}): {groups}",
                               role=role, groups=ranked) if b.role else
                             _("groups by payback in opponent turns: {groups}", groups=ranked)))
    return lines + games_summary(words, a.games, _)


def games_summary(words: Words, games: Simulation | None, _: Labels) -> list[str]:
    """Whole games in a few lines: length, the time it takes, who wins (roles named as
    `words` names them)."""
    if games is None:
        return []
    g, s = games, games.setting
    roles = "".join(f", {words.w.text('roles', role, 'name')} {rate:.0%}"
                    for role, rate in g.role_rates().items())
    median = g.percentile(0.5)
    played = _.plural(
        "{n} whole game ({variant}) of {players} players, seed {seed}: median {turns} turns "
        "(about {minutes} min at {seconds} s a turn), {within} end within 2 hours, {ended} "
        "before the {limit}-turn limit",
        "{n} whole games ({variant}) of {players} players, seed {seed}: median {turns} turns "
        "(about {minutes} min at {seconds} s a turn), {within} end within 2 hours, {ended} "
        "before the {limit}-turn limit", g.games, variant=s.variant, players=s.players,
        seed=s.seed, turns=median, minutes=f"{g.minutes(median):.0f}", seconds=g.turn_seconds,
        within=f"{g.within(120):.0%}", ended=f"{g.ended():.0%}", limit=s.turns())
    wins = ", ".join(f"{n} {r:.0%}" for n, r in enumerate(g.win_rates(), 1)) + roles
    return ["  " + played, "  " + _("wins by seat: {wins}", wins=wins)]
