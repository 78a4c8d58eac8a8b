"""Localise a spankopoly game: every board square, card, sheet and caption as final text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.localise.assemble import kit, with_rules
from printkit.localise.catalog import Labels
from printkit.localise.kit import Block, CardText, Deck, Heading, Kit, Making, Para, Row
from printkit.localise.wording import Wording, says_its_kind
from printkit.model import Stake
from printkit.systems.spankopoly.model import ChanceCard, Game, Street
from printkit.systems.spankopoly.wording import SpankWording

if TYPE_CHECKING:  # the texts of the board and sheets: imported by the builds that make them
    from printkit.localise.kit_board import BoardText, SquareText
    from printkit.localise.kit_sheets import LinesSet, ScorepadText

ENTRIES_PER_ROUND = 3


def text_keys(game: Game) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """The keys a text file of this game must have, and those it may have."""
    required: set[tuple[str, ...]] = {("game", "title"), ("game", "tagline"),
                                      ("corner", "postures"), ("corner", "ways_out")}
    required |= {("phrases", k) for k in ("strokes", "goto", "goto_direct", "start_note")}
    required |= {("squares", k) for k in ("chance", "penalty_lines", "station")}
    required |= {("units", i.unit, form) for i in game.implements for form in ("one", "other")}
    optional: set[tuple[str, ...]] = {("phrases", "deed")}  # the deeds' caption
    for i in game.implements:
        required |= {("implements", i.id, "name"), ("implements", i.id, "definite")}
    for section, records in (("streets", game.streets), ("stations", game.stations)):
        for r in records:
            required.add((section, r.id, "name"))
            optional.add((section, r.id, "in_text"))
    required |= {("taxes", t.id, "name") for t in game.taxes}
    required |= {("penalty_lines", p.id, "text") for p in game.penalty_lines}
    required |= {("states", s.id, k) for s in game.states for k in ("code", "name")}
    for corner in ("start", "visiting", "extra_roll", "go_to_corner"):
        required |= {("corners", corner, "name"), ("corners", corner, "note")}
    for card in game.chance:
        keys = {("chance", card.id, "title"), ("chance", card.id, "text")}
        if card.goto:
            optional |= keys
        else:
            required |= keys
    return required, optional


def products(game: Game) -> tuple[str, ...]:
    """The names of the products `localise` makes of the game, in build order."""
    return with_rules(game, ("board", "deeds", "chance", "scorepad", "lines"))


def localise(game: Game, w: Wording, _: Labels, only: tuple[str, ...] = ()) -> Kit:
    """The kit in the language of `w` and `_`: every product, or those named in `only`."""
    if not isinstance(w, SpankWording):  # the System hands its own wording to the stage
        raise TypeError("spankopoly texts are rendered by its SpankWording")
    makers: dict[str, Making] = {
        "board": lambda: (_("Board"), board(game, w, _)),
        "deeds": lambda: (_("Title deeds"), deeds(game, w, _)),
        "chance": lambda: (_("Chance cards"), chance(game, w, _)),
        "scorepad": lambda: (_("Score sheet"), scorepad(game, w, _)),
        "lines": lambda: (_("Penalty lines"), lines(game, w, _)),
    }
    return kit(game, w, _, makers, only, lambda: (tables(game, w, _), rules_context(game, w)))


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def stake_text(w: SpankWording, stake: Stake) -> str:
    return w.strokes(stake.count, stake.implement)


def square_text(game: Game, w: SpankWording, _: Labels, position: int, kind: str,
                ref: str) -> SquareText:
    from printkit.localise.kit_board import SquareText

    if kind == "street":
        street = game.street[ref]
        g = game.group[street.group]
        return SquareText(position, kind, w.name(ref), w.count(street.purchase, "hand"),
                          w.implement_name(g.implement), g.colour, mark=game.mark(g.id),
                          where=w.named_at(ref))
    if kind == "station":
        return SquareText(position, kind, w.name(ref),
                          w.count(game.rules.station_purchase.count,
                                  game.rules.station_purchase.implement),
                          where=w.named_at(ref))
    if kind == "tax":
        tax = game.tax[ref]
        return SquareText(position, kind, w.name(ref), w.strokes(tax.count, tax.implement),
                          where=w.named_at(ref))
    if kind == "penalty_lines":
        line = game.penalty_line[ref]
        return SquareText(position, kind, w.text("squares", "penalty_lines"),
                          _("{strokes} per line", strokes=w.count(line.buyoff, line.implement)),
                          where=w.at("squares", "penalty_lines"))
    if kind == "chance":
        return SquareText(position, kind, w.text("squares", "chance"),
                          colour=game.cards.chance_colour, where=w.at("squares", "chance"))
    return SquareText(position, kind, w.text("corners", ref, "name"),
                      note=w.text("corners", ref, "note"), where=w.at("corners", ref))


def board(game: Game, w: SpankWording, _: Labels) -> BoardText:
    from printkit.localise.board import board_text

    return board_text(game, w, lambda s: square_text(game, w, _, s.position, s.kind, s.ref),
                      ((w.text("squares", "chance"), game.cards.chance_colour),))


def deed_word(w: SpankWording, _: Labels) -> str:
    """The caption of a deed: the game's own word (`phrases.deed`), else the catalog's."""
    return w.text("phrases", "deed", required=False) or _("Title deed")


def street_cards(game: Game, street: Street, w: SpankWording,
                 _: Labels) -> tuple[CardText, CardText]:
    g = game.group[street.group]
    impl = w.implement_name(g.implement)
    hand = lower_first(w.implement_name("hand"))
    front = CardText(
        street.id, w.name(street.id), band=impl, colour=g.colour, footer=deed_word(w, _),
        mark=game.mark(g.id),
        blocks=(Row(_("Purchase ({implement})", implement=hand), w.count(street.purchase)),
                Row(_("Complete ({implement})", implement=lower_first(impl)),
                    w.count(street.complete, g.implement)),
                Para(_("An owner of the whole group spanks with {implement}.",
                       implement=w.implement_definite(g.implement)), "small")),
        where=w.named_at(street.id))
    back = CardText(
        street.id, w.name(street.id), band=_("Doubled"), colour=g.colour,
        footer=deed_word(w, _), mark=game.mark(g.id),
        blocks=(Row(_("Doubled ({implement})", implement=lower_first(impl)),
                    w.count(2 * street.complete, g.implement)),
                Para(_("This side up: the owner has doubled the street."), "small")),
        where=front.where)
    return front, back


def station_card(game: Game, station: str, w: SpankWording, _: Labels) -> CardText:
    r = game.rules
    die = tuple(Row(str(face), w.implement_name(impl)) for face, impl in game.station_die)
    name, label = w.name(station), w.text("squares", "station")
    twice = says_its_kind(name, label)  # "Station ‘Halfmast’": the band says "Eigendomsbewijs"
    return CardText(
        station, name, band=deed_word(w, _) if twice else label, colour=game.board.ink,
        footer="" if twice else deed_word(w, _),
        blocks=(Row(_("Purchase ({implement})", implement=lower_first(
                    w.implement_name(r.station_purchase.implement))),
                    w.count(r.station_purchase.count, r.station_purchase.implement)),
                Para(_.plural("Payment: the owner's number of stations × the roll of {n} die.",
                              "Payment: the owner's number of stations × the roll of {n} "
                              "dice.", r.station_dice), "small"),
                Heading(_("Implement: roll one die")), *die), where=w.named_at(station))


def lines_card(game: Game, ref: str, w: SpankWording, _: Labels) -> CardText:
    blocks: list[Block] = [Para(_.plural("Roll {n} die: write that many lines.",
                                  "Roll {n} dice: write that many lines.",
                                  game.rules.lines_dice), "small")]
    for line in game.penalty_lines:
        style = "strong" if line.id == ref else "body"
        blocks += [Para(w.quote(w.text("penalty_lines", line.id, "text")), style),
                   Row(_("Buy off per line"), w.strokes(line.buyoff, line.implement))]
    factor = game.rules.lines_wrong_factor
    blocks.append(Para(_("Wrong or incomplete lines cost twice as many strokes.") if factor == 2
                       else _("Wrong or incomplete lines cost {factor} × as much.",
                              factor=factor), "small"))
    return CardText(ref, w.text("squares", "penalty_lines"), band=_("Not for sale"),
                    colour=game.board.ink, blocks=tuple(blocks), footer=_("Reference card"),
                    where=w.at("penalty_lines", ref))


def plain_back(front: CardText, title: str, colour: str, subtitle: str = "") -> CardText:
    """The back of a card: its colour over the whole card and bleed, with a title."""
    return CardText(front.id, title, (Para(subtitle),) if subtitle else (), colour=colour,
                    full_colour=True, where=front.where)


def deeds(game: Game, w: SpankWording, _: Labels) -> Deck:
    fronts, backs = [], []
    for street in game.streets:
        front, back = street_cards(game, street, w, _)
        fronts.append(front)
        backs.append(back)
    title = w.text("game", "title")
    for station in game.stations:
        fronts.append(station_card(game, station.id, w, _))
        backs.append(plain_back(fronts[-1], title, game.cards.deed_back,
                                w.text("squares", "station")))
    for square in game.squares:
        if square.kind == "penalty_lines":
            fronts.append(lines_card(game, square.ref, w, _))
            backs.append(plain_back(fronts[-1], title, game.cards.deed_back,
                                    w.text("squares", "penalty_lines")))
    return Deck("deeds", _("Title deeds"), game.cards.deed, tuple(fronts), tuple(backs))


def chance_text(card: ChanceCard, w: SpankWording) -> tuple[str, str]:
    params = dict(card.params)
    if not card.goto:
        return (w.text("chance", card.id, "title", **params),
                w.text("chance", card.id, "text", **params))
    target = w.in_text(card.goto)
    text = w.text("phrases", "goto_direct" if card.direct else "goto", target=target)
    if card.start_note:
        text += " " + w.text("phrases", "start_note")
    title = w.text("chance", card.id, "title", required=False, **params)
    return title or w.text("squares", "chance"), text


def chance(game: Game, w: SpankWording, _: Labels) -> Deck:
    fronts, backs = [], []
    name = w.text("squares", "chance")
    for card in game.chance:
        title, text = chance_text(card, w)
        fronts.append(CardText(card.id, title, (Para(text),), colour=game.cards.chance_colour,
                               footer=_("Keep this card until you use it.") if card.keep
                               else "", where=w.at("chance", card.id)))
        backs.append(plain_back(fronts[-1], name, game.cards.chance_colour,
                                w.text("game", "title")))
    return Deck("chance", _("Chance cards"), game.cards.chance, tuple(fronts), tuple(backs))


def scorepad(game: Game, w: SpankWording, _: Labels) -> ScorepadText:
    from printkit.localise.kit_sheets import RoundText, ScorepadText

    rounds = []
    for n in range(1, game.rules.rounds + 1):
        state = game.state_of_round(n)
        sid = state.id if state else game.states[0].id
        rounds.append(RoundText(n, w.text("states", sid, "code"), w.text("states", sid, "name")))
    first = game.implements[0]
    state0 = game.states[0]
    example_count = 10
    code = f"{first.number}{w.text('states', state0.id, 'code')}{example_count}"
    groups = ([f"{i.number} = {w.implement_name(i.id)}" for i in game.implements],
              [f"{w.text('states', s.id, 'code')} = {w.text('states', s.id, 'name')} "
               f"(× {s.factor})" for s in game.states])
    # no item breaks inside
    legend = tuple(tuple(item.replace(" ", "\u00a0") for item in group) for group in groups)
    return ScorepadText(
        title=_("Score sheet"), player=_("Player"), date=_("Date"),
        columns=(_("Round"), _("Implement"), _("State"), _("Count"), _("Points")),
        rounds=tuple(rounds), entries_per_round=ENTRIES_PER_ROUND,
        formula=_("Points = implement number × state factor × count"),
        example=_("Example: {code} = {a} × {b} × {c} = {points} points", code=code,
                  a=first.number, b=state0.factor, c=example_count,
                  points=w.number(first.number * state0.factor * example_count)),
        legend=legend, total=_("Total"), ranking_title=_("Final ranking"),
        ranking_columns=(_("Place"), _("Player"), _("Points")),
        place_labels=tuple(w.ordinal(n) for n in range(1, game.players[1] + 1)),
        subtotal=_("Subtotal"), carried=tuple(_("From sheet {n}", n=n) for n in range(1, 4)))


def lines(game: Game, w: SpankWording, _: Labels) -> LinesSet:
    from printkit.localise.kit_sheets import LinesSet, LinesText

    return LinesSet(tuple(LinesText(
        line.id, w.text("squares", "penalty_lines"), w.text("penalty_lines", line.id, "text"),
        _("Write this line exactly, as many times as you rolled."),
        _("Buy off: {strokes} per line", strokes=w.strokes(line.buyoff, line.implement)),
        _("Name"), where=w.at("penalty_lines", line.id)) for line in game.penalty_lines))


def tables(game: Game, w: SpankWording, _: Labels) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The booklet's tables, from the same data as the cards (first row: column heads)."""
    hand = lower_first(w.implement_name("hand"))
    streets = [(w.name(s.id), w.implement_name(game.group[s.group].implement),
                w.count(s.purchase), w.count(s.complete, game.group[s.group].implement))
               for s in game.streets]
    r = game.rules
    spanker = [(str(x.opponents), f"{x.low}–{x.high}" if x.high > x.low else str(x.low),
                _("player {n}", n=x.spanker) if x.spanker else _("roll again"))
               for x in game.spanker_die]
    states = [(f"{s.first_round}–{s.last_round}", w.text("states", s.id, "name"),
               w.text("states", s.id, "code"), f"× {s.factor}") for s in game.states]
    cards = [(title, text + (" " + _("(keep)") if card.keep else ""))
             for card in game.chance for title, text in [chance_text(card, w)]]
    return {
        "implements": ((_("Number"), _("Implement")),
                       *((str(i.number), w.implement_name(i.id)) for i in game.implements)),
        "streets": ((_("Street"), _("Implement"), _("Purchase ({implement})", implement=hand),
                     _("Complete")), *streets),
        "stations": ((_("Station"), _("Purchase ({implement})", implement=lower_first(
            w.implement_name(r.station_purchase.implement)))),
            *((w.name(s.id), w.count(r.station_purchase.count, r.station_purchase.implement))
              for s in game.stations)),
        "station_die": ((_("Die"), _("Implement")),
                        *((str(face), w.implement_name(i)) for face, i in game.station_die)),
        "spanker_die": ((_("Opponents"), _("Die"), _("Spanker")), *spanker),
        "penalty_lines": ((_("Line"), _("Buy off per line")),
                          *((w.quote(w.text("penalty_lines", p.id, "text")),
                             w.strokes(p.buyoff, p.implement)) for p in game.penalty_lines)),
        "taxes": ((_("Tax"), _("Punishment")),
                  *((w.name(t.id), w.strokes(t.count, t.implement)) for t in game.taxes)),
        "scoring": ((_("Rounds"), _("State"), _("Code"), _("Factor")), *states),
        "chance": ((_("Card"), _("Text")), *cards),
    }


