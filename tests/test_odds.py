"""The exact landing odds: Project Euler 84's published figures from a game folder written
as a user writes one, and a plain Monte-Carlo of a million rolls that agrees with them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import Run, source_of

from printkit.analyse.markov import solve
from printkit.commands.analyse import analysis_of
from printkit.model.analysis import Track
from printkit.model.dice import Dice
from printkit.systems.money.analysis import classic_track

# Project Euler 84's decks (https://projecteuler.net/problem=84), in klassiek's squares:
# Community Chest moves to GO or to jail (2 of 16 cards), Chance to GO, jail, C1, E3, H2,
# R1, the next railway (twice), the next utility, or three squares back (10 of 16).
COMMUNITY = """colour = "#F2D64B"
icon = "chest"

[[card]]
id = "go"
action = "goto"
target = "start"

[[card]]
id = "jail"
action = "jail"
""" + "".join(f"""
[[card]]
id = "money_{n}"
action = "collect"
amount = 10
""" for n in range(14))

CHANCE = """colour = "#F28C28"
icon = "question"
""" + "".join(f"""
[[card]]
id = "{card_id}"
{body}
""" for card_id, body in (
    ("go", 'action = "goto"\ntarget = "start"'), ("jail", 'action = "jail"'),
    ("c1", 'action = "goto"\ntarget = "marktstraat"'),
    ("e3", 'action = "goto"\ntarget = "kadestraat"'),
    ("h2", 'action = "goto"\ntarget = "kasteelplein"'),
    ("r1", 'action = "goto"\ntarget = "centraal"'),
    ("next_r", 'action = "nearest"\nkind = "station"'),
    ("next_r_2", 'action = "nearest"\nkind = "station"'),
    ("next_u", 'action = "nearest"\nkind = "utility"'),
    ("back_3", 'action = "move"\nsteps = -3'),
    *((f"money_{n}", 'action = "pay"\namount = 10') for n in range(6))))


@pytest.fixture
def euler(cli: Callable[..., Run], tmp_path: Path) -> Path:
    """Project Euler 84's game: a copy of klassiek (the same board) with its decks."""
    made = cli("new", "euler", "--from", "klassiek", "--lang", "nl")
    assert made.code == 0, made.err
    folder = tmp_path / "data" / "euler"
    (folder / "decks" / "community.toml").write_text(COMMUNITY, encoding="utf-8")
    (folder / "decks" / "chance.toml").write_text(CHANCE, encoding="utf-8")
    return folder


def figures(cli: Callable[..., Run], *args: str) -> dict[str, Any]:
    """What `printkit analyse … --json` prints."""
    run = cli("analyse", *args, "--json")
    assert run.code == 0, run.err
    found: dict[str, Any] = json.loads(run.out)
    return found


def jail_total(found: dict[str, Any]) -> list[float]:
    """Project Euler's shares: its JAIL holds the visits and the token in jail."""
    shares = [s["landing"] for s in found["squares"]]
    shares[10] += found["in_jail"]
    return shares


def modal(shares: list[float]) -> str:
    return "".join(f"{i:02d}" for i in sorted(range(len(shares)), key=lambda i: -shares[i])[:3])


def test_project_euler_84_six_sided_dice(euler: Path, cli: Callable[..., Run]) -> None:
    shares = jail_total(figures(cli, "euler"))
    assert modal(shares) == "102400"
    for square, published in ((10, 6.24), (24, 3.18), (0, 3.09)):
        assert shares[square] * 100 == pytest.approx(published, abs=0.05), square


def test_project_euler_84_four_sided_dice(euler: Path, cli: Callable[..., Run]) -> None:
    assert modal(jail_total(figures(cli, "euler", "--dice", "2d4"))) == "101524"


@pytest.mark.parametrize("jail", ["short", "long"])
def test_landing_and_turn_ends_add_up_with_jail_apart(cli: Callable[..., Run],
                                                      jail: str) -> None:
    found = figures(cli, "klassiek", "--jail", jail)
    squares = found["squares"]
    assert [s["id"] for s in squares[:2]] == ["start", "molenweg"]
    assert sum(s["landing"] for s in squares) + found["in_jail"] == pytest.approx(1, abs=1e-4)
    assert sum(s["turn_end"] for s in squares) + found["in_jail_turn_end"] == \
        pytest.approx(1, abs=1e-4)
    assert squares[30]["landing"] == 0  # the go-to-jail corner sends on at once
    assert 0 < squares[10]["landing"] < found["in_jail"]  # just visiting, and in jail
    if jail == "short":
        assert found["in_jail"] == pytest.approx(found["sent_to_jail"])
    else:  # a failed try for doubles ends a roll in jail too
        assert found["in_jail"] > 2 * found["sent_to_jail"]


