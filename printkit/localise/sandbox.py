"""The jinja2 sandbox every template from a game folder renders in.

A game folder is untrusted. jinja2's ImmutableSandboxedEnvironment already refuses
attributes such as `__class__`, `__globals__` or `__subclasses__`, so no Python code can be
reached from a template. On top of that this sandbox bounds what a template can make:
no operator, call or filter may produce a value larger than MAX_TEXT characters (a list
counts the sizes of its items, so a list of long texts is as large as their sum) or use a
number larger than that as a size (`'x' * 10**9`, `9 ** 99999`, `'x'|center(10**9)`,
`'{:>999999999}'.format(1)`). The size of what grows is worked out before it is built:
format widths once their nested fields are filled in (`'{:>{}}'.format('x', '10**9')`),
`%` formatting (no `*` widths), `~`, `join`, `replace`, `indent` and `expandtabs`. A rule
template stops after MAX_STEPS lines of its own code (`run_bounded`: loops inside loops),
and its output is bounded too (`render_bounded`), so a hostile game cannot hang or exhaust
a build either. Short texts (`text/<lang>.toml`) may not use statements beyond `{% if %}`: see
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
from types import BuiltinMethodType, CodeType, MethodType
from typing import Any, TypeVar

from jinja2 import StrictUndefined, Template, Undefined, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedFormatter

MAX_TEXT = 10_000  # characters (or items) of any value a template makes; no item prints more
MAX_BITS = 256  # integers a template computes stay below 2**256 (about 77 digits)
MAX_STEPS = 100_000  # lines of template code a rule booklet may run (real ones: < 300)
T = TypeVar("T")
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d*)(?:\.(\*|\d*))?")
_DIGITS = re.compile(r"\d+")
STATEMENTS = {nodes.For: "for", nodes.Macro: "macro", nodes.CallBlock: "call",
              nodes.Assign: "set", nodes.AssignBlock: "set", nodes.Include: "include",
              nodes.Import: "import", nodes.FromImport: "from", nodes.Extends: "extends",
              nodes.Block: "block"}


def too_large(what: str) -> SecurityError:
    return SecurityError(f"{what} would be too large; texts stay below {MAX_TEXT} characters")


def size(value: Any, limit: int = MAX_TEXT) -> int:
    """How large a value is: a text's length, a list's items' sizes added up (a number,
    an empty text or any other value counts 1). Counting stops once past `limit`, so it is
    quick on anything."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if not isinstance(value, (list, tuple, set, frozenset)):
        return 1
    total = 0
    for item in value:
        if total > limit:
            break
        total += max(1, size(item, limit - total))
    return total


def check_value(value: Any) -> Any:
    """A value a template made: refused if it is an enormous text, list or number."""
    if size(value) > MAX_TEXT:
        raise too_large("the result")
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        raise too_large("the number")
    return value


def check_size(total: int) -> None:
    """Refuse, before it is built, a result that would be `total` characters long."""
    if total > MAX_TEXT:
        raise too_large("the result")


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
        found = [g for m in _PERCENT.finditer(pattern) for g in m.groups() if g]
        if "*" in found:
            raise SecurityError("a * width or precision in a % format; write the number "
                                "itself, e.g. '%5d'")
        sizes = found
    else:
        sizes = [n for _, _, spec, _ in Formatter().parse(pattern) if spec
                 for n in _DIGITS.findall(spec)]
    if any(len(n) > 5 or int(n) > MAX_TEXT for n in sizes):
        raise too_large("a formatted text")


