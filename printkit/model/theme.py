"""The look of a game: colours and fonts per role, and the pictures placed on its products.

A `Theme` comes from the game's `[theme]` table, overridden key by key by the `[theme]` of
the user's print settings. The default theme is printkit's own look: a build without a
theme gives the same bytes as before themes existed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.model.common import Located

# colour role -> the built-in look (None: the game's own data decides, e.g. [board]) and
# what it colours
COLOUR_ROLES: dict[str, tuple[str | None, str]] = {
    "board_ground": (None, "the board's background (default: [board] background)"),
    "board_ink": (None, "lines and text on the board (default: [board] ink)"),
    "accent": (None, "the title banner in the board centre (default: [board])"),
    "arrow": ("#C0392B", "the arrows of the start and go-to-jail corners"),
    "parking": ("#1F5FAD", "the parking sign"),
    "jail": ("#E9DFC7", "the jail cell of the visiting corner"),
    "card_ink": ("#1E1E1E", "the text of card fronts and deeds"),
    "card_note": ("#444444", "the footer of a card"),
    "card_band": ("#FFFFFF", "the title band of a card whose data gives no colour"),
    "card_frame": ("#1E1E1E", "the outline of a title deed's colour band"),
    "card_back": ("#333333", "a card back whose deck gives no colour"),
    "booklet_ink": ("#1E1E1E", "the rule booklet's text"),
    "booklet_heading": ("#7A1F2B", "chapter headings, their rules, the cover band"),
    "booklet_note": ("#EEEAE0", "the ground of a boxed note"),
    "booklet_rule": ("#9A9A9A", "table rules in the booklet"),
    "sheet_ink": ("#1E1E1E", "text of ledgers, score pads and line sheets"),
    "sheet_rule": ("#555555", "the rules of ledgers, score pads and line sheets"),
    "sheet_head": ("#DADADA", "the head row of their tables"),
}
COLOURS = {role: look for role, (look, _) in COLOUR_ROLES.items()}
FONT_ROLES = {"body": "regular", "heading": "bold", "italic": "italic",  # theme -> font role
              "numbers": "numbers"}
PICTOGRAMS = ("station", "train", "ferry", "chance", "question", "chest", "tax", "utility",
              "bulb", "tap", "bottle", "penalty_lines", "command", "pawns")


@dataclass(frozen=True)
class Picture(Located):
    """A picture file of the game, its size in pixels (upright: EXIF orientation applied),
    and where the game names it."""

    path: Path
    name: str  # as shown in messages: the path inside the game folder
    width: int
    height: int
    digest: str = ""  # of its content (printkit.files.digest): a file replaced differs
    refused: str = ""  # why the picture gate refused it: the problem of what uses it


@dataclass(frozen=True)
class Theme:
    """A game's look (game.toml [theme]): colours by role, fonts and pictures."""

    colours: tuple[tuple[str, str], ...] = ()        # role -> colour, where set
    fonts: tuple[tuple[str, Path], ...] = ()         # font role (regular, bold, italic) -> file
    font_digests: tuple[str, ...] = ()               # of the fonts' content, in their order
    board_centre: Picture | None = None
    board_title: bool = True                         # the title banner beside the picture
    group_symbols: bool = False                      # a symbol beside each group's colour
    cover: Picture | None = None                     # the rule booklet's cover
    logo: Picture | None = None                      # ledgers and score pads
    backs: tuple[tuple[str, Picture], ...] = ()      # deck -> back artwork
    cards: tuple[tuple[str, Picture], ...] = ()      # "deck.card" -> front picture
    squares: tuple[tuple[int, Picture], ...] = ()    # board position -> picture
    pictograms: tuple[tuple[str, Picture], ...] = ()  # pictogram kind -> picture
    allow_low_resolution: bool = False

    def colour(self, role: str, default: str | None = None) -> str:
        """The colour of a role: the theme's, else `default` (the game's data), else the
        built-in look."""
        for name, value in self.colours:
            if name == role:
                return value
        built_in = default or COLOURS[role]
        assert built_in is not None, f"colour role {role} needs the game's default"
        return built_in

    def back(self, deck: str) -> Picture | None:
        return dict(self.backs).get(deck)

    def card(self, deck: str, card: str) -> Picture | None:
        return dict(self.cards).get(f"{deck}.{card}")

    def square(self, position: int) -> Picture | None:
        return dict(self.squares).get(position)

    def pictogram(self, kind: str) -> Picture | None:
        return dict(self.pictograms).get(kind)


DEFAULT = Theme()
