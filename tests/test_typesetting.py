"""Typesetting: hyphenation of long names, numbers kept with their units, and booklet
pages as a typesetter would break them (no lone table row, orphaned heading or single
line of a paragraph at a page's top or foot)."""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from conftest import char_size, copy_game, kit_for, pdf_text

from printkit.errors import Problems, Where
from printkit.impose.booklet import page_size
from printkit.layout.booklet import BOTTOM, INNER, OUTER, TOP, Chunk, pages_of
from printkit.layout.booktable import set_table
from printkit.layout.hyphens import AUTHOR, COMPOUND, glue, points
from printkit.layout.text import wrap
from printkit.load.printing import load_print_spec
from printkit.localise.kit_booklet import BookTable
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.resources import builtin

LONG = [("koebstad", "da", "moellevej", "Frederiksberggadekvarteret"),
        ("klassiek", "nl", "molenweg", "Burgemeester van Haersoltelaan-Noordwest")]


def renamed(tmp_path: Path, game: str, lang: str, street: str, name: str,
            currency: str = "") -> Path:
    """A copy of a built-in game with one street renamed (and its currency changed)."""
    folder = tmp_path / "data" / game
    shutil.copytree(builtin("data") / game, folder)
    # a street is named once, in the source language's file unless this language has its own
    texts = [folder / "text" / f"{lang}.toml", *sorted((folder / "text").glob("*.toml"))]
    for text in texts:
        wording, count = re.subn(rf'(\[streets\.{street}\]\nname = )"[^"]*"', rf'\1"{name}"',
                                 text.read_text(encoding="utf-8"))
        if count == 1:
            text.write_text(wording, encoding="utf-8")
            break
    else:
        raise AssertionError(f"no name of {street} in {game}")
    if currency:
        toml = folder / "game.toml"
        toml.write_text(re.sub(r'currency = "\w+"', f'currency = "{currency}"',
                               toml.read_text(encoding="utf-8")), encoding="utf-8")
    return tmp_path / "data"


def name_lines(path: Path, name: str) -> list[tuple[str, float]]:
    """The words that print `name` on the first page holding it (each next part the word
    to the right on the same line, or on a line just below, that continues the name),
    each with the size of its smallest character."""
    target = name.replace(" ", "")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for start in words:
                parts = [start]
                joined = printed(start["text"], target)
                while target.startswith(joined) and joined != target:
                    last = parts[-1]
                    rest = target[len(joined):]
                    below = [w for w in words if rest.startswith(printed(w["text"], rest))
                             and ((last["x1"] < w["x0"] < last["x1"] + 20 and
                                   abs(w["top"] - last["top"]) < 1) or last["top"] + 1
                                  < w["top"] < last["bottom"] + 30)]
                    if not below:
                        break
                    parts.append(min(below, key=lambda w: (w["top"], w["x0"])))
                    joined += printed(parts[-1]["text"], rest)
                if joined == target:
                    return [(w["text"], min(char_size(c) for c in page.chars
                                            if w["x0"] - 0.1 <= c["x0"] < w["x1"]
                                            and w["top"] - 1 < c["top"] < w["bottom"]))
                            for w in parts]
    raise AssertionError(f"{name} not found in {path}")


def printed(word: str, rest: str = "") -> str:
    """A word as part of the name (whose `rest` it starts): without the hyphen a line
    break added."""
    if rest.startswith(word):
        return word
    return word[:-1] if word.endswith("-") and word[-2:-1].isalpha() else word


def break_offsets(name: str, parts: list[tuple[str, float]]) -> list[tuple[str, int]]:
    """Where the printed parts of `name` end a line with a hyphen the break added: (the
    word of the name, offset in it)."""
    out, at = [], 0
    target = name.replace(" ", "")
    starts = [0]
    for word in name.split(" "):
        starts.append(starts[-1] + len(word))
    for text, _ in parts:
        piece = printed(text, target[at:])
        at += len(piece)
        if piece != text:
            n = max(i for i, s in enumerate(starts) if s < at)
            out.append((name.split(" ")[n], at - starts[n]))
    return out


@pytest.mark.parametrize("game,lang,street,name", LONG, ids=[g[0] for g in LONG])
def test_a_long_street_name_keeps_its_words_whole_on_deeds_and_breaks_at_a_compound_on_the_board(
        tmp_path: Path, game: str, lang: str, street: str, name: str) -> None:
    data = renamed(tmp_path, game, lang, street, name)
    build(Request(game, (lang,), data=data, options=Options(target="shop"),
                  only=("board", "deeds")), tmp_path / "out")
    folder = tmp_path / "out" / game / lang / "shop-eu"
    deed = name_lines(folder / "deeds.pdf", name)
    assert min(size for _, size in deed) >= 8.0, deed
    assert break_offsets(name, deed) == [], deed  # a title's names never hyphenate
    board = name_lines(folder / "board.pdf", name)
    assert min(size for _, size in board) >= 8.0, board
    ends = break_offsets(name, board)
    assert ends, board  # the name needed a break on the board
    assert all((at, kind) in points(word, lang) and kind <= COMPOUND for word, at in ends
               for kind in [dict(points(word, lang)).get(at)]), (board, ends)


