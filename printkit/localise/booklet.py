"""The rule booklet's text: data/<game>/rules/<lang>.md rendered in the sandbox and read as
Markdown (printkit.localise.markup), with the game's generated tables. Imported only when
a rule booklet is made (printkit.localise.assemble)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError

from printkit.errors import Problems
from printkit.load.tables import read_text
from printkit.localise.catalog import Labels
from printkit.localise.kit_booklet import BookletText
from printkit.localise.markup import TABLE, Rows, parse
from printkit.localise.sandbox import compiled_template, render_bounded, run_bounded
from printkit.localise.wording import Wording


def rules_file(w: Wording, code: str) -> Path:
    return w.game.folder / "rules" / f"{code}.md"


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
    title = w.text("game", "title")  # the game's name: booklets write {{ title }}
    rendered = render(text, w, tables, {"title": title, **context}, path, problems)

    def report(line: int, message: str) -> None:
        problems.add(problems.where(path, source_line(text, rendered, line)), message)

    blocks = parse(rendered, tables, w.game.folder, report) if rendered else ()
    return BookletText(title, marked + _("Rules"), _("Contents"), blocks,
                       problems.where(path).path, text, _("Notes"))


MAX_BOOKLET_GROWTH = 2**20  # characters a rule template may print beyond twice its own size


def source_line(template: str, rendered: str, line: int) -> int:
    """The line of the template that printed line `line` of the rendered text: the first
    template line holding that text, else the same number (the template printed as many
    lines before it)."""
    lines = rendered.split("\n")
    found = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    if found:
        for n, text in enumerate(template.split("\n"), 1):
            if found in text:
                return n
    return line


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


