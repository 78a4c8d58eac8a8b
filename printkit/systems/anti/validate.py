"""Semantic rules of the Anti-Monopoly system: both roles defined, cities of two or three
streets, a rent ladder per street and role that fits the role's house limit and never
falls, station rents and utility factors per role, a command for every dice sum 2–12 of
each role, and the classic board ring with its command squares.

The checks the system shares with the classic one (currency, board ring, card actions)
are the classic checks. Every problem names the file and line a user has to edit.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from printkit.errors import Problems
from printkit.model.palette import Palette
from printkit.systems.anti.model import (
    CITY_SIZES,
    COMMAND_ACTIONS,
    COMMANDS,
    ROLES,
    SUMS,
    Game,
)
from printkit.systems.money import validate as classic
from printkit.systems.money.model import CORNERS, LADDER
from printkit.validate.common import refer


def check(game: Game, problems: Problems) -> None:
    for part in (ids, references, classic.money, prices, cities, rents, scales,
                 board, commands):
        part(game, problems)


def ids(game: Game, problems: Problems) -> None:
    classic.record_ids(game, "city", problems)
    classic.square_ids(game, problems)
    first: dict[tuple[str, str], str] = {}
    for r in game.rents:
        if (r.street, r.role) in first:
            problems.add(r.where.at("role"), f"a second row of rents for '{r.street}' and the"
                         f" {r.role} (first at {first[(r.street, r.role)]}); keep one")
        first.setdefault((r.street, r.role), r.where.spot())


def references(game: Game, problems: Problems) -> None:
    for s in game.streets:
        refer(s.group, game.group, "city", s.where.at("city"), problems)
    for r in game.rents:
        refer(r.street, game.street, "street", r.where.at("street"), problems)
        refer(r.role, ROLES, "role", r.where.at("role"), problems)


def prices(game: Game, problems: Problems) -> None:
    for c in game.groups:
        classic.positive(c.house, c.where.at("house"), "price of a house", problems)
    for p in game.properties():
        classic.price_and_mortgage(p, problems)
    for t in game.taxes:
        classic.positive(t.amount, t.where.at("amount"), "tax", problems)


def cities(game: Game, problems: Problems) -> None:
    """Two or three streets per city, all of them on the board."""
    on_board = {s.ref for s in game.squares if s.kind == "street"}
    low, high = CITY_SIZES
    for c in game.groups:
        streets = game.streets_of(c.id)
        if not low <= len(streets) <= high:
            problems.add(c.where.at("id"), f"city '{c.id}' has {len(streets)} "
                         f"street{'s' if len(streets) != 1 else ''}; a city has {low} or "
                         f"{high} streets (streets.csv, column city)")
        missing = [s.id for s in streets if s.id not in on_board]
        if missing and len(missing) < len(streets):
            problems.add(c.where.at("id"), f"city '{c.id}' is incomplete on the board: "
                         f"{', '.join(missing)} missing from board.csv")


def rents(game: Game, problems: Problems) -> None:
    """Every street has a ladder for each role, as long as the role's house limit, rising."""
    have = {(r.street, r.role) for r in game.rents}
    for s in game.streets:
        for rid in ROLES:
            if (s.id, rid) not in have and rid in game.role:
                problems.add(s.where.at("id"), f"street '{s.id}' has no rents for the {rid};"
                             f" add a row '{s.id},{rid},…' to rents.csv")
    for r in game.rents:
        role = game.role.get(r.role)
        if role is None:
            continue
        wanted = {0, len(LADDER) - 1, *range(1, role.houses + 1)}  # unbuilt, houses, hotel
        for i, column in enumerate(LADDER):
            value, where = r.ladder[i], r.where.at(column)
            if i in wanted and value is None:
                problems.add(where, f"missing rent of the {r.role}; fill in {column}")
            elif i not in wanted and value is not None:
                problems.add(where, f"a {r.role} builds at most {role.houses} houses "
                             f"(game.toml [roles.{r.role}] houses); leave {column} empty")
            elif value is not None and value <= 0 and not problems.refused(where):
                problems.add(where, "the rent must be more than 0")
        values = [(c, v) for c, v in zip(LADDER, r.ladder, strict=True)
                  if v is not None and not problems.refused(r.where.at(c))]
        for (c0, v0), (c1, v1) in pairwise(values):
            if v1 < v0:
                problems.add(r.where.at(c1), f"the rent falls along the ladder: {c1} {v1} is "
                             f"less than {c0} {v0}; rents must rise from unbuilt to hotel")


def scales(game: Game, problems: Problems) -> None:
    for pairs, records, what in ((game.station_rents, game.stations, "station"),
                                 (game.utility_factors, game.utilities, "utility")):
        for _, scale in pairs:
            classic.scale_rises(scale, len(records), what, problems)


def board(game: Game, problems: Problems) -> None:
    known = {"corner": CORNERS, "street": game.street, "station": game.station,
             "utility": game.utility, "tax": game.tax, "command": (COMMANDS,)}
    used = classic.board_squares(game, known, {"command": "command table"}, problems)
    if game.commands and used[("command", COMMANDS)] == 0:
        problems.add(classic.file_where(game, "board.csv"), "the board has no command "
                     f"square; add a row with kind command and ref {COMMANDS} to board.csv")


def commands(game: Game, problems: Problems) -> None:
    """Each role has exactly one command for every dice sum 2–12; each command is a valid
    classic card action (or collect_from / pay_to the other role)."""
    squares = {s.ref for s in game.squares if s.kind != "command"}
    for rid in ROLES:
        mine = [c for c in game.commands if c.role == rid]
        count = Counter(c.sum for c in mine)
        first: dict[int, int] = {}
        for c in mine:
            if c.sum in first:
                problems.add(c.where.at("sum"), f"a second command of the {rid} for "
                             f"{c.sum} (first at line {first[c.sum]}); keep one per sum")
            first.setdefault(c.sum, c.where.line)
        missing = [str(n) for n in SUMS if not count[n]]
        if missing:
            where = mine[0].where if mine else classic.file_where(game, "commands.toml")
            problems.add(where.at("sum"), f"the {rid} has no command for "
                         f"{', '.join(missing)}; the table needs one for every dice sum "
                         f"{SUMS[0]}–{SUMS[-1]}")
    for c in game.commands:
        classic.card(c.card, squares, len(game.squares), problems, COMMAND_ACTIONS,
                     {s.kind for s in game.squares})
        if c.party and "party" not in COMMAND_ACTIONS.get(c.card.action, ("party",)):
            problems.add(c.card.at("party"), f"a '{c.card.action}' command does not use "
                         "party; remove it")


def palette(game: Game) -> Palette:
    """The colours the colour check weighs: cities, deed backs, the accent (the title
    banner and the command card's band, whose text is not large) and the board."""
    return classic.money_palette(game, (), accent_large=False)
