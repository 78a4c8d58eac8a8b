"""Languages and products are built in parallel: the same bytes as one by one, and the
problems of every language reported together."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game, files_of, stand_in_languages
from games import GAMES, IDS, GameCase

from printkit.errors import PrintkitError
from printkit.options import Request
from printkit.pipeline import build


@pytest.fixture(params=GAMES, ids=IDS)
def all_languages(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[GameCase, Path]:
    folder = copy_game(request.param.name, tmp_path / "data")
    stand_in_languages(folder)
    return request.param, folder


def test_parallel_and_sequential_builds_give_the_same_bytes(all_languages,
                                                            tmp_path: Path) -> None:
    game, folder = all_languages
    name = game.name
    build(Request(name, ("all",), data=folder.parent), tmp_path / "one", workers=1)
    build(Request(name, ("all",), data=folder.parent), tmp_path / "two", workers=2)
    one, two = files_of(tmp_path / "one"), files_of(tmp_path / "two")
    assert len({n.split("/")[1] for n in one}) == 3  # three languages
    assert one == two


def set_line(path: Path, start: str, line: str) -> None:
    lines = path.read_text("utf-8").splitlines()
    lines[next(i for i, text in enumerate(lines) if text.startswith(start))] = line
    path.write_text("\n".join(lines) + "\n", "utf-8")


@pytest.mark.parametrize("value,message", [
    ("{{ 1/0 }}", "{path}: game.tagline: template error: ZeroDivisionError: division by zero"),
    ("Spel 漢", "data/{game}/text/{code}.toml: {item}: character '漢' (U+6F22) is not in the "
               "bundled font; replace it"),
], ids=["localise", "layout"])
def test_problems_of_every_language_are_reported_together(
        all_languages, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str,
        message: str) -> None:
    game, folder = all_languages
    name = game.name
    monkeypatch.chdir(tmp_path)
    expected = []
    for code in ("nb", "da"):
        path = folder / "text" / f"{code}.toml"
        set_line(path, "tagline", f'tagline = "{value}"')
        line = path.read_text("utf-8").splitlines().index(f'tagline = "{value}"') + 1
        expected.append(message.format(path=f"data/{name}/text/{code}.toml:{line}", game=name,
                                       code=code, item=game.printed_on))
    with pytest.raises(PrintkitError) as err:
        build(Request(name, ("all",), data=folder.parent), tmp_path / "out", workers=2)
    assert sorted(str(p) for p in err.value.problems) == sorted(expected)
    assert not (tmp_path / "out").exists()


def test_languages_are_localised_in_parallel_workers(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the cache, each language is localised in a worker of its own, which gets
    the game and its system whole (a system holding a closure could not be sent)."""
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    built = build(Request("klassiek", ("all",), only=("chance",)), tmp_path, workers=2)
    assert sorted(b.lang for b in built) == ["da", "nb", "nl"]
