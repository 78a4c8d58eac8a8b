"""The analysis report in one language: each part of an `Analysis` put into sections of
text, tables and charts (printkit.localise.kit_report), every number formatted by the
language's rules.

A part adds its sections with a maker in `SECTIONS`: `maker(words) -> tuple[Section, ...]`,
empty when its part is not in the analysis. Squares are named as the board prints them
(the board the game's system localises), groups by their names in text/<lang>.toml.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.localise.catalog import Labels
from printkit.localise.kit import Para
from printkit.localise.kit_board import BoardText
from printkit.localise.kit_booklet import BookBlock, BookHeading, BookPara, BookTable
from printkit.localise.kit_report import Bar, Bars, Cell, Grid, HeatBoard, ReportText, Section
from printkit.localise.report_play import colours, games
from printkit.localise.report_words import Words
from printkit.localise.wording import Wording
from printkit.model.analysis import Analysis, Balance, Note, Odds

GREY = "#9A9A9A"   # a bar of a square that belongs to no group
HELD = "#1E1E1E"   # the bar of the token in jail
TOP = 5            # squares named as the most landed on
TIPS = 10          # squares the rule booklet lists


# the sections -------------------------------------------------------------------------

def overview(words: Words) -> tuple[Section, ...]:
    """How the figures were found: dice, players, jail, cards."""
    a, _ = words.analysis, words._
    dice = _.plural("{count} die with {sides} sides", "{count} dice with {sides} sides",
                    a.dice.count, count=words.w.words(a.dice.count), sides=a.dice.sides)
    paras = [Para(_("Played with {dice} by {players} players.", dice=dice,
                    players=a.players))]
    if a.odds is None:
        return (Section(_("How this was worked out"), tuple(paras)),)
    paras.append(Para(_("The landing odds are the share of rolls that end on a square, after "
                        "a card or the go-to-jail square has moved the token. They are worked "
                        "out exactly from the board, the cards and the rules, not played out "
                        "by chance.")))
    paras.append(Para(_("{held}: the token leaves at its next turn.", held=words.held())
                      if a.jail == "short" else
                      _("{held}: the token stays and tries for doubles as long as the rules "
                        "allow.", held=words.held())))
    paras.append(Para(cards_sentence(words, a.odds)))
    if a.roles:
        roles = ", ".join(words.w.text("roles", r, "name") for r, _o in a.roles)
        paras.append(Para(_("Each role moves by its own commands; the odds are those of a "
                            "table with as many players of each role ({roles}).",
                            roles=roles)))
    return (Section(_("How this was worked out"), tuple(paras)),)


def cards_sentence(words: Words, odds: Odds) -> str:
    _ = words._
    text = _("Cards are drawn at random, each card of a deck as often.")
    if odds.kept_cards:
        text += " " + _.plural(
            "The card a player keeps until it is used counts as a card that does not move "
            "the token: out of its deck while held, it would change no square's odds by "
            "more than {points} percentage points.",
            "The {n} cards a player keeps until they are used count as cards that do not "
            "move the token: out of their decks while held, they would change no square's "
            "odds by more than {points} percentage points.",
            odds.kept_cards, points=words.decimal(odds.kept_effect * 100, 2))
    return text


def heat(words: Words) -> tuple[Section, ...]:
    """The board, shaded by how often tokens land on each square."""
    a, _ = words.analysis, words._
    if a.odds is None or words.board is None:
        return ()
    odds = a.odds
    top = sorted(range(len(odds.landing)), key=lambda i: -odds.landing[i])[:TOP]
    named = ", ".join(f"{words.square(i)} ({words.share(odds.landing[i])})" for i in top)
    block = HeatBoard(words.board, odds.landing, tuple(words.share(x) for x in odds.landing),
                      f"{words.held()} {words.share(odds.in_jail)}", odds.in_jail,
                      a.jail_square, _("Share of rolls ending on the square"), words.share(0),
                      words.share(max(*odds.landing, odds.in_jail)), _("Numbered squares"))
    return (Section(_("Where the tokens land"), (
        block, Para(_("Landed on most: {squares}.", squares=named)),
        Para(_("{held}: {share} of the rolls end there; {sent} of them send the token there.",
               held=words.held(), share=words.share(odds.in_jail),
               sent=words.share(odds.sent_to_jail))),
        Para(_("A turn has {rolls} rolls on average.", rolls=words.decimal(
            odds.rolls_per_turn, 2)), "small"))),)


def bars(words: Words) -> tuple[Section, ...]:
    """Every square's landing odds as a bar, in board order, and the token in jail."""
    a, _ = words.analysis, words._
    if a.odds is None:
        return ()
    odds = a.odds
    colours = {sq.position: sq.colour for sq in words.board.squares} if words.board else {}
    top = set(sorted(range(len(odds.landing)), key=lambda i: -odds.landing[i])[:TOP])
    rows = [Bar(f"{i}  {words.square(i)}", x, words.share(x), colours.get(i) or GREY, i in top)
            for i, x in enumerate(odds.landing)]
    rows.append(Bar(words.held(), odds.in_jail, words.share(odds.in_jail), HELD))
    average = (1 - odds.in_jail) / max(1, len(odds.landing))
    return (Section(_("Landing odds per square"), (
        Bars(tuple(rows), average, _("average square"),
             axis=_("Share of rolls ending on the square")),
        Para(_("The squares landed on most are in bold."), "small")), page=True),)


