"""The analysis report (analysis.pdf): A4 pages in the game's language, the board shaded by
its landing odds with every square named as the board names it, the bar chart, the groups'
table and, for a game without a board, what applies to it."""

from __future__ import annotations

import io
import re
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import source_of
from pypdf import PdfReader

from printkit.commands.analyse import analysis_of, report_files
from printkit.options import Options, Request
from printkit.plan import resolve

A4 = (595.28, 841.89)
HEADINGS = {  # the sections of a board game's report, in each language
    "nl": ("Klassiek: analyse", "Waar de pionnen landen", "Landingskans per vak",
           "Wat de groepen opbrengen", "Hoe dit is berekend"),
    "nb": ("Klassiek: analyse", "Hvor brikkene lander", "Landingssjanse per felt",
           "Hva gruppene tjener", "Slik er dette regnet ut"),
    "da": ("Klassiek: analyse", "Hvor brikkerne lander", "Landingschance pr. felt",
           "Hvad grupperne tjener", "Sådan er det regnet ud"),
}


def report(game: str, lang: str) -> tuple[str, list[tuple[float, float]]]:
    """The report's text and page sizes, made in memory."""
    plan = resolve(Request(game, (lang,)), fresh=True)
    built = report_files(plan, analysis_of(plan.source), Path("out"))[0]
    assert [b.path.name for b in built] == ["analysis.pdf"]
    assert built[0].path.parent.name == lang
    reader = PdfReader(io.BytesIO(built[0].data))
    text = " ".join((p.extract_text() or "") for p in reader.pages)
    sizes = [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
             for p in reader.pages]
    return " ".join(text.replace("\u00a0", " ").split()), sizes


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_report_is_in_the_games_language_on_a4(lang: str) -> None:
    text, sizes = report("klassiek", lang)
    assert all(size == A4 for size in sizes)
    for heading in HEADINGS[lang]:
        assert heading in text, heading
    assert "Kasteelplein" in text
    assert "Station Havenkwartier" in text
    for english in ("Where the tokens land", "Payback", "opponent turn"):
        assert english not in text


def test_the_heat_map_and_chart_print_each_squares_odds_in_the_languages_numbers() -> None:
    text, _ = report("klassiek", "nl")
    odds = analysis_of(source_of("klassiek")).odds
    assert odds is not None
    shown = f"{odds.landing[15] * 100:.2f}".replace(".", ",") + "%"
    assert text.count(shown) >= 2  # on the board and at its bar
    assert "Gevangenis" in text


def test_a_game_without_a_board_says_so_and_shows_its_joker_table() -> None:
    text, sizes = report("kortmonopol", "nb")
    assert sizes == [A4]
    assert "Uten brett" in text
    assert "jokertabellen" in text
    assert "16,67 %" in text  # a sum of 7
    assert "fengsel" not in text


def test_the_rule_booklet_ends_with_the_squares_landed_on_most(cli, tmp_path: Path) -> None:
    """[analysis] tips = true: a page "Good to know" in the game's language."""
    assert cli("new", "tips", "--from", "klassiek", "--lang", "nl").code == 0
    game = tmp_path / "data" / "tips" / "game.toml"
    game.write_text(game.read_text("utf-8") + "\n[analysis]\ntips = true\n", "utf-8")
    run = cli("build", "tips", "--only", "rules")
    assert run.code == 0, run.err
    pages = PdfReader(tmp_path / "output" / "tips" / "nl" / "rules.pdf").pages
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in pages)
    assert "Goed om te weten" in text
    assert "Station Havenkwartier 3,33%" in text.replace("\u00a0", " ")
    assert "Het minst geland op: Kans, " in text


def test_dice_the_analysis_cannot_read_are_a_located_problem(cli, tmp_path: Path) -> None:
    assert cli("new", "dobbel", "--from", "klassiek", "--lang", "nl").code == 0
    game = tmp_path / "data" / "dobbel" / "game.toml"
    game.write_text(game.read_text("utf-8") + '\n[analysis]\ndice = "2x6"\n', "utf-8")
    run = cli("analyse", "dobbel", "--json")
    assert run.code == 2
    assert any(line.startswith("error: data/dobbel/game.toml:") and "analysis.dice: '2x6' is "
               'not dice; write the dice as "2d6"' in line for line in run.errors), run.err


def test_the_heat_map_page_looks_like_its_reference(tmp_path: Path) -> None:
    """Page 1 of klassiek's report (the board shaded by its odds) against
    tests/pictures/klassiek-analysis.png, as tests/test_pictures.py compares pages (and
    refreshes them with PRINTKIT_REFRESH_PICTURES=1)."""
    import os

    from test_pictures import REFERENCES, REFRESH, compare, diff_picture, load, render, save

    plan = resolve(Request("klassiek", ("nl",)), fresh=True)
    built = report_files(plan, analysis_of(plan.source), Path("out"))[0]
    actual = render(built[0].data, 0, 30)
    path = REFERENCES / "klassiek-analysis.png"
    if os.environ.get(REFRESH):
        if not path.is_file() or not (load(path) == actual).all():
            save(actual, path)
        return
    verdict = compare(actual, load(path))
    if not verdict.ok:
        save(actual, tmp_path / "klassiek-analysis.png")
        if verdict.same_size:
            save(diff_picture(actual, load(path)), tmp_path / "klassiek-analysis-diff.png")
        pytest.fail(f"page 1 of klassiek/nl/analysis.pdf no longer looks like {path.name}: "
                    f"{verdict}; see {tmp_path}")


