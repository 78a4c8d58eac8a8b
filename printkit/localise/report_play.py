"""The report's sections on how the game plays out at the table: whole games played by
simulated players (`printkit analyse --games`) and the groups' colours as colour-blind
players see them. Makers of printkit.localise.report's SECTIONS, each empty when its part
is not in the analysis."""

from __future__ import annotations

from printkit.localise.kit import Para
from printkit.localise.kit_report import Bar, Bars, Cell, Grid, Section, Swatches
from printkit.localise.report_words import Words
from printkit.model.simulation import MARKS, Simulation

BAR = "#7A8CA5"  # the bars of the game-length histogram


def group_names(words: Words) -> dict[str, tuple[str, str | None]]:
    """Each group's name as the game's texts give it, and its colour."""
    return {g.id: (words.group(g), g.colour) for b in words.analysis.balances[:1]
            for g in b.groups}


def variant_name(words: Words, sim: Simulation) -> str:
    _ = words._
    if sim.variant == "short":
        return _("the short game")
    if sim.variant == "timed":
        return _("the game with a time limit of {minutes} minutes",
                 minutes=words.decimal(sim.setting.minutes))
    return _("the full game")


def strategy(words: Words, sim: Simulation) -> str:
    _ = words._
    if sim.score == "points":
        return _("Every player buys every street and station it lands on, doubles its "
                 "streets where it can and writes its penalty lines; the fewest points win. "
                 "What the chance cards say only in words is not played out.")
    return _("Every player follows the same simple strategy: it buys while it keeps a "
             "reserve of a tenth of the start capital, builds evenly where the rules let it, "
             "mortgages before it sells, and trades only a street that completes a group.")


def games(words: Words) -> tuple[Section, ...]:
    """How long whole games last, how often they end within a few hours, who wins them
    and with which groups."""
    sim = words.analysis.games
    if sim is None:
        return ()
    _, s = words._, sim.setting
    median, minutes = sim.percentile(0.5), sim.minutes(sim.percentile(0.5))
    blocks: list[Para | Grid | Bars] = [
        Para(_("{games} games of {variant} for {players} players, played by simulated "
               "players (seed {seed}).", games=words.decimal(sim.games),
               variant=variant_name(words, sim), players=s.players, seed=s.seed)),
        Para(strategy(words, sim), "small"),
        Para(_("Half the games lasted {median} turns or fewer, one in ten more than {p90} "
               "(a turn is one player's, with the rolls its doubles give). At {seconds} "
               "seconds a turn, which is an assumption, a game of {median} turns takes about "
               "{minutes} minutes.", median=words.decimal(median),
               p90=words.decimal(sim.percentile(0.9)), seconds=s.turn_seconds,
               minutes=words.decimal(minutes)))]
    histogram = sim.histogram()
    if histogram:
        blocks.append(Bars(tuple(Bar(f"{low}–{high}", n, words.decimal(n), BAR)
                                 for low, high, n in histogram), vertical=True,
                           axis=_("Turns per game")))
    blocks.append(Para(_("Ended within one hour: {h1}; an hour and a half: {h2}; two hours: "
                         "{h3}; three hours: {h4}.", **{f"h{k}": words.share(sim.within(m))
                                                         for k, m in enumerate(MARKS, 1)})))
    if sim.ended() < 1 and sim.variant != "timed":
        blocks.append(Para(_("{share} of the games had not ended after {limit} turns; there "
                             "the richest player won.", share=words.share(1 - sim.ended()),
                             limit=words.decimal(s.turns())), "small"))
    return (Section(_("Whole games"), (*blocks, *winners(words, sim)), page=True),)


def winners(words: Words, sim: Simulation) -> list[Para | Grid]:
    """Who wins: each seat (and role), and the groups the winners owned."""
    _ = words._
    roles = [words.w.text("roles", r, "noun") for r in sim.roles]
    head = (_("Player"), *((_("Role"),) if roles else ()), _("Games won"))
    rows = tuple((Cell(_("Player {n}", n=n + 1)), *((Cell(roles[n]),) if roles else ()),
                  Cell(words.share(rate))) for n, rate in enumerate(sim.win_rates()))
    blocks: list[Para | Grid] = [
        Grid(head, rows, (2, *((2,) if roles else ()), 1),
             ("left", *(("left",) if roles else ()), "right")),
        Para(_("Player 1 starts."), "small")]
    names = group_names(words)
    owned = tuple((Cell(names.get(g, (g, None))[0], names.get(g, (g, None))[1]),
                   Cell(words.share(share))) for g, share in sim.winner_groups())
    if owned:
        blocks.append(Grid((_("Group"), _("The winner owned it whole")), owned, (3, 1),
                           ("left", "right")))
        blocks.append(Para(_("Whole when the first player went bankrupt: the groups that "
                             "decided the game.") if sim.score == "money" else
                           _("Whole at the end of the game."), "small"))
    return blocks


def viewer_names(words: Words) -> dict[str, str]:
    _ = words._
    return {"normal": _("Normal colour vision"), "protanopia": _("Protanopia"),
            "deuteranopia": _("Deuteranopia"), "tritanopia": _("Tritanopia")}


def colours(words: Words) -> tuple[Section, ...]:
    """The groups' colours as each kind of colour vision sees them, and the pairs that
    look alike."""
    vision = words.analysis.vision
    if vision is None or not vision.groups:
        return ()
    _ = words._
    viewers = viewer_names(words)
    names = group_names(words)
    blocks: list[Para | Swatches] = [
        Para(_("The groups' colours as players see them with normal colour vision and with "
               "the three strongest colour vision deficiencies, as Machado, Oliveira and "
               "Fernandes (2009) simulate them. About one man in twelve sees red and green "
               "less apart than others do.")),
        Swatches(tuple(viewers[v] for v in vision.viewers),
                 tuple((names.get(g, (g, None))[0], seen) for g, seen in vision.groups))]
    for a, b, who in vision.confused:
        blocks.append(Para(_("{first} and {second} look alike with {viewers}.",
                             first=names.get(a, (a, None))[0],
                             second=names.get(b, (b, None))[0],
                             viewers=", ".join(viewers[v].lower() for v in who)), "note"))
    if not vision.confused:
        blocks.append(Para(_("No two groups look alike with any of them.")))
    blocks.append(Para(_("Two colours look alike when they differ by less than 10 in "
                         "CIEDE2000. printkit check notes them; with group_symbols = true "
                         "under [theme] in game.toml every group also has a symbol of its own "
                         "on the board and the deeds."), "small"))
    return (Section(_("Colour vision"), tuple(blocks), keep=True),)  # findings by the panel