def level_name(words: Words, level: str) -> str:
    _ = words._
    if level.isdigit():
        return _.plural("{n} house", "{n} houses", int(level))
    return {"alone": _("Unbuilt"), "group": _("Whole group"), "hotel": _("Hotel"),
            "complete": _("Complete"), "doubled": _("Doubled")}.get(level, level)


def owner_title(words: Words, b: Balance) -> str:
    _ = words._
    if b.role:
        return _("What the groups earn a {role}", role=words.w.text("roles", b.role, "noun"))
    return _("What the groups earn") if b.unit == "money" else _("What the groups deal out")


def balances(words: Words) -> tuple[Section, ...]:
    """Per owner: the groups' rent, payback and rank; stations and utilities; notes."""
    return tuple(balance_section(words, b) for b in words.analysis.balances)


def balance_section(words: Words, b: Balance) -> Section:
    _ = words._
    if b.unit == "money":
        intro = _("Rent per opponent turn: what a group earns, on average, each time an "
                  "opponent takes a turn, from how often opponents land on its streets. "
                  "Payback: the opponent turns until that rent has paid for the streets and "
                  "buildings; a round of {n} opponents is {n} of them.", n=b.opponents)
    else:
        intro = _("Points per opponent turn: the strokes a group deals, on average, each "
                  "time an opponent takes a turn, times the implement's number. Payback: "
                  "the opponent turns until it has dealt as many points as buying its "
                  "streets cost; a round of {n} opponents is {n} of them.", n=b.opponents)
    blocks: list[Para | Grid] = [Para(intro), groups_grid(words, b), payback_grid(words, b)]
    if b.owned:
        blocks.append(owned_grid(words, b))
    blocks += [Para(note_text(words, n), "note") for n in b.notes]
    blocks.append(Para(_("Ranked by the payback at each group's best level. A group is noted "
                         "when its payback is more than 1.5 times, or less than two thirds "
                         "of, the median of the two groups on either side of it."),
                       "small"))
    return Section(owner_title(words, b), tuple(blocks), page=True)


def groups_grid(words: Words, b: Balance) -> Grid:
    _ = words._
    head = (_("Group"), _("Price"), _("Landing"), _("Best level"), _("Per opponent turn"),
            _("Payback"), _("Rounds"), _("Rank"))
    rows = []
    for g in b.groups:
        best = g.levels[g.best]
        rows.append((Cell(words.group(g), g.colour), Cell(words.amount(g.price, b)),
                     Cell(words.share(g.landing)), Cell(level_name(words, best.id)),
                     Cell(words.amount(best.rent, b, cents=True)),
                     Cell(words.decimal(best.payback)),
                     Cell(words.decimal(best.payback / max(1, b.opponents), 1)),
                     Cell(str(g.rank), strong=g.rank == 1)))
    return Grid(head, tuple(rows), (2.2, 1.2, 1, 1.3, 1.4, 1, 1, 0.7),
                ("left", "right", "right", "left", "right", "right", "right", "right"))


def payback_grid(words: Words, b: Balance) -> Grid:
    _ = words._
    head = (_("Payback by level"), *(level_name(words, lv) for lv in b.levels))
    rows = tuple((Cell(words.group(g), g.colour), *(
        Cell(words.decimal(lv.payback), strong=k == g.best) for k, lv in enumerate(g.levels)))
        for g in b.groups)
    return Grid(head, rows, (2.2, *(1.0,) * len(b.levels)),
                ("left", *("right",) * len(b.levels)))


def owned_grid(words: Words, b: Balance) -> Grid:
    _ = words._
    head = (_("Owned"), _("Price"), _("Per opponent turn"), _("Payback"))
    rows = tuple((Cell(f"{o.count} × {words.w.text('squares', o.kind)}"),
                  Cell(words.amount(o.cost, b)), Cell(words.amount(o.rent, b, cents=True)),
                  Cell(words.decimal(o.payback))) for o in b.owned)
    return Grid(head, rows, (2.2, 1.2, 1.4, 1), ("left", "right", "right", "right"))


