"""PDF/X-1a:2003 (ISO 15930-4) with reportlab: the markers and resources a canvas lacks.

reportlab writes every content requirement of PDF/X-1a (CMYK colour, embedded TrueType
subsets, page boxes, no transparency, fixed dates in invariant mode) but no PDF/X
identification. `PrintCanvas` adds what is missing:

- the catalog's OutputIntents: a GTS_PDFX intent naming the FOGRA39 printing condition,
  with the CMYK profile printkit ships (`printkit.colour`) embedded as DestOutputProfile;
- the Info keys GTS_PDFXVersion (PDF/X-1a:2003) and Trapped (False);
- two graphics states on every page and form: `OPon` (fill overprint, overprint mode 1,
  so black text leaves the colour it stands on) and `OPoff` (knock out).

Every form XObject also gets its own complete resources (reportlab gives a form only its
fonts and forms): the graphics states and colour spaces it uses are declared in it, as
PDF requires of every content stream (PDF Reference 1.4, 3.7.2). And every file, PDF/X or
not, gets a file identifier made from its own bytes (`with_content_id`), so two different
files never share one.

PDF/X-1a and not PDF/X-4: nothing printkit draws is transparent (no soft masks, no
alpha, no blend modes), so the file needs no live transparency, and X-1a is the variant
every print shop accepts.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from typing import Any

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from printkit.colour import FOGRA39, profile_bytes

VERSION = "PDF/X-1a:2003"
OVERPRINT_ON = "OPon"
OVERPRINT_OFF = "OPoff"


def _state(on: bool) -> PDFDictionary:
    flag = "true" if on else "false"
    return PDFDictionary({"Type": PDFName("ExtGState"), "op": flag, "OP": "false",
                          "OPM": 1})


class PrintCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type hints
    """A canvas whose pages and forms all carry the overprint graphics states."""

    overprint = False

    def _setExtGState(self, obj: Any) -> None:  # noqa: N802 (the library's own method name)
        super()._setExtGState(obj)
        if not self.overprint:
            return
        own = dict(obj.ExtGState.dict) if obj.ExtGState else {}
        own[OVERPRINT_ON], own[OVERPRINT_OFF] = _state(True), _state(False)
        obj.ExtGState = PDFDictionary(own)

    def endForm(self, **extra: Any) -> None:  # noqa: N802 (the library's own method name)
        """The form as reportlab makes it, with resources of its own: fonts, forms,
        graphics states and colour spaces."""
        name = self._formData[0]
        super().endForm(**extra)
        form = self._doc.idToObject[xObjectName(name)]
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setColorSpace(getattr(form, "_colorsUsed", {}))
        form.Resources = resources


class PdfxInfo(PDFInfo):  # type: ignore[misc]
    """The document information of a PDF/X file: reportlab's keys (fixed dates in
    invariant mode), Trapped False and the PDF/X version."""

    def format(self, document: Any) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        keys = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
                "CreationDate": date, "ModDate": date, "Trapped": PDFName("False"),
                "GTS_PDFXVersion": PDFString(VERSION)}
        text: bytes = PDFDictionary(keys).format(document)
        return text


def mark_pdfx(canvas: Canvas) -> None:
    """Make the canvas's document a PDF/X-1a:2003 file (call before drawing)."""
    doc = canvas._doc
    info = PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    doc.info = info
    profile = PDFStream(content=zlib.compress(profile_bytes(), 9))
    profile.dictionary["N"] = 4
    profile.dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(FOGRA39.identifier),
        "OutputCondition": PDFString(FOGRA39.condition),
        "RegistryName": PDFString(FOGRA39.registry), "Info": PDFString(FOGRA39.info),
        "DestOutputProfile": doc.Reference(profile)})
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]


TRAILER_ID = re.compile(rb"/ID\s*\[<([0-9a-f]{32})><([0-9a-f]{32})>\]")


def with_content_id(data: bytes) -> bytes:
    """The file with a trailer ID made from its own bytes (an MD5 digest of the file, the
    ID itself left out): equal files have equal IDs, different files different ones."""
    found = list(TRAILER_ID.finditer(data))
    if not found:
        raise ValueError("the file has no trailer ID to replace")
    match = found[-1]
    digest = hashlib.md5(data[:match.start()] + data[match.end():],
                         usedforsecurity=False).hexdigest().encode("ascii")
    return data[:match.start(1)] + digest + b"><" + digest + data[match.end(2):]
