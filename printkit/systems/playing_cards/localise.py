"""Localise a card-deck game: the player aid (prices, rent, houses, selling; on its back
the joker table), the layout sheet showing how to lay the deck out, the coin ledgers and
the tables and values of the rule booklet. Every number comes from the data; coins are
counted with the game's `coin` unit ("1 mynt", "2 mynter")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.lists import format_list

from printkit.localise.assemble import kit, with_rules
from printkit.localise.catalog import Labels
from printkit.localise.kit import CardText, Deck, Heading, Kit, Making, Para, Table
from printkit.localise.kit_sheets import LedgerText
from printkit.localise.kit_tableau import TableauCard, TableauText
from printkit.localise.wording import Wording
from printkit.systems.playing_cards.model import (
    JOKER_ACTIONS,
    RED,
    SUMS,
    Game,
    JokerRoll,
)

SYMBOL = {"hearts": "♥", "spades": "♠", "diamonds": "♦", "clubs": "♣"}
Coins = Callable[[int], str]
Rows = tuple[tuple[str, ...], ...]


def text_keys(game: Game) -> tuple[set[tuple[str, ...]], set[tuple[str, ...]]]:
    """The keys a text file of this game must have, and those it may have."""
    required: set[tuple[str, ...]] = {("game", "title"), ("game", "tagline"),
                                      ("ranks", "names"), ("ranks", "ace")}
    required |= {("units", unit, form) for unit in ("coin", "house")
                 for form in ("one", "other")}
    required |= {("phrases", action) for action in JOKER_ACTIONS}
    required |= {("suits", s, "name") for s in game.deck.property_suits + game.deck.deed_suits}
    required |= {("jokers", str(j.sum), "title") for j in game.jokers}
    return required, {("ranks", "range")}


def prepare(game: Game, w: Wording) -> Coins:
    """Give every string the coin helper and the game's coin amounts."""
    def coins(n: int) -> str:
        return w.unit("coin", int(n))

    w.extend({"coins": coins, "start_coins": coins(game.coins.start),
              "goal": coins(game.coins.goal), "pass_joker": coins(game.coins.pass_joker)})
    return coins


def products(game: Game) -> tuple[str, ...]:
    """The names of the products `localise` makes of the game, in build order."""
    return with_rules(game, ("aid", "layout", "ledger"))


def localise(game: Game, w: Wording, _: Labels, only: tuple[str, ...] = ()) -> Kit:
    """The kit in the language of `w` and `_`: every product, or those named in `only`."""
    coins = prepare(game, w)
    makers: dict[str, Making] = {
        "aid": lambda: (_("Player aid"), aid(game, w, _, coins)),
        "layout": lambda: (_("Laying out the cards"), tableau(game, w, _, coins)),
        "ledger": lambda: (_("Coin ledgers"), ledger(game, w, _, coins)),
    }
    return kit(game, w, _, makers, only, lambda: (tables(game, w, _), rules_context(game, w, _)))


def rank_names(game: Game, w: Wording) -> list[str]:
    """The word for every rank, ace first ("ess", "to", …); a short list is a problem."""
    names = list(w.texts("ranks", "names"))
    if len(names) < game.deck.ranks:
        w.problems.add(w.where(w.target, ("ranks", "names")), f"{len(names)} names for "
                       f"{game.deck.ranks} ranks; name every rank from the ace up")
        names += [str(n) for n in range(len(names) + 1, game.deck.ranks + 1)]
    return names


def rank_mark(rank: int, w: Wording) -> str:
    """What a card shows in its corner: the ace's letter, else the number."""
    return w.text("ranks", "ace") if rank == 1 else str(rank)


def suit_names(suits: tuple[str, ...], w: Wording) -> str:
    return format_list([w.text("suits", s, "name") for s in suits], locale=w.locale)


def band_name(game: Game, low: int, high: int, w: Wording) -> str:
    """A band of ranks: one name, or the first and last joined by [ranks] range (an en
    dash if the text file has none: "seks–ti")."""
    names = rank_names(game, w)
    first, last = names[low - 1], names[high - 1]
    text = first if low == high else (w.text("ranks", "range", required=False, low=first,
                                             high=last) or f"{first}–{last}")
    return text[:1].upper() + text[1:]


def joker_text(j: JokerRoll, w: Wording, coins: Coins) -> str:
    """An outcome's title and instruction, its numbers from the data."""
    action = w.text("phrases", j.action, amount=coins(j.amount), per=j.per,
                    houses=w.unit("house", j.per))
    return f"{w.text('jokers', str(j.sum), 'title')}: {action}"