def rules_context(game: Game, w: SpankWording) -> dict[str, object]:
    """Template variables of the rule booklet (see README: rule booklets)."""
    r = game.rules
    stakes = {"start_land": r.start_land, "warm_up": r.warm_up,
              "station_purchase": r.station_purchase, "corner_fine": r.corner_fine}
    numbers = {k: getattr(r, k) for k in ("rounds", "final_multiplier", "final_multiplier_cane",
                                           "corner_max_turns", "station_dice", "lines_dice",
                                           "lines_wrong_factor")}
    context = corner_context(game, w)
    return {"rules": numbers, "players_min": game.players[0], "players_max": game.players[1],
            "stake": lambda name: stake_text(w, stakes[name]),
            "text": lambda *keys: w.text(*keys),
            "notation": lambda impl, state, n: notation(game, w, impl, state, n),
            "score": lambda impl, state, n: score(game, w, impl, state, n), **context}


def notation(game: Game, w: SpankWording, implement: str, state: str, count: int) -> str:
    """The score-pad notation of a punishment, e.g. 9B6."""
    return f"{game.implement[implement].number}{w.text('states', state, 'code')}{count}"


def score(game: Game, w: SpankWording, implement: str, state: str, count: int) -> str:
    """A punishment's points worked out, e.g. 9U6 = 9 × 2 × 6 = 108."""
    number = game.implement[implement].number
    factor = next(s.factor for s in game.states if s.id == state)
    return (f"{notation(game, w, implement, state, count)} = {number} × {factor} × {count} = "
            f"{w.number(number * factor * count)}")


def corner_context(game: Game, w: SpankWording) -> dict[str, object]:
    fine = game.rules.corner_fine
    return {"postures": w.texts("corner", "postures"),
            "ways_out": w.texts("corner", "ways_out", fine_count=fine.count,
                                fine_implement=fine.implement)}