SPLIT = r"\d\n(kr\b|€|%)|\(×\n|\d\n\d{3} (kr\b|€)"
PREFIXED = r"|€\n\d"  # Dutch puts the euro sign before the amount


@pytest.mark.parametrize("game,lang,currency", [
    ("koebstad", "da", ""), ("koebstad", "nb", "NOK"), ("klassiek", "nl", ""),
    ("antimonopoly", "nb", ""), ("spankopoly", "da", "")])
def test_amounts_never_split_over_lines(tmp_path: Path, game: str, lang: str,
                                        currency: str) -> None:
    """In every file of the kit (one item per page, so cards read upright; the board's
    upright side), no line ends with an amount whose currency or unit starts the next
    line (lines as pdfplumber reads them: by their baseline)."""
    data = renamed(tmp_path, game, lang, *{"koebstad": ("moellevej", "Møllevej"),
                                            "klassiek": ("molenweg", "Molenweg")}.get(
        game, ("", "")), currency=currency) if game in ("koebstad", "klassiek") else None
    build(Request(game, (lang,), data=data, options=Options(target="shop")), tmp_path / "out")
    found = 0
    split = re.compile(SPLIT + (PREFIXED if lang == "nl" else ""))
    for pdf in sorted((tmp_path / "out" / game / lang / "shop-eu").glob("*.pdf")):
        with pdfplumber.open(pdf) as doc:
            texts = [page.filter(lambda o: o.get("matrix", (1,))[0] > 0).extract_text()
                     for page in doc.pages]
        for text in texts:
            text = text.replace("\u00a0", " ")
            found += len(re.findall(r"\d kr|€ \d", text))
            assert not split.search(text), (pdf.name, split.search(text))
    if game != "spankopoly":
        assert found > 20  # the kit does print amounts


def test_glue_keeps_numbers_with_units_and_formulas_whole() -> None:
    assert glue("koster 2.000 kr. pr. hotel") == "koster 2.000\u00a0kr.\u00a0pr.\u00a0hotel"
    assert glue("1 500 kr") == "1\u00a0500\u00a0kr"
    assert glue("betaal € 1.500 nu") == "betaal €\u00a01.500 nu"
    assert glue("tel (× 2) op") == "tel (×\u00a02) op"
    assert glue("(met de hand)") == "(met de hand)"  # words in parentheses still break
    lines = wrap("De huur is 2.000 kr. pr. hotel en 1 500 kr for huset", "regular", 9.0,
                 100.0, "da")
    assert lines is not None
    assert not any(line.endswith(("2.000", "1", "500")) for line in lines), lines


def test_a_word_wider_than_its_box_is_hyphenated_not_refused() -> None:
    assert wrap("Frederiksberggadekvarteret", "bold", 12.0, 60.0) is None  # no language
    lines = wrap("Frederiksberggadekvarteret", "bold", 12.0, 60.0, "da")
    assert lines
    assert all(line.endswith("-") for line in lines[:-1])
    assert "".join(line.removesuffix("-") for line in lines) == "Frederiksberggadekvarteret"


GAMES = ["spankopoly", "klassiek", "koebstad", "antimonopoly", "kortmonopol"]


def booklet_pages(game: str, lang: str, paper: str) -> list[list[tuple[float, Chunk]]]:
    kit = kit_for(lang, game)
    problems = Problems()
    papers = load_print_spec(None).papers
    pages = pages_of(kit.product("rules").content, page_size(paper, papers),
                     Where("rules", 0, ""), problems, lang)
    assert not problems
    return pages


SHORT_TABLE = 12  # body rows of a table that is never split
SPLIT_ROWS = 3  # body rows a split table leaves on either side at least
GAP = 0.3  # of a page: the most a short table moved whole may leave empty
HEADING_LINES = 3  # lines under a heading at a page's foot, unless its section ends


