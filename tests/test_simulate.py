"""Whole games by simulation (printkit analyse --games): the games are read as build reads
them, play by their system's rules, and the same seed gives the same figures."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import copy_game, source_of

from printkit.model.simulation import Setting, Simulation
from printkit.systems.anti.play import anti_table, sides_of
from printkit.systems.money import simulate as money_simulate
from printkit.systems.money.play import FREE, Play
from printkit.systems.money.table import HOTEL, Table, classic_table


def simulated(name: str, data: Path | None = None, **setting: object) -> Simulation:
    source = source_of(name, data)
    game, simulator = source.game, source.setup.system.simulate
    assert simulator is not None
    return simulator(game, Setting(**setting))


def edited(tmp_path: Path, name: str, old: str, new: str, file: str = "game.toml") -> Path:
    """A copy of a built-in game with one line of a file changed; the data folder."""
    data = tmp_path / "data"
    folder = copy_game(name, data)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    changed = re.sub(old, new, text, count=1, flags=re.M)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    return data


class Scripted(Play):
    """A game whose dice show the given totals (a total with True: doubles)."""

    def __init__(self, table: Table, sides: tuple[int, ...], rolls: list[tuple[int, bool]],
                 **kwargs: str) -> None:
        super().__init__(table, sides, random.Random(0), **kwargs)
        self.script = list(rolls)

    def roll(self) -> tuple[int, bool]:
        return self.script.pop(0)


@pytest.fixture(scope="module")
def klassiek() -> Table:
    return classic_table(source_of("klassiek").game)


@pytest.fixture(scope="module")
def anti() -> Table:
    return anti_table(source_of("antimonopoly").game)


@pytest.mark.parametrize("name", ["klassiek", "koebstad", "antimonopoly", "spankopoly"])
def test_the_same_seed_gives_the_same_games(name: str) -> None:
    first = simulated(name, games=12, seed=7, players=3)
    assert simulated(name, games=12, seed=7, players=3).as_json() == first.as_json()
    assert simulated(name, games=12, seed=8, players=3).outcomes != first.outcomes
    assert first.games == 12
    assert 0.99 < sum(first.win_rates()) < 1.01


def test_sharing_the_games_among_cores_changes_nothing(
        monkeypatch: pytest.MonkeyPatch, klassiek: Table) -> None:
    setting = Setting(players=4, games=12, seed=3)
    alone = money_simulate.simulate(klassiek, (0,) * 4, setting, workers=1)
    monkeypatch.setattr(money_simulate, "SHARE", 5)  # three jobs on two cores
    assert money_simulate.simulate(klassiek, (0,) * 4, setting, workers=2) == alone


@pytest.mark.parametrize("name, variant", [("klassiek", "full"), ("klassiek", "short"),
                                           ("klassiek", "timed"), ("koebstad", "short"),
                                           ("antimonopoly", "full"), ("antimonopoly", "short")])
def test_no_money_appears_or_disappears(name: str, variant: str) -> None:
    """After every turn the players' money and the bank's balance add up to nothing, no
    player is in debt, and a bankrupt player holds nothing."""
    game = source_of(name).game
    if game.system == "anti":
        table, sides = anti_table(game), sides_of(5)
    else:
        table, sides = classic_table(game), (0,) * 5
    for seed in range(4):
        play = Play(table, sides, random.Random(seed), variant=variant)
        while not play.over and play.turns < 600:
            play.turn()
            assert sum(play.cash) + play.bank == 0
            assert min(play.cash) >= 0
            assert 0 <= play.houses <= table.houses
            assert 0 <= play.hotels <= table.hotels
            for p, alive in enumerate(play.alive):
                assert alive or (play.cash[p] == 0 and p not in play.owner)


def test_a_huge_start_capital_plays_to_the_turn_limit(tmp_path: Path) -> None:
    data = edited(tmp_path, "klassiek", r"^start_capital = \d+", "start_capital = 10000000")
    found = simulated("klassiek", data, games=3, players=4, limit=300)
    assert [o.turns for o in found.outcomes] == [300] * 3
    assert found.ended() == 0.0
    assert found.histogram() == []  # only games that ended by their rules


def test_bankruptcies_end_the_game(tmp_path: Path) -> None:
    """With almost no money, the taxes bankrupt every player but one, who wins."""
    data = edited(tmp_path, "klassiek", r"^start_capital = \d+", "start_capital = 1")
    game = source_of("klassiek", data).game
    for seed in range(5):
        play = Play(classic_table(game), (0,) * 3, random.Random(seed))
        play.play(5000)
        assert play.ended
        assert play.bankruptcies == 2
        assert play.alive == [p == play.winner for p in range(3)]


def test_the_short_game_ends_at_its_bankruptcy(klassiek: Table) -> None:
    """klassiek's short game deals two deeds each and ends at the second bankruptcy;
    koebstad's deals none and ends at the first ([short_game] of game.toml)."""
    play = Play(klassiek, (0,) * 4, random.Random(1), variant="short")
    assert [play.owner.count(p) for p in range(4)] == [2] * 4
    assert play.hotel_after == [3] * 4
    play.play(5000)
    assert play.ended
    assert play.bankruptcies == 2
    assert play.alive.count(True) == 2
    koebstad = classic_table(source_of("koebstad").game)
    play = Play(koebstad, (0,) * 4, random.Random(1), variant="short")
    assert play.owner.count(-1) == len(koebstad.deeds)
    assert play.hotel_after == [4] * 4
    play.play(5000)
    assert play.ended
    assert play.bankruptcies == 1


