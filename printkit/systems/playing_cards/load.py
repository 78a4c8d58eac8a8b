"""Load a card-deck game (system `playing_cards`): game.toml, prices.csv, jokers.csv and
text/<lang>.toml. There is no board.csv: the board is a deck of playing cards."""

from __future__ import annotations

from typing import Any

from printkit.errors import Problems
from printkit.load import fields as f
from printkit.load.grid import read_table
from printkit.load.manifest import GameReader, choice, value, whole
from printkit.load.tables import Row, Toml
from printkit.model.common import GameInfo
from printkit.systems.playing_cards.fields import GAME, JOKERS, MAX_COINS, PRICES
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
            read_table(folder, "prices", problems, *PRICES.columns)),
        jokers=tuple(joker(r, problems) for r in
            read_table(folder, "jokers", problems, *JOKERS.columns)),
    )


load = GameReader("playing_cards", GAME.known(), game)


def cards(doc: Toml, problems: Problems) -> CardSpec:
    c = f.table(doc.data.get("cards"), doc.where("cards"), problems)

    def given(key: str) -> Any:
        return c.get(key, GAME.default_of("cards", key))

    return CardSpec(f.ident(given("aid"), doc.where("cards", "aid"), problems),
                    f.colour(given("colour"), doc.where("cards", "colour"), problems),
                    where=doc.where("cards"))


def suits(doc: Toml, key: str, problems: Problems) -> tuple[str, ...]:
    default = GAME.default_of("deck", key)
    raw: Any = value(doc, ("deck", key), default)
    where = doc.where("deck", key)
    if not isinstance(raw, list) or not raw:
        problems.add(where, f"write a list of suits, e.g. {default}")
        return tuple(default)
    return tuple(choice(s, SUITS, where, problems) for s in raw)


def deck(doc: Toml, problems: Problems) -> Deck:
    return Deck(whole(doc, problems, GAME, "deck", "ranks"),
                suits(doc, "property_suits", problems), suits(doc, "deed_suits", problems),
                whole(doc, problems, GAME, "deck", "jokers"),
                where=doc.where("deck"),
                places=places(doc, "deck", ("property_suits", "deed_suits", "jokers", "ranks")))


def coins(doc: Toml, problems: Problems) -> Coins:
    def n(key: str) -> int:
        return whole(doc, problems, GAME, "coins", key)

    return Coins(n("start"), n("goal"), n("pass_joker"), where=doc.where("coins"),
                 places=places(doc, "coins", ("start", "goal", "pass_joker")))


def places(doc: Toml, table: str, keys: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """Where each key of a table is written, for problems found later."""
    return tuple((key, doc.where(table, key)) for key in keys)


def rules(doc: Toml, problems: Problems) -> Rules:
    def n(key: str) -> int:
        return whole(doc, problems, GAME, "rules", key)

    return Rules(rent=n("rent"), rent_per_house=n("rent_per_house"),
                 house_price=n("house_price"), houses_per_purchase=n("houses_per_purchase"),
                 houses_below_rank=n("houses_below_rank"), sell_property=n("sell_property"),
                 sell_houses=n("sell_houses"), sell_insurance=n("sell_insurance"))


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
