"""Localise an Anti-Monopoly game: the board, title deeds with both roles' rents, the
command card (what each role does for each dice sum, and on its back what each role may
do), the ledgers, and the tables and values of the rule booklet.

Money, the board's shared squares, the mortgaged side of a deed, card instructions and
ledgers are the money games' (printkit/systems/money/localise.py); what the roles change is
here.
"""

from __future__ import annotations

from typing import Any

from printkit.localise.assemble import kit, with_rules
from printkit.localise.board import board_text
from printkit.localise.catalog import Labels
from printkit.localise.kit import CardText, Deck, Kit, Making, Row, Table
from printkit.localise.kit_board import BoardText, SquareText
from printkit.localise.money import format_percentage
from printkit.localise.wording import Wording
from printkit.model.common import Square
from printkit.systems.anti.model import ROLES, SUMS, Command, Game, Role, Street
from printkit.systems.money import localise as classic
from printkit.systems.money.model import CORNERS, LADDER, Station, Utility

PHRASES = (*classic.CARD_PHRASES, "collect_from", "pay_to", "tax", "tax_wealth")
DASH = "–"
Money = classic.Money
Rows = classic.Rows


def text_keys(game: Game) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """The keys a text file of this game must have, and those it may have."""
    required: set[tuple[str, ...]] = {("game", "title"), ("game", "tagline"),
                                      ("squares", "station"), ("squares", "utility"),
                                      ("squares", "command")}
    required |= {("phrases", k) for k in PHRASES}
    required |= classic.nearest_phrases(c.card for c in game.commands)
    required |= {("units", "step", form) for form in ("one", "other")}
    required |= {("groups", c.id, "name") for c in game.groups}
    required |= {("roles", r, k) for r in ROLES for k in ("name", "noun", "pawn", "place",
                                                          "jail")}
    squares, optional = classic.square_keys(game, CORNERS)
    required |= squares
    source = game.texts.get(game.source_language)
    own = source.data.get("commands", {}) if source else {}
    for c in game.commands:
        key = ("commands", c.role, str(c.sum))
        has = isinstance(own.get(c.role), dict) and str(c.sum) in own[c.role]
        (required if has else optional).add(key)
    return required, optional


def products(game: Game) -> tuple[str, ...]:
    """The names of the products `localise` makes of the game, in build order."""
    return with_rules(game, ("board", "deeds", "commands", "ledger"))


def localise(game: Game, w: Wording, _: Labels, only: tuple[str, ...] = ()) -> Kit:
    """The kit in the language of `w` and `_`: every product, or those named in `only`."""
    money = classic.prepare(game, w)
    makers: dict[str, Making] = {
        "board": lambda: (_("Board"), board(game, w, money)),
        "deeds": lambda: (_("Title deeds"), deeds(game, w, _, money)),
        "commands": lambda: (_("Command card"), command_card(game, w, _, money)),
        "ledger": lambda: (_("Ledgers"), classic.ledger(game, w, _, money, _(
            "Landing on or passing {start}: collect {salary}. Fine to leave prison or the price "
            "war: {fine}.", start=w.name("start"), salary=money(game.money.salary),
            fine=money(game.money.jail_fine)))),
    }
    return kit(game, w, _, makers, only, lambda: (tables(game, w, _), rules_context(game, w, _)))


def role_name(w: Wording, role: str) -> str:
    return w.text("roles", role, "name")


def pawns(game: Game) -> tuple[str, ...]:
    return tuple(game.role[r].pawn for r in ROLES if r in game.role)


# the board ---------------------------------------------------------------------------

def tax_text(game: Game, ref: str, w: Wording, money: Money) -> str:
    tax = game.tax[ref]
    return w.text("phrases", "tax_wealth" if tax.wealth else "tax", amount=money(tax.amount))


def square_text(game: Game, s: Square, w: Wording, money: Money) -> SquareText:
    if s.kind == "command":
        return SquareText(s.position, s.kind, w.text("squares", "command"), icon="pawns",
                          colours=pawns(game), where=w.at("squares", "command"))
    if s.kind == "tax":
        return SquareText(s.position, s.kind, w.name(s.ref), tax_text(game, s.ref, w, money),
                          where=w.named_at(s.ref))
    return classic.square_text(game, s, w, money)


