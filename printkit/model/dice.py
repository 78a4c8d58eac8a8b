"""The dice a game is played with, and game.toml's [analysis] table: what every game holds
for `printkit analyse`, kept apart from the analysis's own figures (printkit.model.analysis)
so that a build does not make their classes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit.errors import Where

STRATEGIES = ("short", "long")  # leave jail at once; or stay and try for doubles
MAX_DICE, MAX_SIDES = 4, 20
DICE_HINT = f'write the dice as "2d6": how many (1–{MAX_DICE}), d, and their sides (2–{MAX_SIDES})'


@dataclass(frozen=True)
class Dice:
    """`count` dice of `sides` sides each ("2d6"). With two or more, a double is every die
    showing the same."""

    count: int = 2
    sides: int = 6

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @staticmethod
    def parse(text: object) -> Dice | None:
        """Dice written as "2d6" (how many, "d", sides: 1–4 dice of 2–20 sides); None when
        the text is not that."""
        found = re.fullmatch(r"\s*([1-9])\s*[dD]\s*(\d{1,2})\s*", text) \
            if isinstance(text, str) else None
        if found is None:
            return None
        dice = Dice(int(found[1]), int(found[2]))
        return dice if dice.count <= MAX_DICE and 2 <= dice.sides <= MAX_SIDES else None


@dataclass(frozen=True)
class AnalysisSpec:
    """game.toml [analysis]: the dice the game is played with, and whether the rule
    booklet gets a page of the most-landed squares (`tips`)."""

    dice: Dice = Dice()
    tips: bool = False
    where: Where = field(compare=False, default=Where(""))
