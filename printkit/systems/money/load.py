"""Load a game of the classic system (money, rent ladders, card decks) into a `Game`.

Files: game.toml, groups.csv, streets.csv, stations.csv, utilities.csv, taxes.csv,
board.csv, decks/<deck>.toml and text/<lang>.toml. Numbers are read as whole numbers ≥ 0;
whether a price or rent is positive, or a ladder rises, is for `validate` to judge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.errors import Problems, Where
from printkit.load import fields as f
from printkit.load.board import board, squares
from printkit.load.declare import Table, Whole
from printkit.load.grid import read_table
from printkit.load.manifest import GameReader, choice, section, value, whole
from printkit.load.tables import Row, Toml, read_toml
from printkit.model.common import GameInfo
from printkit.systems.money.fields import (
    BOARD_CSV,
    CARD,
    DECK_ICONS,
    DECK_TOML,
    GAME,
    GROUPS,
    MAX_MONEY,
    STATION_ICONS,
    STATIONS,
    STREETS,
    TAXES,
    UTILITIES,
    UTILITY_ICONS,
)
from printkit.systems.money.model import (
    ACTIONS,
    DECK_ACTIONS,
    LADDER,
    NEAREST,
    Card,
    CardSpec,
    Deck,
    Game,
    Group,
    Money,
    Rules,
    Scale,
    Station,
    Street,
    Tax,
    Utility,
)

DECK_KEYS = set(DECK_TOML.root.keys)

def game(info: GameInfo, manifest: Toml, problems: Problems) -> Game:
    """A classic game: the fields every game shares (`info`), the rest of game.toml and
    the data files of its folder."""
    folder = info.folder
    return Game(
        **vars(info),
        board=board(manifest, problems),
        board_squares=board_squares(manifest, problems),
        accent=accent(manifest, problems, GAME),
        cards=cards(manifest, problems),
        money=money(manifest, problems),
        rules=rules(manifest, problems),
        groups=tuple(group(r, problems) for r in
            read_table(folder, "groups", problems, *GROUPS.columns)),
        streets=tuple(street(r, problems) for r in
            read_table(folder, "streets", problems, *STREETS.columns)),
        stations=stations(folder, problems),
        station_rents=amounts(manifest, problems, ("stations", "rent")),
        station_icon=station_icon(manifest, problems),
        utilities=utilities(folder, problems),
        utility_factors=amounts(manifest, problems, ("utilities", "factor")),
        taxes=tuple(tax(r, problems) for r in
            read_table(folder, "taxes", problems, *TAXES.columns)),
        squares=squares(folder, problems, BOARD_CSV),
        decks=decks(folder, manifest, problems),
    )


load = GameReader("classic", GAME.known(), game)


def board_squares(manifest: Toml, problems: Problems) -> int:
    """[board] squares: how many squares the ring has (board.csv must have as many)."""
    return whole(manifest, problems, GAME, "board", "squares")


def accent(manifest: Toml, problems: Problems, declared: Table) -> str:
    """[board] accent: the colour of the title banner in the board's centre (its default
    as the system's game.toml, `declared`, has it)."""
    return f.colour(value(manifest, ("board", "accent"), declared.default_of("board", "accent")),
                    manifest.where("board", "accent"), problems)


def stations(folder: Path, problems: Problems) -> tuple[Station, ...]:
    """stations.csv: each station's id, price and mortgage value."""
    return tuple(station(r, problems) for r in
        read_table(folder, "stations", problems, *STATIONS.columns))


def station_icon(manifest: Toml, problems: Problems) -> str:
    """[stations] icon: a train or a ferry on the board and the deeds."""
    icon = section(manifest, "stations").get("icon", GAME.default_of("stations", "icon"))
    return choice(icon, STATION_ICONS, manifest.where("stations", "icon"), problems)


def utilities(folder: Path, problems: Problems) -> tuple[Utility, ...]:
    """utilities.csv: each utility's id, price, mortgage value and icon."""
    return tuple(utility(r, problems) for r in
        read_table(folder, "utilities", problems, *UTILITIES.columns))