def board(game: Game, w: Wording, money: Money) -> BoardText:
    return board_text(game, w, lambda s: square_text(game, s, w, money), accent=game.accent)


# title deeds -------------------------------------------------------------------------

def role_heads(game: Game, w: Wording, first: str
               ) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The head row of a table with a column per role, and its fills (pawn colours)."""
    return (first, *(role_name(w, r) for r in ROLES)), (None, *pawns(game))


def street_front(game: Game, street: Street, w: Wording, _: Labels, money: Money) -> CardText:
    city = game.group[street.group]
    head, fills = role_heads(game, w, "")
    ladders = {r: game.ladder(street.id, r) for r in ROLES}
    roles = [game.role[r] for r in ROLES if r in game.role]

    def cells(values: dict[str, int | None]) -> tuple[str, ...]:
        return tuple(DASH if (v := values.get(r)) is None else money(v) for r in ROLES)

    rows = [(_("Rent"), *cells({r: ladders[r][0] for r in ROLES}))]
    if any(r.monopoly_factor > 1 for r in roles):
        rows.append((_("Monopoly in the city"), *cells({
            r.id: base * r.monopoly_factor if r.monopoly_factor > 1
            and (base := ladders[r.id][0]) is not None else None for r in roles})))
    for n in range(1, max((r.houses for r in roles), default=0) + 1):
        rows.append((_.plural("With {n} house", "With {n} houses", n),
                     *cells({r: ladders[r][n] for r in ROLES})))
    rows.append((_("With hotel"), *cells({r: ladders[r][len(LADDER) - 1] for r in ROLES})))
    table = Table((head, *rows), (1.5, 1.0, 1.0), fills, ("left", "right", "right"))
    return CardText(
        street.id, w.name(street.id),
        band=f"{_('Title deed')} · {w.text('groups', city.id, 'name')}", colour=city.colour,
        blocks=(table, Row(_("Price of a house"), money(city.house)),
                Row(_("Price of a hotel"), money(city.house)),
                Row(_("Mortgage value"), money(street.mortgage))),
        footer=_("A monopoly: {n} streets of this city in one hand. A hotel replaces the "
                 "houses of its street.", n=game.rules.monopoly_streets),
        framed=True, mark=game.mark(city.id), where=w.named_at(street.id))


def owned_table(game: Game, w: Wording, _: Labels, show: Any,
                scales: dict[str, tuple[int, ...]]) -> Table:
    head, fills = role_heads(game, w, _("Owner has"))
    count = max((len(v) for v in scales.values()), default=0)
    rows = [(str(n), *(show(scales[r][n - 1]) if n <= len(scales.get(r, ())) else DASH
                       for r in ROLES)) for n in range(1, count + 1)]
    return Table((head, *rows), (0.9, 1.0, 1.0), fills, ("centre", "right", "right"))


def station_front(game: Game, station: Station, w: Wording, _: Labels,
                  money: Money) -> CardText:
    scales = {r: game.station_scale(r).values for r in ROLES}
    return classic.owned_front(station, "station", (owned_table(game, w, _, money, scales),),
                               game.cards.deed_back, w, _, money)


def utility_front(game: Game, utility: Utility, w: Wording, _: Labels,
                  money: Money) -> CardText:
    scales = {r: game.utility_scale(r).values for r in ROLES}
    return classic.owned_front(utility, "utility", (
        owned_table(game, w, _, classic.dice_factor(_), scales), classic.dice_rule(_)),
        game.cards.deed_back, w, _, money)


def deeds(game: Game, w: Wording, _: Labels, money: Money) -> Deck:
    return classic.deed_deck(game, game.properties(), w, _, money,
                             (street_front, station_front, utility_front))


# the command card --------------------------------------------------------------------

def command_text(game: Game, c: Command, w: Wording, money: Money) -> str:
    """A command's own sentence (if any) and its instruction, written from the data."""
    own = w.text("commands", c.role, str(c.sum), required=False)
    a = c.card.action
    if a in ("collect_from", "pay_to"):
        action = w.text("phrases", a, amount=money(c.card.amount),
                        party=w.text("roles", c.party, "noun"))
    elif a == "jail":
        action = w.text("phrases", a, jail=w.text("roles", c.role, "jail"),
                        start=w.name("start"))
    else:
        action = classic.instruction(c.card, w, money)
    action = classic.one_stop(action)
    return f"{own} {action}" if own else action


