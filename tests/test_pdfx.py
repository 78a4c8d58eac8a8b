"""`--target shop --color cmyk` writes PDF/X-1a:2003 (ISO 15930-4): every shop file of
every game and language is walked through the standard's requirements, one test each.

Each game's shop kit is built once per session (all its languages, eu preset).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import MM
from games import GAMES, IDS
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from printkit.colour import profile_bytes
from printkit.options import Options, Request
from printkit.pipeline import build

SHOP = Options(target="shop", cmyk=True)
RGB_SPACES = {"/DeviceRGB", "/CalRGB", "/Lab", "/ICCBased"}  # X-1a: CMYK, grey, spot only
STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")


@pytest.fixture(scope="session", params=GAMES, ids=IDS)
def shop_files(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, PdfReader]]:
    """Every shop file of one game in all its languages."""
    out = tmp_path_factory.mktemp("shop")
    built = build(Request(request.param.name, ("all",), options=SHOP), out, workers=1)
    assert {b.path.parent.parent.name for b in built} == {"nl", "nb", "da"}
    return [(b.path, PdfReader(b.path)) for b in built]


def walk(obj: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every object reachable from obj (dictionaries, arrays, streams), each once."""
    seen = set() if seen is None else seen
    if isinstance(obj, IndirectObject):
        if obj.idnum in seen:
            return
        seen.add(obj.idnum)
        obj = obj.get_object()
    yield obj
    if isinstance(obj, (DictionaryObject, StreamObject)):
        for key, value in obj.items():
            if key not in ("/Parent", "/P"):
                yield from walk(value, seen)
    elif isinstance(obj, ArrayObject):
        for value in obj:
            yield from walk(value, seen)


def objects(reader: PdfReader) -> list[Any]:
    return list(walk(reader.trailer["/Root"]))


def content_streams(reader: PdfReader) -> Iterator[bytes]:
    """Decoded drawing code of every page and form XObject."""
    for page in reader.pages:
        yield page.get_contents().get_data()
    for obj in objects(reader):
        if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Form":
            yield obj.get_data()


def operators(code: bytes) -> set[bytes]:
    """The operators of a content stream (strings taken out first)."""
    return {t for t in STRING.sub(b" ", code).split() if t[:1].isalpha() or t in (b"'", b'"')}


def test_1_header_is_pdf_1_4_or_lower(shop_files) -> None:
    for path, _ in shop_files:
        head = path.read_bytes()[:9]
        assert re.fullmatch(rb"%PDF-1\.[0-4]\s", head), (path, head)


def test_2_info_names_the_pdfx_version_trapped_title_and_dates(shop_files) -> None:
    """ISO 15930-4:2003 identifies a PDF/X-1a:2003 file by the Info key GTS_PDFXVersion
    with the value (PDF/X-1a:2003). The pair GTS_PDFXVersion (PDF/X-1:2001) and
    GTS_PDFXConformance (PDF/X-1a:2001) is how ISO 15930-1 identifies the older
    PDF/X-1a:2001; the 2003 part has no conformance key, and readers take one as the mark
    of a 2001 file."""
    for path, reader in shop_files:
        info = reader.trailer["/Info"].get_object()
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003", path
        assert "/GTS_PDFXConformance" not in info, path
        assert info["/Trapped"] in ("/True", "/False"), path
        assert str(info["/Title"]).strip(), path
        # dates are present and fixed (reproducible), not the time of the build
        assert info["/CreationDate"] == info["/ModDate"] == "D:20000101000000+00'00'", path


def test_3_trailer_has_an_id_and_nothing_is_encrypted(shop_files) -> None:
    for path, reader in shop_files:
        ids = reader.trailer["/ID"]
        assert len(ids) == 2, path
        assert all(len(i.original_bytes) == 16 for i in ids), path
        assert "/Encrypt" not in reader.trailer, path
        assert not reader.is_encrypted, path


def test_3b_each_file_id_is_a_digest_of_the_file_itself(shop_files) -> None:
    """The ID identifies the file (PDF Reference 1.4, 9.3): here the MD5 digest of the
    file without its /ID entry, so two different files never share one (deeds and their
    backs, a ledger and its blank master, two games)."""
    seen: dict[bytes, Path] = {}
    for path, reader in shop_files:
        data = path.read_bytes()
        first = reader.trailer["/ID"][0].original_bytes
        entry = list(re.finditer(rb"/ID\s*\[<[0-9a-f]{32}><[0-9a-f]{32}>\]", data))[-1]
        rest = data[:entry.start()] + data[entry.end():]
        assert hashlib.md5(rest, usedforsecurity=False).digest() == first, path
        assert seen.setdefault(first, path) == path, (path, seen[first])


