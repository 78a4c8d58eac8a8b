"""printkit analyse --games and the colour-vision panel: whole games and the groups' colours
in the JSON, the summary and the report, in every language."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.commands.analyse import analysis_of, report_files
from printkit.model.simulation import Setting
from printkit.options import Request
from printkit.plan import resolve

SECTIONS = {  # the two sections' titles and a word of each, per language
    "nl": ("Hele spellen", "Beurten per spel", "Speler 1 begint.", "Kleurenzien",
           "Deuteranopie", "Rood en Groen lijken op elkaar bij deuteranopie."),
    "nb": ("Hele spill", "Turer per spill", "Spiller 1 begynner.", "Fargesyn", "Deuteranopi",
           "Rød og Grønn ligner hverandre ved deuteranopi."),
    "da": ("Hele spil", "Ture pr. spil", "Spiller 1 begynder.", "Farvesyn", "Deuteranopi",
           "Rød og Grøn ligner hinanden ved deuteranopi."),
}


def test_games_and_colours_are_in_the_json_and_the_same_seed_gives_the_same_games(
        cli) -> None:
    first = cli("analyse", "klassiek", "--games", "12", "--seed", "5", "--json")
    assert first.code == 0
    figures = json.loads(first.out)
    again = json.loads(cli("analyse", "klassiek", "--games", "12", "--seed", "5",
                           "--json").out)
    assert figures["games"] == again["games"]
    games = figures["games"]
    assert (games["games"], games["seed"], games["players"], games["variant"]) == \
        (12, 5, 4, "full")
    assert len(games["win_rate_by_seat"]) == 4
    assert {"groups": ["red", "green"], "viewers": ["deuteranopia"]} in \
        figures["colour_vision"]["confused"]
    assert figures["colour_vision"]["groups"]["brown"][0] == "#8B5A2B"
    other = json.loads(cli("analyse", "klassiek", "--games", "12", "--seed", "6",
                           "--json").out)
    assert other["games"] != games


def test_the_summary_says_how_long_games_last_and_who_wins(cli) -> None:
    done = cli("analyse", "antimonopoly", "--games", "6", "--players", "3", "--variant",
               "short", "--json")
    assert json.loads(done.out)["games"]["roles"] == ["competitor", "monopolist",
                                                      "competitor"]
    done = cli("analyse", "spankopoly", "--games", "4", "--players", "2")
    assert done.code == 0
    assert "  4 whole games (full) of 2 players, seed 0: median " in done.out
    assert "  wins by seat: 1 " in done.out


@pytest.mark.parametrize("args, message", [
    (("--games", "-1"), "--games -1: play 1 to 100,000 games (0: none)"),
    (("--games", "5", "--variant", "quick"), "--variant quick: choose full"),
    (("--games", "5", "--variant", "timed", "--minutes", "0"),
     "--minutes 0: a time limit of 1 to 1440 minutes"),
    (("--games", "5", "--players", "8"), "--players 8: the simulation plays 2 to 6 players"),
])
def test_bad_game_options_are_refused(cli, args: tuple[str, ...], message: str) -> None:
    done = cli("analyse", "klassiek", *args, "--json")
    assert done.code == 2
    assert message in done.err
    assert not (Path("output")).exists()


def test_a_game_without_a_board_says_it_plays_no_whole_games(cli) -> None:
    done = cli("analyse", "kortmonopol", "--games", "5")
    assert done.code == 0
    assert "kortmonopol has no board, so no whole games were played" in done.out


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_report_has_the_games_and_the_colour_vision_panel(lang: str) -> None:
    plan = resolve(Request("klassiek", (lang,)), fresh=True)
    found = analysis_of(plan.source, games=Setting(games=8, seed=1))
    built = report_files(plan, found, Path("out"))[0]
    reader = PdfReader(io.BytesIO(built[0].data))
    text = " ".join(" ".join((p.extract_text() or "").replace("\u00a0", " ").split())
                    for p in reader.pages)
    for words in SECTIONS[lang]:
        assert words in text, words
    for english in ("Whole games", "Colour vision", "look alike"):
        assert english not in text


@pytest.mark.parametrize("args, names, ids", [
    (("spankopoly",), ("24 Zwembad 3.36%", "25 Station ‘Halfmast’ 3.34%", "1 Badborstel 7",
                       "8 Cane 39"), ("swimming_pool", "half_mast", "bath_brush", "cane")),
    (("koebstad", "--lang", "da"), ("21 Slotsgade 3.40%", "28 Maltgården 3.33%", "1 Grå 20",
                                    "8 Blå 35"), ("slotsgade", "maltgaarden", "grey", "blue")),
    (("antimonopoly", "--lang", "nb", "--games", "4"),
     ("(owner: Konkurrent)", "1 Haarlem ", "Konkurrent "), ("competitor", "haarlem")),
    (("kortmonopol", "--lang", "da"), ("7 Godt salg 16.7%",), ("house_tax", "collect")),
])
def test_the_summary_names_squares_and_groups_in_the_games_language(
        cli, args: tuple[str, ...], names: tuple[str, ...], ids: tuple[str, ...]) -> None:
    done = cli("analyse", *args)
    assert done.code == 0, done.err
    summary = "\n".join(line for line in done.out.splitlines()
                        if not line.startswith(("note:", "output")))
    for name in names:
        assert name in summary, (name, summary)
    for id_ in ids:
        assert id_ not in summary, (id_, summary)