def amounts(doc: Toml, problems: Problems, keys: tuple[str, ...]) -> Scale:
    """A list of whole numbers, e.g. the rents by number of stations owned."""
    raw = value(doc, keys)
    where = doc.where(*keys)
    if not isinstance(raw, list):
        problems.add(where, "write a list of whole numbers, one per number owned, e.g."
                     " [25, 50, 100, 200]")
        return Scale((), where=where)
    return Scale(tuple(f.integer(v, where, problems, 0, MAX_MONEY) for v in raw), where=where)


def cards(doc: Toml, problems: Problems) -> CardSpec:
    c = f.table(doc.data.get("cards"), doc.where("cards"), problems)

    def given(key: str) -> Any:
        return c.get(key, GAME.default_of("cards", key))

    return CardSpec(
        deed=f.ident(given("deed"), doc.where("cards", "deed"), problems),
        deck=f.ident(given("deck"), doc.where("cards", "deck"), problems),
        deed_back=f.colour(given("deed_back"), doc.where("cards", "deed_back"), problems),
        where=doc.where("cards", "decks"))


def money(doc: Toml, problems: Problems) -> Money:
    m = f.table(doc.data.get("money"), doc.where("money"), problems)
    return Money(
        currency=str(m.get("currency", GAME.default_of("money", "currency"))).strip().upper(),
        start_capital=whole(doc, problems, GAME, "money", "start_capital"),
        salary=whole(doc, problems, GAME, "money", "salary"),
        jail_fine=whole(doc, problems, GAME, "money", "jail_fine"),
        mortgage_interest=whole(doc, problems, GAME, "money", "mortgage_interest"),
        where=doc.where("money", "currency"))


def rules(doc: Toml, problems: Problems) -> Rules:
    def n(table: str, key: str) -> int:
        return whole(doc, problems, GAME, table, key)

    return Rules(
        houses=n("rules", "houses"), hotels=n("rules", "hotels"),
        houses_for_hotel=n("rules", "houses_for_hotel"),
        group_factor=n("rules", "group_factor"), doubles_to_jail=n("rules", "doubles_to_jail"),
        jail_turns=n("rules", "jail_turns"), sell_back_percent=n("rules", "sell_back_percent"),
        short_game_deeds=n("short_game", "deeds"),
        short_game_houses_for_hotel=n("short_game", "houses_for_hotel"),
        short_game_bankruptcies=n("short_game", "bankruptcies"))


def money_cell(c: f.Cells, column: str, empty: int | None = None) -> int:
    """An amount of money; `empty`, when given, is an empty cell's value."""
    return c.integer(column, 0, MAX_MONEY, empty)