def test_money_is_written_as_on_the_games_deeds() -> None:
    """koebstad's Norwegian text writes its kroner "kr" ([money] sign), not CLDR's "DKK"."""
    text, _ = report("koebstad", "nb")
    assert "2 600 kr" in text
    assert "DKK" not in text


def page_texts(game: str, lang: str) -> list[str]:
    """The text of each page of the report, its spaces made plain, made in memory."""
    plan = resolve(Request(game, (lang,)), fresh=True)
    built = report_files(plan, analysis_of(plan.source), Path("out"))[0]
    return [" ".join((p.extract_text() or "").replace("\u00a0", " ").split())
            for p in PdfReader(io.BytesIO(built[0].data)).pages]


@pytest.mark.parametrize("game,lang,heading,alike", [
    ("spankopoly", "nl", "Kleurenzien", "lijken op elkaar bij"),
    ("koebstad", "da", "Farvesyn", "ligner hinanden"),
    ("klassiek", "nb", "Fargesyn", "ligner hverandre")])
def test_the_colour_vision_findings_are_on_the_page_of_their_panel(
        game: str, lang: str, heading: str, alike: str) -> None:
    pages = page_texts(game, lang)
    panel = [n for n, text in enumerate(pages) if heading in text]
    assert len(panel) == 1, (heading, panel)
    found = [n for n, text in enumerate(pages) for _ in range(text.count(alike))]
    assert found, alike  # the game has colours that look alike
    assert set(found) == set(panel), (panel, found)


def heat_map_squares(game: str, lang: str, paper: str = "") -> tuple[list[str],
                                                                     list[list[str]]]:
    """The names of the board's squares (as the board prints them), and the lines of text
    of page 1 of the report, drawn a square at a time: each run of text ops under one
    transform (a square, the board's centre, a heading) as its lines, top to bottom."""
    from printkit.localise.stage import localise

    plan = resolve(Request(game, (lang,), options=Options(paper=paper)), fresh=True)
    source = plan.source
    kit = localise(source.setup.system, source.game, source.setup.languages[lang],
                   only=("board",))
    board = next(p.content for p in kit.products if p.name == "board")
    built = report_files(plan, analysis_of(source), Path("out"))[0]
    drawn: dict[tuple[float, ...], list[str]] = {}

    def visit(text: str, cm: list[float], *_: object) -> None:
        if text.strip():
            drawn.setdefault(tuple(round(x, 1) for x in cm), []).append(
                " ".join(text.replace("\u00a0", " ").split()))

    PdfReader(io.BytesIO(built[0].data)).pages[0].extract_text(visitor_text=visit)
    return [sq.name for sq in board.squares], list(drawn.values())


def printed_as(name: str, lang: str) -> re.Pattern[str]:
    """`name` as it may print: whole, its lines broken at a space, or in a word at a
    compound boundary or the word's own hyphen (a hyphen ending the line), never between
    syllables."""
    from printkit.layout.hyphens import COMPOUND, SHY, points

    words = []
    for word in name.replace("\u00a0", " ").split():
        breaks = {at for at, kind in points(word, lang) if kind <= COMPOUND}
        pattern = ""
        for at, ch in enumerate(word):
            if at in breaks:
                pattern += r"\s?" if word[at - 1] in ("-", SHY) else r"(?:-\s)?"
            pattern += "" if ch == SHY else re.escape(ch)
        words.append(pattern)
    return re.compile(r"(?<!\w)" + r"\s".join(words) + r"(?!\w)")


SHARE = re.compile(r"^\d+,\d+ ?%$")


HEAT_MAPS = [(game, lang, "") for game in ("spankopoly", "klassiek", "koebstad", "antimonopoly")
             for lang in ("nl", "nb", "da")] + [("spankopoly", "da", "a5"),
                                                ("antimonopoly", "nl", "a5")]


@pytest.mark.parametrize("game,lang,paper", HEAT_MAPS)
def test_every_square_shows_its_whole_name_on_the_heat_map_or_its_number_and_the_name_beside(
        game: str, lang: str, paper: str) -> None:
    names, drawn = heat_map_squares(game, lang, paper)
    page = " | ".join(" ".join(lines) for lines in drawn)
    for name in names:
        assert printed_as(name, lang).search(page), (name, page)
    squares = [" ".join(line for line in lines if not SHARE.match(line)) for lines in drawn
               if SHARE.match(lines[-1]) and not any(  # the legend's ramp: two shares
                   SHARE.match(a) and SHARE.match(b) for a, b in pairwise(lines))]
    assert len(squares) == len(names), squares  # each its share, the jail's cell its own
    meant: dict[str, set[str]] = {}
    for position, (name, shown) in enumerate(zip(names, squares, strict=True)):  # in order
        assert printed_as(name, lang).search(shown) or shown.endswith(f" {position}") or \
            shown == str(position), (position, name, shown)
        meant.setdefault(shown, set()).add(name)
    assert all(len(named) == 1 for named in meant.values()), meant  # none looks like another
