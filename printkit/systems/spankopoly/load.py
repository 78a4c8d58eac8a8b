"""Load a game of the spankopoly system (strokes instead of money) into a `Game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.errors import Problems
from printkit.load import fields as f
from printkit.load.board import board, squares
from printkit.load.declare import Tables
from printkit.load.grid import read_table
from printkit.load.manifest import GameReader, required_table, section, whole
from printkit.load.tables import Row, Toml, read_toml
from printkit.model import Stake
from printkit.model.common import GameInfo
from printkit.systems.spankopoly.fields import (
    BOARD_CSV,
    CARD,
    GAME,
    GROUPS,
    IMPLEMENTS,
    PENALTY_LINES,
    SPANKER_DIE,
    STATION_DIE,
    STATIONS,
    STREETS,
    TAXES,
)
from printkit.systems.spankopoly.model import (
    CardSpec,
    ChanceCard,
    Game,
    Group,
    Implement,
    PenaltyLine,
    Rules,
    SpankerRoll,
    State,
    Station,
    Street,
    Tax,
)

CARD_KEYS = set(CARD.keys)
STATE = GAME.at("scoring", "state")  # each [[scoring.state]]
assert isinstance(STATE, Tables)
STATE_KEYS = set(STATE.table.keys)

def game(info: GameInfo, manifest: Toml, problems: Problems) -> Game:
    """A spankopoly game: the fields every game shares (`info`), the rest of game.toml and
    the data files of its folder."""
    folder = info.folder
    return Game(
        **vars(info),
        board=board(manifest, problems),
        cards=cards(manifest, problems),
        rules=rules(manifest, problems),
        implements=tuple(implement(r, problems) for r in
                         read_table(folder, "implements", problems, *IMPLEMENTS.columns)),
        groups=tuple(group(r, problems) for r in
                     read_table(folder, "groups", problems, *GROUPS.columns)),
        streets=tuple(street(r, problems) for r in
            read_table(folder, "streets", problems, *STREETS.columns)),
        stations=tuple(Station(f.Cells(r, problems).ident("id"), where=r.where)
                       for r in read_table(folder, "stations", problems, *STATIONS.columns)),
        station_die=tuple(die_face(r, problems) for r in
            read_table(folder, "station_die", problems, *STATION_DIE.columns)),
        penalty_lines=tuple(penalty_line(r, problems) for r in
            read_table(folder, "penalty_lines", problems, *PENALTY_LINES.columns)),
        taxes=tuple(tax(r, problems) for r in
                    read_table(folder, "taxes", problems, *TAXES.columns)),
        squares=squares(folder, problems, BOARD_CSV),
        chance=chance(folder / "chance.toml", problems),
        states=states(manifest, problems),
        spanker_die=tuple(spanker(r, problems) for r in
            read_table(folder, "spanker_die", problems, *SPANKER_DIE.columns)),
    )


load = GameReader("spankopoly", GAME.known(), game)


def cards(doc: Toml, problems: Problems) -> CardSpec:
    c = required_table(doc, "cards", problems) or {}

    def given(key: str) -> Any:
        return c.get(key, GAME.default_of("cards", key))

    return CardSpec(
        deed=f.ident(given("deed"), doc.where("cards", "deed"), problems),
        chance=f.ident(given("chance"), doc.where("cards", "chance"), problems),
        deed_back=f.colour(given("deed_back"), doc.where("cards", "deed_back"), problems),
        chance_colour=f.colour(given("chance_colour"), doc.where("cards", "chance_colour"),
                               problems),
    )


def stake(doc: Toml, problems: Problems, *keys: str) -> Stake:
    """A table like { implement = "hand", count = 40 }."""
    value: Any = doc.data
    for key in keys:
        value = value.get(key, {}) if isinstance(value, dict) else {}
    where = doc.where(*keys)
    if not isinstance(value, dict) or not value:
        problems.add(where, 'missing; write it as { implement = "hand", count = 40 }')
        return Stake("hand", 0, where=where)
    return Stake(f.ident(value.get("implement"), where.at(where.field + ".implement"), problems),
                 f.integer(value.get("count"), where.at(where.field + ".count"), problems, 1),
                 where=where)


def rules(doc: Toml, problems: Problems) -> Rules:
    return Rules(
        start_land=stake(doc, problems, "start", "land_exactly"),
        warm_up=stake(doc, problems, "start", "warm_up"),
        station_purchase=stake(doc, problems, "stations", "purchase"),
        station_dice=whole(doc, problems, GAME, "stations", "dice"),
        lines_dice=whole(doc, problems, GAME, "penalty_lines", "dice"),
        lines_wrong_factor=whole(doc, problems, GAME, "penalty_lines", "wrong_factor"),
        corner_max_turns=whole(doc, problems, GAME, "corner", "max_turns"),
        corner_fine=stake(doc, problems, "corner", "fine"),
        rounds=whole(doc, problems, GAME, "scoring", "rounds"),
        final_multiplier=whole(doc, problems, GAME, "scoring", "final_multiplier"),
        final_multiplier_cane=whole(doc, problems, GAME, "scoring", "final_multiplier_cane"),
    )


def states(doc: Toml, problems: Problems) -> tuple[State, ...]:
    raw = section(doc, "scoring").get("state", [])
    result = []
    for i, s in enumerate(raw if isinstance(raw, list) else []):
        w = doc.where("scoring", "state", i)
        if not isinstance(s, dict):
            problems.add(w, "write each clothing state as a [[scoring.state]] table")
            continue
        for key in sorted(set(s) - STATE_KEYS):
            problems.add(doc.where("scoring", "state", i, key), "unknown key; known keys are "
                         f"{', '.join(sorted(STATE_KEYS))}")
        rounds = s.get("rounds")
        if not (isinstance(rounds, list) and len(rounds) == 2):
            problems.add(doc.where("scoring", "state", i, "rounds"),
                         "write the first and last round as [1, 3]")
            rounds = [1, 1]
        result.append(State(
            id=f.ident(s.get("id"), doc.where("scoring", "state", i, "id"), problems),
            factor=f.integer(s.get("factor"), doc.where("scoring", "state", i, "factor"),
                             problems, 1, 100),
            first_round=f.integer(rounds[0], doc.where("scoring", "state", i, "rounds"),
                                  problems, 1, 100),
            last_round=f.integer(rounds[1], doc.where("scoring", "state", i, "rounds"),
                                 problems, 1, 100),
            where=w))
    if not result:
        problems.add(doc.where("scoring"), "no clothing states; add [[scoring.state]] tables")
    return tuple(result)


def die_face(r: Row, problems: Problems) -> tuple[int, str]:
    """A face of the station die and the implement it names."""
    c = f.Cells(r, problems)
    return c.integer("face", 1, 6), c.ident("implement")


def implement(r: Row, problems: Problems) -> Implement:
    c = f.Cells(r, problems)
    return Implement(c.ident("id"), c.integer("number", 1, 99), c.ident("unit"), where=c.where)


def group(r: Row, problems: Problems) -> Group:
    c = f.Cells(r, problems)
    return Group(c.ident("id"), c.ident("implement"), c.colour("colour"), where=c.where)


def street(r: Row, problems: Problems) -> Street:
    c = f.Cells(r, problems)
    return Street(c.ident("id"), c.ident("group"), c.integer("purchase", 1, 999),
                  c.integer("complete", 1, 999), where=c.where)


def penalty_line(r: Row, problems: Problems) -> PenaltyLine:
    c = f.Cells(r, problems)
    return PenaltyLine(c.ident("id"), c.integer("buyoff", 1, 999), c.ident("implement"),
                       where=c.where)


def tax(r: Row, problems: Problems) -> Tax:
    c = f.Cells(r, problems)
    return Tax(c.ident("id"), c.ident("implement"), c.integer("count", 1, 999), where=c.where)


def spanker(r: Row, problems: Problems) -> SpankerRoll:
    faces = r.get("faces")
    low_text, _, high_text = faces.partition("-")
    low = f.integer(low_text, r.at("faces"), problems, 1, 6)
    high = f.integer(high_text or low_text, r.at("faces"), problems, low, 6)
    who = r.get("spanker")
    return SpankerRoll(
        f.Cells(r, problems).integer("opponents", 1, 11), low, high,
        0 if who == "reroll" else f.integer(who, r.at("spanker"), problems, 1, 11),
        where=r.where)


def chance(path: Path, problems: Problems) -> tuple[ChanceCard, ...]:
    doc = read_toml(path, problems)
    if doc is None:
        return ()
    cards = doc.data.get("card", [])
    if not isinstance(cards, list) or not cards:
        problems.add(doc.where(), "the deck is empty; add cards as [[card]] tables")
        return ()
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            problems.add(doc.where("card", i), "write each card as a [[card]] table")
    return tuple(chance_card(doc, i, c, problems) for i, c in enumerate(cards)
                 if isinstance(c, dict))


def chance_card(doc: Toml, i: int, c: dict[str, Any], problems: Problems) -> ChanceCard:
    for key in c:
        if key not in CARD_KEYS:
            problems.add(doc.where("card", i, key),
                         f"unknown key; known keys are {', '.join(sorted(CARD_KEYS))}")
    params = c.get("params", {})
    if not isinstance(params, dict):
        problems.add(doc.where("card", i, "params"), "write params as { name = value, ... }")
        params = {}
    return ChanceCard(
        id=f.ident(c.get("id"), doc.where("card", i, "id"), problems),
        keep=f.boolean(c.get("keep", False), doc.where("card", i, "keep"), problems),
        goto=f.ident(c["goto"], doc.where("card", i, "goto"), problems) if "goto" in c else "",
        direct=f.boolean(c.get("direct", False), doc.where("card", i, "direct"), problems),
        start_note=f.boolean(c.get("start_note", False), doc.where("card", i, "start_note"),
                             problems),
        params=tuple(sorted(params.items())),
        corner=f.boolean(c.get("corner", False), doc.where("card", i, "corner"), problems),
        where=doc.where("card", i))


