"""printkit.cache: a build that reads its cache writes the bytes a build without it writes.

Each kind of input is changed once after a cached build; the next build, with the cache,
must equal a build with the cache turned off (and differ from the build before the change,
so that a stale cache could not pass).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from printkit import cache
from printkit.errors import PrintkitError
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.resources import builtin

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of spankopoly under tmp/data, and a cache of this test's own."""
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(builtin("data") / "spankopoly", tmp_path / "data" / "spankopoly")
    return tmp_path / "data"


def outputs(data: Path, monkeypatch: pytest.MonkeyPatch, cached: bool = True,
            options: Options | None = None, only: tuple[str, ...] = ("chance",),
            langs: tuple[str, ...] = ("nl",), config: Path | None = None
            ) -> dict[str, bytes]:
    """Every file a build writes (path under the output folder -> bytes)."""
    monkeypatch.setenv("PRINTKIT_CACHE", "on" if cached else "off")
    out = data.parent / "out"
    shutil.rmtree(out, ignore_errors=True)
    build(Request("spankopoly", tuple(langs), data=data, options=options or Options(),
                  only=tuple(only), config=config), out, workers=1)
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file()}


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def with_picture_theme(game: Path) -> None:
    (game / "art").mkdir()
    Image.new("RGB", (900, 1300), (20, 90, 160)).save(game / "art" / "back.png")
    with (game / "game.toml").open("a", encoding="utf-8") as file:
        file.write('\n[theme.backs]\nchance = "art/back.png"\n')


def with_font_theme(game: Path) -> None:
    (game / "fonts").mkdir()
    shutil.copyfile(FIXTURES / "fonts" / "DejaVuSerif.ttf", game / "fonts" / "body.ttf")
    with (game / "game.toml").open("a", encoding="utf-8") as file:
        file.write('\n[theme.fonts]\nbody = "fonts/body.ttf"\n')


Edit = Callable[[Path], None]
EDITS: dict[str, tuple[Edit | None, Edit, tuple[str, ...]]] = {
    # input: (set-up before the first build, the change, the products built)
    "game.toml": (None, lambda g: replace_in(g / "game.toml", 'chance_colour = "#E8A33D"',
                                             'chance_colour = "#3DA3E8"'), ("chance",)),
    "a table (CSV)": (None, lambda g: replace_in(g / "streets.csv", "scullery,wooden_spoon,15",
                                                 "scullery,wooden_spoon,17"), ("deeds",)),
    "a card file": (None, lambda g: replace_in(g / "chance.toml", "extra = 1", "extra = 2"),
                    ("chance",)),
    "a text file": (None, lambda g: (g / "text" / "nl.toml").write_text(
        (g / "text" / "nl.toml").read_text("utf-8").replace("Je bent jarig!", "Feest!"),
        "utf-8"), ("chance",)),
    "the rules": (None, lambda g: (g / "rules" / "nl.md").write_text(
        (g / "rules" / "nl.md").read_text("utf-8") + "\nEen regel van de huisgenoten.\n",
        "utf-8"), ("rules",)),
    "a picture": (with_picture_theme, lambda g: Image.new(
        "RGB", (900, 1300), (160, 40, 20)).save(g / "art" / "back.png"), ("chance",)),
    "a font": (with_font_theme, lambda g: shutil.copyfile(
        builtin("data").parent / "printkit" / "fonts" / "DejaVuSansCondensed-Oblique.ttf",
        g / "fonts" / "body.ttf"), ("chance",)),
}


