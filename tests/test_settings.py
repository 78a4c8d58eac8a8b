"""Print settings as data (built-ins, game.toml [print], the user's printkit.toml), printer
profiles, paper and board sizes on the command line, and the calibration sheet."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, assert_same_places, kit_for, placed_forms, render_docs
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.errors import PrintkitError
from printkit.load.printing import load_print_spec
from printkit.options import Options

runner = CliRunner()


def test_built_in_card_formats_and_papers() -> None:
    spec = load_print_spec()
    sizes = {name: tuple(round(v / MM, 2) for v in size) for name, size in spec.formats.items()}
    assert sizes["poker"] == (63, 88)
    assert sizes["mini"] == (44, 68)
    assert sizes["tarot"] == (70, 120)
    assert sizes["bridge"] == (57, 89)
    assert sizes["chance"] == (87, 56)
    assert {"a4", "letter", "a3", "a2", "a1"} <= set(spec.papers)
    assert spec.vendors["eu"].bleed == pytest.approx(3 * MM)
    assert spec.vendors["us"].bleed == pytest.approx(9.0)  # 1/8 in


def test_the_built_in_settings_travel_in_the_package() -> None:
    from printkit.load.printing import BUILTIN

    assert BUILTIN.is_file()
    assert BUILTIN.parent.parent.name == "printkit"


def test_a_game_can_define_a_card_format_and_use_it(game_copy: Path) -> None:
    toml = game_copy / "game.toml"
    text = toml.read_text("utf-8").replace('deed = "poker"', 'deed = "square"')
    toml.write_text(text + '\n[print.formats]\nsquare = ["70mm", "70mm"]\n', "utf-8")
    result = runner.invoke(app, ["build", "--data", str(game_copy.parent), "--out",
                                 str(game_copy.parent.parent / "out")])
    assert result.exit_code == 0, result.output
    deeds = PdfReader(game_copy.parent.parent / "out" / "spankopoly" / "nl" / "deeds.pdf")
    _, _, w, h = placed_forms(deeds.pages[0], extent=True)["front.scullery"]
    assert (w, h) == pytest.approx((76 * MM, 76 * MM), abs=0.01)  # 70 mm + 2 × 3 mm bleed


def test_an_unknown_card_format_is_a_located_problem(game_copy: Path) -> None:
    toml = game_copy / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace('deed = "poker"', 'deed = "pokr"'), "utf-8")
    result = runner.invoke(app, ["build", "--data", str(game_copy.parent), "--out",
                                 str(game_copy.parent.parent / "out")])
    assert result.exit_code == 2
    assert "spankopoly/game.toml: cards (deeds): 'pokr' is not a card format" in \
        " ".join(result.output.split())


def test_bad_print_settings_are_located(tmp_path: Path) -> None:
    config = tmp_path / "printkit.toml"
    config.write_text('[sheet]\nmargin = "5 furlongs"\n\n[printers.office]\n'
                      'back_offset = ["1mm"]\n\n[vendors.eu]\nbleed = "-1mm"\n',
                      "utf-8")
    with pytest.raises(PrintkitError) as error:
        load_print_spec(None, config)
    text = str(error.value)
    assert "printkit.toml:2: sheet.margin: '5 furlongs' is not a length" in text
    assert "printkit.toml:5: printers.office.back_offset: write two lengths" in text
    assert "printkit.toml:8: vendors.eu.bleed: '-1mm' cannot be negative; use at least 0mm" \
        in text


def test_a_user_sheet_override_butts_poker_cards_nine_to_an_a4(tmp_path: Path) -> None:
    config = tmp_path / "printkit.toml"
    config.write_text('[sheets.butted]\nformat = "poker"\npaper = "a4"\ngutter = "0mm"\n'
                      'rotate = false\n', "utf-8")
    pages = render_docs(kit_for(), "deeds", Options(), config)["deeds"].pages
    forms = placed_forms(pages[0], extent=True)
    assert len(forms) == 9
    for _, _, w, h in forms.values():  # the bleed shrinks to half the gutter: none
        assert (w, h) == pytest.approx((63 * MM, 88 * MM), abs=0.01)
    letter = render_docs(kit_for(), "deeds", Options(paper="letter"), config)["deeds"].pages
    assert len(placed_forms(letter[0])) == 6  # the override is for A4 only


def printer_config(tmp_path: Path) -> Path:
    config = tmp_path / "printkit.toml"
    config.write_text('[printers.office]\nback_offset = ["1mm", "-0.5mm"]\nduplex = "short"\n',
                      "utf-8")
    return config


def backs(path: Path) -> dict:
    reader = PdfReader(path)
    return {k: v for k, v in placed_forms(reader.pages[1]).items() if k.startswith("back.")}


def test_printer_profile_supplies_offset_and_duplex(tmp_path: Path) -> None:
    config = printer_config(tmp_path)
    for name, extra in (("plain", ["--duplex", "short"]), ("office", ["--printer", "office"]),
                        ("override", ["--printer", "office", "--back-offset", "0,0"])):
        result = runner.invoke(app, ["build", "--config", str(config), "--out",
                                     str(tmp_path / name), *extra])
        assert result.exit_code == 0, result.output
    deeds = "spankopoly/nl/deeds.pdf"
    plain, office = backs(tmp_path / "plain" / deeds), backs(tmp_path / "office" / deeds)
    for card, (x, y) in plain.items():
        assert office[card] == pytest.approx((x + 1 * MM, y - 0.5 * MM), abs=1e-3)
    assert_same_places(backs(tmp_path / "override" / deeds), plain)


def test_unknown_printer_and_paper_are_refused(tmp_path: Path) -> None:
    config = printer_config(tmp_path)
    result = runner.invoke(app, ["build", "--config", str(config), "--printer", "attic",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--printer attic: no such printer profile (known: office)" \
        in result.output
    result = runner.invoke(app, ["build", "--paper", "b5", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--paper b5: choose one of a4, a3, letter" in result.output
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize("size,page_mm,trim_mm", [
    ("a2", (420, 594), 394), ("a1", (594, 841), 568), ("450mm", (466, 466), 450),
    ("", (516, 516), 500)])
def test_board_sizes(size: str, page_mm, trim_mm: float) -> None:
    kit = kit_for()
    reader = render_docs(kit, "board", Options(board_size=size))["board"]
    page = reader.pages[0]
    assert (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM) == \
        pytest.approx(page_mm, abs=0.01)
    x0, y0, x1, y1 = (float(v) / MM for v in page["/TrimBox"])
    assert (x1 - x0, y1 - y0) == pytest.approx((trim_mm, trim_mm), abs=0.01)
    assert "Spankopoly" in page.extract_text()


def test_a_board_size_too_small_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--board-size", "20cm", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--board-size 20cm: the board must be 300–1200 mm wide (it would be 200 mm)" in \
        " ".join(result.output.split())


def runs(lines: list[dict], along: str, across: str) -> list[list[dict]]:
    """Ticks grouped into scales: the same `across` position, 1 mm apart `along`."""
    groups: list[list[dict]] = []
    for ln in sorted(lines, key=lambda ln: (round(ln[across], 1), ln[along])):
        last = groups[-1][-1] if groups else None
        if last and abs(last[across] - ln[across]) < 0.1 and ln[along] - last[along] < 1.1 * MM:
            groups[-1].append(ln)
        else:
            groups.append([ln])
    return groups


def scale_zeros(front) -> tuple[list[tuple], list[tuple]]:
    """The 0 ticks of the front's scales: the middle one of each scale's 11 long (4 mm)
    ticks; as (x, y-range) for the across scales and (y, x-range) for the up scales."""
    across = runs([ln for ln in front.lines
                   if ln["width"] < 0.01 and abs(ln["height"] - 4 * MM) < 0.01], "x0", "y0")
    up = runs([ln for ln in front.lines
               if ln["height"] < 0.01 and abs(ln["width"] - 4 * MM) < 0.01], "y0", "x0")
    assert [len(v) for v in across] == [11] * 3 == [len(v) for v in up]
    zx, zy = [v[5] for v in across], [v[5] for v in up]
    return ([(z["x0"], (z["y0"], z["y1"])) for z in zx],
            [(z["y0"], (z["x0"], z["x1"])) for z in zy])


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_pointers_lie_behind_the_zeros_shifted_by_the_offset(tmp_path: Path,
                                                                        duplex: str) -> None:
    for name, offset in (("none", "0,0"), ("shifted", "1,-0.5")):
        result = runner.invoke(app, ["calibrate", "--paper", "letter", "--duplex", duplex,
                                     "--back-offset", offset, "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    file = f"calibration-letter-{duplex}.pdf"
    w, h = 8.5 * 72, 11 * 72
    plain = PdfReader(tmp_path / "none" / file)
    assert len(plain.pages) == 2
    with pdfplumber.open(tmp_path / "none" / file) as pdf:
        front, back = pdf.pages
        zeros_x, zeros_y = scale_zeros(front)
        red = [ln for ln in back.lines if abs(ln["linewidth"] - 0.5) < 1e-6]
        shifted = [ln for ln in pdfplumber.open(tmp_path / "shifted" / file).pages[1].lines
                   if abs(ln["linewidth"] - 0.5) < 1e-6]
    assert len(red) == 6
    for line in red:  # seen from the front, each pointer runs through a scale's 0 tick
        x0, x1 = sorted((w - line["x0"], w - line["x1"]) if duplex == "long"
                        else (line["x0"], line["x1"]))
        y0, y1 = sorted((h - line["y0"], h - line["y1"]) if duplex == "short"
                        else (line["y0"], line["y1"]))
        if x1 - x0 < 0.01:  # across: a vertical pointer
            assert any(abs(x - x0) < 0.01 and y0 <= span[0] and span[1] <= y1
                       for x, span in zeros_x)
        else:
            assert any(abs(y - y0) < 0.01 and x0 <= span[0] and span[1] <= x1
                       for y, span in zeros_y)
    for before, after in zip(red, shifted, strict=True):
        assert after["x0"] - before["x0"] == pytest.approx(1 * MM, abs=1e-3)
        assert after["y0"] - before["y0"] == pytest.approx(-0.5 * MM, abs=1e-3)


def test_calibration_needs_a_duplex_flip(tmp_path: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--duplex", "none", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "calibration is for double-sided printing" in result.output
