"""The tool's words on print aids (tile map, calibration sheet), from its label catalog."""

from __future__ import annotations

from printkit.localise.catalog import Labels
from printkit.localise.kit import CalibrationText, PrintText


def print_text(_: Labels) -> PrintText:
    """How to put the tiled board together."""
    return PrintText(
        _("How to put the board together"),
        (_("Print every sheet at 100 % (“actual size”), never “fit to page”."),
         _("Cut each tile along the edge of its picture on the sides where another tile "
           "comes to the left or above."),
         _("Put glue on the strip between a tile’s right or lower picture edge and its "
           "ticks, and lay the next tile on it, its cut edge on the ticks. Start at A1 and "
           "work row by row."),
         _("Finally trim the board along its trim marks (the short lines in the white "
           "border that continue the board’s edges): the coloured strip outside them goes "
           "too.")))


def calibration_text(_: Labels, duplex: str, offset: str) -> CalibrationText:
    """The instructions of the duplex calibration sheet; offset is the one applied."""
    flip = (_("Print both pages on one sheet, double-sided, flipped on the long edge, at "
              "100 % (“actual size”).") if duplex == "long" else
            _("Print both pages on one sheet, double-sided, flipped on the short edge, at "
              "100 % (“actual size”)."))
    return CalibrationText(
        _("Duplex calibration"),
        (flip,
         _("Hold the sheet against a bright light, this side towards you: the red lines "
           "of the back show through."),
         _("Read in mm where each red line crosses its scale. On a perfect printer it "
           "crosses at 0. If the three places differ, use the middle one."),
         _("Add the readings to the offset this sheet was printed with ({offset}) and pass "
           "the sums as --back-offset X,Y, or store them in a printer profile.",
           offset=offset)),
        _("X (across)"), _("Y (up)"), _("Back of the calibration sheet"))
