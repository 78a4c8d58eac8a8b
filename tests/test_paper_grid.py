"""Every paper of the built-in print settings with every built-in game: the build works, or
it is refused with located problems (exit 2, nothing written); never a traceback."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from games import IDS
from typer.testing import CliRunner

from printkit.cli import app
from printkit.resources import PACKAGE

with (PACKAGE / "builtin" / "print.toml").open("rb") as fh:
    PAPERS = tuple(tomllib.load(fh)["papers"])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", IDS)
def test_every_game_builds_on_every_paper_or_says_why(game: str, paper: str,
                                                      tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", game, "--paper", paper.upper(),
                                      "--out", str(tmp_path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    if result.exit_code == 0:
        assert "files written" in result.output
        assert any((tmp_path / game).rglob("*.pdf"))
    else:
        assert result.exit_code == 2, result.output
        lines = [line for line in result.output.splitlines() if line.startswith("error: ")]
        assert lines, result.output
        assert all(": " in line[len("error: "):] for line in lines), result.output
        assert "nothing was written" in result.output
        assert not (tmp_path / game).exists()