def test_the_game_with_a_time_limit_ends_at_its_time() -> None:
    """klassiek with a time limit: two deeds dealt to each player, and at the time (30
    minutes: 45 turns of 40 s) the richest wins; a game that ends so ended by its rules."""
    found = simulated("klassiek", games=5, seed=2, players=3, variant="timed", minutes=30)
    assert [o.turns for o in found.outcomes] == [45] * 5
    assert found.ended() == 1.0
    assert found.as_json()["minutes"] == 30
    play = Play(classic_table(source_of("klassiek").game), (0,) * 3, random.Random(0), "timed")
    assert [play.owner.count(p) for p in range(3)] == [2] * 3
    assert play.hotel_after == [4] * 3


@pytest.mark.parametrize("name, variant", [("spankopoly", "short"), ("antimonopoly", "timed")])
def test_a_variant_the_game_has_not_is_refused(name: str, variant: str) -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match=f"--variant {variant}: this game has no such "
                       "variant; it can be simulated as "):
        simulated(name, games=1, variant=variant)


def test_three_doubles_send_to_jail_without_moving(klassiek: Table) -> None:
    play = Scripted(klassiek, (0, 0), [(4, True), (6, True), (8, True)])
    play.reserve = 10**9  # buys nothing
    play.turn()
    assert play.pos[0] == klassiek.jail
    assert play.jailed[0] == 0


def test_passing_start_pays_the_salary_and_rent_doubles_on_a_whole_group(
        klassiek: Table) -> None:
    play = Scripted(klassiek, (0, 0), [(2, False), (1, False)])
    brown = klassiek.group_deeds[klassiek.groups.index("brown")]
    for d in brown:
        play.own(d, 1)
    play.pos[0] = 39
    play.reserve = 10**9  # buys nothing
    play.turn()  # passes Start to square 1, player 1's street of a whole group
    rent = klassiek.sides[0].ladders[brown[0]][0]
    assert klassiek.deeds[brown[0]].id == "molenweg"
    assert play.pos[0] == 1
    assert play.cash[0] == klassiek.start_capital + klassiek.salary - 2 * rent
    play.pledge(brown[1], True)
    play.turn()  # player 1 to its own street: nothing to pay
    play.pos[0], play.current = 0, 0
    play.script = [(1, False)]
    play.turn()  # the other street mortgaged: still double rent (classic)
    assert play.cash[0] == klassiek.start_capital + klassiek.salary - 4 * rent


def test_anti_doubles_give_one_extra_roll_and_no_jail(anti: Table) -> None:
    play = Scripted(anti, sides_of(2), [(3, True), (3, True), (3, True)])
    play.reserve = 10**9
    play.turn()  # to the two streets at 3 and 6, and no third roll
    assert play.pos[0] == 6
    assert play.jailed[0] == FREE
    assert len(play.script) == 1


