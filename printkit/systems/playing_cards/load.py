"""Load a card-deck game (system `playing_cards`): game.toml, prices.csv, jokers.csv and
text/<lang>.toml. There is no board.csv: the board is a deck of playing cards."""

from __future__ import annotations

from typing import Any

from printkit.errors import Problems
from printkit.load import fields as f
from printkit.load.grid import read_table
from printkit.load.manifest import GameReader, choice, known_tables, number, value
from printkit.load.tables import Row, Toml
from printkit.model.common import GameInfo
from printkit.systems.playing_cards.model import (
    JOKER_ACTIONS,
    SUITS,
    Band,
    CardSpec,
    Coins,
    Deck,
    Game,
    JokerRoll,
    Rules,
)

GAME_KEYS = known_tables({
    "cards": {"aid", "colour"},
    "deck": {"ranks", "property_suits", "deed_suits", "jokers"},
    "coins": {"start", "goal", "pass_joker"},
    "rules": {"rent", "rent_per_house", "house_price", "houses_per_purchase",
              "houses_below_rank", "sell_property", "sell_houses", "sell_insurance"},
})
MAX_COINS = 10_000


def game(info: GameInfo, manifest: Toml, problems: Problems) -> Game:
    """A card-deck game: the fields every game shares (`info`), the rest of game.toml, the
    prices and the joker table."""
    folder = info.folder
    return Game(
        **vars(info),
        cards=cards(manifest, problems),
        deck=deck(manifest, problems),
        coins=coins(manifest, problems),
        rules=rules(manifest, problems),
        bands=tuple(band(r, problems) for r in
            read_table(folder, "prices", problems, ("from", "to", "price"))),
        jokers=tuple(joker(r, problems) for r in
            read_table(folder, "jokers", problems, ("sum", "action", "amount"), ("per",))),
    )


load = GameReader("playing_cards", GAME_KEYS, game)


def cards(doc: Toml, problems: Problems) -> CardSpec:
    c = f.table(doc.data.get("cards"), doc.where("cards"), problems)
    return CardSpec(f.ident(c.get("aid", "tarot"), doc.where("cards", "aid"), problems),
                    f.colour(c.get("colour", "#2E6B3A"), doc.where("cards", "colour"),
                             problems), where=doc.where("cards"))


def suits(doc: Toml, key: str, default: list[str], problems: Problems) -> tuple[str, ...]:
    raw: Any = value(doc, ("deck", key), default)
    where = doc.where("deck", key)
    if not isinstance(raw, list) or not raw:
        problems.add(where, f"write a list of suits, e.g. {default}")
        return tuple(default)
    return tuple(choice(s, SUITS, where, problems) for s in raw)


def deck(doc: Toml, problems: Problems) -> Deck:
    return Deck(number(doc, problems, ("deck", "ranks"), 10, 2, 13),
                suits(doc, "property_suits", ["hearts", "spades"], problems),
                suits(doc, "deed_suits", ["diamonds", "clubs"], problems),
                number(doc, problems, ("deck", "jokers"), 2, 1, 4),
                where=doc.where("deck"),
                places=places(doc, "deck", ("property_suits", "deed_suits", "jokers", "ranks")))


def coins(doc: Toml, problems: Problems) -> Coins:
    def n(key: str, low: int) -> int:
        return number(doc, problems, ("coins", key), None, low, MAX_COINS)

    return Coins(n("start", 1), n("goal", 1), n("pass_joker", 0), where=doc.where("coins"),
                 places=places(doc, "coins", ("start", "goal", "pass_joker")))


def places(doc: Toml, table: str, keys: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """Where each key of a table is written, for problems found later."""
    return tuple((key, doc.where(table, key)) for key in keys)


def rules(doc: Toml, problems: Problems) -> Rules:
    def n(key: str, default: int, low: int = 0, high: int = MAX_COINS) -> int:
        return number(doc, problems, ("rules", key), default, low, high)

    return Rules(rent=n("rent", 1, 1), rent_per_house=n("rent_per_house", 1),
                 house_price=n("house_price", 1, 1),
                 houses_per_purchase=n("houses_per_purchase", 2, 1, 4),
                 houses_below_rank=n("houses_below_rank", 1, 0, 13),
                 sell_property=n("sell_property", 1), sell_houses=n("sell_houses", 1),
                 sell_insurance=n("sell_insurance", 1))


def band(r: Row, problems: Problems) -> Band:
    c = f.Cells(r, problems)
    return Band(c.integer("from", 1, 13), c.integer("to", 1, 13),
                c.integer("price", 0, MAX_COINS), where=c.where)


def joker(r: Row, problems: Problems) -> JokerRoll:
    action = r.get("action")
    if action not in JOKER_ACTIONS:
        problems.add(r.at("action"), f"'{action}' is not a joker action; use one of "
                     + ", ".join(JOKER_ACTIONS))
    c = f.Cells(r, problems)
    return JokerRoll(c.integer("sum", 2, 12), action, c.integer("amount", 0, MAX_COINS),
                     c.integer("per", 0, 100, empty=0), where=c.where)
