"""Texts and rule templates from a game folder run in a sandbox: reaching for Python
internals, or for enormous results, fails with a located error and runs no code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import copy_game
from games import GAMES, IDS

UNSAFE = "access to attribute '{}' of '{}' object is unsafe."
TOO_LARGE = "{} would be too large; texts stay below 10000 characters"
STATEMENT = ("'{{% {} %}}' cannot be used in a text; use {{{{ … }}}} with the helpers, filters "
             "and {{% if %}}")
ATTACKS = {
    "{{ name.__class__ }}": UNSAFE.format("__class__", "method"),
    "{{ name.__globals__ }}": UNSAFE.format("__globals__", "method"),
    "{{ ''.__class__.__mro__[1].__subclasses__() }}": UNSAFE.format("__class__", "str"),
    "{{ cycler.__init__.__globals__.os.system('touch PWNED') }}":
        UNSAFE.format("__init__", "type"),
    "{{ joiner.__init__.__globals__['__builtins__']['open']('PWNED', 'w') }}":
        UNSAFE.format("__init__", "type"),
    "{{ self._TemplateReference__context }}":
        UNSAFE.format("_TemplateReference__context", "TemplateReference"),
    "{{ strokes.__self__.game.folder }}": UNSAFE.format("__self__", "method"),
    "{{ 'x'|attr('__class__') }}": UNSAFE.format("__class__", "str"),
    "{{ '{0.__class__}'.format(1) }}": UNSAFE.format("__class__", "int"),
    "{{ lipsum.__globals__ }}": "'lipsum' is not a name here",
    "{% for x in range(3) %}x{% endfor %}": STATEMENT.format("for"),
    "{% include '/etc/passwd' %}": STATEMENT.format("include"),
    "{% set x = 1 %}{{ x }}": STATEMENT.format("set"),
    "{% macro m() %}{% endmacro %}": STATEMENT.format("macro"),
    "{{ 'a' * 10000000 }}": TOO_LARGE.format("the result of *"),
    "{{ 9 ** 9999 }}": TOO_LARGE.format("the result of **"),
    "{{ 'x'|center(100000000) }}": TOO_LARGE.format("a size of 100000000"),
    "{{ '{:>999999999}'.format(1) }}": TOO_LARGE.format("a formatted text"),
    "{{ '%999999999d'|format(1) }}": TOO_LARGE.format("a formatted text"),
    "{{ '%0999999999d' % 1 }}": TOO_LARGE.format("a formatted text"),
    "{{ range(100000)|join }}": TOO_LARGE.format("a size of 100000"),
    "{{ name }}": "name is a function: call it, e.g. name(…), rather than print it",
    "{{ '%s'|format(strokes) }}":
        "strokes is a function: call it, e.g. strokes(…), rather than print it",
    "{{ 1/0 }}": "ZeroDivisionError: division by zero",
    "{{ strokes(10**12, 'hand') }}":
        "strokes(): 1000000000000 is not a number from -1000000000 to 1000000000",
    "{{ strokes(2.5, 'hand') }}": "strokes(): 2.5 is not a whole number",
    "{{ strokes(3, 'whip') }}": "strokes(): unknown implement 'whip'; use one of {implements}",
    "{{ name('nowhere') }}": "name(): unknown square 'nowhere'; use the id of a square with a "
                             "name (a street, station, corner, …)",
    "{{ strokes(3) }}": "TypeError: strokes() missing 1 required positional argument: "
                        "'implement'",
    "{{ unclosed": "unexpected end of template, expected 'end of print statement'.",
}

NO_BOARD = {  # the same attacks on a game without a board, where they fail otherwise
    "{{ name('nowhere') }}": "name(): unknown name 'nowhere'; use one of clubs, diamonds, "
                             "hearts, spades",
}


HELPERS = {  # attacks on spankopoly's own helpers
    "{{ strokes(10**12, 'hand') }}", "{{ strokes(2.5, 'hand') }}", "{{ strokes(3, 'whip') }}",
    "{{ strokes(3) }}", "{{ '%s'|format(strokes) }}", "{{ strokes.__self__.game.folder }}"}
CASES = [(game, attack) for game in GAMES for attack in ATTACKS
         if attack not in HELPERS or game.system == "spankopoly"]


def set_text(path: Path, dotted: str, value: str) -> int:
    """Replace the one-line value of a dotted key in a TOML file; return its line."""
    *table, key = dotted.split(".")
    lines = path.read_text("utf-8").splitlines()
    current: list[str] = []
    for n, line in enumerate(lines):
        header = re.match(r"^\[([^\[\]]+)\]", line)
        if header:
            current = header.group(1).strip().split(".")
        elif current == table and re.match(rf"^{re.escape(key)}\s*=", line):
            lines[n] = f"{key} = {json.dumps(value, ensure_ascii=False)}"
            path.write_text("\n".join(lines) + "\n", "utf-8")
            return n + 1
    raise AssertionError(f"{dotted} is not a one-line key of {path}")


def implements(folder: Path) -> str:
    rows = (folder / "implements.csv").read_text("utf-8").splitlines()[1:]
    return ", ".join(sorted(r.split(",")[0] for r in rows if r and not r.startswith("#")))


@pytest.mark.parametrize("game,attack", CASES, ids=[f"{g.name}-{a}" for g, a in CASES])
def test_a_hostile_text_fails_located_and_runs_nothing(cli, tmp_path: Path, game,
                                                       attack: str) -> None:
    folder = copy_game(game.name, tmp_path / "data")
    line = set_text(folder / "text" / "nl.toml", game.text, attack)
    run = cli("build", game.name, "--lang", "nl", "--out", "out")
    message = ATTACKS[attack] if game.board else NO_BOARD.get(attack, ATTACKS[attack])
    if "{implements}" in message:
        message = message.replace("{implements}", implements(folder))
    assert run.errors[0].startswith(f"error: data/{game.name}/text/nl.toml:{line}: "
                                    f"{game.text}: template error: {message}")
    assert run.errors[1:] == ["1 problem; nothing was written."]  # (an unknown name: the
    # names there are follow it)
    assert run.code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]  # no PWNED, no out/


@pytest.mark.parametrize("attack,line,message", [
    ("# Regels\n\n{{ cycler.__init__.__globals__.os.system('touch PWNED') }}\n", 3,
     "SecurityError: " + UNSAFE.format("__init__", "type")),
    ("# Regels\n\nTekst.\n\n{{ self._TemplateReference__context.parent }}\n", 5,
     "SecurityError: " + UNSAFE.format("_TemplateReference__context", "TemplateReference")),
    ("# Regels\n{% for i in range(10**6) %}{{ i }}{% endfor %}\n", 2,
     "SecurityError: " + TOO_LARGE.format("a size of 1000000")),
    ("# Regels\n{{ 'ab' * 10**8 }}\n", 2, "SecurityError: " + TOO_LARGE.format("the result of *")),
    ("# Regels\n\n{% for a in range(9999) %}{% for b in range(9999) %}{% for c in range(9999)"
     " %}{% endfor %}{% endfor %}{% endfor %}\n", 3,
     "SecurityError: the template runs more than 100000 steps; loop over fewer items"),
])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_hostile_rules_template_fails_located_and_runs_nothing(
        cli, tmp_path: Path, game, attack: str, line: int, message: str) -> None:
    folder = copy_game(game.name, tmp_path / "data")
    (folder / "rules").mkdir(exist_ok=True)
    (folder / "rules" / "nl.md").write_text(attack, "utf-8")
    run = cli("build", game.name, "--lang", "nl", "--out", "out")
    assert run.errors == [f"error: data/{game.name}/rules/nl.md:{line}: template error: "
                          f"{message}", "1 problem; nothing was written."]
    assert run.code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
