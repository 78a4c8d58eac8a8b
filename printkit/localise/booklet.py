"""The rule booklet's text: data/<game>/rules/<lang>.md rendered in the sandbox and read as
a small line-based markup (headings, paragraphs, items, notes, generated tables)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError

from printkit.errors import Problems
from printkit.load.tables import read_text
from printkit.localise.catalog import Labels
from printkit.localise.kit import BookBlock, BookHeading, BookletText, BookPara, BookTable
from printkit.localise.sandbox import compiled_template, render_bounded, run_bounded
from printkit.localise.wording import Wording

TABLE = "\ue000table:"  # marks a generated table in the rendered text (a private-use character)
Rows = tuple[tuple[str, ...], ...]
_ITEM = re.compile(r"^(?:(-)|(\d+)\.)\s+(.*)$")


def rules_file(w: Wording, code: str) -> Path:
    return w.game.folder / "rules" / f"{code}.md"


def has_rules(game: Any) -> bool:
    """A game has a rule booklet when its source language has a rules file (one that is
    not a regular file is reported when read)."""
    return (game.folder / "rules" / f"{game.source_language}.md").exists()


def booklet(w: Wording, _: Labels, tables: dict[str, Rows], context: dict[str, Any],
            problems: Problems) -> BookletText:
    """Render and parse the rules of w's language (or, marked, of the source language)."""
    path = rules_file(w, w.lang.code)
    marked = ""
    if not path.exists():
        source = rules_file(w, w.game.source_language)
        if not (w.allow_missing and source.exists()):
            problems.add(problems.where(path), "missing rules; write the rule booklet text "
                         "in this file (see the other languages' files)")
            return BookletText("?", "?", "?", ())
        path, marked = source, f"[{w.game.source_language}] "
    text = read_text(path, problems)
    if text is None:
        return BookletText("?", "?", "?", ())
    rendered = render(text, w, tables, context, path, problems)
    title = w.text("game", "title")
    return BookletText(title, marked + _("Rules"), _("Contents"),
                       parse(rendered, tables) if rendered else (),
                       problems.where(path).path, text)


MAX_BOOKLET_GROWTH = 2**20  # characters a rule template may print beyond twice its own size


def render(text: str, w: Wording, tables: dict[str, Rows], context: dict[str, Any],
           path: Path, problems: Problems) -> str:
    """The template rendered in the game's sandbox; errors located at their line."""
    def table(name: str) -> str:
        if name not in tables:
            raise ValueError(f"no table '{name}'; tables are {', '.join(sorted(tables))}")
        return f"\n{TABLE}{name}\n"

    try:
        template = w.env.template_class.from_code(w.env, compiled_template(text),
                                                  w.env.make_globals(None))
        limit = 2 * len(text) + MAX_BOOKLET_GROWTH
        return run_bounded(lambda: render_bounded(template, dict(context, table=table), limit))
    except TemplateSyntaxError as exc:
        problems.add(problems.where(path, exc.lineno or 0), f"template error: {exc.message}")
    except Exception as exc:  # anything else the template did wrong
        problems.add(problems.where(path, _template_line(exc)),
                     f"template error: {exc.__class__.__name__}: {exc}")
    return ""


def _template_line(exc: BaseException) -> int:
    """The line in the template where a runtime error happened (0 if unknown)."""
    tb = exc.__traceback__
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def parse(text: str, tables: dict[str, Rows]) -> tuple[BookBlock, ...]:
    """Blocks from the rendered markup; consecutive text lines join into one paragraph."""
    blocks: list[BookBlock] = []
    para: list[str] = []
    kind, marker = "body", ""

    def flush() -> None:
        nonlocal para, kind, marker
        if para:
            blocks.append(BookPara(" ".join(para), kind, marker))
        para, kind, marker = [], "body", ""

    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#{1,2})\s+(.*)$", line)
        item = _ITEM.match(line)
        if not line:
            flush()
        elif line.startswith(TABLE) and line[len(TABLE):] in tables:  # not a forged mark
            flush()
            blocks.append(BookTable(tables[line[len(TABLE):]]))
        elif heading:
            flush()
            blocks.append(BookHeading(len(heading.group(1)), heading.group(2).strip()))
        elif item:
            flush()
            para, kind = [item.group(3)], "item"
            marker = "•" if item.group(1) else f"{item.group(2)}."
        elif line.startswith(">"):
            if kind != "note":
                flush()
                kind = "note"
            para.append(line[1:].strip())
        else:
            para.append(line)
    flush()
    return tuple(blocks)

