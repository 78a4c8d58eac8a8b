"""The language-neutral card-deck property game (system `playing_cards`): the board is an
ordinary deck of playing cards laid out on the table, so the game has no printed board
and no squares of its own.

Two suits (hearts and spades) are the properties, laid in a ring between the jokers; the
two other suits (diamonds and clubs) are their title deeds; the jokers are chance
squares whose outcome depends on a new roll of the dice. Money is coins. Every number of
the rules (prices per band of ranks, rent, house limits, what the bank pays back, the
fortune that wins, the starting coins, the joker outcomes) is data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.errors import Where
from printkit.model.common import GameInfo, Located

SUITS = ("hearts", "spades", "diamonds", "clubs")
RED = ("hearts", "diamonds")
SUMS = tuple(range(2, 13))  # what two dice can show
JOKER_ACTIONS = {  # what a joker roll does -> the values it needs
    "house_tax": ("amount", "per"),       # pay amount for every `per` houses one owns
    "give_poorest": ("amount",),          # give amount to the player with the fewest coins
    "collect": ("amount",),               # from the bank
    "pay": ("amount",),                   # to the bank
    "collect_from_players": ("amount",),  # from every other player
    "pay_players": ("amount",),           # to every other player
    "insurance": ("amount",),             # may buy the fire insurance for amount
    "fire": ("amount",),                  # lose every house, or pay amount when insured
}


@dataclass(frozen=True, kw_only=True)
class Table:
    """A table of game.toml that keeps where each of its keys is written, for the problems
    found in its values later."""

    where: Where = field(compare=False)
    places: tuple[tuple[str, Where], ...] = field(compare=False, default=())

    def at(self, key: str) -> Where:
        """Where a key of the table is written (the table itself if the key is absent)."""
        return next((w for k, w in self.places if k == key),
                    self.where.at(f"{self.where.field}.{key}"))


@dataclass(frozen=True)
class Deck(Table):
    """How the deck is used (game.toml [deck])."""

    ranks: int                         # ace (1) up to this rank; the rest is taken out
    property_suits: tuple[str, ...]    # laid in the ring: the properties
    deed_suits: tuple[str, ...]        # the deed of a property: same rank, the suit at the
    #                                    same place in this list
    jokers: int                        # chance squares in the ring, the first is the start


@dataclass(frozen=True)
class Coins(Table):
    """The game's money (game.toml [coins])."""

    start: int       # coins every player gets
    goal: int        # a fortune of this many coins (assets counted) wins
    pass_joker: int  # paid by the bank for passing a joker without landing on it


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules (game.toml [rules])."""

    rent: int                # rent when the owner has both cards of a number
    rent_per_house: int      # added for every house on the card
    house_price: int         # what one house costs
    houses_per_purchase: int  # houses are bought this many at a time (one per card)
    houses_below_rank: int   # a card carries at most its rank minus this many houses
    sell_property: int       # what the bank pays for a property
    sell_houses: int         # what the bank pays for `houses_per_purchase` houses
    sell_insurance: int      # what the bank pays for the fire insurance


@dataclass(frozen=True)
class Band(Located):
    """The price of the properties from rank `low` to rank `high` (prices.csv)."""

    low: int
    high: int
    price: int


@dataclass(frozen=True)
class JokerRoll(Located):
    """What happens on a joker for one dice sum (jokers.csv)."""

    sum: int
    action: str
    amount: int
    per: int


@dataclass(frozen=True)
class CardSpec(Located):
    """The player aid's card format and colour (game.toml [cards])."""

    aid: str      # card format of the player aid
    colour: str   # colour of the player aid's band and of the layout sheet


@dataclass(frozen=True)
class Game(GameInfo):
    """A whole card-deck game, language-neutral; `texts` holds the wording per language."""

    cards: CardSpec
    deck: Deck
    coins: Coins
    rules: Rules
    bands: tuple[Band, ...]
    jokers: tuple[JokerRoll, ...]

    def text_section(self, ref: str) -> str:
        """Names of this game live under [suits] (the deck has no squares)."""
        return "suits"

    def named(self) -> frozenset[str]:
        """The ids name() and in_text() accept: the suits in play."""
        return frozenset(self.deck.property_suits + self.deck.deed_suits)

    def price(self, rank: int) -> int | None:
        """The price of a property of this rank (None if no band covers it)."""
        return next((b.price for b in self.bands if b.low <= rank <= b.high), None)

    def joker(self, dice: int) -> JokerRoll | None:
        return next((j for j in self.jokers if j.sum == dice), None)

    def ring(self) -> tuple[tuple[int, str], ...]:
        """The cards laid out clockwise from the start: (0, "joker") for a joker, else
        (rank, suit). The ranks are shared out evenly after the jokers, the cards of each
        rank side by side in the order of the property suits."""
        per = -(-self.deck.ranks // max(1, self.deck.jokers))
        cells: list[tuple[int, str]] = []
        for k in range(self.deck.jokers):
            cells.append((0, "joker"))
            for rank in range(k * per + 1, min(self.deck.ranks, (k + 1) * per) + 1):
                cells += [(rank, suit) for suit in self.deck.property_suits]
        return tuple(cells)
