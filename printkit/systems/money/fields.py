"""Every file a classic money game has, and every key and column of it: what it means, and
for each key of a TOML file its kind, range and default (printkit.load.declare). The
loader reads with these (its known keys, defaults and ranges), `printkit new` writes the
meanings as comments, and printkit/schemas/classic-*.json are made of them. The
Anti-Monopoly system shares the tables of money, stations and utilities (`MONEY_TABLES`)."""

from __future__ import annotations

from printkit.load.board import BOARD
from printkit.load.declare import (
    REQUIRED,
    Choice,
    Colour,
    CsvFile,
    Files,
    Flag,
    Ident,
    Items,
    OtherFile,
    Table,
    Tables,
    Text,
    TomlFile,
    Whole,
)
from printkit.load.manifest import game_toml, text_toml
from printkit.systems.money.model import DECK_ACTIONS, NEAREST

MAX_MONEY = 10_000_000
STATION_ICONS = ("train", "ferry")
UTILITY_ICONS = ("bulb", "tap", "bottle")
DECK_ICONS = ("question", "chest")
AMOUNTS = Items("", REQUIRED, item=Whole("", None, 0, MAX_MONEY))
FORMATS = "poker, bridge, mini, tarot or chance"

MONEY_BOARD = BOARD.but(
    squares=Whole("squares on the board, a multiple of 4; board.csv must have this many", 40,
                  8, 400),
    accent=Colour("colour of the title banner in the centre", "#B22234"))
MONEY_TABLES = {  # what every money game's game.toml has beside [board] and [cards]
    "money": Table("Money: amounts are whole units of the currency.", keys={
        "currency": Text("ISO 4217 code of the game's money: EUR, DKK, NOK, …", ""),
        "start_capital": Whole("what every player gets at the start", REQUIRED, 1),
        "salary": Whole("paid by the bank each time a player lands on or passes Start",
                        REQUIRED, 1),
        "jail_fine": Whole("what a player pays to leave jail", REQUIRED, 1),
        "mortgage_interest": Whole("percent added to the mortgage value to lift a mortgage "
                                   "(0: none)", 0, 0, 100)}),
    "stations": Table("Stations (or ferry lines); their price and mortgage are in "
                      "stations.csv.", keys={
        "rent": Items("rent when the owner has 1, 2, 3, … stations: one value per station, "
                      "never falling", REQUIRED, item=AMOUNTS.item),
        "icon": Choice("pictogram on the board: train or ferry", STATION_ICONS, "train")}),
    "utilities": Table("Utilities (or breweries); their price and mortgage are in "
                       "utilities.csv.", keys={
        "factor": Items("rent = dice roll × this factor, with 1, 2, … utilities owned",
                        REQUIRED, item=AMOUNTS.item)}),
}
GAME_TOML = game_toml("classic", "money, rent ladders, card decks", {
    "board": MONEY_BOARD,
    "cards": Table("Cards.", keys={
        "deed": Ident(f"card format of the title deeds: {FORMATS}", "poker"),
        "deck": Ident("card format of the deck cards", "chance"),
        "deed_back": Colour("colour of station and utility deeds", "#333333"),
        "decks": Items("the card decks, one or two, each in decks/<name>.toml", REQUIRED,
                       item=Ident(""), least=1)}),
    **MONEY_TABLES,
    "rules": Table("Numbers of the rules.", keys={
        "houses": Whole("houses in the bank", 32, 0, 1000),
        "hotels": Whole("hotels in the bank", 12, 0, 1000),
        "houses_for_hotel": Whole("houses on every street of a group before a hotel may be "
                                  "built", 4, 1, 4),
        "group_factor": Whole("rent factor on the unbuilt streets of a complete colour group",
                              2, 1, 10),
        "doubles_to_jail": Whole("rolling this many doubles in a row sends a player to jail",
                                 3, 2, 10),
        "jail_turns": Whole("turns a player in jail may try to roll doubles", 3, 1, 10),
        "sell_back_percent": Whole("what the bank pays back for a house or hotel, in "
                                   "percent", 50, 0, 100)}),
    "short_game": Table("The short game (a variant in the rules).", keys={
        "deeds": Whole("deeds dealt to every player at the start", 2, 0, 10),
        "houses_for_hotel": Whole("houses needed before a hotel", 3, 1, 4),
        "bankruptcies": Whole("the short game ends at this bankruptcy (1: the first)", 2, 1,
                              7)}),
}, players="fewest and most players, e.g. [2, 8]")
GAME = GAME_TOML.root

