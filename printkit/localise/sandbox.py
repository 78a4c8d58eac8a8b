"""The jinja2 sandbox every template from a game folder renders in.

A game folder is untrusted. jinja2's ImmutableSandboxedEnvironment already refuses
attributes such as `__class__`, `__globals__` or `__subclasses__`, so no Python code can be
reached from a template. On top of that this sandbox bounds what a template can make:
no operator, call or filter may produce a text or list longer than MAX_TEXT characters or
use a number larger than that as a size (`'x' * 10**9`, `9 ** 99999`, `'x'|center(10**9)`,
`'{:>999999999}'.format(1)`), and a rule template stops after MAX_STEPS lines of its own
code (`run_bounded`: loops inside loops), so a hostile game cannot hang or exhaust a build
either. Short texts (`text/<lang>.toml`) may not use statements beyond `{% if %}`: see
`refuse_statements`.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from collections.abc import Callable
from functools import lru_cache
from string import Formatter
from types import CodeType
from typing import Any, TypeVar

from jinja2 import StrictUndefined, Undefined, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_TEXT = 10_000  # characters (or items) of any value a template makes; no item prints more
MAX_BITS = 256  # integers a template computes stay below 2**256 (about 77 digits)
MAX_STEPS = 100_000  # lines of template code a rule booklet may run (real ones: < 300)
T = TypeVar("T")
_PERCENT = re.compile(r"%[-+ #0]*(\d*|\*)(?:\.(\d*|\*))?")
_DIGITS = re.compile(r"\d+")
STATEMENTS = {nodes.For: "for", nodes.Macro: "macro", nodes.CallBlock: "call",
              nodes.Assign: "set", nodes.AssignBlock: "set", nodes.Include: "include",
              nodes.Import: "import", nodes.FromImport: "from", nodes.Extends: "extends",
              nodes.Block: "block"}


def too_large(what: str) -> SecurityError:
    return SecurityError(f"{what} would be too large; texts stay below {MAX_TEXT} characters")


def check_value(value: Any) -> Any:
    """A value a template made: refused if it is an enormous text, list or number."""
    if isinstance(value, (str, list, tuple, dict)) and len(value) > MAX_TEXT:
        raise too_large("the result")
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        raise too_large("the number")
    return value


def check_arguments(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    """Numbers passed to a built-in method or filter are sizes: keep them small. Functions
    are called, never printed or passed on."""
    for arg in (*args, *kwargs.values()):
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_TEXT:
            raise too_large(f"a size of {arg}")
        printable(arg)


def printable(value: Any) -> Any:
    """Refuse to print a function (its text would show a memory address)."""
    if callable(value) and not isinstance(value, Undefined):
        name = getattr(value, "__name__", "a function")
        raise SecurityError(f"{name} is a function: call it, e.g. {name}(…), rather than "
                            "print it")
    return value


def check_format(pattern: str, percent: bool) -> None:
    """Widths and precisions written in a format string ('%999999d', '{:>999999}')."""
    if percent:
        sizes = [g for m in _PERCENT.finditer(pattern) for g in m.groups() if g and g != "*"]
    else:
        sizes = [n for _, _, spec, _ in Formatter().parse(pattern) if spec
                 for n in _DIGITS.findall(spec)]
    if any(int(n) > MAX_TEXT for n in sizes):
        raise too_large("a formatted text")


def _grows(op: str, left: Any, right: Any) -> bool:
    """Would left op right be enormous? Checked before computing it."""
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                  for v in (left, right))
    if op == "**" and numbers and isinstance(right, int) and right > 0 and abs(left) > 1:
        return right * math.log2(abs(left)) > MAX_BITS
    if op == "*" and isinstance(left, int) and isinstance(right, int):
        return left.bit_length() + right.bit_length() > MAX_BITS + 1
    if op == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int):
                return len(seq) * n > MAX_TEXT
    return False


def _guard_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(func)  # keeps jinja's pass_context/pass_environment markers
    def guarded(*args: Any, **kwargs: Any) -> Any:
        check_arguments(args, kwargs)
        if name == "format" and args and isinstance(args[0], str):
            check_format(args[0], percent=True)
        return check_value(func(*args, **kwargs))

    return guarded


class Sandbox(ImmutableSandboxedEnvironment):
    """ImmutableSandboxedEnvironment that also bounds the size of everything computed.

    Calls to printkit's own helpers (functions defined in printkit) are not size-checked:
    they check their own arguments.
    """

    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False,
                         keep_trailing_newline=False, finalize=printable)
        self.globals.pop("lipsum", None)  # lipsum(n) makes n paragraphs
        self.filters = {name: _guard_filter(name, f) for name, f in self.filters.items()}

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        if _grows(op, left, right):
            raise too_large(f"the result of {op}")
        if op == "%" and isinstance(left, str):
            check_format(left, percent=True)
        check_arguments((left, right), {})
        return check_value(super().call_binop(context, op, left, right))

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        own = (getattr(obj, "__module__", None) or "").startswith("printkit.")
        if not own:
            check_arguments(args, kwargs)
        result = ImmutableSandboxedEnvironment.call(self, context, obj, *args, **kwargs)
        return result if own else check_value(result)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapper = super().wrap_str_format(value)
        if wrapper is not None:
            check_format(value.__self__, percent=False)
        return wrapper


def run_bounded(run: Callable[[], T], steps: int = MAX_STEPS) -> T:
    """run(), stopped with a SecurityError once the template code it runs has taken more
    than `steps` lines: a loop inside a loop inside a loop over a few thousand items each
    would otherwise keep a build busy for days. Lines are counted, not timed, so a template
    passes or fails alike on every machine."""
    left = steps

    def line(frame: Any, event: str, arg: Any) -> Any:
        nonlocal left
        if event == "line":
            left -= 1
            if left < 0:
                raise SecurityError(f"the template runs more than {steps} steps; loop over "
                                    "fewer items")
        return line

    def call(frame: Any, event: str, arg: Any) -> Any:
        return line if frame.f_code.co_filename == "<template>" else None

    previous = sys.gettrace()
    sys.settrace(call)
    try:
        return run()
    finally:
        sys.settrace(previous)


def refuse_statements(template: nodes.Template) -> str:
    """'' if a short text uses only expressions, filters and {% if %}; else the tag used.

    Loops, macros and variables would let a few characters of text run for ever.
    """
    for node in template.find_all(tuple(STATEMENTS)):
        return STATEMENTS[type(node)]
    return ""


@lru_cache(maxsize=4096)
def compiled(source: str) -> tuple[str, CodeType | None]:
    """A short text's refused statement ('' if none) and compiled code, once per process.

    The code does not depend on the environment it later runs in (helpers are bound
    then), so every Wording shares it; a syntax error is raised, and not remembered.
    """
    parsed = _COMPILER.parse(source)
    tag = refuse_statements(parsed)
    return tag, None if tag else _COMPILER.compile(parsed)


@lru_cache(maxsize=64)
def compiled_template(source: str) -> CodeType:
    """A longer template's code (a rule booklet: statements allowed), once per process."""
    return _COMPILER.compile(source)


def _compiler() -> Sandbox:
    """The environment texts are compiled in. jinja checks at compile time that a filter
    exists; the filters printkit adds per language (TEXT_FILTERS) are named here and taken
    from the Wording's own environment when a text runs."""
    env = Sandbox()
    for name in TEXT_FILTERS:
        env.filters[name] = _compile_only
    return env


def _compile_only(*_: Any) -> str:
    raise RuntimeError("a text compiled for printkit runs in a Wording's environment")


TEXT_FILTERS = ("q", "words", "lcfirst")
_COMPILER = _compiler()