def commands_table(game: Game, w: Wording, _: Labels, money: Money) -> Rows:
    head, _fills = role_heads(game, w, _("Dice"))
    rows = [head]
    for n in SUMS:
        cells = []
        for r in ROLES:
            c = game.command(r, n)
            cells.append(command_text(game, c, w, money) if c else DASH)
        rows.append((str(n), *cells))
    return tuple(rows)


def wealth_text(game: Game, role: Role, w: Wording, _: Labels, money: Money) -> str:
    t = role.wealth_tax

    def p(n: int) -> str:
        return format_percentage(n, w.locale)

    amounts = sorted({x.amount for x in game.taxes if x.wealth})
    return _("{amount} or {money} of your money + {property} of the ground price of your "
             "unmortgaged properties + {buildings} of what your buildings cost",
             amount=" / ".join(money(a) for a in amounts), money=p(t.money),
             property=p(t.property), buildings=p(t.buildings))


def roles_table(game: Game, w: Wording, _: Labels, money: Money) -> Rows:
    """What each role may do: pawn, building, monopoly rent, jail, income tax."""
    head, _fills = role_heads(game, w, "")
    roles = [game.role[r] for r in ROLES if r in game.role]
    if len(roles) != len(ROLES):
        return (head,)

    def row(label: str, show: Any) -> tuple[str, ...]:
        return (label, *(show(r) for r in roles))

    return (head,
            row(_("Pawn"), lambda r: w.text("roles", r.id, "pawn")),
            row(_("Houses per street"), lambda r: _.plural(
                "{n} house, then a hotel", "{n} houses, then a hotel", r.houses)),
            row(_("Builds"), lambda r: _("only in a city where you have a monopoly")
                if r.needs_monopoly else _("on every street you own")),
            row(_("Monopoly in the city"), lambda r: monopoly_rent(r.monopoly_factor, _)),
            row(_("Sent to"), lambda r: w.text("roles", r.id, "place")),
            row(_("Rent while there"), lambda r: _("collects rent") if r.collects_in_jail
                else _("collects no rent")),
            row(_("Income tax"), lambda r: wealth_text(game, r, w, _, money)))


def monopoly_rent(factor: int, _: Labels) -> str:
    """What a monopoly does to the rent of a role's unbuilt streets."""
    if factor == 2:
        return _("double rent on unbuilt streets")
    if factor > 1:
        return classic.tie(_("{factor} × the rent on unbuilt streets", factor=factor))
    return _("never more rent")


def command_card(game: Game, w: Wording, _: Labels, money: Money) -> Deck:
    _head, fills = role_heads(game, w, _("Dice"))
    title = w.text("game", "title")
    front = CardText(
        "commands", _("Commands"), band=title, colour=game.accent,
        blocks=(Table(commands_table(game, w, _, money), (0.5, 3.0, 3.0), fills,
                      ("centre", "left", "left"), strong_first=True),),
        footer=_("On a command square roll both dice again and do what your role's column "
                 "says for the sum."), framed=True, where=w.at("commands"))
    _head, fills = role_heads(game, w, "")
    back = CardText(
        "roles", _("Roles"), band=title, colour=game.accent,
        blocks=(Table(roles_table(game, w, _, money), (1.3, 2.0, 2.0), fills,
                      ("left", "left", "left"), strong_first=True),),
        footer=_("Choose your role before the game; it stays the same to the end."),
        framed=True, where=w.at("roles"))
    return Deck("commands", _("Command card"), game.cards.reference, (front,), (back,))


