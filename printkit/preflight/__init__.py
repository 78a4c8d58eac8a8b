"""Preflight: check finished PDFs from outside, as a print shop would.

Per page: the boxes and the page's size against the product the file claims (pages.py);
what its content streams draw — line widths, ink, fonts, glyph 0, transparency, images
(content.py, images.py); its annotations, and the file's encryption, scripts and forms
(structure.py); fonts (fonts.py); and what the file claims to be (printkit/claims.py).
Works on any PDF (pypdf for the structure, pdfplumber for positions); it never imports
the PDF writer.

Tiles of a larger sheet (declared in the keywords as `printkit-tiles … pages=A-B`) are cut
on their seams, not on a trim of their own: their safe zone and bleed are those of the
one-sheet original, so those two checks are skipped on them (with a note).
"""

from __future__ import annotations

import os
import pickle
import re
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader
from pypdf.errors import PdfReadError

from printkit.claims import Claim, claim_problems, read_claim
from printkit.errors import PrintkitError
from printkit.preflight.common import Limits, Unjudged, box_of, counted, effective_trim
from printkit.preflight.content import Drawn, Interpreter
from printkit.preflight.fonts import collect_fonts
from printkit.preflight.images import image_problems as picture_problems
from printkit.preflight.pages import (
    bleed_problems,
    box_problems,
    check_bounds,
    image_problems,
    size_problems,
    text_size,
    text_zone,
    tile_pages,
)
from printkit.preflight.structure import annotation_problems, file_problems

__all__ = ["Limits", "Report", "Unjudged", "check_pdf"]


@dataclass
class Report:
    """What preflight found in one PDF."""

    pages: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


MAX_PAGES = 10_000  # pages of one file (a card deck of 10 000 cards has fewer sheets)
MEMORY = 1024  # MB a check may use on top of what printkit uses already
SECONDS = 60  # CPU seconds a check may take per file
DEFAULT = Limits()
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def check_pdf(path: Path, limits: Limits = DEFAULT, target: str = "") -> Report:
    """Every print problem of one PDF; raises PrintkitError (one line) if it cannot be read
    or judged. With target `shop` it is judged as a file for a print shop whatever it says
    it is. Where processes can be forked, the file is checked in a process of its own
    with at most MEMORY MB and SECONDS s: a hostile PDF cannot exhaust the machine."""
    if path.exists() and not path.is_file():  # a pipe would wait, /dev/zero never end
        raise PrintkitError(f"{path}: not a readable PDF (not a regular file)")
    result = apart(lambda: judged(path, limits, target)) if hasattr(os, "fork") else \
        judged(path, limits, target)
    if isinstance(result, str):
        raise PrintkitError(f"{path}: {one_line(result)}")
    return Report(result.pages, [one_line(p) for p in result.problems],
                  [one_line(n) for n in result.notes])


def one_line(text: str) -> str:
    """A message as one line: names and text read from the file may hold line breaks."""
    return CONTROL.sub("?", text)


def judged(path: Path, limits: Limits, target: str = "") -> Report | str:
    """The report of one file, or why it cannot be judged."""
    try:
        return check_pages(path, limits, target)
    except (OSError, PdfReadError) as exc:
        return f"not a readable PDF ({exc})"
    except Unjudged as exc:
        return f"cannot judge this PDF: {exc}"
    except Exception as exc:  # a malformed PDF can break the readers anywhere
        causes = _causes(exc)
        # out of memory: a MemoryError, or C code failing without one (SystemError)
        if any(isinstance(e, (MemoryError, SystemError)) for e in causes):
            return f"cannot judge this PDF: it needs more than {MEMORY} MB"
        if any(isinstance(e, RecursionError) for e in causes):
            return "cannot judge this PDF: its objects are nested too deeply"
        return f"cannot judge this PDF: malformed ({exc.__class__.__name__}: {exc})"[:300]


def _causes(exc: BaseException) -> list[BaseException]:
    """An exception and those it was raised from (pdfminer wraps a MemoryError)."""
    found: list[BaseException] = []
    while exc is not None and len(found) < 20:
        found.append(exc)
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return found