@pytest.mark.parametrize("kind", list(EDITS))
def test_a_changed_input_is_built_as_without_the_cache(data: Path, kind: str,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    setup, change, only = EDITS[kind]
    game = data / "spankopoly"
    if setup is not None:
        setup(game)
    before = outputs(data, monkeypatch, only=only)
    assert outputs(data, monkeypatch, only=only) == before  # read from the cache
    change(game)
    after = outputs(data, monkeypatch, only=only)
    assert after == outputs(data, monkeypatch, cached=False, only=only)
    assert after != before, f"changing {kind} changed nothing: the test proves nothing"


def test_each_choice_of_the_build_is_its_own_entry(data: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Languages, products, --allow-missing, players and print settings: each build equals
    the same build without the cache, whatever was built (and cached) before it."""
    config = data.parent / "printkit.toml"
    config.write_text('[sheet]\nmargin = "12mm"\n', "utf-8")
    builds: list[dict[str, object]] = [
        {}, {"langs": ("nb",)}, {"langs": ("nl", "da")}, {"only": ("chance", "scorepad")},
        {"options": Options(allow_missing=True)}, {"options": Options(players=6),
                                                   "only": ("scorepad",)},
        {"config": config}, {}]
    seen = []
    for kwargs in builds:
        found = outputs(data, monkeypatch, **kwargs)  # type: ignore[arg-type]
        assert found == outputs(data, monkeypatch, cached=False, **kwargs)  # type: ignore[arg-type]
        seen.append(found)
    assert len({tuple(sorted(f)) for f in seen}) >= 4
    assert seen[0] == seen[-1]


def test_an_unchanged_game_is_not_loaded_again(data: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    first = outputs(data, monkeypatch)
    entries = list((data.parent / "cache").glob("*.pickle"))
    assert len(entries) == 1

    def no_loading(*_: object) -> None:
        raise AssertionError("the game was loaded though the cache holds it")

    monkeypatch.setattr("printkit.plan.read", no_loading)
    assert outputs(data, monkeypatch) == first


def test_printkits_own_files_are_part_of_the_key(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited printkit (a checkout) never reads an entry of its earlier self."""
    package = tmp_path / "printkit"
    package.mkdir()
    module = package / "layout.py"
    module.write_text("WIDTH = 1\n", "utf-8")
    monkeypatch.setattr(cache, "PACKAGE", package)
    game = builtin("data") / "spankopoly"
    first = cache.key(game, ())
    assert cache.key(game, ()) == first
    module.write_text("WIDTH = 22\n", "utf-8")
    assert cache.key(game, ()) != first


def test_a_damaged_entry_is_built_anew(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = outputs(data, monkeypatch)
    for entry in (data.parent / "cache").glob("*.pickle"):
        entry.write_bytes(entry.read_bytes()[:100])
    assert outputs(data, monkeypatch) == first
    for entry in (data.parent / "cache").glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert outputs(data, monkeypatch) == first


def test_a_cache_that_cannot_be_written_is_not_used(data: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = data.parent / "blocked"
    blocked.write_text("a file where the cache folder would be", "utf-8")
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(blocked / "cache"))
    assert outputs(data, monkeypatch) == outputs(data, monkeypatch, cached=False)


def test_a_game_with_problems_is_never_cached(data: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    replace_in(data / "spankopoly" / "streets.csv", "scullery,wooden_spoon,15",
               "scullery,wooden_spoon,many")
    for _ in range(2):
        with pytest.raises(PrintkitError, match=r"streets\.csv"):
            outputs(data, monkeypatch)
    assert not list((data.parent / "cache").glob("*.pickle"))


def test_the_options_of_a_kept_game_are_read_again_only_when_their_files_change(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build of a game the cache holds takes its settled options (print settings, theme)
    from the cache too, and reads them again when a settings file changes or appears in a
    usual place."""
    import time

    import printkit.plan

    def aged(path: Path, seconds: int) -> None:  # saved a while ago: not too recent
        os.utime(path, (time.time() - seconds, time.time() - seconds))

    usual = data.parent / "xdg" / "printkit" / "printkit.toml"  # where the user's may be
    monkeypatch.setattr("printkit.config.usual_configs", lambda: [usual])
    config = data.parent / "printkit.toml"
    config.write_text('[sheet]\ngutter = "8mm"\n', "utf-8")
    aged(config, 100)
    first = outputs(data, monkeypatch, config=config)
    settle = printkit.plan.settle

    def no_settling(*_: object) -> None:
        raise AssertionError("the options were settled though the cache holds them")

    monkeypatch.setattr(printkit.plan, "settle", no_settling)
    assert outputs(data, monkeypatch, config=config) == first
    monkeypatch.setattr(printkit.plan, "settle", settle)

    def changed(**kwargs: object) -> dict[str, bytes]:
        found = outputs(data, monkeypatch, **kwargs)  # type: ignore[arg-type]
        assert found == outputs(data, monkeypatch, cached=False, **kwargs)  # type: ignore[arg-type]
        return found

    config.write_text('[sheet]\ngutter = "10mm"\n', "utf-8")
    aged(config, 50)
    assert changed(config=config) != first
    plain = changed()
    usual.parent.mkdir(parents=True)
    usual.write_text('[sheet]\ngutter = "9mm"\n', "utf-8")
    aged(usual, 100)
    assert changed() != plain


def test_only_the_newest_entries_are_kept(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    for only in (("chance",), ("scorepad",), ("lines",)):
        outputs(data, monkeypatch, only=only)
    entries = list((data.parent / "cache").glob("*.pickle"))
    assert len(entries) == 2
    assert not list((data.parent / "cache").glob("*.tmp"))
    stale, fresh = data.parent / "cache" / "left.tmp", data.parent / "cache" / "now.tmp"
    for left in (stale, fresh):
        left.write_bytes(b"a write stopped mid-way")
    os.utime(stale, (0, 0))
    monkeypatch.setattr(cache, "MAX_CACHE_BYTES", 1)  # the newest one is always kept
    outputs(data, monkeypatch, only=("deeds",))
    assert len(list((data.parent / "cache").glob("*.pickle"))) == 1
    assert not stale.exists()
    assert fresh.exists()  # another build may be writing that one
    assert outputs(data, monkeypatch, only=("deeds",)) == outputs(
        data, monkeypatch, cached=False, only=("deeds",))


def test_the_cache_folder_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    monkeypatch.delenv("PRINTKIT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == tmp_path / "xdg" / "printkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.folder() == tmp_path / "home" / ".cache" / "printkit"
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "own"))
    assert cache.folder() == tmp_path / "own"
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert cache.folder() is None


def test_a_folder_with_a_link_or_too_much_in_it_is_not_cached(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache reads only plain files (a pipe would make it wait for ever) and at most
    MAX_FILES of them: otherwise the game is loaded, as without a cache."""
    game = data / "spankopoly"
    (game / "notes.txt").symlink_to(game / "README.md")
    assert outputs(data, monkeypatch) == outputs(data, monkeypatch, cached=False)
    assert not list((data.parent / "cache").glob("*.pickle"))
    (game / "notes.txt").unlink()
    monkeypatch.setattr(cache, "MAX_FILES", 5)
    outputs(data, monkeypatch)
    assert not list((data.parent / "cache").glob("*.pickle"))
    monkeypatch.setattr(cache, "MAX_FILES", 100)
    outputs(data, monkeypatch)
    assert len(list((data.parent / "cache").glob("*.pickle"))) == 1


def test_the_same_game_named_from_another_folder_shows_its_own_paths(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A relative --data from one working folder and an absolute one from another: each
    build equals the same build without the cache."""
    monkeypatch.chdir(data.parent)
    relative = outputs(Path("data"), monkeypatch)
    assert relative == outputs(Path("data"), monkeypatch, cached=False)
    monkeypatch.chdir(data / "spankopoly")
    assert outputs(data, monkeypatch) == outputs(data, monkeypatch, cached=False)


def test_serve_shows_its_first_view_from_what_a_build_kept(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`printkit serve` and `printkit build` share the cache: serve's first pictures of a
    game just built come without loading it, and equal those of a serve without cache."""
    from printkit.commands.live import Served, Session

    served = Served(Request("spankopoly", ("nl",), data=data, only=("chance",)), dpi=20)
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    fresh = list(Session(served, None).refresh())[-1]
    outputs(data, monkeypatch)  # a build, with the cache

    def no_loading(*_: object) -> None:
        raise AssertionError("the game was loaded though the cache holds it")

    monkeypatch.setattr("printkit.plan.read", no_loading)
    view = list(Session(served, None).refresh())[-1]
    assert view.problems == ()
    assert [shown.name for shown in view.products["nl"]] == ["chance"]
    assert view.products["nl"][0].pictures == fresh.products["nl"][0].pictures


def test_check_loads_the_game_once(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`printkit check` reads the game for its own report and hands it to the build it
    runs, which so does not load it again (the cache is empty after a change)."""
    from typer.testing import CliRunner

    import printkit.plan
    from printkit.cli import app

    loads: list[str] = []
    real = printkit.plan.read

    def counted(setup: printkit.plan.Setup) -> printkit.plan.Source:
        loads.append(setup.folder.name)
        return real(setup)

    monkeypatch.setattr(printkit.plan, "read", counted)
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    result = CliRunner().invoke(app, ["check", "spankopoly", "--data", str(data)])
    assert result.exit_code == 0, result.output
    assert "spankopoly (nl): 0 missing" in result.output
    assert loads == ["spankopoly"]


@pytest.mark.parametrize("langs", [("nl",), ("all",)])
def test_a_build_finds_the_game_and_reads_the_languages_once(
        langs: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The request is resolved once: the game folder found once, game.toml and each
    language definition read once, however many languages are built."""
    import printkit.localise.languages
    import printkit.plan
    from printkit.load import tables

    found: list[str] = []
    definitions: list[str] = []
    reads: list[str] = []
    real_find, real_load, real_read = (printkit.plan.find_game,
                                       printkit.localise.languages.load_languages,
                                       tables.read_toml)

    def find(name: str, data: Path | None) -> Path:
        found.append(name)
        return real_find(name, data)

    def load_languages(folder: Path | None = None) -> object:
        definitions.append(str(folder))
        return real_load(folder)

    def read_toml(path: Path, *args: object) -> object:
        reads.append(path.name if path.name == "game.toml" else path.parent.name)
        return real_read(path, *args)

    monkeypatch.setattr(printkit.plan, "find_game", find)
    monkeypatch.setattr(printkit.localise.languages, "load_languages", load_languages)
    monkeypatch.setattr(tables, "read_toml", read_toml)
    monkeypatch.setattr(printkit.localise.languages, "read_toml", read_toml)
    for reader in ("printkit.load", "printkit.load.printing", "printkit.load.theme"):
        monkeypatch.setattr(f"{reader}.read_toml", read_toml)
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    build(Request("spankopoly", langs, only=("lines",)), tmp_path, workers=1)
    assert found == ["spankopoly"]
    assert len(definitions) == 1
    assert reads.count("game.toml") == 1
    assert sorted(r for r in reads if r in ("nl", "nb", "da")) == ["da", "nb", "nl"]


def test_a_pipe_in_the_cache_folder_is_never_waited_on(data: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every entry a pipe (a build read it and waited for ever): each build goes on
    without the cache and the same files come out."""
    first = outputs(data, monkeypatch)
    for entry in (data.parent / "cache").glob("*.pickle"):
        entry.unlink()
        os.mkfifo(entry)
    assert outputs(data, monkeypatch) == first


def test_a_folder_or_a_pipe_named_like_an_entry_does_not_stop_pruning(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder named x.tmp made every prune stop at it, so the cache grew past its
    limits."""
    folder = data.parent / "cache"
    folder.mkdir()
    for name in ("x.tmp", "y.pickle"):
        (folder / name).mkdir()
        os.utime(folder / name, (0, 0))
    os.mkfifo(folder / "z.pickle")
    monkeypatch.setattr(cache, "MAX_ENTRIES", 1)
    for only in (("chance",), ("scorepad",), ("lines",)):
        outputs(data, monkeypatch, only=only)
    assert len([p for p in folder.glob("*.pickle") if p.is_file()]) == 1