def heading_short(foot: list[Chunk], nxt: list[Chunk], height: float) -> bool:
    """A heading (foot[0], with what stands under it at a page's foot) with fewer than
    HEADING_LINES lines under it while its section goes on overleaf. Two lines are the
    least when its paragraph overleaf leads into a table that moves whole with it: the
    heading, its lines and that table are taller than a page (`height`)."""
    under = len(foot) - 1
    if under >= HEADING_LINES or nxt[0].kind == "heading":
        return False
    leads = [k for k, c in enumerate(nxt) if c.lead >= 0]
    if under < HEADING_LINES - 1 or not leads or any(c.kind != "line" for c in nxt[:leads[0]]):
        return True
    table = [k for k, c in enumerate(nxt) if c.table == nxt[leads[0]].lead]
    return sum(c.height for c in foot + nxt[:table[-1] + 1]) <= height


def page_faults(pages: list[list[tuple[float, Chunk]]], height: float = 1e9) -> list[str]:
    """What a typesetter would not let stand on these pages: a heading with fewer than
    three lines under it at a page's foot (unless its section ends there), a paragraph's
    (or a list's) first line alone at a page's foot or its last line alone at the top, a
    short table split (unless it is taller than a page with what stands above it that
    must stand on its page: see table_height) or parted from its lead-in line, a split
    one leaving its head and fewer than three rows at the foot or fewer than three rows
    at the top, or going on without its head. `height`: the pages' text height."""
    faults = []
    printed = [[c for _, c in page if c.kind != "space"] for page in pages]
    for n, chunks in enumerate(printed[:-1]):
        last, nxt = chunks[-1], printed[n + 1]
        headings = [i for i, c in enumerate(chunks) if c.kind == "heading"]
        if headings and heading_short(chunks[headings[-1]:], nxt, height):
            faults.append(f"page {n}: a heading with {len(chunks) - headings[-1] - 1} "
                          "lines under it at the foot")
        if last.kind == "line" and (first_of(last.part) or first_of(last.items)):
            faults.append(f"page {n}: a paragraph's or list's first line alone at the foot")
        if last.kind == "row" and last.part[0] < min(SPLIT_ROWS, last.part[1] - 1):
            faults.append(f"page {n}: a table's header and {last.part[0]} rows at the foot")
        top = nxt[0]
        if top.kind == "line" and (last_of(top.part) or last_of(top.items)):
            faults.append(f"page {n + 1}: a paragraph's or list's last line alone at the top")
        rows = [c for c in nxt if c.kind == "row" and c.table == top.table]
        if top.kind == "header" and rows and rows[0].part[0] > 1 and len(rows) < SPLIT_ROWS \
                and rows[-1].part[0] == rows[-1].part[1] - 1:
            faults.append(f"page {n + 1}: a table's last {len(rows)} rows alone at the top")
        if last.kind == "row" and top.kind == "row":
            faults.append(f"page {n + 1}: a table continues without its header")
        if last.lead >= 0 and top.kind == "header" and top.table == last.lead:
            faults.append(f"page {n}: a table's lead-in line at the foot, the table overleaf")
    for table in {c.table for chunks in printed for c in chunks if c.kind == "row"}:
        on = {n for n, chunks in enumerate(printed) for c in chunks
              if c.kind == "row" and c.table == table}
        count = next(c.part[1] for chunks in printed for c in chunks if c.table == table)
        if len(on) > 1 and count - 1 <= SHORT_TABLE and table_height(pages, table) <= height \
                and not (count - 1 > 2 * SPLIT_ROWS and hollow(pages, table, height)):
            faults.append(f"pages {sorted(on)}: a table of {count - 1} rows split")
    return faults


def hollow(pages: list[list[tuple[float, Chunk]]], table: int, height: float) -> bool:
    """Whether a table moved whole, with the chunks that keep it on their page, would
    have left more than GAP of the page it starts on empty (and did not fit there)."""
    room, group = hole(pages, table, height)
    return room > GAP * height and group > room


def hole(pages: list[list[tuple[float, Chunk]]], table: int,
         height: float) -> tuple[float, float]:
    """The page below the first chunk that keeps a table on its page (a chunk keeps the
    next `keep` printed chunks, and each of those its own), on the page the table starts
    on (0 when that chunk is on an earlier page); and the height of those chunks with the
    whole table (its header once)."""
    flow = [(n, y, c) for n, page in enumerate(pages) for y, c in page]
    j = next(k for k, (_, _, c) in enumerate(flow) if c.kind == "header" and c.table == table)

    def keeps(k: int) -> bool:
        remaining, i = flow[k][2].keep, k
        while remaining > 0 and i < j:
            i += 1
            if flow[i][2].kind != "space":
                remaining = max(remaining - 1, flow[i][2].keep)
        return i >= j

    start = j
    for k in range(j - 1, -1, -1):
        if flow[k][2].kind != "space":
            if not keeps(k):
                break
            start = k
    group = sum(c.height for _, _, c in flow[start:j + 1]) + sum(
        c.height for _, _, c in flow if c.kind == "row" and c.table == table)
    return (height - flow[start][1] if flow[start][0] == flow[j][0] else 0.0), group


