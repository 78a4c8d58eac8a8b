"""`printkit serve` draws a page one band at a time, as `preview` does: a page larger than
printkit draws (a board on a 5 m paper of the user's print settings) is refused on the
page, naming the dpi it takes, and the game's other products are shown as usual."""

from __future__ import annotations

import shutil
from pathlib import Path

from browser import Serve

from printkit.resources import builtin


def test_a_page_too_large_to_draw_is_refused_and_the_other_products_are_shown(
        tmp_path: Path) -> None:
    game = tmp_path / "data" / "spankopoly"
    shutil.copytree(builtin("data") / "spankopoly", game)
    config = tmp_path / "printkit.toml"
    config.write_text('[papers]\nhuge = ["5000mm", "5000mm"]\n', "utf-8")
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl",
                   "--only", "board,deeds", "--config", str(config),
                   "--paper", "board=huge", "--dpi", "100",
                   env={"PRINTKIT_CACHE": "off"})
    try:
        state = served.settled(timeout=300)
    finally:
        output = served.stop()
    assert state["problems"] == [], output
    shown = {s["name"]: s for s in state["products"]["nl"]}
    board = shown["board"]["problems"]
    assert len(board) == 1, board
    assert board[0].startswith("--dpi 100: page 1 of board-huge.pdf (5000 × 5000 mm) would "
                               "be a picture of 19686 × 19686 pixels"), board
    assert board[0].endswith("use --dpi 80 or less for this page"), board
    assert shown["deeds"]["problems"] == []
    assert len(shown["deeds"]["pictures"]) >= 2
    assert "page 1 of board-huge.pdf" in output  # on the terminal too
