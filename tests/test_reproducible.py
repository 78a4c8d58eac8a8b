"""Byte-reproducible output: the same input builds the same bytes, file by file, whatever
the output folder, working directory or option order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, files_of
from games import FIRST, GAMES, IDS

from printkit.options import Options, Request
from printkit.pipeline import build

VARIANTS = {
    "default": Options(),
    "print-shop": Options(players=6, paper="a3", duplex="short", back_offset=(0.4, -0.3),
                          cmyk=True),
    "pdfx": Options(target="shop", cmyk=True),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_two_builds_give_identical_files(game, variant: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_game(game.name, tmp_path / "data")
    rules = folder / "rules"
    if not rules.is_dir():  # every product, the rule booklet too
        rules.mkdir()
        (rules / "nl.md").write_text("# Regels\n\nSpeel {{ 2 + 2 }} keer.\n", "utf-8")
    options = VARIANTS[variant]
    monkeypatch.chdir(tmp_path)
    build(Request(game.name, ("nl",), data=Path("data"), options=options), Path("first"))
    monkeypatch.chdir(folder)
    build(Request(game.name, ("nl",), data=tmp_path / "data", options=options),
          tmp_path / "second" / "deeper")
    first, second = files_of(tmp_path / "first"), files_of(tmp_path / "second" / "deeper")
    assert len(first) >= (game.files if options.target == "home" else 4)  # shop: no tiles
    assert any(name.endswith("/rules.pdf") for name in first)
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], name


@pytest.mark.parametrize("game", FIRST, ids=IDS[:1])
def test_separate_processes_with_different_hash_seeds_give_identical_files(
        game, tmp_path: Path) -> None:
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=seed)
        out = tmp_path / f"out{seed}"
        subprocess.run([sys.executable, "-m", "printkit", "build", game.name, "--out",
                        str(out)], env=env, check=True, capture_output=True, cwd=tmp_path)
        outputs.append(files_of(out))
    assert outputs[0]
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_product_built_alone_has_the_bytes_it_has_in_the_whole_kit(game,
                                                                     tmp_path: Path) -> None:
    whole = build(Request(game.name, ("nl",)), tmp_path / "whole")
    alone = build(Request(game.name, ("nl",), only=(game.product,)), tmp_path / "alone")
    expected = {b.path.relative_to(tmp_path / "whole"): b.data for b in whole}
    assert alone
    for b in alone:
        assert b.data == expected[b.path.relative_to(tmp_path / "alone")], b.path.name