def table_height(pages: list[list[tuple[float, Chunk]]], table: int) -> float:
    """The height of a table (its header once) with what must stand on its page above
    it: its lead-in line, the line before that of the same paragraph, and a heading
    right above those lines or the table, with the spaces between."""
    flow = [c for page in pages for _, c in page]
    rows = [c for c in flow if c.kind == "row" and c.table == table]
    j = next(k for k, c in enumerate(flow) if c.kind == "header" and c.table == table)

    def above(k: int) -> int:
        """The printed chunk above chunk k (-1: none)."""
        k -= 1
        while k >= 0 and flow[k].kind == "space":
            k -= 1
        return k

    start = j
    if above(j) >= 0 and flow[above(j)].lead == table:
        start = above(j) - (flow[above(j)].part[0] > 0)
    while above(start) >= 0 and flow[above(start)].kind == "heading":
        start = above(start)
    return sum(c.height for c in flow[start:j + 1] + rows)


def first_of(place: tuple[int, int]) -> bool:
    """The first line of several (place: index, count)."""
    return place[1] > 1 and place[0] == 0


def last_of(place: tuple[int, int]) -> bool:
    """The last line of several."""
    return place[1] > 1 and place[0] == place[1] - 1


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
@pytest.mark.parametrize("game", GAMES)
def test_booklet_pages_break_as_a_typesetter_would(game: str, lang: str, paper: str) -> None:
    pages = booklet_pages(game, lang, paper)
    assert len(pages) > 1
    height = page_size(paper, load_print_spec(None).papers)[1] - TOP - BOTTOM
    assert page_faults(pages, height) == []


def test_page_faults_are_found() -> None:
    """The walk above can fail: a heading near a page's foot, an orphan, a widow, a list's
    last item alone at the top, a lone row, a short table split or parted from its lead."""
    line, heading = Chunk(10.0, part=(0, 3)), Chunk(10.0, kind="heading")
    header, row = Chunk(10.0, kind="header", table=1), Chunk(10.0, kind="row", table=1,
                                                            part=(14, 15))
    assert len(page_faults([[(0, line)], [(0, Chunk(10.0, part=(1, 3)))]])) == 1  # orphan
    assert len(page_faults([[(0, Chunk(10.0, part=(1, 3)))],
                            [(0, Chunk(10.0, part=(2, 3)))]])) == 1  # widow
    assert len(page_faults([[(0, heading)], [(0, line)]])) == 1
    assert len(page_faults([[(0, heading), (10, Chunk(10.0))], [(0, line)]])) == 1
    two = [[(0, heading), (10, Chunk(10.0, part=(0, 4))), (20, Chunk(10.0, part=(1, 4)))],
           [(0, Chunk(10.0, part=(2, 4))), (10, Chunk(10.0, part=(3, 4)))]]
    assert len(page_faults(two)) == 1  # a heading and two lines of four at the foot
    three = [[(0, heading)] + [(10 * k, Chunk(10.0, part=(k - 1, 5))) for k in (1, 2, 3)],
             [(0, Chunk(10.0, part=(3, 5))), (10, Chunk(10.0, part=(4, 5)))]]
    assert page_faults(three) == []
    assert len(page_faults([[(0, heading), (10, Chunk(10.0)), (20, Chunk(10.0))],
                            [(0, line)]])) == 1
    assert page_faults([[(0, heading), (10, Chunk(10.0))], [(0, heading)]]) == []
    led = [Chunk(10.0, part=(2, 4)), Chunk(10.0, part=(3, 4), lead=5),
           Chunk(10.0, kind="header", table=5, part=(0, 3)),
           Chunk(10.0, kind="row", table=5, part=(1, 3)),
           Chunk(10.0, kind="row", table=5, part=(2, 3))]
    two[1] = [(10 * k, c) for k, c in enumerate(led)]
    assert len(page_faults(two, 80.0)) == 1  # all of it fits on a page: no excuse
    assert page_faults(two, 70.0) == []  # it does not: the heading keeps two lines
    assert len(page_faults([[(0, Chunk(10.0, items=(1, 3)))],
                            [(0, Chunk(10.0, items=(2, 3)))]])) == 1  # a list's last item
    assert len(page_faults([[(0, Chunk(10.0, kind="row", table=1, part=(13, 15)))],
                            [(0, header), (10, row)]])) == 1
    short = [Chunk(10.0, kind="header", table=2, part=(0, 4))] + [
        Chunk(10.0, kind="row", table=2, part=(r, 4)) for r in (1, 2, 3)]
    assert len(page_faults([[(0, short[0]), (10, short[1]), (20, short[2])],
                            [(0, short[0]), (10, short[3])]])) == 3  # split, two rows
    long = [Chunk(10.0, kind="header", table=3, part=(0, 16))] + [  # at the foot, one alone
        Chunk(10.0, kind="row", table=3, part=(r, 16)) for r in range(1, 16)]
    assert len(page_faults([[(10 * r, long[r]) for r in range(3)],
                            [(0, long[0])] + [(10 * r, long[r]) for r in range(3, 16)]])) == 1
    assert len(page_faults([[(10 * r, long[r]) for r in range(14)],
                            [(0, long[0]), (10, long[14]), (20, long[15])]])) == 1
    assert page_faults([[(10 * r, long[r]) for r in range(4)],
                        [(0, long[0])] + [(10 * r, long[r]) for r in range(4, 16)]]) == []
    seven = [Chunk(10.0, kind="header", table=4, part=(0, 8))] + [
        Chunk(10.0, kind="row", table=4, part=(r, 8)) for r in range(1, 8)]
    split = [[(0, heading)] + [(10 * r + 10, seven[r]) for r in range(4)],
             [(0, seven[0])] + [(10 * r - 30, seven[r]) for r in range(4, 8)]]
    assert len(page_faults(split, 100.0)) == 1  # heading and table fit a page: split
    assert page_faults(split, 80.0) == []  # they do not: a typesetter splits it
    assert len(page_faults([[(0, Chunk(10.0)), (10, Chunk(10.0, lead=2))],
                            [(0, short[0]), (10, short[1]), (20, short[2]),
                             (30, short[3])]])) == 1  # the lead-in parted from its table
    whole = [replace(c, keep=int(r < 7)) for r, c in enumerate(seven)]  # keyed whole
    heading_on = [Chunk(10.0, kind="heading", keep=3), *whole]  # the table, headed

    def after(above: float) -> list[list[tuple[float, Chunk]]]:
        """A line `above` high, then the heading and the table split 3 | 4 rows."""
        return [[(0, Chunk(above))] + [(above + 10 * k, heading_on[k]) for k in range(5)],
                [(0, whole[0])] + [(10 * (r - 3), whole[r]) for r in range(4, 8)]]

    assert page_faults(after(10.0), 95.0) == []  # moved whole, 85 of 95 left empty
    assert len(page_faults(after(10.0), 100.0)) == 1  # it fits under the line
    assert len(page_faults(after(80.0), 100.0)) == 1  # 20 %: it goes overleaf whole


