"""Whole numbers as people type them in the game's languages (nl, nb, da).

A spreadsheet saved in Dutch, Danish or Norwegian writes `€ 1.500,00`, `kr 60`, `60,-` or
`1 500`; each of these is a whole number, and is read as one. What cannot be read as one
whole number (`60,5`, `1,500`, `€60x`) is refused with its cause first, so that a table
with the same mistake in every row gets one message per cause and column (see
`Problems.add_grouped`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A currency before or after the number: the sign or code of the games' currencies, and
# the ",-" Dutch and Scandinavian price tags write for "no cents".
_CURRENCY = r"(?:€|eur|kr\.?|dkk|nok|sek|,-|,–|\.-|:-)"
_BEFORE = re.compile(rf"^{_CURRENCY}\s*", re.IGNORECASE)
_AFTER = re.compile(rf"\s*{_CURRENCY}$", re.IGNORECASE)
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2212": "-"})

_PLAIN = re.compile(r"\d+")
_GROUPED = re.compile(r"\d{1,3}(?P<sep>[. ])\d{3}(?:(?P=sep)\d{3})*")  # 1.500, 1 500 000
_COMMA_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")  # 1,500: thousands, or 1,5 in nl/nb/da
_DECIMAL_COMMA = re.compile(r"(?P<int>\d+|\d{1,3}(?:[. ]\d{3})+),(?P<frac>\d+)")
_DECIMAL_POINT = re.compile(r"(?P<int>\d+|\d{1,3}(?:[, ]\d{3})+)\.(?P<frac>\d+)")


@dataclass(frozen=True)
class Reading:
    """What a typed value says: a whole number, or why it is not one (`cause` first in the
    message, and the key that groups the same mistake in one column)."""

    value: int | None
    cause: str = ""
    message: str = ""


def read_whole(typed: str) -> Reading:
    """The whole number `typed` stands for, or why it stands for none."""
    shown = typed.strip()
    text = shown.translate(_SPACES).strip()
    if not text:
        return Reading(None, "empty", "the cell is empty; write a whole number like 15")
    body = _AFTER.sub("", _BEFORE.sub("", text)).strip()
    sign = -1 if body[:1] == "-" else 1
    body = body.lstrip("+-").strip()
    number = _whole(body)
    if isinstance(number, int):
        return Reading(sign * number)
    if number:
        return Reading(None, number, _why(number, shown, body))
    return Reading(None, "not a number", f"'{shown}' is not a whole number; write a number "
                                         "like 15")


def _whole(body: str) -> int | str:
    """The number a body without currency or sign writes, or the cause it does not."""
    if _PLAIN.fullmatch(body):
        return int(body)
    if _GROUPED.fullmatch(body):
        return int(re.sub(r"[. ]", "", body))
    if _COMMA_GROUPED.fullmatch(body):
        return "ambiguous comma"
    for pattern, cause in ((_DECIMAL_COMMA, "decimal comma"), (_DECIMAL_POINT, "decimal point")):
        match = pattern.fullmatch(body)
        if match:
            whole = int(re.sub(r"[., ]", "", match.group("int")))
            return whole if not match.group("frac").strip("0") else cause
    return ""


def _why(cause: str, shown: str, body: str) -> str:
    """The message for a value refused for `cause`, its cause first."""
    if cause == "ambiguous comma":
        return (f"ambiguous comma: '{shown}' is a thousands comma in English but a decimal "
                f"comma in Dutch, Norwegian and Danish; write {body.replace(',', '')}")
    mark = "," if cause == "decimal comma" else "."
    whole = int(re.sub(r"[., ]", "", body.rsplit(mark, 1)[0]))
    return f"{cause}: '{shown}' is not a whole number; write {whole} or {whole + 1}"
