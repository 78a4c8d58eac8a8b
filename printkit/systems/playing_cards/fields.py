"""Every file a card-deck game has (system playing_cards), and every key and column of it:
what it means, and for each key of a TOML file its kind, range and default
(printkit.load.declare). The loader reads with these, `printkit new` writes the meanings as
comments, and printkit/schemas/playing_cards-*.json are made of them."""

from __future__ import annotations

from printkit.load.declare import (
    REQUIRED,
    Choice,
    Colour,
    CsvFile,
    Files,
    Ident,
    Items,
    OtherFile,
    Table,
    Whole,
)
from printkit.load.manifest import GAME_DOC, game_toml, text_toml
from printkit.systems.playing_cards.model import SUITS

MAX_COINS = 10_000


def suits(doc: str, default: list[str]) -> Items:
    return Items(doc, default, item=Choice("", SUITS), least=1)


def coins(doc: str, default: object = 1, low: int = 0, high: int = MAX_COINS) -> Whole:
    return Whole(doc, default, low, high)


GAME_TOML = game_toml("playing_cards", "a deck of playing cards is the board", {
    "cards": Table("The printed cards.", keys={
        "aid": Ident("card format of the player aid (one per player): poker, bridge, mini, "
                     "tarot, chance or reference", "tarot"),
        "colour": Colour("colour of the player aid's band and of the table on the layout "
                         "sheet, #RRGGBB", "#2E6B3A")}),
    "deck": Table("How the deck of playing cards is used.", keys={
        "ranks": Whole("ace (1) up to this rank are played; the higher cards are taken out",
                       10, 2, 13),
        "property_suits": suits("the suits laid out in the ring: the properties",
                                ["hearts", "spades"]),
        "deed_suits": suits("the suits of the title deeds, in the order of property_suits: "
                            "the deed of a property is the card of the same rank",
                            ["diamonds", "clubs"]),
        "jokers": Whole("jokers in the ring (chance squares); the first one is the start", 2,
                        1, 4)}),
    "coins": Table("The game's money.", keys={
        "start": coins("coins every player gets", REQUIRED, 1),
        "goal": coins("a fortune of this many coins (what one owns counted at the bank's "
                      "price) wins", REQUIRED, 1),
        "pass_joker": coins("paid by the bank for passing a joker without landing on it",
                            REQUIRED)}),
    "rules": Table("Numbers of the rules, in coins unless said otherwise.", keys={
        "rent": coins("rent when the owner has both cards of a number", low=1),
        "rent_per_house": coins("added to the rent for every house on the card"),
        "house_price": coins("what a house costs", low=1),
        "houses_per_purchase": coins("houses are bought this many at a time, one on each card "
                                     "of the number", 2, 1, 4),
        "houses_below_rank": coins("a card carries at most its rank minus this many houses",
                                   1, 0, 13),
        "sell_property": coins("what the bank pays for a property"),
        "sell_houses": coins("what the bank pays for houses_per_purchase houses"),
        "sell_insurance": coins("what the bank pays for the fire insurance")}),
}, doc=f"{GAME_DOC} The board is a deck of playing cards: there is no board.csv.")
GAME = GAME_TOML.root

PRICES = CsvFile("prices.csv", "The price of the properties by band of ranks; every rank from "
                 "the ace to [deck] ranks belongs to exactly one band.", {
    "from": "the lowest rank of the band (ace = 1)",
    "to": "the highest rank of the band",
    "price": "what a property of these ranks costs, in coins"})
JOKERS = CsvFile("jokers.csv", "What happens on a joker for every dice sum 2–12; the text is "
                 "the action's phrase in text/<lang>.toml with these numbers, after the "
                 "outcome's title under [jokers.<sum>].", {
    "sum": "the dice sum, 2–12",
    "action": "house_tax, give_poorest, collect, pay, collect_from_players, pay_players, "
              "insurance or fire",
    "amount": "the coins of the action (for insurance its price, for fire the excess an "
              "insured player pays)"},
    {"per": "house_tax only: the amount is paid for every this many houses"})

FIELDS = Files((
    GAME_TOML, PRICES, JOKERS,
    text_toml("Every text a player reads in one language. Texts are jinja2 templates: "
              "{{ coins(3) }}, {{ start_coins }}, {{ goal }}, {{ pass_joker }}; the joker "
              "phrases get amount, per and houses.", named={}),
    OtherFile("rules/*.md", "The rule booklet in one language: see the README for its "
              "format; numbers come from the data as {{ start_coins }}, "
              "{{ rules.houses_below_rank }} and tables as {{ table(\"jokers\") }}."),
))
