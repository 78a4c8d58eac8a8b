"""Semantic rules of the spankopoly system."""

from __future__ import annotations

from collections import Counter

from printkit.errors import Problems, Where
from printkit.model import Stake
from printkit.model.palette import Palette, Swatch
from printkit.systems.spankopoly.model import Game
from printkit.validate.board import Ring, board_file, check_board
from printkit.validate.common import refer, unique

CORNERS = ("start", "visiting", "extra_roll", "go_to_corner")


def check(game: Game, problems: Problems) -> None:
    for check_part in (ids, references, board, chance, scoring):
        check_part(game, problems)


def ids(game: Game, problems: Problems) -> None:
    unique(game.implements, "implement", problems)
    unique(game.implements, "implement number", problems, key="number")
    unique(game.groups, "group", problems)
    unique(game.streets, "street", problems)
    unique(game.stations, "station", problems)
    unique(game.penalty_lines, "penalty line", problems)
    unique(game.taxes, "tax", problems)
    unique(game.chance, "chance card", problems)
    unique(game.states, "clothing state", problems)


def implement_ref(value: str, game: Game, where: Where, problems: Problems) -> None:
    refer(value, game.implement, "implement", where, problems)


def references(game: Game, problems: Problems) -> None:
    for g in game.groups:
        implement_ref(g.implement, game, g.where.at("implement"), problems)
    for s in game.streets:
        refer(s.group, game.group, "group", s.where.at("group"), problems)
    for line in game.penalty_lines:
        implement_ref(line.implement, game, line.where.at("implement"), problems)
    for t in game.taxes:
        implement_ref(t.implement, game, t.where.at("implement"), problems)
    r = game.rules
    for stake in (r.start_land, r.warm_up, r.station_purchase, r.corner_fine):
        stake_ref(stake, game, problems)
    die_where = Where(game.where.path.replace("game.toml", "station_die.csv"), 1)
    faces = Counter(face for face, _ in game.station_die)
    for _face, impl in game.station_die:
        implement_ref(impl, game, die_where.at("implement"), problems)
    if (game.station_die and sorted(faces) != [1, 2, 3, 4, 5, 6]) or any(
            n > 1 for n in faces.values()):
        problems.add(die_where.at("face"), "the station die table needs each face 1–6 once")
    for g in game.groups:
        if not game.streets_of(g.id):
            problems.add(g.where.at("id"), f"group '{g.id}' has no streets; remove it or add"
                         " streets to it in streets.csv")


def stake_ref(stake: Stake, game: Game, problems: Problems) -> None:
    implement_ref(stake.implement, game, stake.where.at(stake.where.field + ".implement"),
                  problems)


def board(game: Game, problems: Problems) -> None:
    ring = Ring(known={"corner": CORNERS, "street": game.street, "station": game.station,
                       "penalty_lines": game.penalty_line, "tax": game.tax,
                       "chance": ("chance",)},
                placed={"street": game.streets, "station": game.stations, "tax": game.taxes,
                        "penalty_lines": game.penalty_lines},
                corners=CORNERS)
    check_board(game.squares, game.board, ring, board_file(game.where, game.squares), problems)


def chance(game: Game, problems: Problems) -> None:
    targets = {**game.street, **game.station, **dict.fromkeys(CORNERS)}
    for card in game.chance:
        if card.goto:
            refer(card.goto, targets, "square", card.where.at("goto"), problems)
        if card.goto and card.corner:
            problems.add(card.where.at("corner"), "a card sends the player to a square "
                         "(goto) or to the corner, not both; remove one")
        for key, value in card.params:
            if key == "implement" or key.endswith("_implement"):
                implement_ref(str(value), game, card.where.at(f"params.{key}"), problems)
            elif not isinstance(value, (int, str)) or isinstance(value, bool):
                problems.add(card.where.at(f"params.{key}"), "a param is a number or a text")


def scoring(game: Game, problems: Problems) -> None:
    covered: Counter[int] = Counter()
    for state in game.states:
        if state.first_round > state.last_round:
            problems.add(state.where.at("rounds"), "the first round comes after the last")
        covered.update(range(state.first_round, state.last_round + 1))
    rounds = game.rules.rounds
    for state in game.states:
        if state.last_round > rounds >= state.first_round:
            problems.add(state.where.at("rounds"), f"ends at round {state.last_round}, but "
                         f"scoring.rounds = {rounds}: end it at round {rounds} or raise "
                         "scoring.rounds")
        elif state.first_round > rounds:
            problems.add(state.where.at("rounds"), f"starts after the last round (scoring."
                         f"rounds = {rounds}): remove it or raise scoring.rounds")
    gaps = [n for n in range(1, rounds + 1) if covered[n] != 1]
    if game.states and gaps:
        problems.add(game.states[0].where.at("rounds"), "every round 1–" + str(rounds)
                     + " needs exactly one clothing state; check round "
                     + ", ".join(map(str, gaps)))
    for n in sorted({r.opponents for r in game.spanker_die}):
        rows = [r for r in game.spanker_die if r.opponents == n]
        faces = Counter(f for r in rows for f in range(r.low, r.high + 1))
        if sorted(faces) != [1, 2, 3, 4, 5, 6] or max(faces.values()) > 1:
            problems.add(rows[0].where.at("faces"), f"with {n} opponents the faces 1–6 must "
                         "each appear once")
        for r in rows:
            if r.spanker > n:
                problems.add(r.where.at("spanker"), f"there are only {n} opponents")


def palette(game: Game) -> Palette:
    """The colours the colour check weighs: groups, the chance deck, the backs of station
    and penalty-line cards (large text), the station deeds' band (the board's ink) and the
    board."""
    path = game.where.path
    ground = Swatch("board", game.board.background, Where(path, 0, "board.background"))
    ink = Swatch("board_ink", game.board.ink, Where(path, 0, "board.ink"))
    return Palette(
        groups=tuple(Swatch(g.id, g.colour, g.where.at("colour")) for g in game.groups),
        decks=(Swatch("chance", game.cards.chance_colour,
                      Where(path, 0, "cards.chance_colour")),),
        bands=(Swatch("deed_back", game.cards.deed_back, Where(path, 0, "cards.deed_back"),
                      large=True), ink),
        ground=ground, ink=ink)