# Words with a break point every two letters: breaking one must take memory and time in
# proportion to its length (the break points of a 6 000-letter name once held every head
# and tail as strings: 2.9 GB)
LONG_WORDS = {
    "street name": ("klassiek", "board,deeds", "a-" * 3000),
    "card title": ("spankopoly", "chance", "-0" * 4999),
    "rules line": ("spankopoly", "rules", "{% for i in range(9999) %}-0{% endfor %}"),
}


def with_long_word(tmp_path: Path, game: str, word: str) -> Path:
    """A copy of `game` whose first street (klassiek), first chance card's title and rules
    (spankopoly) hold `word`."""
    if game == "klassiek":
        return renamed(tmp_path, game, "nl", "molenweg", word)
    folder = copy_game(game, tmp_path / "data")
    if word.startswith("{%"):
        rules = folder / "rules" / "nl.md"
        rules.write_text(rules.read_text("utf-8") + "\n" + word + "\n", "utf-8")
    else:
        text = folder / "text" / "nl.toml"
        text.write_text(text.read_text("utf-8").replace('title = "Je bent jarig!"',
                                                        f'title = "{word}"'), "utf-8")
    return tmp_path / "data"


@pytest.mark.parametrize("what", list(LONG_WORDS))
def test_a_word_of_thousands_of_break_points_builds_in_bounded_memory(tmp_path: Path,
                                                                      what: str) -> None:
    """Under a 1 GB cap, each build ends by itself: the word either prints (broken at its
    hyphens) or is a located problem, never a MemoryError or a traceback."""
    import resource
    import subprocess
    import sys

    game, only, word = LONG_WORDS[what]
    data = with_long_word(tmp_path, game, word)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    run = subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(data / game), "--lang", "nl",
         "--only", only, "--out", str(tmp_path / "out"), "-q"],
        capture_output=True, text=True, preexec_fn=limited, timeout=120,
        env=dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent)))
    assert "Traceback" not in run.stderr, run.stderr[-800:]
    assert "MemoryError" not in run.stderr, run.stderr[-800:]
    if run.returncode:
        assert run.returncode == 2, run.stderr[-800:]
        assert re.search(r"\S+\.(toml|md):\d+: ", run.stderr), run.stderr[-800:]
    else:
        assert list((tmp_path / "out").rglob("*.pdf"))


