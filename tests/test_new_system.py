"""A game system outside printkit, made by the steps of README "Adding a game system": the
package tests/fixtures/systems/printkit-toy (its model, loading, checks, wording, field
notes and labels) installed, its printkit.systems entry point found, and a game of it
checked, built and previewed with the commands a user types."""

from __future__ import annotations

import shutil
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import pdf_text, source_of
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.errors import PrintkitError
from printkit.systems import REGISTRY, SYSTEMS
from printkit.systems.contract import System

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PACKAGE = FIXTURES / "systems" / "printkit-toy"
GAME = FIXTURES / "games" / "toydeck"


def install(package: Path, site: Path) -> None:
    """What `pip install ./printkit-toy` leaves in site-packages: the package, and its
    metadata with the entry points its pyproject.toml declares."""
    project = tomllib.loads((package / "pyproject.toml").read_text("utf-8"))["project"]
    name = project["name"].replace("-", "_")
    shutil.copytree(package / name, site / name)
    info = site / f"{name}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                   f"Version: {project['version']}\n", "utf-8")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items())
        for group, points in project["entry-points"].items()), "utf-8")


def forget_installed() -> None:
    """Read the installed packages' entry points afresh, and import the toy anew."""
    SYSTEMS.__dict__.pop("installed", None)
    for module in [m for m in sys.modules if m.split(".")[0] == "printkit_toy"]:
        del sys.modules[module]


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy system installed; a copy of its game to work in (the working folder)."""
    site = tmp_path / "site-packages"
    site.mkdir()
    install(PACKAGE, site)
    monkeypatch.syspath_prepend(str(site))
    forget_installed()
    shutil.copytree(GAME, tmp_path / "data" / "toydeck")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    forget_installed()


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_an_installed_system_is_checked_built_and_previewed(toy: Path) -> None:
    code, out = run("check", "toydeck")
    assert code == 0, out
    assert "toydeck (nl): 0 missing, 0 unused" in out
    code, out = run("build", "toydeck")
    assert code == 0, out
    pdf = toy / "output" / "toydeck" / "nl" / "cards.pdf"
    text = pdf_text(pdf)
    for words in ("Koffie", "Zet koffie voor iedereen aan tafel.", "Limonade",
                  "Speelgoed", "Kaart 1 van 3"):  # its own label, in Dutch
        assert words in text
    assert PdfReader(pdf).metadata.title == "Speelgoedspel – Speelgoedkaarten"
    code, out = run("preview", "toydeck", "--dpi", "20", "-q")
    assert code == 0, out
    assert (toy / "output" / "toydeck" / "nl" / "cards-contact.png").is_file()


def test_the_entry_point_hands_out_the_system_and_its_products(toy: Path) -> None:
    source = source_of(str(GAME))
    game, system = source.game, source.setup.system
    assert isinstance(system, System)
    assert system.name == "toy"
    assert system.products(game) == ("cards",)
    assert "toy" in SYSTEMS
    assert "toy" not in REGISTRY  # found through its package, not printkit's own list


def test_a_label_the_system_lacks_names_its_own_catalog(toy: Path) -> None:
    catalog = toy / "site-packages" / "printkit_toy" / "labels" / "nl" / "messages.po"
    catalog.write_text(catalog.read_text("utf-8").replace('msgstr "Kaart {n} van {total}"',
                                                          'msgstr ""'), "utf-8")
    code, out = run("check", "toydeck")
    assert code == 2
    assert ("printkit_toy/labels/nl/messages.po:11: Card {n} of {total}: untranslated label; "
            "fill in its msgstr") in out


def test_a_system_whose_package_is_not_installed_is_named_at_its_line() -> None:
    forget_installed()
    with pytest.raises(PrintkitError) as caught:
        source_of(str(GAME))
    message = str(caught.value.problems[0])
    assert "toydeck/game.toml:4: game.system: unknown system 'toy'; use one of spankopoly" \
        in message


def test_a_broken_system_package_is_a_problem_not_a_traceback(toy: Path) -> None:
    (toy / "site-packages" / "printkit_toy" / "game.py").write_text("import nowhere\n",
                                                                    "utf-8")
    code, out = run("check", "toydeck")
    assert code == 2
    assert "the game system 'toy' (printkit_toy:SYSTEM) cannot be loaded: " \
        "ModuleNotFoundError: No module named 'nowhere'; reinstall its package" in out


@pytest.mark.parametrize("game", ["spankopoly", "klassiek", "koebstad", "antimonopoly",
                                  "kortmonopol"])
def test_a_system_names_the_products_it_makes(game: str) -> None:
    from conftest import kit_for

    source = source_of(game)
    kit = kit_for("nl", game)
    assert source.setup.system.products(source.game) == tuple(p.name for p in kit.products)
