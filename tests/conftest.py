"""Shared fixtures: built kits (once per test session) and PDF helpers."""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

# As printkit.analyse.markov: the chains' small matrices solve fastest on one thread; set
# before numpy is first imported (by the tests that compare pictures, or analyse a game).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
# Processes started from a fork server or spawned (preflight, serve's drawing) import printkit
# from this checkout, whatever folder a test runs in.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(Path(__file__).resolve().parent.parent), *filter(None, [os.environ.get("PYTHONPATH")])])

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.resources import builtin

if TYPE_CHECKING:
    from printkit.plan import Source

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4


@pytest.fixture(autouse=True, scope="session")
def own_cache(tmp_path_factory: pytest.TempPathFactory):
    """Builds keep their cache (printkit.cache) in a folder of the test session, shared by
    its workers and the commands they run, never the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path_factory.getbasetemp().parent / "cache"))
        patch.delenv("PRINTKIT_CACHE", raising=False)
        yield


@pytest.fixture(autouse=True, scope="session")
def english_terminal():
    """Commands speak English (printkit.commands.language), whatever the locale of the
    person running the tests; a test of another language sets it."""
    with pytest.MonkeyPatch.context() as patch:
        for variable in ("LC_ALL", "LC_MESSAGES"):
            patch.delenv(variable, raising=False)
        patch.setenv("LANG", "C")
        yield


@pytest.fixture(autouse=True, scope="session")
def no_user_print_settings():
    """Tests see only the built-in print settings (and the files they pass with --config),
    never a printkit.toml of the person running them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("printkit.config.usual_configs", list)
        yield


@pytest.fixture(scope="session")
def nl_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default build (spankopoly, Dutch) in a fresh output folder."""
    out = tmp_path_factory.mktemp("out")
    build(Request("spankopoly", ("nl",)), out)
    return out / "spankopoly" / "nl"


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A writable copy of the spankopoly folder, inside tmp_path/data/."""
    target = tmp_path / "data" / "spankopoly"
    shutil.copytree(builtin("data") / "spankopoly", target)
    return target


def pdf_text(path: Path) -> str:
    """All text of a PDF, whitespace normalised (no-break spaces as spaces)."""
    text = " ".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return " ".join(text.replace("\u00a0", " ").split())


def page_texts(path: Path) -> list[str]:
    return [" ".join((p.extract_text() or "").replace("\u00a0", " ").split())
            for p in PdfReader(path).pages]


def char_size(char: dict) -> float:
    """The font size of a pdfplumber char, also for text turned a quarter (board sides)."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


def kit_for(lang: str = "nl", game: str = "spankopoly"):
    """A localised kit of a built-in game (no files written)."""
    from printkit.localise.stage import localise
    source = source_of(game)
    return localise(source.setup.system, source.game, source.setup.languages[lang])


def source_of(game: str, data: Path | None = None) -> Source:
    """A game (built in, or of `data`) read and validated, with its system and its
    languages."""
    from printkit.plan import read, setup
    from printkit.resources import find_game

    return read(setup(find_game(game, data)))


def render_docs(kit, product: str, options: Options, config: Path | None = None) -> dict:
    """The PDFs (file name -> PdfReader) of one product of a kit, rendered in memory."""
    from printkit.errors import Problems
    from printkit.load.printing import load_print_spec
    from printkit.load.tables import read_toml
    from printkit.options import resolve
    from printkit.pipeline import documents
    from printkit.render import render

    spec = load_print_spec(read_toml(builtin("data") / kit.game / "game.toml", Problems()),
                           config)
    resolved = resolve(replace(options, players=options.players or 4), spec)
    one = replace(kit, products=tuple(p for p in kit.products if p.name == product))
    problems = Problems()
    pdfs = {doc.name: PdfReader(io.BytesIO(render(doc, resolved.cmyk)))
            for doc in documents(one, resolved, problems)}
    problems.raise_if_any()
    return pdfs


def multiply(m: tuple, n: tuple) -> tuple:
    """The matrix that applies m first, then n (PDF order: m × n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def placed_forms(page, extent: bool = False) -> dict[str, tuple[float, ...]]:
    """Centre (in page coordinates) of every item placed on a page, by name: form
    XObjects (repeated artwork, by /BBox and /Matrix) and marked-content items
    (`/Item <</Name (...)>> BDC`, by the clip rectangle that follows); with `extent`, also
    the width and height the item covers on the page."""
    from pypdf.generic import ContentStream

    xobjects = page["/Resources"].get("/XObject", {})
    ctm, stack, found = (1, 0, 0, 1, 0, 0), [], {}
    pending = None  # the name of a marked item whose clip rectangle comes next
    depth = 0  # marked items open: what is drawn inside an item is part of it

    def place(name: str, box: tuple[float, float, float, float], m: tuple) -> None:
        x0, y0, w, h = box
        cx, cy = x0 + w / 2, y0 + h / 2
        size = (abs(m[0]) * w + abs(m[2]) * h, abs(m[1]) * w + abs(m[3]) * h)
        found[name] = (m[0] * cx + m[2] * cy + m[4], m[1] * cx + m[3] * cy + m[5],
                       *(size if extent else ()))

    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"BDC" and str(operands[0]) == "/Item":
            pending = str(operands[1]["/Name"]) if not depth else None
            depth += 1
        elif op == b"EMC":
            depth -= 1
        elif op == b"re" and pending:
            place(pending, tuple(float(v) for v in operands), ctm)
            pending = None
        elif op == b"Do" and not depth:
            form = xobjects[operands[0]].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            m = multiply(tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0))), ctm)
            place(str(operands[0]).removeprefix("/FormXob."), (x0, y0, x1 - x0, y1 - y0), m)
    return found


def assert_same_places(found: dict, expected: dict, tolerance: float = 1e-3) -> None:
    """Two {name: (x, y)} maps hold the same names at the same places."""
    assert found.keys() == expected.keys()
    for name, (x, y) in expected.items():
        fx, fy = found[name]
        assert abs(fx - x) <= tolerance, name
        assert abs(fy - y) <= tolerance, name
@dataclass(frozen=True)
class Run:
    """What a user sees from one command: exit code, standard output and error lines."""

    code: int
    out: str
    err: str

    @property
    def errors(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., Run]:
    """Run the printkit command in-process, from tmp_path as the working directory."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> Run:
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    return run


def copy_game(name: str, data: Path) -> Path:
    """A writable copy of built-in game `name` in the folder data/."""
    target = data / name
    shutil.copytree(builtin("data") / name, target)
    return target


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under folder (hidden ones too) by relative path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def stand_in_languages(folder: Path) -> None:
    """Give a game copy every language it declares: a language whose texts (or labels)
    are not written yet borrows the source language's, so that all-language builds can be
    tested before the translations exist."""
    import tomllib
    manifest = tomllib.loads((folder / "game.toml").read_text("utf-8"))["game"]
    source = manifest["source_language"]
    templates = builtin("templates") / "languages"
    for code in manifest["languages"]:
        text = folder / "text" / f"{code}.toml"
        if not text.is_file():
            shutil.copyfile(folder / "text" / f"{source}.toml", text)
        if not (templates / code / "messages.po").is_file():
            (folder / "languages" / code).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(templates / code / "language.toml",
                            folder / "languages" / code / "language.toml")
            shutil.copyfile(templates / source / "messages.po",
                            folder / "languages" / code / "messages.po")
