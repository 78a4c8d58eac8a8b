"""Load a game of the Anti-Monopoly system (`anti`: two roles on a classic money board).

Files: game.toml (with [roles.competitor] and [roles.monopolist]), cities.csv, streets.csv,
rents.csv (one rent ladder per street and role), stations.csv, utilities.csv, taxes.csv,
board.csv, commands.toml (what each role does for each dice sum) and text/<lang>.toml.
The classic loader reads what the two systems share (money, stations, utilities, board,
card actions); whether ladders rise or the command table is whole is for `validate`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.errors import Problems, Where
from printkit.load import fields as f
from printkit.load.board import board, squares
from printkit.load.grid import read_table
from printkit.load.manifest import GameReader, choice, value, whole
from printkit.load.tables import Row, Toml, read_toml
from printkit.model.common import GameInfo
from printkit.systems.anti.fields import (
    BOARD_CSV,
    CITIES,
    COMMAND,
    GAME,
    RENTS,
    ROLE,
    STREETS,
    TAXES,
)
from printkit.systems.anti.model import (
    COMMAND_ACTIONS,
    ROLES,
    CardSpec,
    City,
    Command,
    Game,
    Rents,
    Role,
    Rules,
    Street,
    Tax,
    WealthTax,
)
from printkit.systems.money import load as classic
from printkit.systems.money.model import LADDER, Scale

ROLE_KEYS = set(ROLE.keys)
WEALTH_KEYS = GAME.names_of("roles", "competitor", "wealth_tax")
YES, NO = ("yes", "true", "1"), ("no", "false", "0", "")


def game(info: GameInfo, manifest: Toml, problems: Problems) -> Game:
    """An Anti-Monopoly game: the fields every game shares (`info`), the rest of game.toml
    (with both roles) and the data files of its folder."""
    folder = info.folder
    return Game(
        **vars(info),
        board=board(manifest, problems),
        board_squares=classic.board_squares(manifest, problems),
        accent=classic.accent(manifest, problems, GAME),
        cards=cards(manifest, problems),
        money=classic.money(manifest, problems),
        rules=rules(manifest, problems),
        roles=roles(manifest, problems),
        groups=tuple(city(r, problems) for r in
            read_table(folder, "cities", problems, *CITIES.columns)),
        streets=tuple(street(r, problems) for r in
            read_table(folder, "streets", problems, *STREETS.columns)),
        rents=tuple(rents(r, problems) for r in
            read_table(folder, "rents", problems, *RENTS.columns)),
        stations=classic.stations(folder, problems),
        station_rents=role_scales(manifest, problems, ("stations", "rent")),
        station_icon=classic.station_icon(manifest, problems),
        utilities=classic.utilities(folder, problems),
        utility_factors=role_scales(manifest, problems, ("utilities", "factor")),
        taxes=tuple(tax(r, problems) for r in
            read_table(folder, "taxes", problems, *TAXES.columns)),
        squares=squares(folder, problems, BOARD_CSV),
        commands=commands(folder / "commands.toml", problems),
    )


load = GameReader("anti", GAME.known(), game)


def cards(doc: Toml, problems: Problems) -> CardSpec:
    c = f.table(doc.data.get("cards"), doc.where("cards"), problems)

    def given(key: str) -> Any:
        return c.get(key, GAME.default_of("cards", key))

    return CardSpec(
        deed=f.ident(given("deed"), doc.where("cards", "deed"), problems),
        reference=f.ident(given("reference"), doc.where("cards", "reference"), problems),
        deed_back=f.colour(given("deed_back"), doc.where("cards", "deed_back"), problems))


def rules(doc: Toml, problems: Problems) -> Rules:
    def n(key: str) -> int:
        return whole(doc, problems, GAME, "rules", key)

    return Rules(houses=n("houses"), hotels=n("hotels"),
                 monopoly_streets=n("monopoly_streets"), jail_turns=n("jail_turns"),
                 sell_back_percent=n("sell_back_percent"))


def flag(raw: Any, default: bool, where: Where, problems: Problems) -> bool:
    return default if raw is None else f.boolean(raw, where, problems)


def roles(doc: Toml, problems: Problems) -> tuple[Role, ...]:
    """[roles.competitor] and [roles.monopolist]; a missing one is reported by validate."""
    raw = doc.data.get("roles")
    if not isinstance(raw, dict):
        problems.add(doc.where("roles"), "add the tables [roles.competitor] and "
                     "[roles.monopolist] (see the built-in game antimonopoly)")
        return ()
    result = []
    for rid, table in raw.items():
        where = doc.where("roles", rid)
        if rid not in ROLES:
            problems.add(where, f"unknown role '{rid}'; the roles are {', '.join(ROLES)}")
            continue
        if not isinstance(table, dict):
            problems.add(where, f"write the role as a table [roles.{rid}]")
            continue
        for key in table:
            if key not in ROLE_KEYS:
                problems.add(doc.where("roles", rid, key), "unknown key; known keys are "
                             + ", ".join(sorted(ROLE_KEYS)))

        def n(key: str, rid: str = rid) -> int:
            return whole(doc, problems, GAME, "roles", rid, key)

        def yes(key: str, table: dict[str, Any] = table, rid: str = rid) -> bool:
            return flag(table.get(key), ROLE.default_of(key), doc.where("roles", rid, key),
                        problems)

        result.append(Role(
            rid, f.colour(table.get("pawn"), doc.where("roles", rid, "pawn"), problems),
            n("houses"), n("monopoly_factor"), yes("needs_monopoly"), yes("collects_in_jail"),
            wealth_tax(doc, rid, problems), where=where))
    found = [r.id for r in result]
    for rid in ROLES:
        if rid not in found:
            near = doc.where("roles", found[0]) if found else doc.where("roles")
            problems.add(near.at(f"roles.{rid}"), f"the role '{rid}' is missing; add a table "
                         f"[roles.{rid}] (every game has both roles)")
    return tuple(sorted(result, key=lambda r: ROLES.index(r.id)))


def wealth_tax(doc: Toml, rid: str, problems: Problems) -> WealthTax:
    keys = ("roles", rid, "wealth_tax")
    raw = value(doc, keys)
    if not isinstance(raw, dict):
        problems.add(doc.where(*keys), "write the income-tax percentages as { money = 10, "
                     "property = 10, buildings = 10 }")
        return WealthTax(0, 0, 0)
    for key in raw:
        if key not in WEALTH_KEYS:
            problems.add(doc.where(*keys), f"unknown key '{key}'; write money, property and "
                         "buildings")
    return WealthTax(*(whole(doc, problems, GAME, *keys, k)
                       for k in WEALTH_KEYS))


def role_scales(doc: Toml, problems: Problems,
                keys: tuple[str, ...]) -> tuple[tuple[str, Scale], ...]:
    """One list of whole numbers per role, e.g. [stations.rent] competitor = [20, 40]."""
    raw = value(doc, keys)
    if not isinstance(raw, dict):
        problems.add(doc.where(*keys), "write one list per role, e.g. "
                     f"[{'.'.join(keys)}] competitor = [20, 40, 60, 80] and "
                     "monopolist = [25, 50, 100, 200]")
        return ()
    for key in raw:
        if key not in ROLES:
            problems.add(doc.where(*keys, key), f"unknown role '{key}'; the roles are "
                         + ", ".join(ROLES))
    for role in ROLES:
        if role not in raw:
            problems.add(doc.where(*keys), f"no values for the {role}; add {role} = [ … ]")
    return tuple((role, classic.amounts(doc, problems, (*keys, role)))
                 for role in ROLES if role in raw)


def city(r: Row, problems: Problems) -> City:
    c = f.Cells(r, problems)
    return City(c.ident("id"), c.colour("colour"), classic.money_cell(c, "house"),
                where=c.where)


def street(r: Row, problems: Problems) -> Street:
    c = f.Cells(r, problems)
    return Street(c.ident("id"), c.ident("city"), *classic.price_mortgage(c),
                  where=c.where)


def rents(r: Row, problems: Problems) -> Rents:
    """A ladder with empty cells where the role builds fewer houses."""
    c = f.Cells(r, problems)
    return Rents(c.ident("street"), c.ident("role"),
                 tuple(classic.money_cell(c, column) if r.get(column) else None
                       for column in LADDER), where=c.where)


def tax(r: Row, problems: Problems) -> Tax:
    wealth = r.get("wealth").lower()
    if wealth not in YES + NO:
        problems.add(r.at("wealth"), f"'{wealth}' is not yes or no")
    c = f.Cells(r, problems)
    return Tax(c.ident("id"), classic.money_cell(c, "amount"), wealth in YES, where=c.where)


def commands(path: Path, problems: Problems) -> tuple[Command, ...]:
    """commands.toml: [[command]] tables, each a role's outcome for one dice sum."""
    doc = read_toml(path, problems)
    if doc is None:
        return ()
    for key in doc.data:
        if key != "command":
            problems.add(doc.where(key), "unknown key; write the commands as [[command]] "
                         "tables")
    raw = doc.data.get("command", [])
    if not isinstance(raw, list) or not raw:
        problems.add(doc.where(), "no commands; add them as [[command]] tables")
        return ()
    result = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            problems.add(doc.where("command", i), "write each command as a [[command]] table")
            continue
        for key in ("role", "sum"):
            if key not in c:
                problems.add(doc.where("command", i), f"a command needs {key}")
        role = choice(c.get("role", ROLES[0]), ROLES, doc.where("command", i, "role"),
                              problems)
        dice = f.integer(c.get("sum", 2), doc.where("command", i, "sum"), problems, 2, 12)
        party = choice(c["party"], ROLES, doc.where("command", i, "party"),
                               problems) if "party" in c else ""
        card = classic.card(doc, i, c, problems, "command", COMMAND, COMMAND_ACTIONS,
                            ident=f"{role}_{dice}")
        result.append(Command(role, dice, card, party))
    return tuple(result)