# the rule booklet --------------------------------------------------------------------

def rules_context(game: Game, w: Wording, _: Labels) -> dict[str, Any]:
    """Values for the rules template: the classic ones, the roles and their numbers."""
    money = classic.prepare(game, w)
    roles = {r.id: {"name": role_name(w, r.id), "noun": w.text("roles", r.id, "noun"),
                    "place": w.text("roles", r.id, "place"),
                    "jail": w.text("roles", r.id, "jail"), "houses": r.houses,
                    "monopoly_factor": r.monopoly_factor,
                    "income_tax": wealth_text(game, r, w, _, money)} for r in game.roles}
    return {
        **classic.money_context(game, w, money),
        "rules": {**vars(game.rules)}, "cities": len(game.groups), "roles": roles,
        "command_squares": sum(1 for s in game.squares if s.kind == "command"),
    }


TABLES = ("rents_competitor", "rents_monopolist", "cities", "mortgages", "stations",
          "utilities", "taxes", "roles", "commands", "money", "board")


def rents_table(game: Game, role: Role, w: Wording, _: Labels, money: Money) -> Rows:
    """One role's rents on every street: price, unbuilt, (monopoly,) houses, hotel."""
    double = role.monopoly_factor > 1
    head = (_("Street"), _("Price"), _("Rent"), *((_("Monopoly"),) if double else ()),
            *(_.plural("{n} house", "{n} houses", n) for n in range(1, role.houses + 1)),
            _("Hotel"))
    rows = [head]
    for s in game.streets:
        ladder = game.ladder(s.id, role.id)
        shown = [ladder[0], *((ladder[0] * role.monopoly_factor
                               if ladder[0] is not None else None,) if double else ()),
                 *ladder[1:role.houses + 1], ladder[-1]]
        rows.append((w.name(s.id), money(s.price),
                     *(DASH if v is None else money(v) for v in shown)))
    return tuple(rows)


def tables(game: Game, w: Wording, _: Labels) -> dict[str, Rows]:
    """Every table the rules may show, by name (first row: the column heads): the rents
    of each role (rents_competitor, rents_monopolist), cities, mortgages, stations and
    utilities (per role), taxes (per role), roles, commands, money and board."""
    money = classic.prepare(game, w)
    head, _fills = role_heads(game, w, _("Owner has"))

    def factor(n: int) -> str:
        return classic.tie(_("{factor} × the dice", factor=n))

    result: dict[str, Rows] = {
        f"rents_{r.id}": rents_table(game, r, w, _, money) for r in game.roles}
    result.update({
        "cities": ((_("City"), _("Streets"), _("House")), *(
            (w.text("groups", c.id, "name"),
             ", ".join(w.name(s.id) for s in game.streets_of(c.id)), money(c.house))
            for c in game.groups)),
        "mortgages": classic.mortgage_table(game, w, _, money),
        "stations": owned_table(game, w, _, money,
                                {r: game.station_scale(r).values for r in ROLES}).rows,
        "utilities": owned_table(game, w, _, factor,
                                 {r: game.utility_scale(r).values for r in ROLES}).rows,
        "taxes": ((_("Square"), *head[1:]), *(
            (w.name(t.id), *(wealth_text(game, game.role[r], w, _, money) if t.wealth
                             and r in game.role else money(t.amount) for r in ROLES))
            for t in game.taxes)),
        "roles": roles_table(game, w, _, money),
        "commands": commands_table(game, w, _, money),
        "money": classic.money_table(game, w, _, money,
                                     _("Fine to leave prison or the price war")),
        "board": ((_("No."), _("Square")), *(
            (str(s.position), square_name(s, w))
            for s in sorted(game.squares, key=lambda s: s.position))),
    })
    return result


def square_name(s: Square, w: Wording) -> str:
    if s.kind == "command":
        return w.text("squares", "command")
    if s.kind == "corner":
        return w.text("corners", s.ref, "name")
    return w.name(s.ref)