def test_a_long_word_breaks_in_linear_memory() -> None:
    """The pieces of a 20 000-letter word take memory in proportion to it (a few MB),
    where every head and tail as strings took gigabytes."""
    import tracemalloc

    from printkit.layout.fonts import metrics
    from printkit.layout.hyphens import split

    word = "-0" * 10_000
    tracemalloc.start()
    pieces = split(word, metrics("regular"), 5000.0, 5000.0, "nl")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert pieces is not None
    assert "".join(piece for piece, _ in pieces) == word
    assert peak < 20 * 2**20, peak


SQUARE = 35.9 * 2.8346  # the width a name has in a square of the 500 mm boards, in pt
BOARD_BREAKS = {
    "nl": [["Inkomsten-", "belasting"], ["Gemeente-", "belasting"], ["Burgemeester-", "laan"],
           ["Elektriciteits-", "bedrijf"], ["Waterleiding-", "bedrijf"],
           ["Haarlemmer-", "straat"], ["Spaarndammer-", "straat"], ["Rijnsburger-", "weg"],
           ["Prins", "Hendrikkade"]],
    "nb": [["Svømme-", "bassenget"], ["Trondheims-", "veien"], ["Kongsvinger-", "veien"],
           ["Holmenkoll-", "veien"], ["Dronningens-", "gate"], ["Trondheims-", "vegen"],
           ["Karl Johans", "gate"]],
    "da": [["Samfunds-", "kasse"], ["Svømme-", "bassinet"], ["Amagerbro-", "gade"],
           ["Frederiksberg-", "gade"], ["Frederiksberg-", "gadekvarteret"],
           ["Kongens", "Nytorv"]],
}


@pytest.mark.parametrize("lang", list(BOARD_BREAKS))
def test_long_names_break_on_the_board_where_their_parts_meet(lang: str) -> None:
    """On a board square a name breaks between its words, then where the parts of a
    compound meet ("Samfunds-kasse", never "Samfundskas-se"), before it shrinks."""
    from printkit.layout.text import BOARD_NAMES, fit
    from printkit.localise.kit import Heading

    for expected in BOARD_BREAKS[lang]:
        name = " ".join(expected).replace("- ", "")
        found = fit((Heading(name),), SQUARE, 60.0, 13.0, lang=lang, breaking=BOARD_NAMES)
        assert found is not None, name
        assert [line.text for line in found[0]] == expected, (name, found[1])
        assert found[1] >= 12.0, (name, found[1])  # broken first, shrunk (a little) after


def test_names_break_at_compounds_of_any_language_and_never_inside_a_part() -> None:
    """A Dutch street on the Danish board breaks as in Dutch; a word of no known parts
    does not break on the board at all (it shrinks), where running text would hyphenate."""
    assert [at for at, kind in points("Burgemeesterlaan", "da") if kind <= COMPOUND] == [12]
    assert [at for at, kind in points("Rådhusstræde", "nl") if kind <= COMPOUND] == [6]
    assert [at for at, kind in points("Onbreekbaarwoord", "nl") if kind <= COMPOUND] == []
    assert points("Onbreekbaarwoord", "nl")  # between syllables, for running text
    assert wrap("Onbreekbaarwoord", "bold", 13.0, 60.0, "nl", level=COMPOUND) is None


def test_an_author_sets_a_break_point_with_a_soft_hyphen() -> None:
    """A soft hyphen (a name's `|` becomes one) is a break point taken before any other,
    printed as a hyphen only at a line's end."""
    name = "Rijks\u00admuseumplein"
    assert wrap(name, "bold", 13.0, 300.0, "nl") == ["Rijksmuseumplein"]
    assert wrap(name, "bold", 13.0, 90.0, "nl", level=AUTHOR) == ["Rijks-", "museumplein"]
    assert wrap("Vrijthof", "bold", 13.0, 30.0, "nl", level=AUTHOR) is None
    # a break leaves a letter or digit on each side: no line of a lone hyphen, no "-|50"
    assert points("\u00adMolenweg\u00ad", "nl", AUTHOR) == ()
    assert points("-50", "nl") == ()


def test_a_bar_in_a_name_never_prints(tmp_path: Path) -> None:
    """`Molen|weg` prints as Molenweg wherever it fits, and never shows its bar or a soft
    hyphen: not on the deeds or in the booklet's tables and text."""
    data = renamed(tmp_path, "klassiek", "nl", "molenweg", "Molen|weg")
    build(Request("klassiek", ("nl",), data=data, only=("deeds", "rules")), tmp_path / "out")
    found = 0
    for pdf in sorted((tmp_path / "out" / "klassiek" / "nl").glob("*.pdf")):
        text = pdf_text(pdf)
        assert "|" not in text, pdf.name
        assert "\u00ad" not in text, pdf.name
        found += text.count("Molenweg")
    assert found >= 3


