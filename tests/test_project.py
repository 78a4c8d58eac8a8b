"""What the project says of itself holds: CI runs README's test command as README writes
it, and every file under a licence of its own is listed in LICENSE and shipped with its
licence (pyproject's license-files)."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> list[str]:
    """The command lines of README's Quick start, in order."""
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    run, test = quick_start()[:2]
    for line in (run, test):  # Debian's and Ubuntu's Python refuse pip outside one
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert run.endswith("&& printkit build")
    assert test.endswith("&& ruff check . && mypy printkit && python -m pytest")


def test_ci_runs_readmes_test_command_as_written() -> None:
    script = (ROOT / ".ci" / "run").read_text("utf-8")
    commands = [line for line in script.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == quick_start()[1]


def tracked() -> list[str]:
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:  # not a git checkout (an unpacked sdist): what is there
        return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()]
    return done.stdout.splitlines()


def test_every_licence_file_is_listed_and_shipped() -> None:
    licences = sorted(name for name in tracked()
                      if re.search(r"(^|/)[^/]*LICEN[CS]E[^/]*$", name, re.IGNORECASE)
                      and not name.startswith("tests/") and name != "LICENSE")
    assert licences, "the fonts, the colour profile and koebstad's art have their own"
    listed = (ROOT / "LICENSE").read_text("utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    for name in licences:
        assert name in listed, f"LICENSE does not list {name}"
        assert name in project["license-files"], f"pyproject does not ship {name}"
    assert "MIT" in project["license"].split(" AND ")


def test_every_font_picture_and_profile_has_a_licence_beside_it() -> None:
    kinds = (".ttf", ".otf", ".icc", ".png", ".jpg")
    assets = [name for name in tracked() if name.endswith(kinds)
              and not name.startswith(("tests/pictures/", "output/"))]
    for name in assets:
        folder = (ROOT / name).parent
        assert any(re.search(r"licen[cs]e", p.name, re.IGNORECASE) for p in folder.iterdir()), \
            f"{name}: no licence file in its folder"
