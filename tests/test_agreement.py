"""A game's texts agree with each other: the figures and rule phrases the board, cards,
ledgers and booklet share (printkit/localise/agree.py), on the localised kit. Every built-in
game passes in nl, nb and da; a copy with a planted disagreement is refused by check and
build alike, naming both places."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Run, copy_game, kit_for

from printkit.localise.agree import disagreements, phrase

GAMES = ("spankopoly", "klassiek", "koebstad", "antimonopoly", "kortmonopol")


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
@pytest.mark.parametrize("game", GAMES)
def test_the_built_in_games_agree_with_themselves(game: str, lang: str) -> None:
    assert [str(p) for p in disagreements(kit_for(lang, game))] == []


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")


def refused(cli: Callable[..., Run], game: str, lang: str) -> str:
    """What check says of a game copy in data/, after making sure build says the same."""
    checked = cli("check", game, "--lang", lang)
    built = cli("build", game, "--lang", lang)
    assert checked.code == built.code == 2, checked.err
    assert checked.errors[:-1] == built.errors[:-1]  # the last line: what build did
    return " ".join(checked.err.split())


@pytest.mark.parametrize("lang, old, new, says, where", [
    ("nl", "Betaal {{ jail_fine }} voordat je gooit.", "Betaal € 60 voordat je gooit.",
     "says € 60 for 'Op bezoek' (Gevangenis), where ledger (Kasboek) says € 50",
     "rules/nl.md:88"),
    ("nb", "Betal {{ jail_fine }} før du kaster.", "Betal 60 € før du kaster.",
     "says 60 € for 'Bare på besøk' (Fengsel), where ledger (Kassebok) says 50 €",
     "rules/nb.md:88"),
])
def test_a_booklet_with_another_jail_fine_is_refused(tmp_path: Path, cli: Callable[..., Run],
                                                     lang: str, old: str, new: str,
                                                     says: str, where: str) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    edit(folder / "rules" / f"{lang}.md", old, new)
    message = refused(cli, "klassiek", lang)
    assert says in message
    assert f"klassiek/{where}" in message
    assert "rules (section" in message


def test_a_board_that_pays_only_on_passing_start_is_refused(tmp_path: Path,
                                                            cli: Callable[..., Run]) -> None:
    """The board said so before: its Start square and the booklet disagreed."""
    folder = copy_game("koebstad", tmp_path / "data")
    edit(folder / "text" / "da.toml", 'note = "Modtag {{ salary }}, når du lander på eller '
         'passerer Start"', 'note = "Modtag {{ salary }}, hver gang du passerer Start"')
    message = refused(cli, "koebstad", "da")
    assert ("board (square 'Start'): says the salary rule goes 'passing only' "
            "(\"Modtag 4.000 kr., hver gang du passerer Start\"), where ledger") in message
    assert "say 'on or passing'" in message


def test_a_card_that_pays_another_salary_is_refused(tmp_path: Path,
                                                    cli: Callable[..., Run]) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    edit(folder / "text" / "nl.toml", 'text = "Je bent je sleutels vergeten."',
         'text = "Je bent je sleutels vergeten. Kom je langs Start, dan ontvang je € 250."')
    message = refused(cli, "klassiek", "nl")
    assert "chance (card 'Kans'): says € 250 for 'Start', where board (square 'Start')" \
        in message


def test_a_tax_table_typed_by_hand_is_refused(tmp_path: Path, cli: Callable[..., Run]) -> None:
    folder = copy_game("spankopoly", tmp_path / "data")
    edit(folder / "rules" / "nl.md", "{{ table(\"taxes\") }}",
         "| Vak | Straf |\n| --- | --- |\n| Kleine belasting | 12 klappen met de haarborstel |\n"
         "| Grote belasting | 10 klappen met de badborstel |")
    message = refused(cli, "spankopoly", "nl")
    assert "says 12 klappen for 'Kleine belasting', where board (square 'Kleine belasting')" \
        in message


def test_the_same_figure_said_of_something_else_is_no_claim(tmp_path: Path,
                                                           cli: Callable[..., Run]) -> None:
    """"Take € 1.500 and put your pawn on Start" is about the starting capital."""
    copy_game("antimonopoly", tmp_path / "data")
    assert cli("check", "antimonopoly", "--lang", "nl").code == 0


def test_a_rule_phrase_is_its_words_in_order_with_the_start_square() -> None:
    pattern = phrase("op {start} komt of er langsgaat", "Start")
    assert pattern.search("Elke keer dat je op Start komt of er\nlangsgaat, …")
    assert not pattern.search("als je langs Start komt")
    assert not phrase("passerer {start}", "Start").search("Du passerer ikke Start.")
    assert re.escape("GO") in phrase("langs {start}", "GO").pattern