# the player aid ----------------------------------------------------------------------

def limits_table(game: Game, w: Wording, _: Labels) -> Table:
    r = game.rules
    ranks = range(1, game.deck.ranks + 1)
    return Table(((_("Card"), *(rank_mark(n, w) for n in ranks)),
                  (_("Houses"), *(str(max(0, n - r.houses_below_rank)) for n in ranks))),
                 (2.6, *(1.0,) * game.deck.ranks), (), ("left", *("centre",) * len(ranks)),
                 strong_first=True)


def aid_front(game: Game, w: Wording, _: Labels, coins: Coins) -> CardText:
    r = game.rules
    prices = Table(((_("Cards"), _("Price")), *(
        (band_name(game, b.low, b.high, w), coins(b.price)) for b in game.bands)),
        (2.0, 1.0), (), ("left", "right"))
    return CardText(
        "aid", _("Player aid"), band=w.text("game", "title"), colour=game.cards.colour,
        blocks=(prices,
                Heading(_("Rent")),
                Para(_("Only when the owner has both cards of a number: {rent}, and {more} "
                       "more for every house on the card.", rent=coins(r.rent),
                       more=coins(r.rent_per_house))),
                Heading(_("Houses")),
                Para(_.plural("A house costs {price}; after your move buy {count} at a "
                              "time, one on each card of a number you own both of. A card "
                              "carries at most {n} house fewer than its number:",
                              "A house costs {price}; after your move buy {count} at a "
                              "time, one on each card of a number you own both of. A card "
                              "carries at most {n} houses fewer than its number:",
                              r.houses_below_rank, price=coins(r.house_price),
                              count=r.houses_per_purchase)),
                limits_table(game, w, _),
                Heading(_("Selling")),
                Para(_("To the bank at any time: {property} per property, {houses} per {n} "
                       "houses, {insurance} for the fire insurance. Sell the houses first, "
                       "evenly from both cards of the number.",
                       property=coins(r.sell_property), houses=coins(r.sell_houses),
                       n=r.houses_per_purchase, insurance=coins(r.sell_insurance)))),
        framed=True, where=w.at("game"))


def jokers_table(game: Game, w: Wording, _: Labels, coins: Coins) -> Rows:
    rows = [(_("Dice"), _("What happens"))]
    for n in SUMS:
        j = game.joker(n)
        rows.append((str(n), joker_text(j, w, coins) if j else "–"))
    return tuple(rows)


def aid_back(game: Game, w: Wording, _: Labels, coins: Coins) -> CardText:
    return CardText(
        "jokers", _("Jokers"), band=w.text("game", "title"), colour=game.cards.colour,
        blocks=(Para(_("Passing a joker: {coins} from the bank. Landing on one: roll both "
                       "dice again.", coins=coins(game.coins.pass_joker))),
                Table(jokers_table(game, w, _, coins), (0.55, 4.0), (),
                      ("centre", "left"), strong_first=True),
                Para(_("A fortune of {goal} wins: your coins and what the bank would pay "
                       "for all you own.", goal=coins(game.coins.goal)))),
        framed=True, where=w.at("game"))


def aid(game: Game, w: Wording, _: Labels, coins: Coins) -> Deck:
    return Deck("aid", _("Player aid"), game.cards.aid, (aid_front(game, w, _, coins),),
                (aid_back(game, w, _, coins),), per_player=True)


# the layout sheet and the ledger -----------------------------------------------------

def tableau(game: Game, w: Wording, _: Labels, coins: Coins) -> TableauText:
    d = game.deck
    ring = tuple(TableauCard(_("Joker"), joker=True) if suit == "joker" else
                 TableauCard(rank_mark(rank, w), SYMBOL[suit], suit in RED)
                 for rank, suit in game.ring())
    names = rank_names(game, w)
    pairs = format_list([f"{w.text('suits', p, 'name')} → {w.text('suits', q, 'name')}"
                         for p, q in zip(d.property_suits, d.deed_suits, strict=True)],
                        locale=w.locale)
    steps = (
        _("Take every card above {highest} out of the deck (that is, the jacks, queens "
          "and kings), but keep the jokers.", highest=names[d.ranks - 1]),
        _("Lay the jokers and the {properties} in a ring as shown, clockwise from the start "
          "joker, the two cards of each number side by side. They are the properties.",
          properties=suit_names(d.property_suits, w)),
        _("Put the {deeds} face up in a pile in the middle: they are the title deeds. Buying "
          "a property, take its deed, the card of the same number ({pairs}).",
          deeds=suit_names(d.deed_suits, w), pairs=pairs),
        _("Every player puts a pawn on the start joker and gets {coins}; the other coins "
          "are the bank.", coins=coins(game.coins.start)),
        _("Roll both dice and move clockwise. With a double, move instead to the nearest "
          "property that is not yours."))
    return TableauText(
        w.text("game", "title"), w.text("game", "tagline"), _("Laying out the cards"), ring,
        _("Start"),
        ((_("Title deeds"), " ".join(SYMBOL[s] for s in d.deed_suits)), (_("Bank"), "")),
        steps, game.cards.colour)