def test_4_one_pdfx_output_intent_with_the_shipped_cmyk_profile(shop_files) -> None:
    shipped = profile_bytes()
    assert shipped[12:16] == b"prtr"
    assert shipped[16:20] == b"CMYK"
    assert shipped[8] == 2
    for path, reader in shop_files:
        intents = reader.trailer["/Root"]["/OutputIntents"]
        pdfx = [i.get_object() for i in intents if i.get_object()["/S"] == "/GTS_PDFX"]
        assert len(pdfx) == 1, path
        intent = pdfx[0]
        assert intent["/Type"] == "/OutputIntent"
        assert intent["/OutputConditionIdentifier"] == "FOGRA39"
        assert intent["/RegistryName"]
        assert intent["/Info"]
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4, path
        assert profile.get_data() == shipped, path


def test_5_every_page_has_trim_and_bleed_nested_in_the_media_and_no_artbox(
        shop_files) -> None:
    for path, reader in shop_files:
        for number, page in enumerate(reader.pages, 1):
            where = f"{path.name} p{number}"
            assert "/TrimBox" in page, where
            assert "/BleedBox" in page, where
            assert "/ArtBox" not in page, where
            media, bleed, trim = ([float(v) for v in page[k]]
                                  for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
            assert media[:2] <= bleed[:2], where
            assert media[2:] >= bleed[2:], where
            # every shop page has bleed: 3 mm on every side (page = trim + bleed)
            assert [t - b for t, b in zip(trim[:2], bleed[:2], strict=True)] == pytest.approx(
                [3 * MM] * 2, abs=0.01), where
            assert [b - t for t, b in zip(trim[2:], bleed[2:], strict=True)] == pytest.approx(
                [3 * MM] * 2, abs=0.01), where


def test_6_every_font_is_embedded(shop_files) -> None:
    for path, reader in shop_files:
        fonts = [o for o in objects(reader)
                 if isinstance(o, DictionaryObject) and o.get("/Type") == "/Font"
                 and o.get("/Subtype") != "/Type0"]
        assert fonts, path
        for font in fonts:
            descriptor = font["/FontDescriptor"].get_object()
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), \
                (path, font["/BaseFont"])


def test_7_no_rgb_lab_or_icc_colour_anywhere(shop_files) -> None:
    for path, reader in shop_files:
        for code in content_streams(reader):
            assert not operators(code) & {b"rg", b"RG"}, path
        for obj in objects(reader):
            if isinstance(obj, ArrayObject) and obj and obj[0] in ("/Separation", "/DeviceN"):
                assert obj[2] == "/DeviceCMYK", (path, obj)
            if isinstance(obj, DictionaryObject) and "/ColorSpace" in obj:
                spaces = obj["/ColorSpace"]
                names = spaces.values() if isinstance(spaces, DictionaryObject) else [spaces]
                for space in names:
                    space = space.get_object()
                    family = space[0] if isinstance(space, ArrayObject) else space
                    assert family not in RGB_SPACES, (path, space)
            assert obj not in ("/DeviceRGB", "/CalRGB", "/Lab"), path


def test_8_nothing_is_transparent(shop_files) -> None:
    for path, reader in shop_files:
        for obj in objects(reader):
            if not isinstance(obj, (DictionaryObject, StreamObject)):
                continue
            assert obj.get("/SMask", "/None") == "/None", path
            assert obj.get("/BM", "/Normal") in ("/Normal", "/Compatible"), path
            assert float(obj.get("/CA", 1)) == 1, path
            assert float(obj.get("/ca", 1)) == 1, path
            group = obj.get("/Group")
            assert group is None or group.get_object().get("/S") != "/Transparency", path


def test_9_no_actions_scripts_forms_annotations_or_embedded_files(shop_files) -> None:
    for path, reader in shop_files:
        root = reader.trailer["/Root"]
        assert not {"/AcroForm", "/OpenAction", "/AA"} & set(root), path
        assert "/JavaScript" not in root.get("/Names", {}), path
        assert "/EmbeddedFiles" not in root.get("/Names", {}), path
        for page in reader.pages:
            assert "/Annots" not in page, path
            assert "/AA" not in page, path


def test_10_no_lzw_transfer_functions_or_postscript(shop_files) -> None:
    for path, reader in shop_files:
        for obj in objects(reader):
            if isinstance(obj, (DictionaryObject, StreamObject)):
                filters = obj.get("/Filter", [])
                filters = filters if isinstance(filters, ArrayObject) else [filters]
                assert "/LZWDecode" not in filters, path
                assert obj.get("/TR", "/Default") == "/Default", path
                assert "/TR2" not in obj, path
                assert obj.get("/Subtype") != "/PS", path
                assert "/PS" not in obj, path
        for code in content_streams(reader):
            assert b"PS" not in operators(code), path


