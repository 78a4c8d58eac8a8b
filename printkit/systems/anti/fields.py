"""Every file an Anti-Monopoly game has (system anti), and every key and column of it: what
it means, and for each key of a TOML file its kind, range and default
(printkit.load.declare). The loader reads with these, `printkit new` writes the meanings as
comments, and printkit/schemas/anti-*.json are made of them."""

from __future__ import annotations

from dataclasses import replace

from printkit.load.declare import (
    REQUIRED,
    Choice,
    Colour,
    CsvFile,
    Files,
    Flag,
    Ident,
    OtherFile,
    Table,
    Tables,
    TomlFile,
    Whole,
)
from printkit.load.manifest import game_toml, text_toml
from printkit.systems.anti.model import COMMAND_ACTIONS, ROLES
from printkit.systems.money import fields as classic
from printkit.systems.money.model import NEAREST

WEALTH = ("money", "property", "buildings")


def role(doc: str, pawn: str) -> Table:
    """A role's table: `doc` says who it is, `pawn` the colour of its pawns."""
    return Table(doc, keys={
        "pawn": Colour(f"pawn colour, #RRGGBB ({pawn})", REQUIRED),
        "houses": Whole("houses on a street (1–4); instead of one more, a hotel for the price "
                        "of a house", REQUIRED, 1, 4),
        "monopoly_factor": Whole("rent factor on unbuilt streets of a city the owner has a "
                                 "monopoly in (1: never more)", 1, 1, 10),
        "needs_monopoly": Flag("true: builds only in a city where it has a monopoly", False),
        "collects_in_jail": Flag("true: still collects rent while in prison or the price war",
                                 True),
        "wealth_tax": Table("the income tax a player may pay instead of the fixed amount: "
                            "percent of money, of the ground price of unmortgaged properties "
                            "and of what the buildings cost", REQUIRED, keys={
            "money": Whole("percent of the player's money", REQUIRED, 0, 100),
            "property": Whole("percent of the ground price of their unmortgaged properties",
                              REQUIRED, 0, 100),
            "buildings": Whole("percent of what their buildings cost", REQUIRED, 0, 100)}),
    })


def per_role(doc: str, each: str) -> Table:
    """A list of whole numbers per role ([stations.rent] competitor = [20, 40, …])."""
    return Table(doc, REQUIRED, keys={
        name: replace(classic.AMOUNTS, doc=f"a {name}'s {each}") for name in ROLES})


GAME_TOML = game_toml("anti", "two roles, competitor and monopolist, on a money board", {
    "board": classic.MONEY_BOARD.but(accent=Colour(
        "colour of the title banner in the centre and of the command card's band",
        "#2E7D32")),
    "cards": Table("Cards.", keys={
        "deed": Ident(f"card format of the title deeds: {classic.FORMATS}", "poker"),
        "reference": Ident("card format of the command card (reference: 180 × 120 mm)",
                           "reference"),
        "deed_back": Colour("colour of the railway and utility deeds", "#333333")}),
    "money": classic.MONEY_TABLES["money"].but(
        jail_fine=Whole("what a player pays to leave prison or the price war", REQUIRED, 1)),
    "stations": Table("Railway lines (or stations); their price and mortgage are in "
                      "stations.csv.", keys={
        "rent": per_role("Rent with 1, 2, 3, … lines owned, one list per role: one value "
                         "per line, never falling.", "rents"),
        "icon": classic.MONEY_TABLES["stations"].at("icon")}),
    "utilities": Table("Utilities; their price and mortgage are in utilities.csv.", keys={
        "factor": per_role("Rent = dice roll × this factor, with 1, 2, … utilities owned, one "
                           "list per role.", "factors")}),
    "rules": Table("Numbers of the rules.", keys={
        "houses": Whole("houses in the bank", 32, 0, 1000),
        "hotels": Whole("hotels in the bank", 12, 0, 1000),
        "monopoly_streets": Whole("streets of one city that give their owner a monopoly there "
                                  "(2 or 3)", 2, 2, 3),
        "jail_turns": Whole("turns a player in prison or the price war may roll for doubles "
                            "before paying the fine", 2, 1, 10),
        "sell_back_percent": Whole("what the bank pays back for a house or hotel, in "
                                   "percent", 50, 0, 100)}),
    "roles": Table("The two roles; each needs its table.", REQUIRED, own_check=True, keys={
        "competitor": role("The competitor: builds freely, never asks more rent, goes to the "
                           "price war.", "green"),
        "monopolist": role("The monopolist: builds only with a monopoly, asks monopoly rent, "
                           "goes to prison.", "blue")}),
})
GAME = GAME_TOML.root
ROLE = role("", "")  # the keys of either role