def apart(run: Callable[[], Report | str]) -> Report | str:
    """run() in a forked process bounded to MEMORY MB more than now and SECONDS of CPU."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read)
            quiet = os.open(os.devnull, os.O_WRONLY)  # the readers' warnings are not verdicts
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            bound_child()
            data = pickle.dumps(run())
            with os.fdopen(write, "wb") as fh:
                fh.write(data)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        data = fh.read()
    _, status = os.waitpid(pid, 0)
    if data and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        result: Report | str = pickle.loads(data)
        return result
    return f"cannot judge this PDF: it needs more than {MEMORY} MB or {SECONDS} s"


def bound_child() -> None:
    import resource  # POSIX only, as fork is

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    with open("/proc/self/statm", "rb") as fh:
        now = int(fh.read().split()[0]) * resource.getpagesize()
    memory = now + MEMORY * 2**20
    for limit, wanted in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, SECONDS)):
        hard = resource.getrlimit(limit)[1]  # a lower limit set from outside stays
        wanted = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(limit, (wanted, wanted))



def check_pages(path: Path, limits: Limits, target: str = "") -> Report:
    """Every print problem of one PDF (Unjudged if it is beyond preflight's bounds)."""
    reader = PdfReader(path)
    pages = reader.pages
    count = len(pages)
    if count > MAX_PAGES:
        raise Unjudged(f"{count} pages; preflight judges files of up to {MAX_PAGES}")
    if count == 0:
        raise Unjudged("it has no pages")
    report = Report(count)
    tiles = tile_pages(reader, count)
    claim = read_claim(reader, target)
    report.problems += claim_problems(reader, claim) + file_problems(reader)
    fonts: dict[str, str] = {}
    for number, page in enumerate(pages, 1):
        check_bounds(page, number)
        report.problems += [f"p{number}: {p}" for p in box_problems(page)]
        collect_fonts(page.get("/Resources"), fonts)
    for name, problem in sorted(fonts.items()):
        if problem:
            report.problems.append(f"font {name}: {problem}")
    report.problems += size_problems(list(pages), claim, limits)
    report.problems += drawing_problems(list(pages), claim, limits)
    with pdfplumber.open(path) as pdf:
        for number, drawn in enumerate(pdf.pages, 1):
            trim = effective_trim(pages[number - 1])
            bleed = box_of(pages[number - 1], "/BleedBox") or trim
            found = text_size(drawn, limits) + image_problems(drawn, limits)
            if number in tiles:
                report.notes.append(f"p{number}: a tile: safe zone and bleed are checked on "
                                    "the one-sheet original")
            else:
                found += text_zone(drawn, number, trim, claim, limits) + bleed_problems(
                    drawn, trim, bleed, limits)
            report.problems += [f"p{number}: {p}" for p in found]
    return report


def drawing_problems(pages: list[Any], claim: Claim, limits: Limits) -> list[str]:
    """What each page's content streams draw, its annotations and its images."""
    interpreter = Interpreter(limits.min_line)
    images: dict[object, list[str]] = {}
    problems = []
    for number, page in enumerate(pages, 1):
        try:
            drawn = interpreter.page(page)
            found = annotation_problems(page, effective_trim(page)) + drawn_problems(
                drawn, claim, limits)
            for key, (name, image) in drawn.images.items():
                if key not in images:
                    images[key] = picture_problems(name, image, claim.ink_limit)
                found += images[key]
        except Unjudged as exc:
            raise Unjudged(f"p{number}: {exc}") from None
        problems += [f"p{number}: {p}" for p in found]
    return problems


def drawn_problems(drawn: Drawn, claim: Claim, limits: Limits) -> list[str]:
    """Lines, ink, fonts, glyph 0 and transparency of what one page draws."""
    found = []
    thin = [w for w in drawn.strokes if w > 0]
    if thin:
        found.append(f"{counted(len(thin), 'line')} thinner than {limits.min_line:g} pt "
                     f"(thinnest {min(thin):.2f} pt): a print shop needs at least "
                     f"{limits.min_line:g} pt")
    if zero := len(drawn.strokes) - len(thin):
        found.append(f"{counted(zero, 'line')} of width 0 (the thinnest line a device can "
                     "draw: on a press next to nothing)")
    if drawn.ink > claim.ink_limit + 0.5:
        found.append(f"{drawn.ink:.0f} % ink (C + M + Y + K) in {drawn.ink_how}, over the "
                     f"file's {claim.ink_limit:g} % limit")
    for font in sorted(drawn.missing_fonts):
        found.append(f"text in the font {font}, which the page's resources do not hold")
    for font, n in sorted(drawn.glyph_zero.items()):
        found.append(f"{counted(n, 'character')} in {font} print{'s' if n == 1 else ''} "
                     "glyph 0 (.notdef: an empty box or nothing): the font lacks "
                     f"{'it' if n == 1 else 'them'}")
    if claim.opaque and drawn.transparency:
        shown = sorted(drawn.transparency)
        found.append(f"live transparency in a {claim.standard} file ({'; '.join(shown[:4])}"
                     f"{'; …' if len(shown) > 4 else ''}): {claim.standard} allows none; "
                     "flatten it")
    return found
