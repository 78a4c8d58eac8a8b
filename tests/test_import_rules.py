"""The structure the pipeline keeps: data flows down the stages, systems plug in from above.

- A stage (load, validate, localise, layout, impose, render) never imports a game system:
  the pipeline hands the system to it.
- A stage imports only itself and the stages before it: what a later stage needs from an
  earlier one is handed down, and a helper two stages share lives below both.
- Nothing imports the entry point (`printkit.__main__`), and only it imports the command
  line (`printkit.cli`); only the command line imports the commands (`printkit.commands`).
- Only render/ imports reportlab.
- Only the localise stage imports jinja2 and babel: printkit/localise/ and the localise
  module of each system.
- Nothing imports fcntl (there is none on Windows).

Read from the source with `ast`, so a rule broken anywhere (even inside a function) fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"
STAGES = ("load", "validate", "localise", "layout", "impose", "render")


def imports(path: Path) -> set[str]:
    """Every module a file imports."""
    return imports_in(path.read_text(encoding="utf-8"), path)


def imports_in(source: str, path: Path) -> set[str]:
    """Every module a source text standing at `path` imports (relative imports made
    absolute)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
                base = ".".join((*parts[:len(parts) - node.level], base)).rstrip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def name(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def broken(allowed: object, banned: str) -> list[str]:
    """The modules outside `allowed` (a predicate on the path) that import `banned`."""
    assert callable(allowed)
    return [f"{name(p)} imports {m}" for p in modules() if not allowed(p)
            for m in sorted(imports(p)) if m == banned or m.startswith(banned + ".")]


@pytest.mark.parametrize("stage", STAGES)
def test_a_stage_never_imports_a_game_system(stage: str) -> None:
    offenders = [f"{name(p)} imports {m}" for p in sorted((PACKAGE / stage).rglob("*.py"))
                 for m in sorted(imports(p)) if m.startswith("printkit.systems")]
    assert offenders == []


@pytest.mark.parametrize("stage", STAGES[:-1])
def test_a_stage_never_imports_a_later_stage(stage: str) -> None:
    later = STAGES[STAGES.index(stage) + 1:]
    offenders = [f"{name(p)} imports {m}" for p in sorted((PACKAGE / stage).rglob("*.py"))
                 for m in sorted(imports(p)) for s in later
                 if m == f"printkit.{s}" or m.startswith(f"printkit.{s}.")]
    assert offenders == []


def test_nothing_imports_the_command_line() -> None:
    assert broken(lambda p: False, "printkit.__main__") == []
    assert broken(lambda p: name(p) == "printkit/__main__.py", "printkit.cli") == []


def test_only_the_command_line_imports_the_commands() -> None:
    def front(p: Path) -> bool:
        return name(p) == "printkit/cli.py" or p.is_relative_to(PACKAGE / "commands")
    assert broken(front, "printkit.commands") == []


GROUND = ("model", "colour", "analyse", "errors", "files", "units", "truetype", "lazy",
          "claims", "keywords", "journal", "workers", "imaging", "resources")  # below all


def test_what_lies_below_the_stages_imports_nothing_above_it() -> None:
    """The values, colours, the analysis engine and the small helpers every stage shares
    import only each other: no stage, no game system, no driver (a driver the analysis
    engine imported put the systems above the pipeline that loads them)."""
    def top(module: str) -> str:
        parts = module.split(".")
        return parts[1] if len(parts) > 1 else ""

    offenders = [f"{name(p)} imports {m}" for p in modules()
                 if top(name(p).removesuffix(".py").replace("/", ".")) in GROUND
                 for m in sorted(imports(p))
                 if m.startswith("printkit.") and top(m) not in GROUND]
    assert offenders == []


def test_only_render_imports_reportlab() -> None:
    assert broken(lambda p: p.is_relative_to(PACKAGE / "render"), "reportlab") == []


@pytest.mark.parametrize("library", ["jinja2", "babel"])
def test_only_the_localise_stage_imports_jinja2_and_babel(library: str) -> None:
    def localise(p: Path) -> bool:
        return p.is_relative_to(PACKAGE / "localise") or (
            p.is_relative_to(PACKAGE / "systems") and p.name == "localise.py")
    assert broken(localise, library) == []


def test_no_module_imports_fcntl() -> None:
    """Windows has no fcntl: a build runs there (tests/test_platforms.py runs one without)."""
    assert broken(lambda p: False, "fcntl") == []


def test_the_rules_see_an_offending_import() -> None:
    """The reader finds imports in every form the rules must catch."""
    source = ("import reportlab.pdfgen\nfrom babel import Locale\n"
              "def f():\n    from ..systems import money\n")
    found = imports_in(source, PACKAGE / "layout" / "probe.py")
    assert {"reportlab.pdfgen", "babel", "printkit.systems", "printkit.systems.money"} <= found


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_load_no_pipeline(flag: str) -> None:
    """`printkit --help` and `--version` import typer and one label catalog's reader (the
    terminal's language: printkit.localise.catalog and .po), and nothing a build needs."""
    import subprocess
    import sys

    heavy = ["reportlab", "jinja2", "babel", "pypdf", "pdfplumber", "pypdfium2", "PIL",
             "printkit.pipeline", "printkit.plan", "printkit.load", "printkit.model",
             "printkit.localise.stage", "printkit.localise.languages", "printkit.render",
             "printkit.layout"]
    probe = ("import sys\nfrom printkit.cli import app\n"
             f"try:\n    app([{flag!r}], prog_name='printkit')\nexcept SystemExit:\n    pass\n"
             f"print(sorted(m for m in {heavy!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=PACKAGE.parent)
    assert "printkit" in done.stdout  # the help or the version was printed
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_deck_build_imports_only_what_it_uses(tmp_path: Path) -> None:
    """A cold build of one deck imports neither printkit analyse (its figures, numpy, the
    simulated games) nor the colour checks of `check`, the agreement check of a whole
    game's texts or another product's texts: start-up pays for what runs."""
    import subprocess
    import sys

    unused = ["numpy", "printkit.analyse", "printkit.model.analysis",
              "printkit.model.simulation", "printkit.layout.gamut", "printkit.colour.vision",
              "printkit.localise.agree", "printkit.localise.kit_booklet",
              "printkit.localise.markup", "printkit.impose.tiles"]
    probe = ("import sys\nfrom pathlib import Path\nfrom printkit.options import Request\n"
             "from printkit.pipeline import build\n"
             f"build(Request('klassiek', ('nl',), only=('chance',)), Path({str(tmp_path)!r}),"
             " workers=1)\n"
             f"print(sorted(m for m in {unused!r} if m in sys.modules))")
    env = {**__import__("os").environ, "PRINTKIT_CACHE": "off"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=PACKAGE.parent, env=env)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_build_of_a_kept_game_imports_no_loader(tmp_path: Path) -> None:
    """A build that finds the game and its settled options in the cache loads nothing:
    no loader (print settings, theme, game files), no game system, no jinja2 or Babel;
    the first build, which put them there, did."""
    import os
    import subprocess
    import sys

    loading = ["printkit.load.printing", "printkit.load.theme", "printkit.load.declare",
               "printkit.systems.classic", "printkit.localise.stage", "jinja2", "babel"]
    probe = ("import sys\nfrom pathlib import Path\nfrom printkit.options import Request\n"
             "from printkit.pipeline import build\n"
             f"build(Request('klassiek', ('nl',), only=('chance',)), Path({str(tmp_path)!r}),"
             " workers=1)\n"
             f"print(sorted(m for m in {loading!r} if m in sys.modules))")
    env = {**os.environ, "PRINTKIT_CACHE": "on", "PRINTKIT_CACHE_DIR": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    found = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True, cwd=PACKAGE.parent, env=env).stdout.strip()
             .splitlines()[-1] for _ in range(2)]
    assert found[0] == repr(sorted(loading))
    assert found[1] == "[]"
