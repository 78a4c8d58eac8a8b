"""`printkit analyse` of a game played on a deck of playing cards: it has no board, so no
landing odds; what applies is its joker table, whose outcome a roll of the dice picks."""

from __future__ import annotations

from printkit.model.analysis import Analysis, DeckOdds, Outcome
from printkit.model.dice import Dice
from printkit.systems.playing_cards.model import Game


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """The chance of each outcome of the joker table with the game's dice."""
    from printkit.analyse.markov import sums  # numpy: only when analysing

    chance = sums(dice)
    outcomes = tuple(Outcome(j.sum, ("jokers", str(j.sum), "title"), j.action,
                             chance.get(j.sum, 0.0))
                     for j in sorted(game.jokers, key=lambda j: j.sum))
    return Analysis(game.id, game.system, dice, jail, players,
                    deck=DeckOdds(dice, outcomes))