def note_text(words: Words, n: Note) -> str:
    _ = words._
    group = next((words.group(g) for b in words.analysis.balances for g in b.groups
                  if g.id == n.group), n.group)
    turns, median = words.decimal(n.value), words.decimal(n.other)
    if n.kind == "payback" and n.value > n.other:
        return _("{group} pays back later than the groups around it: in {turns} opponent "
                 "turns, against {median} for them. Check its prices and rents.",
                 group=group, turns=turns, median=median)
    if n.kind == "payback":
        return _("{group} pays back sooner than the groups around it: in {turns} opponent "
                 "turns, against {median} for them. Check its prices and rents.",
                 group=group, turns=turns, median=median)
    return _("{street} ({group}) costs {price}, less than {before} before it ({other}); "
             "prices usually rise along the board.", street=words.w.name(n.item),
             group=group, price=words.decimal(n.value), before=words.w.name(n.before),
             other=words.decimal(n.other))


def streets(words: Words) -> tuple[Section, ...]:
    """What each street earns per opponent turn at each level (the first owner's)."""
    _ = words._
    if not words.analysis.balances:
        return ()
    b = words.analysis.balances[0]
    head = (_("Street"), _("Price"), *(level_name(words, lv) for lv in b.street_levels))
    rows = tuple((Cell(words.w.name(s.id), g.colour), Cell(words.amount(s.price, b)),
                  *(Cell(words.amount(r, b, cents=True)) for r in s.rents))
                 for g in b.groups for s in g.streets)
    title = _("Per street and level, per opponent turn")
    if b.role:
        title += f" ({words.w.text('roles', b.role, 'noun')})"
    return (Section(title, (Grid(head, rows, (2.2, 1.1, *(1.05,) * len(b.street_levels)),
                                 ("left", *("right",) * (len(b.street_levels) + 1))),),
                    page=True),)


def deck(words: Words) -> tuple[Section, ...]:
    """A game without a board: what its dice table does, and how often."""
    a, _ = words.analysis, words._
    if a.deck is None:
        return ()
    rows = tuple((Cell(str(o.sum)), Cell(words.w.text(*o.name)), Cell(words.share(o.chance)))
                 for o in a.deck.outcomes)
    chart = Bars(tuple(Bar(str(o.sum), o.chance, words.share(o.chance), GREY)
                       for o in a.deck.outcomes), vertical=True, axis=_("Dice sum"))
    return (Section(_("No board"), (
        Para(_("{title} is played on a deck of playing cards laid out on the table: it has "
               "no board, so there are no landing odds. What applies is its joker table: on a "
               "joker the dice decide what happens.", title=words.w.text("game", "title"))),
        Grid((_("Dice sum"), _("Joker"), _("Chance")), rows, (1, 3, 1),
             ("right", "left", "right")), chart)),)


def tips(analysis: Analysis, board: BoardText | None, w: Wording,
         _: Labels) -> tuple[BookBlock, ...]:
    """The rule booklet's page "Good to know": the squares landed on most (none for a game
    without landing odds)."""
    words = Words(analysis, w, _, board)
    odds = analysis.odds
    if odds is None:
        return ()
    order = sorted(range(len(odds.landing)), key=lambda i: -odds.landing[i])
    dice = _.plural("{count} die with {sides} sides", "{count} dice with {sides} sides",
                    analysis.dice.count, count=w.words(analysis.dice.count),
                    sides=analysis.dice.sides)
    rows = ((_("Square"), _("Landing")),
            *((words.square(i), words.share(odds.landing[i])) for i in order[:TIPS]))
    least = list(dict.fromkeys(words.square(i) for i in order[::-1] if odds.landing[i] > 0))
    return (BookHeading(1, _("Good to know")),
            BookPara(_("Some squares are landed on more often than others: the dice, the "
                       "cards and the way to jail all send the pawns round the board unevenly. "
                       "Worked out exactly for {dice}, the squares landed on most are:",
                       dice=dice)),
            BookTable(rows, ("left", "right")),
            BookPara(_("{held}: {share} of the rolls end there.", held=words.held(),
                       share=words.share(odds.in_jail))),
            BookPara(_("Landed on least: {squares}.", squares=", ".join(least[:3]))))


Maker = Callable[[Words], tuple[Section, ...]]
SECTIONS: tuple[Maker, ...] = (heat, bars, balances, streets, games, colours, deck, overview)


def report_text(analysis: Analysis, board: BoardText | None, w: Wording,
                _: Labels) -> ReportText:
    """The report of an analysis in the language of `w` and `_`."""
    words = Words(analysis, w, _, board)
    title = w.text("game", "title")
    held = words.held()
    if analysis.odds is None:  # no board, no jail
        subtitle = _("{dice}, {players} players", dice=str(analysis.dice),
                     players=analysis.players)
    else:
        jail = _("{held}: leave at once", held=held) if analysis.jail == "short" else \
            _("{held}: stay and try for doubles", held=held)
        subtitle = _("{dice}, {players} players, {jail}", dice=str(analysis.dice),
                     players=analysis.players, jail=jail)
    return ReportText(_("{title}: analysis", title=title), subtitle,
                      tuple(s for make in SECTIONS for s in make(words)),
                      footer=f"printkit analyse · {title}")
