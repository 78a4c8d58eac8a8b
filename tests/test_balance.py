"""What the groups earn, as an author who changes prices sees it: in a copy made with
`printkit new`, a group's payback and rank follow its prices, and an absurd price is a note
of `check` naming the group (never an error)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Run


def groups(cli: Callable[..., Run], game: str) -> dict[str, dict[str, Any]]:
    run = cli("analyse", game, "--json")
    assert run.code == 0, run.err
    return {g["id"]: g for g in json.loads(run.out)["balance"][0]["groups"]}


def price(streets: Path, street: str, new: int) -> None:
    """Set a street's price in streets.csv."""
    lines = streets.read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith(street + ","):
            cells = line.split(",")
            cells[2] = str(new)
            lines[i] = ",".join(cells)
    streets.write_text("\n".join(lines) + "\n", "utf-8")


@pytest.fixture
def mine(cli: Callable[..., Run], tmp_path: Path) -> Path:
    assert cli("new", "mijnstad", "--from", "klassiek", "--lang", "nl").code == 0
    return tmp_path / "data" / "mijnstad" / "streets.csv"


def test_cheaper_streets_pay_back_sooner_and_rank_higher(cli: Callable[..., Run],
                                                          mine: Path) -> None:
    before = groups(cli, "mijnstad")["brown"]
    assert before["rank"] == 8  # the cheapest group pays back slowest
    price(mine, "molenweg", 40)
    price(mine, "kerkpad", 40)
    houses = mine.with_name("groups.csv")
    houses.write_text(houses.read_text("utf-8").replace("brown,#8B5A2B,50,50",
                                                        "brown,#8B5A2B,20,20"), "utf-8")
    after = groups(cli, "mijnstad")["brown"]
    assert after["price"] == 80
    assert after["payback"] < before["payback"]
    assert after["rank"] < before["rank"]


def test_an_absurd_price_is_a_note_of_check_naming_the_group(cli: Callable[..., Run],
                                                              mine: Path) -> None:
    price(mine, "kastanjelaan", 9000)
    run = cli("check", "mijnstad")
    assert run.code == 0, run.err  # a note, never an error
    notes = [line for line in run.out.splitlines() if line.startswith("note: ")]
    assert any("data/mijnstad/groups.csv:" in n and "group 'orange' pays back later" in n
               for n in notes), notes
    assert any("data/mijnstad/streets.csv:" in n and "'beukenlaan' of group 'orange' costs "
               "180, less than 'kastanjelaan'" in n for n in notes), notes
    assert groups(cli, "mijnstad")["orange"]["rank"] == 8


def test_the_built_in_money_games_have_no_notes(cli: Callable[..., Run]) -> None:
    for game in ("klassiek", "koebstad", "antimonopoly"):
        run = cli("check", game)
        assert run.code == 0, run.err
        assert not [line for line in run.out.splitlines()
                    if "pays back" in line or "costs" in line]


def test_a_game_without_a_board_has_its_dice_table(cli: Callable[..., Run]) -> None:
    run = cli("analyse", "kortmonopol", "--json")
    found = json.loads(run.out)
    assert found["board"] is False
    assert "squares" not in found
    assert sum(o["chance"] for o in found["deck"]["outcomes"]) == pytest.approx(1, abs=1e-5)