def check_percent(pattern: str, values: Any) -> None:
    """`pattern % values`: its widths, and the longest text it could make, before it is
    made (each conversion can print the largest value, at its widest)."""
    check_format(pattern, percent=True)
    items = list(values.values()) if isinstance(values, dict) else \
        list(values) if isinstance(values, tuple) else [values]
    widest = max([size(str(v)[:MAX_TEXT + 1]) for v in items] + [0])
    conversions = len(_PERCENT.findall(pattern))
    check_size(len(pattern) + conversions * (widest + MAX_TEXT // 10))


class BoundedFormatter(SandboxedFormatter):
    """str.format in the sandbox: each field's width is checked once its nested fields
    are filled in ('{:>{}}'), and the whole text stops growing past MAX_TEXT."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.made = 0

    def format_field(self, value: Any, format_spec: str) -> Any:
        check_format("{:" + format_spec.replace("{", "").replace("}", "") + "}",
                     percent=False)
        text = super().format_field(value, format_spec)
        self.made += len(text)
        check_size(self.made)
        return text


def _growth(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """The most characters a growing filter or str method makes from its arguments (0 for
    those that do not grow beyond their input and a bounded width)."""
    texts = [a for a in (*args, *kwargs.values()) if isinstance(a, str)]
    seqs = [a for a in args if isinstance(a, (list, tuple, dict, set, frozenset))]
    ints = [a for a in (*args, *kwargs.values()) if isinstance(a, int)]
    if name == "join" and seqs:
        items = seqs[0]
        return size([str(i)[:MAX_TEXT + 1] for i in items]) + len(items) * max(
            [len(t) for t in texts] + [0])
    if name == "replace" and len(texts) >= 3:
        text, old, new = texts[:3]
        times = len(text) + 1 if not old else text.count(old)
        return len(text) + times * len(new)
    if name in ("indent", "expandtabs") and texts:
        text = texts[0]
        return len(text) + (text.count("\n") + text.count("\t") + 1) * max([*ints, 8])
    return 0


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
                return size(seq) * n > MAX_TEXT
    return False


def _guard_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(func)  # keeps jinja's pass_context/pass_environment markers
    def guarded(*args: Any, **kwargs: Any) -> Any:
        check_arguments(args, kwargs)
        if name == "format" and args and isinstance(args[0], str):
            check_percent(args[0], args[1:] or kwargs)
        check_size(_growth(name, args, kwargs))
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
        self.code_generator_class = BoundedGenerator
        self.globals.pop("lipsum", None)  # lipsum(n) makes n paragraphs
        self.filters = {name: _guard_filter(name, f) for name, f in self.filters.items()}

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        if _grows(op, left, right):
            raise too_large(f"the result of {op}")
        if op == "%" and isinstance(left, str):
            check_percent(left, right)
        check_arguments((left, right), {})
        return check_value(super().call_binop(context, op, left, right))

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        own = (getattr(obj, "__module__", None) or "").startswith("printkit.")
        if not own:
            check_arguments(args, kwargs)
            if isinstance(getattr(obj, "__self__", None), str):  # a str method
                check_size(_growth(obj.__name__, (obj.__self__, *args), kwargs))
        result = ImmutableSandboxedEnvironment.call(self, context, obj, *args, **kwargs)
        return result if own else check_value(result)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and str.format_map, with every field bounded (BoundedFormatter)."""
        if not isinstance(value, (MethodType, BuiltinMethodType)) or \
                value.__name__ not in ("format", "format_map") or \
                not isinstance(value.__self__, str):
            return None
        pattern: str = value.__self__
        check_format(pattern, percent=False)
        mapping = value.__name__ == "format_map"

        def bounded(*args: Any, **kwargs: Any) -> str:
            if not mapping:
                return str(BoundedFormatter(self).vformat(pattern, args, kwargs))
            if kwargs or len(args) != 1:
                raise TypeError("format_map() takes exactly one argument")
            return str(BoundedFormatter(self).vformat(pattern, (), args[0]))

        return functools.update_wrapper(bounded, value)

    def joined(self, *parts: Any) -> str:
        """`a ~ b ~ …`, its length checked before it is built."""
        texts = [str(printable(p)) for p in parts]
        check_size(sum(len(t) for t in texts))
        return "".join(texts)


class BoundedGenerator(CodeGenerator):
    """Compiles `~` to Sandbox.joined (jinja's own join is not bounded)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802 (the library's own method name)
        self.write("environment.joined(")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write(")")


def render_bounded(template: Template, context: dict[str, Any], limit: int) -> str:
    """A template's text, stopped with a SecurityError once it grows past `limit`
    characters (a loop printing a long text many times)."""
    parts, made = [], 0
    for part in template.generate(**context):
        made += len(part)
        if made > limit:
            raise SecurityError(f"the text grows past {limit} characters; print less")
        parts.append(part)
    return "".join(parts)


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