CARD = Table("One card.", keys={
    "id": Ident("the card's id, unique in its deck", REQUIRED),
    "action": Choice("goto, move, nearest, jail, pay, collect, repairs, collect_from_players, "
                     "pay_players or get_out_of_jail; leave it out for a card that is only its "
                     "title and text (in text/<lang>.toml under [cards.<deck>.<id>]: title, "
                     "text), such as a house rule", tuple(DECK_ACTIONS), "text"),
    "target": Ident("goto: the id of the square to go to"),
    "steps": Whole("move: squares to move; negative goes back", None, -399, 399),
    "kind": Choice("nearest: station or utility, the kind of square the card moves forward "
                   "to (the next one on the board)", NEAREST),
    "factor": Whole("nearest, optional: the card's own rent there: the owner of a station "
                    "collects this many times the rent; at a utility the player rolls the "
                    "dice and pays this many times the pips (without it: the usual rent)",
                    None, 1, 100),
    "amount": Whole("pay, collect, collect_from_players, pay_players: the amount", None, 0,
                    MAX_MONEY),
    "per_house": Whole("repairs: what each house costs", None, 0, MAX_MONEY),
    "per_hotel": Whole("repairs: what each hotel costs", None, 0, MAX_MONEY),
    "keep": Flag("true when the player keeps the card until it is used"),
})
DECK_TOML = TomlFile("decks/*.toml", "A card deck. Every card does one thing; its instruction "
                     "is written from the data and the phrases of text/<lang>.toml, so names "
                     "and amounts match the board. A card may add its own sentence in "
                     "text/<lang>.toml under [cards.<deck>.<id>].", Table("", keys={
    "colour": Colour("colour of the card backs and of the deck's squares", REQUIRED),
    "icon": Choice("pictogram on the deck's squares: question or chest", DECK_ICONS,
                   "question"),
    "card": Tables("One card.", REQUIRED, table=CARD, least=1),
}), "deck")

LADDER_DOCS = {"rent": "rent of the unbuilt street", "rent_1": "rent with 1 house",
               "rent_2": "rent with 2 houses", "rent_3": "rent with 3 houses",
               "rent_4": "rent with 4 houses",
               "rent_hotel": "rent with a hotel; rents must not fall from rent to rent_hotel"}
GROUPS = CsvFile("groups.csv", "Colour groups in board order.", {
    "id": "the group's id (its name is in text/<lang>.toml under [groups.<id>])",
    "colour": "the colour band on the board and the deeds, as #RRGGBB",
    "house": "price of one house on a street of this group",
    "hotel": "price of one hotel (plus the houses it replaces)"})
STREETS = CsvFile("streets.csv", "Streets in board order; every street of a colour group "
                  "must be on the board.", {
    "id": "the street's id (its name is in text/<lang>.toml under [streets.<id>])",
    "group": "the id of its colour group (groups.csv)",
    "price": "what the street costs", **LADDER_DOCS},
    {"mortgage": "what the bank lends on the street (empty: half the price)"})
STATIONS = CsvFile("stations.csv", "Stations in board order; their rent by number owned is "
                   "in game.toml [stations].", {
    "id": "the station's id (its name is in text/<lang>.toml under [stations.<id>])",
    "price": "what the station costs"},
    {"mortgage": "what the bank lends on it (empty: half the price)"})
UTILITIES = CsvFile("utilities.csv", "Utilities in board order; their dice factors are in "
                    "game.toml [utilities].", {
    "id": "the utility's id (its name is in text/<lang>.toml under [utilities.<id>])",
    "price": "what the utility costs"},
    {"mortgage": "what the bank lends on it (empty: half the price)",
     "icon": "pictogram on the board: bulb, tap or bottle"})
TAXES = CsvFile("taxes.csv", "Tax squares.", {
    "id": "the tax's id (its name is in text/<lang>.toml under [taxes.<id>])",
    "amount": "what the player pays"},
    {"percent": "optional: the player may pay this percentage of all they own instead"})
BOARD_CSV = CsvFile("board.csv", "The squares clockwise from Start (position 0); corners at 0 "
                    "and each quarter of the board.", {
    "position": "0 … squares − 1",
    "kind": "corner, street, station, utility, tax or card",
    "ref": "the id of the street, station, utility or tax; for a corner start, jail, parking "
           "or go_to_jail; for a card square the deck"})
TEXT_DOC = ("Every text a player reads in one language, keyed by the ids of the data files. "
            "Texts are jinja2 templates: {{ money(200) }}, {{ salary }}, {{ start_capital }}, "
            "{{ jail_fine }}, {{ percent(10) }}, {{ name(\"id\") }}, {{ in_text(\"id\") }} and "
            "the filter |q (quotation marks).")

FIELDS = Files((
    GAME_TOML, GROUPS, STREETS, STATIONS, UTILITIES, TAXES, BOARD_CSV, DECK_TOML,
    text_toml(TEXT_DOC),
    OtherFile("rules/*.md", "The rule booklet in one language: see the README for its "
              "format; amounts come from the data as {{ salary }}, {{ money(n) }} and tables "
              "as {{ table(\"streets\") }}."),
))