COMMAND = classic.CARD.but(
    role=Choice("competitor or monopolist: whose column", ROLES, REQUIRED),
    sum=Whole("the dice sum, 2–12", REQUIRED, 2, 12),
    action=Choice("goto, move, nearest, jail (the role's own: price war or prison), pay, "
                  "collect, repairs, collect_from_players, pay_players, collect_from or pay_to",
                  tuple(COMMAND_ACTIONS), REQUIRED),
    target=Ident("goto: the id of the square to go to"),
    kind=Choice("nearest: station or utility, the kind of square the command moves forward to "
                "(the next one on the board)", NEAREST),
    factor=replace(classic.CARD.keys["factor"], doc=(
        "nearest, optional: the command's own rent there: the owner of a station collects "
        "this many times the rent; at a utility the player rolls the dice and pays this many "
        "times the pips (without it: the usual rent)")),
    amount=replace(classic.CARD.keys["amount"], doc=(
        "pay, collect, collect_from_players, pay_players, collect_from, pay_to: the amount")),
    party=Choice("collect_from, pay_to: the role whose every player pays or is paid", ROLES),
)
COMMAND = replace(COMMAND, doc="One command", keys={
    k: v for k, v in COMMAND.keys.items() if k not in ("id", "keep")})
COMMANDS_TOML = TomlFile("commands.toml", "The command table: on a command square a player "
                         "rolls again and does what their role's column says for the sum; each "
                         "role needs one command for every sum 2–12. A command's own sentence "
                         "is in text/<lang>.toml under [commands.<role>].", Table("", keys={
    "command": Tables("One command.", REQUIRED, table=COMMAND, least=1)}), "commands")

CITIES = CsvFile("cities.csv", "Cities in board order, two or three streets each; every street "
                 "of a city must be on the board.", {
    "id": "the city's id (its name is in text/<lang>.toml under [groups.<id>])",
    "colour": "the colour band on the board and the deeds, as #RRGGBB",
    "house": "price of a house on a street of this city; a hotel costs the same"})
STREETS = CsvFile("streets.csv", "Streets in board order; their rents per role are in "
                  "rents.csv.", {
    "id": "the street's id (its name is in text/<lang>.toml under [streets.<id>])",
    "city": "the id of its city (cities.csv)",
    "price": "the ground price"},
    {"mortgage": "what the bank lends on the street (empty: half the price)"})
RENTS = CsvFile("rents.csv", "The rent ladder of every street, one row per role.", {
    "street": "the street's id (streets.csv)",
    "role": "competitor or monopolist",
    **classic.LADDER_DOCS,
    "rent": "rent of the unbuilt street (a monopolist with a monopoly in the city asks "
            "monopoly_factor × this)",
    "rent_4": "rent with 4 houses; empty when the role builds fewer (game.toml "
              "[roles.<role>] houses)"})
STATIONS = CsvFile("stations.csv", "Railway lines in board order; their rents by number owned "
                   "are in game.toml [stations.rent].", {
    "id": "the line's id (its name is in text/<lang>.toml under [stations.<id>])",
    "price": "what the line costs"},
    {"mortgage": "what the bank lends on it (empty: half the price)"})
UTILITIES = replace(classic.UTILITIES, doc="Utilities in board order; their dice factors are "
                    "in game.toml [utilities.factor].")
TAXES = CsvFile("taxes.csv", "Tax squares.", {
    "id": "the tax's id (its name is in text/<lang>.toml under [taxes.<id>])",
    "amount": "what the player pays"},
    {"wealth": "yes: the player may pay instead the income-tax percentages of their role "
               "(game.toml wealth_tax)"})
BOARD_CSV = CsvFile("board.csv", classic.BOARD_CSV.doc, {
    "position": "0 … squares − 1",
    "kind": "corner, street, station, utility, tax or command",
    "ref": "the id of the street, station, utility or tax; for a corner start, jail (prison, "
           "price war, sightseeing tour), parking or go_to_jail; for a command square "
           "commands"})

FIELDS = Files((
    GAME_TOML, CITIES, STREETS, RENTS, STATIONS, UTILITIES, TAXES, BOARD_CSV, COMMANDS_TOML,
    text_toml(classic.TEXT_DOC),
    OtherFile("rules/*.md", "The rule booklet in one language: see the README for its "
              "format; amounts come from the data as {{ salary }}, {{ money(n) }}, "
              "{{ roles.monopolist.houses }} and tables as {{ table(\"rents_monopolist\") }}."),
))
