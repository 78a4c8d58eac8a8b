"""Every file a spankopoly game has, and every key and column of it: what it means, and for
each key of a TOML file its kind, range and default (printkit.load.declare). The loader
reads with these, `printkit new` writes the meanings as comments, and
printkit/schemas/spankopoly-*.json are made of them."""

from __future__ import annotations

from printkit.load.board import BOARD
from printkit.load.declare import (
    REQUIRED,
    Colour,
    CsvFile,
    Files,
    Flag,
    Ident,
    Items,
    Key,
    OtherFile,
    Table,
    Tables,
    TomlFile,
    Whole,
)
from printkit.load.manifest import game_toml, text_toml


def stake(doc: str) -> Table:
    """Strokes with an implement, written { implement = "hand", count = 40 }."""
    return Table(doc, REQUIRED, keys={
        "implement": Ident("the implement (implements.csv)", REQUIRED),
        "count": Whole("the number of strokes", REQUIRED, 1)})


GAME_TOML = game_toml("spankopoly", "strokes instead of money", {
    "board": BOARD,
    "cards": Table("Cards.", REQUIRED, keys={
        "deed": Ident("card format of the title deeds: poker, bridge, mini, tarot or chance",
                      "poker"),
        "chance": Ident("card format of the chance cards", "chance"),
        "deed_back": Colour("colour of the back of station and penalty-line cards",
                            "#333333"),
        "chance_colour": Colour("colour of the chance cards' back and of chance squares",
                                "#E8A33D")}),
    "start": Table("Start.", keys={
        "land_exactly": stake("landing exactly on Start: roll again or take these strokes"),
        "warm_up": stake("the warm-up every player gets, given by the player to the left")}),
    "stations": Table("Stations.", keys={
        "purchase": stake("what a station costs"),
        "dice": Whole("payment = owner's number of stations × the roll of this many dice", 2,
                      1, 4)}),
    "penalty_lines": Table("Penalty lines.", keys={
        "dice": Whole("lines to write = the roll of this many dice", 2, 1, 4),
        "wrong_factor": Whole("incomplete or wrong lines cost this many times the buy-off", 2,
                              1, 10)}),
    "corner": Table("The corner (jail).", keys={
        "max_turns": Whole("turns a player may stay in the corner", 3, 1, 10),
        "fine": stake("the fine to leave the corner")}),
    "scoring": Table("Scoring.", keys={
        "rounds": Whole("the game ends after the turn in which a player completes this round",
                        12, 1, 100),
        "final_multiplier": Whole("final punishment: strokes = multiplier × the roll of two "
                                  "dice", 10, 1, 100),
        "final_multiplier_cane": Whole("the same with the cane", 3, 1, 100),
        "state": Tables("A clothing state.", REQUIRED, least=1, table=Table("", keys={
            "id": Ident("the state's id (its name and code are in text/<lang>.toml under "
                        "[states.<id>])", REQUIRED),
            "factor": Whole("the score factor of this state", REQUIRED, 1, 100),
            "rounds": Items("the first and last round of this state, e.g. [1, 3]", REQUIRED,
                            item=Whole("", None, 1, 100), least=2, most=2)}))}),
}, players="fewest and most players (or teams), e.g. [2, 6]")
GAME = GAME_TOML.root

CARD = Table("One card.", keys={
    "id": Ident("the card's id", REQUIRED),
    "keep": Flag("true when the player keeps the card until it is used", False),
    "goto": Ident("the square the card sends the player to; its text is made from the "
                  "square's name"),
    "corner": Flag("true for a card that sends the player straight to the corner, as the "
                   "go-to-corner square does (its wording says so; printkit analyse counts "
                   "the move)", False),
    "direct": Flag("true for \"go directly to\"", False),
    "start_note": Flag("true adds the round-marker rule", False),
    "params": Table("numbers and implements the wording refers to, e.g. { count = 20, "
                    "implement = \"strap\" }", entries=Key("")),
})
CHANCE_TOML = TomlFile("chance.toml", "The chance deck; every card's wording is in "
                       "text/<lang>.toml under [chance.<id>].", Table("", keys={
    "card": Tables("One card.", REQUIRED, table=CARD, least=1)}), "chance")

IMPLEMENTS = CsvFile("implements.csv", "The implements.", {
    "id": "the implement's id (its name is in text/<lang>.toml under [implements.<id>])",
    "number": "its number in the score notation, 1–99, unique",
    "unit": "the counting unit of its strokes (forms in text/<lang>.toml under "
            "[units.<unit>])"})
GROUPS = CsvFile("groups.csv", "Street groups in board order.", {
    "id": "the group's id",
    "implement": "the implement of the group's complete streets",
    "colour": "the colour band on the board and the deeds, as #RRGGBB"})
STREETS = CsvFile("streets.csv", "Streets in board order.", {
    "id": "the street's id (its name is in text/<lang>.toml under [streets.<id>])",
    "group": "the id of its group (groups.csv)",
    "purchase": "strokes with the hand to buy the street",
    "complete": "strokes with the group's implement when the group is complete"})
STATIONS = CsvFile("stations.csv", "Stations in board order.", {
    "id": "the station's id (its name is in text/<lang>.toml under [stations.<id>])"})
STATION_DIE = CsvFile("station_die.csv", "The station die: which implement each face means.", {
    "face": "a die face, 1–6, each once",
    "implement": "the implement of that face"})
PENALTY_LINES = CsvFile("penalty_lines.csv", "The penalty lines.", {
    "id": "the line's id (its text is in text/<lang>.toml under [penalty_lines.<id>])",
    "buyoff": "strokes to buy off one line",
    "implement": "the implement of the buy-off"})
TAXES = CsvFile("taxes.csv", "Tax squares.", {
    "id": "the tax's id (its name is in text/<lang>.toml under [taxes.<id>])",
    "implement": "the implement of the tax",
    "count": "the number of strokes"})
SPANKER_DIE = CsvFile("spanker_die.csv", "Who spanks, by the number of opponents and the roll "
                      "of a die.", {
    "opponents": "the number of opponents",
    "faces": "a die face or a range of faces, e.g. 1-2",
    "spanker": "the opponent who spanks (counted from the left), or reroll"})
BOARD_CSV = CsvFile("board.csv", "The squares clockwise from Start (position 0); corners at 0 "
                    "and each quarter of the board.", {
    "position": "0 … squares − 1",
    "kind": "corner, street, station, penalty_lines, tax or chance",
    "ref": "the id of the street, station, penalty line or tax; for a corner start, visiting, "
           "extra_roll or go_to_corner; chance for a chance square"})

FIELDS = Files((
    GAME_TOML, IMPLEMENTS, GROUPS, STREETS, STATIONS, STATION_DIE, PENALTY_LINES, TAXES,
    SPANKER_DIE, BOARD_CSV, CHANCE_TOML,
    text_toml("Every text a player reads in one language, keyed by the ids of the data files. "
              "Texts are jinja2 templates: {{ strokes(20, \"strap\") }}, "
              "{{ amount(20, \"strap\") }}, {{ name(\"id\") }}, {{ in_text(\"id\") }} and the "
              "filter |q (quotation marks)."),
    OtherFile("rules/*.md", "The rule booklet in one language: see the README for its "
              "format."),
))
