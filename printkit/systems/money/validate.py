"""Semantic rules of the classic system: ladders that never fall, complete colour groups,
a board ring with its corners, cards that point at real squares, and positive money.

Every problem names the file and line a user has to edit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from printkit.errors import Problems, Where
from printkit.load.fields import is_ident
from printkit.localise.money import is_currency
from printkit.model.palette import Palette, Swatch
from printkit.systems.money.model import (
    ACTIONS,
    CORNERS,
    DECK_ACTIONS,
    LADDER,
    NEAREST,
    Card,
    Game,
    MoneyGame,
    Plot,
    Scale,
    Station,
    Utility,
)
from printkit.validate.board import Ring, board_file, check_board
from printkit.validate.common import refer, unique

MONEY_KEYS = ("amount", "per_house", "per_hotel")


def check(game: Game, problems: Problems) -> None:
    for part in (ids, references, money, prices, ladders, board, groups_complete, decks):
        part(game, problems)


def file_where(game: MoneyGame, name: str, line: int = 1) -> Where:
    """A place in another file of the game folder (game.where names game.toml)."""
    return Where(game.where.path.replace("game.toml", name), line)


def ids(game: Game, problems: Problems) -> None:
    record_ids(game, "colour group", problems)
    # a deck named twice is reported by the loader, where game.toml names it
    for deck in game.decks:
        unique(deck.cards, f"card of deck '{deck.id}'", problems)
    square_ids(game, problems)


def record_ids(game: MoneyGame, group: str, problems: Problems) -> None:
    """Every group (what the game calls a `group`), street, station, utility and tax has an
    id of its own."""
    for records, what in ((game.groups, group), (game.streets, "street"),
                          (game.stations, "station"), (game.utilities, "utility"),
                          (game.taxes, "tax")):
        unique(records, what, problems)


def references(game: Game, problems: Problems) -> None:
    for s in game.streets:
        refer(s.group, game.group, "colour group", s.where.at("group"), problems)
    for g in game.groups:
        if not game.streets_of(g.id):
            problems.add(g.where.at("id"), f"colour group '{g.id}' has no streets; remove it "
                         "or give it streets in streets.csv")


def money(game: MoneyGame, problems: Problems) -> None:
    m = game.money
    if not is_currency(m.currency):
        problems.add(m.where, f"'{m.currency}' is not a currency code; write an ISO 4217 "
                     "code such as EUR, DKK or NOK")


def positive(value: int, where: Where, what: str, problems: Problems) -> None:
    """A value more than 0; a value refused when it was read is not judged again (what
    stands in for it was never typed)."""
    if value <= 0 and not problems.refused(where):
        problems.add(where, f"the {what} must be more than 0")


def read(problems: Problems, where: Where, *columns: str) -> bool:
    """Whether every cell `columns` of a row was read (none refused), so that a check
    comparing them judges what was typed."""
    return not any(problems.refused(where.at(column)) for column in columns)


def price_and_mortgage(p: Plot | Station | Utility, problems: Problems) -> None:
    """A positive price, and a mortgage value from 1 to the price (an empty mortgage cell
    is half the price: nothing to judge if the price was refused)."""
    if not read(problems, p.where, "price", "mortgage"):
        return
    positive(p.price, p.where.at("price"), "price", problems)
    positive(p.mortgage, p.where.at("mortgage"), "mortgage value", problems)
    if p.mortgage > p.price:
        problems.add(p.where.at("mortgage"), f"the mortgage value {p.mortgage} is more "
                     f"than the price {p.price}; the bank lends at most the price")


def prices(game: Game, problems: Problems) -> None:
    for g in game.groups:
        positive(g.house, g.where.at("house"), "price of a house", problems)
        positive(g.hotel, g.where.at("hotel"), "price of a hotel", problems)
    for p in game.properties():
        price_and_mortgage(p, problems)
    for s in game.streets:
        for column, rent in zip(LADDER, s.rents, strict=True):
            positive(rent, s.where.at(column), "rent", problems)
    for t in game.taxes:
        positive(t.amount, t.where.at("amount"), "tax", problems)


def ladders(game: Game, problems: Problems) -> None:
    """Rents rise (or stay) from unbuilt to hotel, and with every station owned."""
    for s in game.streets:
        for i in range(1, len(LADDER)):
            if s.rents[i] < s.rents[i - 1] and read(problems, s.where, *LADDER[i - 1:i + 1]):
                problems.add(s.where.at(LADDER[i]), f"the rent falls along the ladder: "
                             f"{LADDER[i]} {s.rents[i]} is less than {LADDER[i - 1]} "
                             f"{s.rents[i - 1]}; rents must rise from unbuilt to hotel")
    for scale, records, what in ((game.station_rents, game.stations, "station"),
                                 (game.utility_factors, game.utilities, "utility")):
        scale_rises(scale, len(records), what, problems)


def scale_rises(scale: Scale, squares: int, what: str, problems: Problems) -> None:
    """One positive value per square of its kind, never falling."""
    values, where = scale.values, scale.where
    if problems.refused(where):
        return
    if squares and len(values) != squares:
        problems.add(where, f"{len(values)} values for {squares} {what} squares;"
                     " give one value per number owned (1, 2, …)")
    for i, v in enumerate(values):
        if v <= 0:
            problems.add(where, f"value {i + 1} must be more than 0")
        elif i and v < values[i - 1]:
            problems.add(where, f"value {i + 1} ({v}) is less than value {i} "
                         f"({values[i - 1]}); owning more must not cost the owner rent")


def board(game: Game, problems: Problems) -> None:
    known = {"corner": CORNERS, "street": game.street, "station": game.station,
             "utility": game.utility, "tax": game.tax, "card": game.deck}
    used = board_squares(game, known, {"card": "deck"}, problems)
    for deck in game.decks:
        if used[("card", deck.id)] == 0:
            problems.add(deck.where, f"deck '{deck.id}' has no square on the board; add a "
                         f"row with kind card and ref {deck.id} to board.csv")


def board_squares(game: MoneyGame, known: dict[str, Collection[str]], words: dict[str, str],
                  problems: Problems) -> Counter[tuple[str, str]]:
    """The board of a money game: the one board check with its properties and corners."""
    ring = Ring(known=known, words=words, corners=CORNERS, declared=game.board_squares,
                placed={"street": game.streets, "station": game.stations,
                        "utility": game.utilities, "tax": game.taxes})
    return check_board(game.squares, game.board, ring, board_file(game.where, game.squares),
                       problems)


def groups_complete(game: Game, problems: Problems) -> None:
    on_board = {s.ref for s in game.squares if s.kind == "street"}
    for g in game.groups:
        missing = [s.id for s in game.streets_of(g.id) if s.id not in on_board
                   and is_ident(s.id)]  # a refused id is reported where it is written
        if missing and len(missing) < len(game.streets_of(g.id)):
            problems.add(g.where.at("id"), f"colour group '{g.id}' is incomplete on the "
                         f"board: {', '.join(missing)} missing from board.csv")


def decks(game: Game, problems: Problems) -> None:
    if not 1 <= len(game.decks) <= 2:
        problems.add(game.cards.where,
                     f"{len(game.decks)} decks; a classic game has one or two card decks")
    squares = {s.ref for s in game.squares if s.kind != "card"}
    kinds = {s.kind for s in game.squares}
    for deck in game.decks:
        for c in deck.cards:
            card(c, squares, len(game.squares), problems, DECK_ACTIONS, kinds)


def card(c: Card, squares: set[str], n: int, problems: Problems,
         actions: dict[str, tuple[str, ...]] = ACTIONS,
         kinds: Collection[str] = NEAREST) -> None:
    """A card's target is a square, its steps stay on the board, the kind of square it
    moves to is on the board (`kinds`), its amounts are positive and it has no values its
    action does not use (`actions`: another system's own)."""
    needed = actions.get(c.action, ())
    if c.action == "goto":
        refer(c.target, squares, "square", c.at("target"), problems)
    if c.action == "move" and (c.steps == 0 or abs(c.steps) >= max(n, 1)):
        problems.add(c.at("steps"), f"move at least 1 and fewer than {n} squares"
                     " (negative to go back)")
    if c.action == "nearest" and c.kind and c.kind not in kinds:
        problems.add(c.at("kind"), f"the board has no {c.kind} square to move to; add one "
                     "to board.csv or choose the other kind")
    for key in MONEY_KEYS:
        if key in needed and getattr(c, key) <= 0 and not problems.refused(c.at(key)):
            problems.add(c.at(key), "the amount must be more than 0")
    for key in ("target", "steps", "kind", *MONEY_KEYS):
        if key not in needed and getattr(c, key) and c.action in actions:
            problems.add(c.at(key), f"a '{c.action}' card does not use {key};"
                         " remove it")
    if c.factor and c.action != "nearest" and c.action in actions:
        problems.add(c.at("factor"), f"a '{c.action}' card does not use factor; remove it"
                     " (a nearest card's own rent rule)")


def square_ids(game: MoneyGame, problems: Problems) -> None:
    """Every street, station, utility, tax and corner of a money game has an id of its own."""
    seen: dict[str, str] = dict.fromkeys(CORNERS, "corner")
    for kind, records in (("street", game.streets), ("station", game.stations),
                          ("utility", game.utilities), ("tax", game.taxes)):
        for rec in records:
            if rec.id in seen and seen[rec.id] != kind:
                problems.add(rec.where.at("id"), f"'{rec.id}' is already the id of a "
                             f"{seen[rec.id]}; every square needs its own id")
            seen.setdefault(rec.id, kind)


def board_swatches(game: MoneyGame) -> tuple[Swatch, Swatch]:
    """The board's ground and ink, written in game.toml [board]."""
    path = game.where.path
    return (Swatch("board", game.board.background, Where(path, 0, "board.background")),
            Swatch("board_ink", game.board.ink, Where(path, 0, "board.ink")))


def money_palette(game: MoneyGame, decks: tuple[Swatch, ...],
                  accent_large: bool) -> Palette:
    """The colours of a money game: its groups, the decks given, the backs of station and
    utility deeds, the accent (the board's title banner: large text; anti's command card
    band too) and the board."""
    path = game.where.path
    ground, ink = board_swatches(game)
    return Palette(
        groups=tuple(Swatch(g.id, g.colour, g.where.at("colour")) for g in game.groups),
        decks=decks,
        bands=(Swatch("deed_back", game.cards.deed_back, Where(path, 0, "cards.deed_back")),
               Swatch("accent", game.accent, Where(path, 0, "board.accent"), accent_large)),
        ground=ground, ink=ink)


def palette(game: Game) -> Palette:
    """The colours the colour check weighs: groups, both decks, deed backs, the title
    banner and the board."""
    return money_palette(game, tuple(Swatch(d.id, d.colour, d.where.at("colour"))
                                     for d in game.decks), accent_large=True)