def ledger(game: Game, w: Wording, _: Labels, coins: Coins) -> LedgerText:
    return LedgerText(
        game=w.text("game", "title"), title=_("Coin ledger"), player=_("Player"),
        date=_("Date"), columns=(_("Turn"), _("Description"), _("In"), _("Out"),
                                 _("Balance")),
        start_label=_("Starting coins"), start_amount=coins(game.coins.start),
        reminder=_("Passing a joker: {coins}. A fortune of {goal} wins.",
                   coins=coins(game.coins.pass_joker), goal=coins(game.coins.goal)),
        bank_title="", bank_columns=(), bank_note="", register_title="",
        register_columns=(), register_rows=())


# the rule booklet --------------------------------------------------------------------

def rules_context(game: Game, w: Wording, _: Labels) -> dict[str, Any]:
    """Values for the rules template: coins, the rules' numbers, the deck's words."""
    coins = prepare(game, w)
    d, r = game.deck, game.rules
    names = rank_names(game, w)
    return {
        "coins": coins, "start_coins": coins(game.coins.start),
        "goal": coins(game.coins.goal), "pass_joker": coins(game.coins.pass_joker),
        "rules": {**vars(r)}, "rent": coins(r.rent), "rent_per_house": coins(r.rent_per_house),
        "house_price": coins(r.house_price), "sell_property": coins(r.sell_property),
        "sell_houses": coins(r.sell_houses), "sell_insurance": coins(r.sell_insurance),
        "players_min": game.players[0], "players_max": game.players[1],
        "ranks": d.ranks, "rank_names": names, "highest": names[d.ranks - 1],
        "stretches": stretches(game, names),
        "jokers": d.jokers, "properties": d.ranks * len(d.property_suits),
        "property_suits": suit_names(d.property_suits, w),
        "deed_suits": suit_names(d.deed_suits, w),
        "text": lambda *keys: w.text(*keys),
    }


def stretches(game: Game, names: list[str]) -> list[tuple[str, str]]:
    """The first and last rank word of the cards after each joker of the ring."""
    result: list[tuple[str, str]] = []
    ranks: list[int] = []
    for rank, _suit in (*game.ring(), (0, "joker")):
        if rank == 0 and ranks:
            result.append((names[ranks[0] - 1], names[ranks[-1] - 1]))
            ranks = []
        elif rank:
            ranks.append(rank)
    return result


TABLES = ("prices", "houses", "jokers", "selling", "coins")


def tables(game: Game, w: Wording, _: Labels) -> dict[str, Rows]:
    """Every table the rules may show, by name (first row: the column heads): prices per
    band of ranks, houses (the most on each rank), jokers (the outcome of every dice
    sum), selling (what the bank pays) and coins (start, passing a joker, the goal)."""
    coins = prepare(game, w)
    r = game.rules
    names = rank_names(game, w)
    return {
        "prices": ((_("Cards"), _("Price")), *(
            (band_name(game, b.low, b.high, w), coins(b.price)) for b in game.bands)),
        "houses": ((_("Card"), _("Houses at most")), *(
            (names[n - 1][:1].upper() + names[n - 1][1:], str(max(0, n - r.houses_below_rank)))
            for n in range(1, game.deck.ranks + 1))),
        "jokers": jokers_table(game, w, _, coins),
        "selling": ((_("What"), _("The bank pays")),
                    (_("A property"), coins(r.sell_property)),
                    (_.plural("{n} house", "{n} houses", r.houses_per_purchase),
                     coins(r.sell_houses)),
                    (_("The fire insurance"), coins(r.sell_insurance))),
        "coins": ((_("What"), _("Coins")),
                  (_("Starting coins"), coins(game.coins.start)),
                  (_("Passing a joker"), coins(game.coins.pass_joker)),
                  (_("A fortune that wins"), coins(game.coins.goal))),
    }
