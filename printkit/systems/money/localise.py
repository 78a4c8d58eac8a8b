"""Localise a classic game: board, title deeds, card decks and ledgers as final text, and
the tables and values its rule booklet template uses (`tables`, `rules_context`).

Money is formatted by Babel with the game's currency (see localise/money.py); card texts
of structured cards (go to, move, pay, collect, …) are built from the data and the phrases
of text/<lang>.toml, so names and amounts always match the board and the deeds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import Any, TypeVar

from printkit.localise.assemble import kit, with_rules
from printkit.localise.board import board_text
from printkit.localise.catalog import Labels
from printkit.localise.kit import Block, CardText, Deck, Heading, Kit, Making, Para, Row
from printkit.localise.kit_board import BoardText, SquareText
from printkit.localise.kit_sheets import LedgerText, RegisterRow
from printkit.localise.money import format_money, format_percentage, with_interest
from printkit.localise.wording import Wording, says_its_kind
from printkit.model.common import Square
from printkit.systems.money.model import (
    CORNERS,
    Card,
    Game,
    MoneyGame,
    Plot,
    Station,
    Street,
    Utility,
)

# the phrases of the card actions every money game has (a classic card, an anti command)
CARD_PHRASES = ("goto", "goto_start", "pass_start", "move_forward", "move_back", "jail",
                "pay", "collect", "repairs", "collect_from_players", "pay_players")
PHRASES = (*CARD_PHRASES, "get_out_of_jail", "tax", "tax_percent")
Money = Callable[[int], str]
Rows = tuple[tuple[str, ...], ...]
G = TypeVar("G", bound=MoneyGame)
S = TypeVar("S", bound=Plot)
D = TypeVar("D")
Front = Callable[[G, D, Wording, Labels, Money], CardText]  # a deed's front
Fronts = tuple[Front[G, S], Front[G, Station], Front[G, Utility]]  # street, station, utility


def square_keys(game: MoneyGame, corners: tuple[str, ...]
                ) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """Required and optional keys naming a money game's squares: streets, stations,
    utilities, taxes and corners; and the sign its amounts may print with."""
    required: set[tuple[str, ...]] = set()
    optional: set[tuple[str, ...]] = {("money", "sign")}
    for section, records in (("streets", game.streets), ("stations", game.stations),
                             ("utilities", game.utilities), ("taxes", game.taxes)):
        for r in records:
            required.add((section, r.id, "name"))
            optional.add((section, r.id, "in_text"))
    for corner in corners:
        required |= {("corners", corner, "name"), ("corners", corner, "note")}
        optional.add(("corners", corner, "in_text"))
    return required, optional


def text_keys(game: Game) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """The keys a text file of this game must have, and those it may have."""
    required: set[tuple[str, ...]] = {("game", "title"), ("game", "tagline"),
                                      ("squares", "station"), ("squares", "utility")}
    required |= {("phrases", k) for k in PHRASES}
    required |= nearest_phrases(c for deck in game.decks for c in deck.cards)
    required |= {("units", "step", form) for form in ("one", "other")}
    required |= {("groups", g.id, "name") for g in game.groups}
    squares, optional = square_keys(game, CORNERS)
    required |= squares
    source = game.texts.get(game.source_language)
    cards = source.data.get("cards", {}) if source else {}
    for deck in game.decks:
        required.add(("decks", deck.id, "name"))
        for card in deck.cards:
            key = ("cards", deck.id, card.id, "text")
            has = isinstance(cards.get(deck.id), dict) and card.id in cards[deck.id]
            (required if has or card.action == "text" else optional).add(key)
            optional.add(("cards", deck.id, card.id, "title"))
    return required, optional


def nearest_phrases(cards: Iterable[Card]) -> set[tuple[str, ...]]:
    """The phrases the nearest cards among `cards` are written with: one per kind of
    square (nearest_station, nearest_utility) and, for a card with its own rent rule,
    that rule (nearest_station_rent, nearest_utility_rent)."""
    keys: set[tuple[str, ...]] = set()
    for c in cards:
        if c.action == "nearest" and c.kind:
            keys.add(("phrases", f"nearest_{c.kind}"))
            if c.factor:
                keys.add(("phrases", f"nearest_{c.kind}_rent"))
    return keys


def one_stop(text: str) -> str:
    """One full stop where an amount ending in one ends a sentence ("4.000 kr.")."""
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)


def tie(text: str) -> str:
    """Keep a number with its multiplication sign on one line ("2 × the rent")."""
    return re.sub(r"(\d) ×", "\\1\u00a0×", text)


def money_of(game: MoneyGame, w: Wording) -> Money:
    """Amounts in the language's format, with the text file's [money] sign if it has one
    (nb "30 000 kr" for Danish kroner, where CLDR writes "30 000 DKK")."""
    sign = w.text("money", "sign", required=False)
    return lambda amount: format_money(int(amount), game.money.currency, w.locale, sign)


def prepare(game: MoneyGame, w: Wording) -> Money:
    """Give every string of the game the money helpers and the rule amounts."""
    money = money_of(game, w)
    w.extend({"money": money, "percent": lambda n: format_percentage(int(n), w.locale),
              "salary": money(game.money.salary),
              "start_capital": money(game.money.start_capital),
              "jail_fine": money(game.money.jail_fine)})
    return money


def products(game: Game) -> tuple[str, ...]:
    """The names of the products `localise` makes of the game, in build order."""
    return with_rules(game, ("board", "deeds", *(d.id for d in game.decks), "ledger"))


def localise(game: Game, w: Wording, _: Labels, only: tuple[str, ...] = ()) -> Kit:
    """The kit in the language of `w` and `_`: every product, or those named in `only`."""
    money = prepare(game, w)
    makers: dict[str, Making] = {"board": lambda: (_("Board"), board(game, w, money)),
                                 "deeds": lambda: (_("Title deeds"), deeds(game, w, _, money))}
    for deck in game.decks:
        def make(deck: str = deck.id) -> tuple[str, Deck]:
            return w.text("decks", deck, "name"), card_deck(game, deck, w, _, money)
        makers[deck.id] = make
    makers["ledger"] = lambda: (_("Ledgers"), ledger(game, w, _, money))
    return kit(game, w, _, makers, only, lambda: (tables(game, w, _), rules_context(game, w)))


# the board ---------------------------------------------------------------------------

def tax_text(game: Game, ref: str, w: Wording, money: Money) -> str:
    tax = game.tax[ref]
    if tax.percent:
        return w.text("phrases", "tax_percent", amount=money(tax.amount),
                      rate=format_percentage(tax.percent, w.locale))
    return w.text("phrases", "tax", amount=money(tax.amount))


def square_text(game: MoneyGame, s: Square, w: Wording, money: Money) -> SquareText:
    kind, ref, pos = s.kind, s.ref, s.position
    if kind == "street":
        street = game.street[ref]
        return SquareText(pos, kind, w.name(ref), money(street.price),
                          colour=game.group[street.group].colour, mark=game.mark(street.group),
                          where=w.named_at(ref))
    if kind == "station":
        return SquareText(pos, kind, w.name(ref), money(game.station[ref].price),
                          icon=game.station_icon, where=w.named_at(ref))
    if kind == "utility":
        u = game.utility[ref]
        return SquareText(pos, kind, w.name(ref), money(u.price), icon=u.icon,
                          where=w.named_at(ref))
    # only a classic game has percentage taxes and card decks (anti words its own taxes)
    if kind == "tax" and isinstance(game, Game):
        return SquareText(pos, kind, w.name(ref), tax_text(game, ref, w, money),
                          where=w.named_at(ref))
    if kind == "card" and isinstance(game, Game):
        deck = game.deck[ref]
        return SquareText(pos, "chance", w.text("decks", ref, "name"), colour=deck.colour,
                          icon=deck.icon, where=w.at("decks", ref))
    name, note = w.text("corners", ref, "name"), w.text("corners", ref, "note")
    if ref == "jail":  # the board prints the jail's name in its cell, the note outside it
        name, note = note, name
    return SquareText(pos, kind, name, note=note, icon=ref, where=w.at("corners", ref))


def board(game: Game, w: Wording, money: Money) -> BoardText:
    return board_text(game, w, lambda s: square_text(game, s, w, money),
                      tuple((w.text("decks", d.id, "name"), d.colour) for d in game.decks),
                      game.accent)


# title deeds -------------------------------------------------------------------------

def ladder_rows(game: Game, street: Street, _: Labels, money: Money) -> tuple[Row, ...]:
    rows = [Row(_("Rent"), money(street.rents[0]))]
    for n in range(1, 5):
        rows.append(Row(_.plural("With {n} house", "With {n} houses", n), money(street.rents[n])))
    rows.append(Row(_("With hotel"), money(street.rents[5])))
    return tuple(rows)


def street_front(game: Game, street: Street, w: Wording, _: Labels, money: Money) -> CardText:
    g = game.group[street.group]
    n = game.rules.houses_for_hotel
    hotel = _.plural("{amount} + {n} house", "{amount} + {n} houses", n,
                     amount=money(g.hotel))
    return CardText(
        street.id, w.name(street.id), band=_("Title deed"), colour=g.colour,
        blocks=(*ladder_rows(game, street, _, money),
                Para(" ", "note"),
                Row(_("Price of a house"), money(g.house)),
                Row(_("Price of a hotel"), hotel),
                Row(_("Mortgage value"), money(street.mortgage))),
        footer=_("Whoever owns every street of a colour group collects double rent on its "
                 "unbuilt streets.") if game.rules.group_factor == 2 else
        tie(_("Whoever owns every street of a colour group collects {factor} × the rent on "
              "its unbuilt streets.", factor=game.rules.group_factor)),
        framed=True, mark=game.mark(street.group), where=w.named_at(street.id))


def mortgaged_back(game: MoneyGame, prop: Plot | Station | Utility, w: Wording, _: Labels,
                   money: Money) -> CardText:
    """The mortgaged side of a deed: the mortgage value and what lifting it costs, in the
    colour of a street's group (of the deeds' backs for a station or utility)."""
    colour = game.group[prop.group].colour if isinstance(prop, Plot) else game.cards.deed_back
    blocks: list[Block] = [Row(_("Mortgage value"), money(prop.mortgage))]
    rate = game.money.mortgage_interest
    if rate:
        blocks += [Row(_("Lift the mortgage"), money(with_interest(prop.mortgage, rate))),
                   Para(_("The mortgage value plus {rate} interest.",
                          rate=format_percentage(rate, w.locale)), "note")]
    blocks.append(Para(_("This side up: the property is mortgaged and collects no rent."),
                       "small"))
    return CardText(prop.id, w.name(prop.id), band=_("Mortgaged"), colour=colour,
                    blocks=tuple(blocks), footer=_("Title deed"), framed=True,
                    mark=game.mark(prop.group) if isinstance(prop, Plot) else -1,
                    where=w.named_at(prop.id))


def owned_rows(values: tuple[int, ...], _: Labels, show: Callable[[int], str]) -> list[Row]:
    return [Row(_("Owner has {n}", n=n), show(v)) for n, v in enumerate(values, 1)]


def owned_front(prop: Station | Utility, kind: str, rent: tuple[Block, ...], colour: str,
                w: Wording, _: Labels, money: Money) -> CardText:
    """The front of a station's or a utility's deed (`kind`, its band in `colour`): its
    rent by the number owned (`rent`, the system's own blocks), then its mortgage value.
    The band names the kind, unless the name does ("Centraal Station")."""
    name, label = w.name(prop.id), w.text("squares", kind)
    twice = says_its_kind(name, label)  # "Station Havenkwartier": the band says what a
    return CardText(                    # street's band says, and there is no footer
        prop.id, name, band=_("Title deed") if twice else label, colour=colour,
        blocks=(*rent, Row(_("Mortgage value"), money(prop.mortgage))),
        footer="" if twice else _("Title deed"), framed=True, where=w.named_at(prop.id))


def dice_factor(_: Labels) -> Money:
    """A utility's factor as its rent reads: "4 × the dice", one short phrase that never
    breaks over lines ("10 × de / ogen")."""
    return lambda n: _("{factor} × the dice", factor=n).replace(" ", "\u00a0")


def dice_rule(_: Labels) -> Para:
    """How a utility's rent is counted, below its factors."""
    return Para(_("The rent is the number of pips the player rolled, times the factor for "
                  "the number the owner has."), "small")


def station_front(game: Game, station: Station, w: Wording, _: Labels,
                  money: Money) -> CardText:
    return owned_front(station, "station", (
        Heading(_("Rent")), *owned_rows(game.station_rents.values, _, money),
        Para(" ", "note")), game.cards.deed_back, w, _, money)


def utility_front(game: Game, utility: Utility, w: Wording, _: Labels,
                  money: Money) -> CardText:
    return owned_front(utility, "utility", (
        Heading(_("Rent")), *owned_rows(game.utility_factors.values, _, dice_factor(_)),
        dice_rule(_)), game.cards.deed_back, w, _, money)


def deeds(game: Game, w: Wording, _: Labels, money: Money) -> Deck:
    return deed_deck(game, game.properties(), w, _, money,
                     (street_front, station_front, utility_front))


def deed_deck(game: G, deeds: tuple[S | Station | Utility, ...], w: Wording, _: Labels,
              money: Money, fronts: Fronts[G, S]) -> Deck:
    """A money game's title deeds in board order: the front a game draws for each kind of
    deed (street, station, utility), and on its back the mortgaged side."""
    street, station, utility = fronts

    def front(deed: S | Station | Utility) -> CardText:
        if isinstance(deed, Station):
            return station(game, deed, w, _, money)
        if isinstance(deed, Utility):
            return utility(game, deed, w, _, money)
        return street(game, deed, w, _, money)

    return Deck("deeds", _("Title deeds"), game.cards.deed, tuple(front(d) for d in deeds),
                tuple(mortgaged_back(game, d, w, _, money) for d in deeds))


# card decks --------------------------------------------------------------------------

def action_text(card: Card, w: Wording, money: Money) -> str:
    """The instruction of a card, from its action and the phrases of the language."""
    return one_stop(instruction(card, w, money))


def instruction(card: Card, w: Wording, money: Money) -> str:
    a = card.action
    if a == "goto" and card.target == "start":
        return w.text("phrases", "goto_start", target=w.in_text("start"))
    if a == "goto":
        text = w.text("phrases", "goto", target=w.in_text(card.target))
        return f"{text} {w.text('phrases', 'pass_start', start=w.name('start'))}"
    if a == "move":
        key = "move_forward" if card.steps > 0 else "move_back"
        return w.text("phrases", key, steps=w.unit("step", abs(card.steps)))
    if a == "nearest":
        rent = w.text("phrases", f"nearest_{card.kind}_rent", factor=card.factor) \
            if card.factor else ""
        return " ".join(filter(None, (w.text("phrases", f"nearest_{card.kind}"), rent,
                                      w.text("phrases", "pass_start", start=w.name("start")))))
    if a == "repairs":
        return w.text("phrases", a, per_house=money(card.per_house),
                      per_hotel=money(card.per_hotel))
    if a in ("pay", "collect", "collect_from_players", "pay_players"):
        return w.text("phrases", a, amount=money(card.amount))
    return w.text("phrases", a, jail=w.in_text("jail"), start=w.name("start"))


def card_text(game: Game, deck: str, card: Card, w: Wording, money: Money) -> str:
    """The whole text of a card: its title and own sentence (if any), then the
    instruction (none on a free-text card)."""
    title = w.text("cards", deck, card.id, "title", required=False)
    own = w.text("cards", deck, card.id, "text", required=False)
    action = action_text(card, w, money) if card.action != "text" else ""
    return " ".join(filter(None, (f"{title}:" if title else "", own, action)))


def card_blocks(deck: str, card: Card, w: Wording, money: Money) -> tuple[Block, ...]:
    """A card front's title (if it has its own), own sentence, then the instruction."""
    title = w.text("cards", deck, card.id, "title", required=False)
    own = w.text("cards", deck, card.id, "text", required=False)
    blocks: list[Block] = [Heading(title)] if title else []
    blocks += [Para(own)] if own else []
    if card.action != "text":
        blocks.append(Para(action_text(card, w, money), "strong"))
    return tuple(blocks)


def card_deck(game: Game, deck_id: str, w: Wording, _: Labels, money: Money) -> Deck:
    deck = game.deck[deck_id]
    name = w.text("decks", deck_id, "name")
    fronts, backs = [], []
    for card in deck.cards:
        fronts.append(CardText(card.id, name, card_blocks(deck_id, card, w, money),
                               colour=deck.colour,
                               footer=_("Keep this card until you use it.") if card.keep
                               else "", framed=True, where=w.at("cards", deck_id, card.id)))
        backs.append(CardText(card.id, name, (Para(w.text("game", "title")),),
                              colour=deck.colour, full_colour=True, where=fronts[-1].where))
    return Deck(deck_id, name, game.cards.deck, tuple(fronts), tuple(backs))


# ledgers -----------------------------------------------------------------------------

def register_rows(game: MoneyGame, w: Wording, money: Money) -> tuple[RegisterRow, ...]:
    """Every deed in board order; streets (of any money system) carry houses."""
    rows = []
    for prop in game.properties():
        street = not isinstance(prop, (Station, Utility))
        colour = (game.cards.deed_back if isinstance(prop, (Station, Utility))
                  else game.group[prop.group].colour)
        rows.append(RegisterRow(w.name(prop.id), colour, money(prop.price), street))
    return tuple(rows)


def ledger(game: MoneyGame, w: Wording, _: Labels, money: Money,
           reminder: str | None = None) -> LedgerText:
    """The ledgers of a money game (`reminder`: the line under each player's heading, by
    default the salary and the jail fine)."""
    r = game.rules
    if reminder is None:
        reminder = _("Landing on or passing {start}: collect {salary}. Fine to leave jail: "
                     "{fine}.",
                     start=w.name("start"), salary=money(game.money.salary),
                     fine=money(game.money.jail_fine))
    reminder = one_stop(reminder)
    return LedgerText(
        game=w.text("game", "title"), title=_("Ledger"), player=_("Player"), date=_("Date"),
        columns=(_("Turn"), _("Description"), _("In"), _("Out"), _("Balance")),
        start_label=_("Starting capital"), start_amount=money(game.money.start_capital),
        reminder=reminder,
        bank_title=_("Bank"),
        bank_columns=(_("Turn"), _("Player"), _("Description"), _("To the bank"),
                      _("From the bank")),
        bank_note=_("In the bank at the start: {houses} houses and {hotels} hotels.",
                    houses=r.houses, hotels=r.hotels),
        register_title=_("Property register"),
        register_columns=(_("Deed"), _("Price"), _("Owner"), _("Houses"), _("Mortgaged")),
        register_rows=register_rows(game, w, money))


# the rule booklet --------------------------------------------------------------------

def rules_context(game: Game, wording: Wording) -> dict[str, Any]:
    """Values for the rules template: money amounts formatted, rule numbers as numbers."""
    w = wording
    return {
        **money_context(game, w, prepare(game, w)),
        "rules": asdict(game.rules), "groups": len(game.groups),
        "decks": [w.text("decks", d.id, "name") for d in game.decks],
        "cards": {d.id: len(d.cards) for d in game.decks},
        "percent_tax": any(t.percent for t in game.taxes),
    }


def money_context(game: MoneyGame, w: Wording, money: Money) -> dict[str, Any]:
    """The values every money game's rules template has: amounts and percentages
    formatted, the players and the numbers of squares and deeds."""
    return {
        "money": money, "percent": lambda n: format_percentage(int(n), w.locale),
        "start_capital": money(game.money.start_capital), "salary": money(game.money.salary),
        "jail_fine": money(game.money.jail_fine),
        "mortgage_interest": format_percentage(game.money.mortgage_interest, w.locale),
        "has_interest": game.money.mortgage_interest > 0,
        "players_min": game.players[0], "players_max": game.players[1],
        "squares": len(game.squares), "streets": len(game.streets),
        "stations": len(game.stations), "utilities": len(game.utilities),
        "deeds": len(game.properties()),
        "text": lambda *keys: w.text(*keys),
        "station_word": w.text("squares", "station"),
        "utility_word": w.text("squares", "utility"),
    }


TABLES = ("streets", "groups", "mortgages", "stations", "utilities", "taxes", "money",
          "board", "cards")  # plus one table per deck, named by the deck's id


def tables(game: Game, wording: Wording, labels: Labels) -> dict[str, Rows]:
    """Every table the rules may show, by name; the first row holds the column heads.

    streets: the rent ladder of every street; groups: the streets of each colour group
    and its building prices; mortgages: price, mortgage value (and lifting price) of every
    deed; stations, utilities: rent by number owned; taxes; money: starting capital,
    salary and fine; board: every square in order; cards: every card of every deck; and
    one table per deck (e.g. chance, community) with the cards of that deck.
    """
    w, _ = wording, labels
    money = prepare(game, w)
    result: dict[str, Rows] = {
        "streets": (
            (_("Street"), _("Price"), _("Rent"),
             *(_.plural("{n} house", "{n} houses", n) for n in range(1, 5)), _("Hotel")),
            *((w.name(s.id), money(s.price), *(money(r) for r in s.rents))
              for s in game.streets)),
        "groups": (
            (_("Colour group"), _("Streets"), _("House"), _("Hotel")),
            *((w.text("groups", g.id, "name"),
               ", ".join(w.name(s.id) for s in game.streets_of(g.id)), money(g.house),
               money(g.hotel)) for g in game.groups)),
        "mortgages": mortgage_table(game, w, _, money),
        "stations": ((_("Owner has"), _("Rent")), *(
            (str(n), money(v)) for n, v in enumerate(game.station_rents.values, 1))),
        "utilities": ((_("Owner has"), _("Rent")), *(
            (str(n), _("{factor} × the dice", factor=v))
            for n, v in enumerate(game.utility_factors.values, 1))),
        "taxes": ((_("Square"), _("Amount")), *(
            (w.name(t.id), tax_text(game, t.id, w, money)) for t in game.taxes)),
        "money": money_table(game, w, _, money, _("Fine to leave jail")),
        "board": ((_("No."), _("Square")), *(
            (str(s.position), square_name(game, s, w))
            for s in sorted(game.squares, key=lambda s: s.position))),
        "cards": ((_("Deck"), _("Card")), *(
            (w.text("decks", d.id, "name"), card_text(game, d.id, c, w, money))
            for d in game.decks for c in d.cards)),
    }
    for d in game.decks:
        result[d.id] = ((w.text("decks", d.id, "name"),),
                        *((card_text(game, d.id, c, w, money),) for c in d.cards))
    return result


def money_table(game: MoneyGame, w: Wording, _: Labels, money: Money, fine: str) -> Rows:
    """The amounts of the rules: starting capital, salary and the fine to leave jail (as
    the game calls it: `fine`)."""
    return ((_("What"), _("Amount")),
            (_("Starting capital"), money(game.money.start_capital)),
            (_("Salary for passing {start}", start=w.name("start")), money(game.money.salary)),
            (fine, money(game.money.jail_fine)))


def mortgage_table(game: MoneyGame, w: Wording, _: Labels, money: Money) -> Rows:
    rate = game.money.mortgage_interest
    head = (_("Deed"), _("Price"), _("Mortgage value")) + ((_("Lift the mortgage"),)
                                                          if rate else ())
    rows = [head]
    for p in game.properties():
        row = (w.name(p.id), money(p.price), money(p.mortgage))
        rows.append(row + ((money(with_interest(p.mortgage, rate)),) if rate else ()))
    return tuple(rows)


def square_name(game: Game, s: Square, w: Wording) -> str:
    if s.kind == "card":
        return w.text("decks", s.ref, "name")
    if s.kind == "corner":
        return w.text("corners", s.ref, "name")
    return w.name(s.ref)