def test_a_monopolist_in_prison_collects_no_rent(anti: Table) -> None:
    monopolist, competitor = 1, 0
    play = Scripted(anti, sides_of(2), [(1, False)])
    play.reserve = 10**9
    play.own(0, monopolist)
    play.to_jail(monopolist)
    play.turn()  # the competitor lands on the monopolist's street
    assert play.pos[competitor] == 1
    assert play.cash[competitor] == anti.start_capital
    play.jailed[monopolist] = FREE
    play.pos[competitor], play.current = 0, competitor
    play.script = [(1, False)]
    play.turn()
    assert play.cash[competitor] == anti.start_capital - anti.sides[1].ladders[0][0]


def test_buildings_are_bought_evenly_and_sold_back_at_half(klassiek: Table) -> None:
    play = Play(klassiek, (0, 0), random.Random(0))
    brown = klassiek.group_deeds[klassiek.groups.index("brown")]
    for d in brown:
        play.own(d, 0)
    play.cash[0] += 10_000
    play.bank -= 10_000
    from printkit.systems.money import tactics

    tactics.build(play, 0)
    assert [play.level[d] for d in brown] == [HOTEL, HOTEL]
    assert play.hotels == klassiek.hotels - 2
    assert play.houses == klassiek.houses
    before = play.cash[0]
    tactics.raise_cash(play, 0, before + 1)
    assert play.level[brown[0]] < HOTEL or play.level[brown[1]] < HOTEL
    assert sum(play.cash) + play.bank == 0


def test_spankopoly_ends_when_a_player_completes_the_last_round() -> None:
    from printkit.systems.spankopoly.play import Round

    game = source_of("spankopoly").game
    play = Round(game, 3, random.Random(2), (2, 6))
    warm = play.points[:]
    assert len(set(warm)) == 1
    assert warm[0] > 0
    play.play(5000)
    assert play.over
    assert max(play.rounds) == game.rules.rounds
    assert all(p > w for p, w in zip(play.points, warm, strict=True))


def test_the_figures_describe_the_games() -> None:
    found = simulated("klassiek", games=40, seed=1, players=4)
    figures = found.as_json()
    assert figures["games"] == 40
    assert len(figures["win_rate_by_seat"]) == 4
    assert sum(bar["games"] for bar in figures["histogram"]) == sum(
        o.ended for o in found.outcomes)
    assert figures["turns"]["p10"] <= figures["turns"]["median"] <= figures["turns"]["p90"]
    assert figures["minutes_median"] == round(figures["turns"]["median"] * 40 / 60)
    assert set(figures["winner_groups"]) == {"brown", "light_blue", "pink", "orange", "red",
                                             "yellow", "green", "dark_blue"}
    anti = simulated("antimonopoly", games=10, seed=1, players=3).as_json()
    assert anti["roles"] == ["competitor", "monopolist", "competitor"]
    assert set(anti["win_rate_by_role"]) == {"competitor", "monopolist"}


@pytest.mark.parametrize("players", [1, 7])
def test_a_number_of_players_outside_the_game_is_refused(players: int) -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match=f"--players {players}: the simulation plays "
                       "2 to 6 players"):
        simulated("antimonopoly", games=1, players=players)


def test_a_nearest_card_moves_on_and_asks_its_own_rent(klassiek: Table) -> None:
    """klassiek's Kans: to the next station at twice its rent, to the next utility at ten
    times a new roll of the dice."""
    station = next(a for a in klassiek.decks[0] if a.action == "nearest" and a.factor == 2)
    utility = next(a for a in klassiek.decks[0] if a.action == "nearest" and a.factor == 10)
    play = Scripted(klassiek, (0, 0), [(9, False)])
    havenkwartier = klassiek.squares[15][1]
    water = klassiek.squares[28][1]
    play.own(havenkwartier, 1)
    play.own(water, 1)
    play.pos[0] = 7  # on Kans
    play.act(0, station, 7)
    assert play.pos[0] == 15
    assert play.cash[0] == klassiek.start_capital - 2 * klassiek.sides[0].station_rents[0]
    play.pos[0] = 22
    play.act(0, utility, 7)
    assert play.pos[0] == 28
    assert play.cash[0] == klassiek.start_capital - 2 * klassiek.sides[0].station_rents[0] - 90
