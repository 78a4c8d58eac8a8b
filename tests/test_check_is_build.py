"""`printkit check` is the same gate as `printkit build`: for every case of the bad-input
corpus and for mutated games, both exit with the same code and report the same problems,
each once; check writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game
from games import GAMES, IDS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bad_input import BAD, CASES, apply_case
from test_fuzz import csv_lines, with_cell


def check_args(args: list[str]) -> list[str]:
    """The check command line for a build command line (without --out)."""
    assert args[0] == "build"
    rest, skip = [], False
    for arg in args[1:]:
        if skip:
            skip = False
        elif arg == "--out":
            skip = True
        else:
            rest.append(arg)
    return ["check", *rest]


def problems(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("error: ")]


def assert_agree(cli, args: list[str], out: Path) -> None:
    built = cli(*args)
    checked = cli(*check_args(args))
    assert checked.code == built.code, (checked.err, built.err)
    assert problems(checked.err) == problems(built.err)
    lines = problems(checked.err)
    assert len(lines) == len(set(lines)), "a problem printed twice"
    if built.code:
        assert checked.errors[-1] == f"{len(lines)} problem{'s' if len(lines) != 1 else ''}" \
            "; build would stop here."
    assert not Path("output").exists()


@pytest.mark.parametrize("case", CASES)
def test_check_and_build_agree_on_every_bad_case(case: str, cli, tmp_path: Path) -> None:
    args = apply_case(BAD / case, tmp_path / "data")
    assert_agree(cli, args, tmp_path / "out")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=3, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(__import__("hypothesis").HealthCheck))
@given(data=st.data())
def test_check_and_build_agree_on_mutated_games(game, cli, tmp_path_factory,
                                                data: st.DataObject) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    folder = copy_game(game.name, root / "data")
    name = data.draw(st.sampled_from(sorted(p.name for p in folder.glob("*.csv"))))
    lines = csv_lines((folder / name).read_text("utf-8"))
    i = data.draw(st.integers(1, max(1, len(lines) - 1)))
    lines[i] = with_cell(lines[i], data.draw(st.integers(0, 5)),
                         data.draw(st.integers(-5, 120).map(str)))
    (folder / name).write_text("\n".join(lines), "utf-8")
    assert_agree(cli, ["build", game.name, "--data", str(root / "data"), "--out",
                       str(root / "out")], root / "out")


def test_check_counts_a_missing_text_once_and_names_an_empty_one(cli, tmp_path: Path) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    text = folder / "text" / "nl.toml"
    text.write_text(text.read_text("utf-8").replace('goto = "Ga naar {{ target }}."\n', "")
                    .replace('name = "Kerkpad"', 'name = ""'), "utf-8")
    run = cli("check", "klassiek")
    assert run.code == 2
    assert run.errors[-1] == "2 problems; build would stop here."
    assert "phrases.goto: missing text" in run.errors[0]
    assert "streets.kerkpad.name: empty text; write it" in run.errors[1]


def test_check_finds_the_rounds_beyond_the_game(cli, tmp_path: Path) -> None:
    folder = copy_game("spankopoly", tmp_path / "data")
    manifest = folder / "game.toml"
    manifest.write_text(manifest.read_text("utf-8").replace("rounds = 12 ", "rounds = 10 "),
                        "utf-8")
    run = cli("check", "spankopoly")
    assert run.code == 2
    assert any("ends at round 12, but scoring.rounds = 10: end it at round 10" in line
               for line in run.errors), run.errors
