"""The words of the analysis report: the analysis, the game's wording and the tool's
labels in one language, and the number formats every section of the report uses."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from babel import Locale
from babel.numbers import format_currency, format_decimal, format_percent

from printkit.localise.catalog import Labels
from printkit.localise.kit_board import BoardText
from printkit.localise.money import format_money
from printkit.localise.wording import Wording
from printkit.model.analysis import Analysis, Balance, GroupBalance


@dataclass(frozen=True)
class Words:
    """What every section maker needs: the analysis, the game's wording and the tool's
    labels in one language, and the board as that language prints it."""

    analysis: Analysis
    w: Wording
    _: Labels
    board: BoardText | None

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.w.lang.locale)

    def share(self, x: float) -> str:
        """A fraction as a percentage with two decimals: 0.0309 → '3,09%' (nl)."""
        pattern = re.sub(r"0(?=[\s\u00a0]*%)", "0.00", self.locale.percent_formats[None].pattern)
        return format_percent(x, format=pattern, locale=self.locale)

    def decimal(self, x: float, digits: int = 0) -> str:
        if not math.isfinite(x):
            return "–"
        return format_decimal(x, format="#,##0" + ("." + "0" * digits if digits else ""),
                              locale=self.locale)

    def amount(self, x: float, balance: Balance, cents: bool = False) -> str:
        """An amount of the balance's unit: money (whole, or with cents for what a turn
        earns), with the sign the game's text gives its currency in this language (as on
        its deeds), or penalty points."""
        if balance.unit != "money":
            return self._("{points} points", points=self.decimal(x, 1 if cents else 0))
        sign = self.w.text("money", "sign", required=False)
        if not cents:
            return format_money(round(x), balance.currency, self.locale, sign)
        pattern = self.locale.currency_formats["standard"].pattern
        if sign:
            pattern = pattern.replace("¤", "'" + sign.replace("'", "''") + "'")
        return format_currency(x, balance.currency, format=pattern, locale=self.locale)

    def square(self, position: int) -> str:
        """A square's name as the board prints it (its id without a board)."""
        if self.board is not None and position < len(self.board.squares):
            return self.board.squares[position].name
        squares = self.analysis.squares
        return squares[position].id if position < len(squares) else str(position)

    def held(self) -> str:
        """What the game calls the token in jail: the word its jail corner prints in the
        cell (the corner's name is for visitors)."""
        at = self.analysis.jail_square
        if self.board is not None and at < len(self.board.squares):
            return self.board.squares[at].note or self._("In jail")
        return self._("In jail")

    def group(self, g: GroupBalance) -> str:
        return self.w.text(*g.name)
