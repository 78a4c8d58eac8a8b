"""The colour-vision and contrast check: group and deck colours as colour-blind players see
them, pairs that look alike, text under WCAG's contrast; `check` shows them as notes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import source_of

from printkit.colour.vision import (
    CONFUSED,
    colour_notes,
    contrast,
    difference,
    game_notes,
    readable,
    seen,
    vision,
)
from printkit.errors import Where
from printkit.model.palette import Palette, Swatch
from printkit.model.theme import Theme

HERE = Where("groups.csv", 2, "colour")


def channels(colour: str) -> list[int]:
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def test_pure_red_as_a_deuteranope_sees_it() -> None:
    """Machado et al. 2009, deuteranopia at severity 1: (1, 0, 0) in linear sRGB becomes
    (0.367, 0.280, -0.012), that is #A39000 once clipped and encoded."""
    assert all(abs(a - b) <= 2 for a, b in zip(channels(seen("#FF0000", "deuteranopia")),
                                                 channels("#A39000"), strict=True))
    assert seen("#ff0000", "normal") == "#FF0000"


def test_wcag_contrast_and_ciede2000() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert difference("#336699", "#336699") == pytest.approx(0.0)
    assert difference("#000000", "#FFFFFF") == pytest.approx(100.0, abs=0.5)


def test_crimson_and_forest_green_look_alike_only_to_deuteranopes() -> None:
    crimson, forest = Swatch("a", "#DC143C", HERE), Swatch("b", "#228B22", HERE)
    notes = colour_notes(Palette(groups=(crimson, forest)), Theme(), Where("game.toml"))
    assert len(notes) == 1
    assert "groups 'a' (#DC143C) and 'b' (#228B22) are hard to tell apart for deuteranopes" \
        in notes[0].message
    assert "protanopes" not in notes[0].message
    assert notes[0].where == HERE
    assert difference(crimson.colour, forest.colour) > 5 * CONFUSED


def test_group_symbols_tell_groups_apart_without_colour() -> None:
    """With [theme] group_symbols on, groups are not noted for their colours; decks are."""
    pair = (Swatch("a", "#DC143C", HERE), Swatch("b", "#228B22", HERE))
    palette = Palette(groups=pair, decks=pair)
    notes = colour_notes(palette, Theme(group_symbols=True), Where("game.toml"))
    assert [n.message.split(" '")[0] for n in notes] == ["the decks"]


def test_text_under_wcag_contrast_is_noted() -> None:
    """The theme's light grey board ink and booklet headings fall short of 4.5:1."""
    where = Where("game.toml")
    palette = Palette(ground=Swatch("board", "#FFFFFF", Where("game.toml", 0, "board.background")),
                      ink=Swatch("board_ink", "#1E1E1E", Where("game.toml", 0, "board.ink")))
    assert colour_notes(palette, Theme(), where) == []
    notes = colour_notes(palette, Theme(colours=(("board_ink", "#AAAAAA"),
                                                 ("booklet_heading", "#999999"))), where)
    assert [n.items for n in notes] == [("board",), ("booklet_heading",)]
    assert str(notes[0]) == (
        "game.toml: board.background: the board's text (#AAAAAA on #FFFFFF) has a contrast of "
        "2.32:1, under WCAG's 4.5:1 for normal text; choose a lighter or darker colour")
    assert str(notes[1]).startswith("game.toml: theme.booklet_heading: text in the theme's "
                                    "booklet_heading (#999999 on #FFFFFF) has a contrast of 2.85:1")


def test_large_text_needs_three_to_one() -> None:
    banner = Swatch("banner", "#FFFFFF", HERE, large=True)
    assert readable(banner, "the banner", "#949494") is None  # 3.03:1
    assert readable(replace(banner, large=False), "the banner", "#949494") is not None
    note = readable(banner, "the banner", "#A0A0A0")  # 2.63:1
    assert note is not None
    assert "under WCAG's 3:1 for large text" in note.message


def test_every_board_game_names_its_colours() -> None:
    def notes_of(name: str) -> list:
        source = source_of(name)
        return game_notes(source.setup.system.palette, source.game, Theme())

    for name in ("klassiek", "koebstad", "antimonopoly", "spankopoly"):
        assert all(n.kind in ("confused", "contrast") for n in notes_of(name))
    assert notes_of("kortmonopol") == []


def test_two_groups_deuteranopes_confuse_make_a_check_note(cli, tmp_path: Path) -> None:
    """In a copy made by `printkit new`, pink and green made crimson and forest green:
    `check` notes them by name (a note, not an error: it still passes)."""
    assert cli("new", "mine", "--from", "klassiek", "--lang", "nl").code == 0
    groups = tmp_path / "data" / "mine" / "groups.csv"
    before = cli("check", "mine")
    assert before.code == 0
    assert "'pink'" not in before.out.split("hard to tell apart")[0] or \
        "'pink' (#D63C8F) and 'green'" not in before.out
    text = groups.read_text(encoding="utf-8")
    text = text.replace("pink,#D63C8F", "pink,#DC143C").replace("green,#1E9E54", "green,#228B22")
    groups.write_text(text, encoding="utf-8")
    after = cli("check", "mine")
    assert after.code == 0
    noted = [line for line in after.out.splitlines()
             if line.startswith("note: ") and "'pink' (#DC143C) and 'green' (#228B22)" in line]
    assert len(noted) == 1
    assert noted[0].startswith("note: data/mine/groups.csv:9: colour: groups 'pink'")
    assert "deuteranopes" in noted[0]
    assert "group_symbols = true" in noted[0]


def test_the_report_sees_klassiek_as_each_viewer_does() -> None:
    from printkit.systems.money.validate import palette

    found = vision(palette(source_of("klassiek").game))
    assert found.viewers == ("normal", "protanopia", "deuteranopia", "tritanopia")
    assert found.groups[0] == ("brown", ("#8B5A2B", *found.groups[0][1][1:]))
    assert all(len(colours) == 4 for _, colours in found.groups)
    assert ("red", "green", ("deuteranopia",)) in found.confused
    assert ("brown", "red", ("protanopia",)) in found.confused
