"""Shared fixtures: built kits (once per test session) and PDF helpers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.pipeline import Options, build
from printkit.resources import builtin

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4


@pytest.fixture(scope="session")
def nl_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default build (spankopoly, Dutch) in a fresh output folder."""
    out = tmp_path_factory.mktemp("out")
    build("spankopoly", ["nl"], None, out, Options())
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
