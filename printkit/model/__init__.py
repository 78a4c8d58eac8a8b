"""The language-neutral game model, one module per game system plus shared values."""

from printkit.model.common import AnyGame, BoardSpec, Square, Stake, TextSource
from printkit.model.spankopoly import (
    CardSpec, ChanceCard, Game, Group, Implement, PenaltyLine, Rules, SpankerRoll, State,
    Station, Street, Tax,
)

__all__ = ["AnyGame", "BoardSpec", "CardSpec", "ChanceCard", "Game", "Group", "Implement",
           "PenaltyLine", "Rules", "SpankerRoll", "Square", "Stake", "State", "Station",
           "Street", "Tax", "TextSource"]