def price_mortgage(c: f.Cells) -> tuple[int, int]:
    """Price and mortgage value; an empty mortgage cell means half the price."""
    price = money_cell(c, "price")
    return price, money_cell(c, "mortgage", empty=price // 2)


def group(r: Row, problems: Problems) -> Group:
    c = f.Cells(r, problems)
    return Group(c.ident("id"), c.colour("colour"), money_cell(c, "house"),
                 money_cell(c, "hotel"), where=c.where)


def street(r: Row, problems: Problems) -> Street:
    c = f.Cells(r, problems)
    return Street(c.ident("id"), c.ident("group"), *price_mortgage(c),
                  tuple(money_cell(c, column) for column in LADDER), where=c.where)


def station(r: Row, problems: Problems) -> Station:
    c = f.Cells(r, problems)
    return Station(c.ident("id"), *price_mortgage(c), where=c.where)


def utility(r: Row, problems: Problems) -> Utility:
    c = f.Cells(r, problems)
    return Utility(c.ident("id"), *price_mortgage(c),
                   choice(r.get("icon") or "bulb", UTILITY_ICONS, r.at("icon"), problems),
                   where=c.where)


def tax(r: Row, problems: Problems) -> Tax:
    c = f.Cells(r, problems)
    return Tax(c.ident("id"), money_cell(c, "amount"), c.integer("percent", 0, 100, empty=0),
               where=c.where)


def decks(folder: Path, manifest: Toml, problems: Problems) -> tuple[Deck, ...]:
    """The decks named in game.toml [cards] decks, each from decks/<id>.toml."""
    names = value(manifest, ("cards", "decks"))
    where = manifest.where("cards", "decks")
    if not isinstance(names, list) or not names:
        problems.add(where, 'name the card decks, e.g. decks = ["chance", "community"]')
        return ()
    result: list[Deck] = []
    for n, name in enumerate(names):
        ident = f.ident(name, where, problems)
        if ident in names[:n]:  # the same deck again, not read again
            problems.add(where, f"the deck '{ident}' is named twice; name each deck once")
            result += [d for d in result if d.id == ident][:1]
        elif f.is_ident(ident):  # never a path out of decks/ ('../../x')
            deck = read_deck(folder / "decks" / f"{ident}.toml", ident, problems)
            if deck is not None:
                result.append(deck)
    return tuple(result)


def read_deck(path: Path, ident: str, problems: Problems) -> Deck | None:
    doc = read_toml(path, problems)
    if doc is None:
        return None
    for key in doc.data:
        if key not in DECK_KEYS:
            problems.add(doc.where(key), "unknown key; known keys are "
                         + ", ".join(sorted(DECK_KEYS)))
    raw = doc.data.get("card", [])
    if not isinstance(raw, list) or not raw:
        problems.add(doc.where(), "the deck is empty; add cards as [[card]] tables")
        raw = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            problems.add(doc.where("card", i), "write each card as a [[card]] table")
    return Deck(ident, f.colour(doc.data.get("colour"), doc.where("colour"), problems),
                choice(doc.data.get("icon", DECK_TOML.root.default_of("icon")), DECK_ICONS,
                       doc.where("icon"), problems),
                tuple(card(doc, i, c, problems, actions=DECK_ACTIONS)
                      for i, c in enumerate(raw)
                      if isinstance(c, dict)), where=doc.where())


def card(doc: Toml, i: int, c: dict[str, Any], problems: Problems, table: str = "card",
         declared: Table = CARD, actions: dict[str, tuple[str, ...]] = ACTIONS,
         ident: str | None = None) -> Card:
    """The card `c`, entry i of the array of tables `table`, with the keys `declared`;
    another system's cards (e.g. commands) pass their own declaration and actions, and an
    id when they are not named."""
    def at(key: str) -> Where:
        return doc.where(table, i, key)

    def n(key: str, absent: int = 0) -> int:
        spec = declared.at(key)
        assert isinstance(spec, Whole)
        return f.integer(c[key], at(key), problems, spec.low, spec.high) if key in c else absent

    for key in c:
        if key not in declared.keys:
            problems.add(at(key), "unknown key; known keys are "
                         + ", ".join(sorted(declared.keys)))
    action = str(c.get("action", "text" if "text" in actions else ""))
    if action not in actions:
        problems.add(at("action"), f"'{action}' is not a card action; use one of "
                     + ", ".join(actions))
    for key in actions.get(action, ()):
        if key not in c:
            problems.add(at(key), f"a '{action}' card needs {key}")

    return Card(
        id=ident if ident is not None else f.ident(c.get("id"), at("id"), problems),
        action=action,
        target=f.ident(c["target"], at("target"), problems) if "target" in c else "",
        steps=n("steps"),
        kind=choice(c["kind"], NEAREST, at("kind"), problems) if "kind" in c else "",
        factor=n("factor"), amount=n("amount"), per_house=n("per_house"),
        per_hotel=n("per_hotel"),
        keep=f.boolean(c.get("keep", action == "get_out_of_jail"), at("keep"), problems),
        where=doc.where(table, i), places=tuple((str(k), at(str(k))) for k in c))