def test_11_black_text_overprints_and_white_text_knocks_out(shop_files) -> None:
    """Solid black text is drawn with fill overprint on (mode 1: the colour under it
    stays); text in any other colour, white on a band above all, knocks out."""
    seen = 0
    for path, reader in shop_files:
        for code in content_streams(reader):
            state, fill, saved = "/OPoff", b"", []
            for token in re.finditer(rb"/OP(?:on|off) gs|[\d.]+ [\d.]+ [\d.]+ [\d.]+ k|BT"
                                     rb"|(?<!\S)[qQ](?!\S)", STRING.sub(b" ", code)):
                text = token.group()
                if text == b"q":
                    saved.append((state, fill))
                elif text == b"Q":
                    state, fill = saved.pop()
                elif text.endswith(b" gs"):
                    state = text.split()[0].decode()
                elif text.endswith(b" k"):
                    fill = text
                else:
                    black = [float(v) for v in fill.split()[:4]] == [0, 0, 0, 1]
                    assert state == ("/OPon" if black else "/OPoff"), (path, fill)
                    seen += black
        on = [o for o in objects(reader) if isinstance(o, DictionaryObject)
              and o.get("/Type") == "/ExtGState" and o.get("/op") is True]
        assert all(o["/OPM"] == 1 for o in on), path
    assert seen, "no black text found: the check would be vacuous"


def test_12_the_shipped_profile_is_small_and_made_by_its_script() -> None:
    from printkit.colour import PROFILE

    assert PROFILE.stat().st_size < 300_000
    script = (PROFILE.parent / "make_profile.sh").read_text("utf-8")
    assert "colprof" in script
    assert "FOGRA39L.ti3" in script
    assert PROFILE.name in script


def test_13_different_font_subsets_carry_different_tags(shop_files) -> None:
    """A subset's name is a tag of six capitals, '+', the font's name (PDF Reference 1.4,
    5.5.3); the tag tells subsets apart, so one name must never stand for two different
    glyph sets, in one file or across the files a shop receives together."""
    fonts: dict[str, bytes] = {}
    for path, reader in shop_files:
        for obj in objects(reader):
            if isinstance(obj, DictionaryObject) and obj.get("/Type") == "/FontDescriptor":
                name = str(obj["/FontName"])
                assert re.fullmatch(r"/[A-Z]{6}\+\S+", name), (path, name)
                data = obj["/FontFile2"].get_object().get_data()
                assert fonts.setdefault(name, data) == data, (path, name)
    assert len({name.split("+")[0] for name in fonts}) == len(fonts)


def declared(resources: Any) -> dict[bytes, set[bytes]]:
    """The names a resource dictionary declares, by operator that uses them."""
    resources = resources.get_object() if resources is not None else {}
    names = {key: {n.encode() for n in resources.get(key, {})}
             for key in ("/ExtGState", "/XObject", "/Font", "/ColorSpace")}
    spaces = names["/ColorSpace"] | {b"/DeviceCMYK", b"/DeviceGray", b"/DeviceRGB"}
    return {b"gs": names["/ExtGState"], b"Do": names["/XObject"], b"Tf": names["/Font"],
            b"cs": spaces, b"CS": spaces}


NAMED = re.compile(rb"(/[^\s/\[\]()<>{}%]+)\s+(?:[\d.\-]+\s+)?(gs|Do|Tf|cs|CS)\b")


def test_14_every_content_stream_declares_each_resource_it_uses(shop_files) -> None:
    """Named resources are looked up in the resources of the content stream that names
    them (PDF Reference 1.4, 3.7.2): a form's graphics states and fonts belong in the
    form's own /Resources, not only in the page that draws it."""
    used = 0
    for path, reader in shop_files:
        streams = [(page.get_contents().get_data(), page.get("/Resources"))
                   for page in reader.pages]
        streams += [(obj.get_data(), obj.get("/Resources")) for obj in objects(reader)
                    if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Form"]
        for code, resources in streams:
            have = declared(resources)
            for name, op in NAMED.findall(STRING.sub(b" ", code)):
                assert name in have[op], (path, op, name)
                used += 1
    assert used


def test_15_streams_are_flate_only_and_pages_carry_no_empty_transitions(
        shop_files) -> None:
    """ASCII85 on top of Flate makes a binary file a quarter larger for nothing; an empty
    /Trans dictionary says nothing."""
    for path, reader in shop_files:
        for obj in objects(reader):
            if isinstance(obj, StreamObject):
                filters = obj.get("/Filter", [])
                filters = filters if isinstance(filters, ArrayObject) else [filters]
                assert "/ASCII85Decode" not in filters, path
        for page in reader.pages:
            assert "/Trans" not in page, path
