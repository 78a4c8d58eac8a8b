"""The JSON Schemas shipped for editors: made of the declarations the loaders read with,
named by every TOML file `printkit new` writes, and met by each of those files; a key or
value the loader refuses is one the schema marks too."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.schemas import FOLDER, made, text

runner = CliRunner()
GAMES = ("klassiek", "koebstad", "spankopoly", "antimonopoly", "kortmonopol")


def test_the_shipped_schemas_are_those_the_declarations_make() -> None:
    schemas = made()
    assert sorted(p.name for p in FOLDER.glob("*.json")) == sorted(schemas), \
        "run: python -m printkit.schemas"
    for name, schema in schemas.items():
        jsonschema.Draft7Validator.check_schema(schema)
        assert (FOLDER / name).read_text("utf-8") == text(schema), \
            f"{name} is not what the declarations make; run: python -m printkit.schemas"


def schema_named(path: Path) -> dict[str, object]:
    """The schema a TOML file names in its first line (#:schema <file URI>)."""
    first = path.read_text("utf-8").splitlines()[0]
    assert first.startswith("#:schema file://"), f"{path}: {first}"
    named = Path(unquote(urlparse(first.removeprefix("#:schema ")).path))
    assert named.parent == FOLDER, named
    assert named.is_file(), named
    loaded: dict[str, object] = json.loads(named.read_text("utf-8"))
    return loaded


def problems(schema: dict[str, object], data: dict[str, object]) -> list[str]:
    validator = jsonschema.Draft7Validator(schema)
    return [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(data)]


@pytest.mark.parametrize("source", GAMES)
def test_every_toml_file_new_writes_meets_the_schema_it_names(
        source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "mine", "--from", source]).exit_code == 0
    folder = tmp_path / "data" / "mine"
    written = sorted(p for p in folder.rglob("*.toml") if p.name != "translated.toml")
    assert folder / "game.toml" in written
    assert len(written) >= 3
    for path in written:  # (translated.toml is printkit's own record, not edited)
        data = tomllib.loads(path.read_text("utf-8"))
        assert problems(schema_named(path), data) == [], path.relative_to(folder)


@pytest.mark.parametrize("edit, at", [
    (("[rules]", "[rules]\nhuoses = 30"), "rules: Additional properties"),
    (("houses = 32", "houses = 1001"), "rules.houses: 1001 is greater than the maximum"),
    (('deed_back = "#2F3B4C"', 'deed_back = "grey"'), "cards.deed_back: 'grey' does not match"),
    (('icon = "train"', 'icon = "tram"'), "stations.icon: 'tram' is not one of"),
])
def test_the_schema_marks_what_check_refuses(edit: tuple[str, str], at: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "mine", "--from", "klassiek", "-l", "nl"]).exit_code == 0
    manifest = tmp_path / "data" / "mine" / "game.toml"
    text_before = manifest.read_text("utf-8")
    assert edit[0] in text_before
    manifest.write_text(text_before.replace(edit[0], edit[1], 1), "utf-8")
    found = problems(schema_named(manifest), tomllib.loads(manifest.read_text("utf-8")))
    assert len(found) == 1, found
    assert found[0].startswith(at), found
    key = at.split(":")[0].split(".")[-1]
    result = runner.invoke(app, ["check", "mine"])
    assert result.exit_code == 2, result.output
    refused = result.output.split("error: ")[1]
    assert refused.startswith("data/mine/game.toml:"), refused
    assert key in refused


def test_the_print_settings_meet_the_printkit_toml_schema() -> None:
    from printkit.load.printing import BUILTIN

    schema = json.loads((FOLDER / "printkit.json").read_text("utf-8"))
    assert problems(schema, tomllib.loads(BUILTIN.read_text("utf-8"))) == []
    wrong = {"sheet": {"gutter": "6 furlongs"}, "vendors": {"x": {"sides": "both"}}}
    assert len(problems(schema, wrong)) == 2