def drawn_texts(ops: tuple) -> list[str]:
    """Every line of text among drawing operations (inside groups too)."""
    from printkit.layout.ops import Group, Text

    out: list[str] = []
    for op in ops:
        if isinstance(op, Group):
            out += drawn_texts(op.ops)
        elif isinstance(op, Text):
            out.append(op.text)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("game", ["spankopoly", "klassiek", "koebstad", "antimonopoly"])
def test_no_name_is_hyphenated_on_deeds_cards_or_in_the_booklet(game: str, paper: str) -> None:
    """Laid out as built, in every language and on every paper (A5: booklet pages of A6,
    where the rent tables broke "Kastan-jelaan"): no line of a deed, card, command card or
    booklet (its tables: "Præstega-de") ends in a piece of a square's name, and no cell
    of a booklet table prints a hyphen its text has not ("hui-zen" in a head)."""
    from dataclasses import replace

    from printkit.load.tables import read_toml
    from printkit.options import resolve
    from printkit.pipeline import documents

    for lang in ("nl", "nb", "da"):
        kit = kit_for(lang, game)
        board = kit.product("board").content
        words = {w for sq in board.squares for w in sq.name.split(" ") if len(w) > 3}
        pieces = {w[:n] + "-" for w in words for n in range(2, len(w)) if w[n - 1] != "-"}
        game_toml = read_toml(builtin("data") / game / "game.toml", Problems())
        options = resolve(Options(players=4, paper=paper), load_print_spec(game_toml))
        shown = replace(kit, products=tuple(p for p in kit.products if p.name in (
            "deeds", "chance", "community", "commands", "rules")))
        problems = Problems()
        broken = {(doc.name, text) for doc in documents(shown, options, problems)
                  for page in doc.pages for text in drawn_texts(page.ops)
                  if text.rsplit(" ", 1)[-1] in pieces}
        assert not problems
        assert broken == set(), lang
        width = page_size(paper, load_print_spec(None).papers)[0] - INNER - OUTER
        for table in kit.product("rules").content.blocks:
            if isinstance(table, BookTable):
                for part, (_, _, cells) in set_table(table, width, lang):
                    for row, set_row in zip(part.rows, cells, strict=True):
                        for text, lines in zip(row, set_row, strict=True):
                            printed = "".join(t for line in lines for t, _ in line)
                            assert printed.count("-") == text.count("-"), (lang, lines)


@pytest.mark.parametrize("game,lang", [("klassiek", "nl"), ("koebstad", "da")])
def test_the_rent_table_on_a6_pages_keeps_names_heads_and_amounts_whole(
        tmp_path: Path, game: str, lang: str) -> None:
    """The booklet of A5 paper (pages of A6, 105 mm wide): every street of the rent table
    prints whole ("Kastan-jelaan", "Apote-kergade" did), its heads too ("hui-zen"), and
    no amount's currency stands on a line of its own ("kr.")."""
    build(Request(game, (lang,), only=("rules",), options=Options(paper="a5")), tmp_path)
    with pdfplumber.open(tmp_path / game / lang / "rules.pdf") as pdf:
        lines = [line for page in pdf.pages
                 for line in (page.extract_text() or "").replace("\u00a0", " ").splitlines()]
    words = {word for line in lines for word in line.split(" ")}
    rents = next(b for b in kit_for(lang, game).product("rules").content.blocks
                 if isinstance(b, BookTable))
    streets = [row[0].replace("\u00ad", "") for row in rents.rows[1:]]  # an author's break
    assert len(streets) == 22
    missing = [s for s in streets for word in s.split(" ") if word not in words]
    assert missing == []
    heads = {word for head in rents.rows[0] for word in head.split(" ")}
    assert {w for w in words if w.endswith("-") and w[:-1] in "".join(
        (*streets, *heads))} == set()
    assert [line for line in lines if line.strip() in ("kr.", "€")] == []