def test_the_exact_odds_add_up_to_one_exactly() -> None:
    odds = analysis_of(source_of("klassiek"), Dice(3, 4), "long").odds
    assert odds is not None
    assert sum(odds.landing) + odds.in_jail == pytest.approx(1, abs=1e-12)
    assert sum(odds.turn_end) + odds.in_jail_turn_end == pytest.approx(1, abs=1e-12)


# the Monte-Carlo: the rules played out, roll by roll, for many tokens at once ----------

def simulate(track: Track, strategy: str, tokens: int, rolls: int, warm: int,
             seed: int) -> np.ndarray:
    """Each token's share of rolls ending on each square (and, last, in jail), counted
    after `warm` rolls; two six-sided dice, cards drawn at random, the classic rules."""
    rng = np.random.default_rng(seed)
    n = len(track.squares)
    kinds = [s.kind for s in track.squares]
    to_jail = np.isin(np.arange(n), list(track.to_jail))
    deck_of = dict(track.draws)
    has_deck = np.isin(np.arange(n), list(deck_of))
    counts = np.zeros((tokens, n + 1))
    at = np.zeros(tokens, dtype=int)
    doubles = np.zeros(tokens, dtype=int)
    tries = np.full(tokens, -1)  # -1: free; else the failed tries in jail
    for roll in range(warm + rolls):
        a, b = rng.integers(1, 7, tokens), rng.integers(1, 7, tokens)
        double = a == b
        free, jailed = tries < 0, tries >= 0
        third = free & double & (doubles == track.doubles_to_jail - 1)
        moving = (free & ~third) | (jailed & (double | (tries == track.jail_turns - 1)))
        target = (at + a + b) % n
        sent = third | (moving & to_jail[target])
        drawing = moving & ~sent & has_deck[target]
        for _ in range(8):  # a card may lead to another card square
            for i in np.flatnonzero(drawing):
                moves = deck_of[int(target[i])].moves
                move = moves[rng.integers(len(moves))][1]
                if move.kind == "goto":
                    target[i] = move.target
                elif move.kind == "move":
                    target[i] = (target[i] + move.steps) % n
                elif move.kind == "nearest":
                    target[i] = next(q % n for q in range(target[i] + 1, target[i] + n + 1)
                                     if kinds[q % n] == move.nearest)
                elif move.kind == "jail":
                    sent[i] = True
                else:
                    drawing[i] = False
            sent |= drawing & to_jail[target]
            drawing &= ~sent & has_deck[target]
            if not drawing.any():
                break
        landed = moving & ~sent
        label = np.where(landed, target, n)
        at = np.where(landed, target, np.where(sent, track.jail, at))
        tries = np.where(landed, -1, np.where(sent, 0 if strategy == "long" else -1,
                                               np.where(jailed, tries + 1, tries)))
        doubles = np.where(landed & free & double, doubles + 1, 0)
        if roll >= warm:
            counts[np.arange(tokens), label] += 1
    return counts / rolls


@pytest.mark.parametrize("strategy", ["short", "long"])
def test_a_plain_monte_carlo_agrees_with_the_exact_odds(strategy: str) -> None:
    """A million rolls of klassiek (2 000 tokens × 500 rolls, after 50 to forget the
    start), played by the rules, land within four standard errors of the exact odds on
    every square and in jail."""
    track = classic_track(source_of("klassiek").game)
    exact = solve(track, Dice(), strategy)
    shares = simulate(track, strategy, tokens=2000, rolls=500, warm=50, seed=84)
    found = shares.mean(axis=0)
    error = shares.std(axis=0, ddof=1) / np.sqrt(shares.shape[0])
    expected = np.array([*exact.landing, exact.in_jail])
    z = np.abs(found - expected) / np.maximum(error, 1e-12)
    assert z.max() < 4, (int(z.argmax()), found[z.argmax()], expected[z.argmax()])