@pytest.mark.parametrize("game", ["klassiek", "koebstad", "antimonopoly"])
def test_booklet_tables_are_set_as_large_as_their_columns_allow(game: str) -> None:
    """The parts of a table set in parts have one size; the narrow columns, each on one
    line, no longer take the room a street's name needs and so shrink the whole table
    (antimonopoly's rent tables are set at 8.5 pt on A4 paper, they were at 8 and 7.5)."""
    papers = load_print_spec(None).papers
    for lang in ("nl", "nb", "da"):
        tables = [b for b in kit_for(lang, game).product("rules").content.blocks
                  if isinstance(b, BookTable)]
        for paper in ("a4", "letter", "a5"):
            width = page_size(paper, papers)[0] - INNER - OUTER
            for table in tables:
                sizes = {fit[0] for _, fit in set_table(table, width, lang)}
                assert len(sizes) == 1, (lang, paper, table.rows[0], sizes)
                if game == "antimonopoly" and paper == "a4" and table.rows[0][0] == "Straat":
                    assert sizes == {8.5}, (lang, table.rows[0])


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_score_pad_legend_separates_its_items(tmp_path: Path, lang: str) -> None:
    """The implements on one line, the clothing states on the next, a dot between items
    (they ran together, the states split over the line break)."""
    build(Request("spankopoly", (lang,), only=("scorepad",)), tmp_path)
    with pdfplumber.open(tmp_path / "spankopoly" / lang / "scorepad.pdf") as pdf:
        lines = [line.replace("\u00a0", " ") for line in
                 (pdf.pages[0].extract_text() or "").splitlines()]
    for group in kit_for(lang, "spankopoly").product("scorepad").content.legend:
        items = [item.replace("\u00a0", " ") for item in group]
        assert len(items) > 1
        assert " · ".join(items) in lines, (items, lines)


def test_booklet_tables_give_figures_their_width_and_text_the_rest() -> None:
    """A column of figures is as wide as its widest cell and set right; a short column
    keeps its cells on one line beside a long one; text takes the room left (the number
    column of a two-column table took half the width)."""
    from printkit.layout.booktable import aligned, figure_columns, fit_table, table_cells
    from printkit.localise.kit_booklet import BookTable

    numbers = BookTable((("Nummer", "Instrument"), *((str(n), f"Instrument {n}")
                                                    for n in range(1, 10))))
    rents = BookTable((("Straat", "Prijs", "Huur", "Met hotel"),
                       ("Kerkpad", "€\u00a060", "€\u00a02", "–"),
                       ("Burgemeesterlaan", "€\u00a01.400", "€\u00a0120", "kr.\u00a02.000")))
    lines = BookTable((("Strafregel", "Afkopen per regel"),
                       ("Ik zal me voortaan netjes gedragen, in huis en daarbuiten, bij "
                        "het spel en aan tafel, vandaag en alle dagen na vandaag.",
                        "5 klappen met de hand")))
    assert aligned(numbers, figure_columns(numbers)) == ["left", "left"]
    assert aligned(rents, figure_columns(rents)) == ["left", "right", "right", "right"]
    assert figure_columns(rents) == {1, 2, 3}
    for table, narrow, most in ((numbers, 0, 0.2), (rents, 1, 0.2), (lines, 1, 0.35)):
        fitted = fit_table(table_cells(table), 300.0, "nl", figure_columns(table))
        assert fitted is not None
        size, widths, cells = fitted
        assert size == 8.5
        assert sum(widths) == pytest.approx(300.0)
        assert widths[narrow] < most * 300.0, widths
        assert all(len(row[narrow]) == 1 for row in cells), cells


def test_a_long_row_label_wraps_beside_its_value() -> None:
    """A deed's label too long for the line wraps beside its amount, which stays in line
    with the amounts above (it dropped to a line of its own); beside a long amount in two
    lines of whole words ("Prijs van / een hotel   € 50 + 4 huizen"); an amount too wide
    for that still gets a line of its own."""
    from printkit.layout.text import fit
    from printkit.localise.kit import Row

    rows = (Row("Aankoop (hand)", "20 klappen"), Row("Compleet (leren paddle)", "15 klappen"))
    found = fit(rows, 140.0, 200.0, 9.0, lang="nl")
    assert found is not None
    placed = [(p.text, p.align, round(p.dy, 1)) for p in found[0]]
    assert placed[2:] == [("Compleet (leren", "left", placed[2][2]),
                          ("15 klappen", "right", placed[2][2]),
                          ("paddle)", "left", round(placed[2][2] + 9.0 * 1.22, 1))]
    long = fit((Row("Prijs van een hotel", "€ 50 + 4 huizen"),), 120.0, 200.0, 9.0)
    assert long is not None
    assert [p.text for p in long[0]] == ["Prijs van", "€ 50 + 4 huizen", "een hotel"]
    assert long[0][1].dy == long[0][0].dy < long[0][2].dy
    wide = fit((Row("Prijs van een hotel", "€ 50 + 4 huizen"),), 90.0, 200.0, 9.0)
    assert wide is not None
    assert [p.text for p in wide[0]][-1] == "€\u00a050 + 4 huizen"
    assert wide[0][-1].dy > wide[0][0].dy
