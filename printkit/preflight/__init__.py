"""Preflight: check finished PDFs from outside, as a print shop would.

Per page: the boxes and the page's size against the product the file claims (pages.py);
what its content streams draw — line widths, ink, fonts, glyph 0, transparency, images
(content.py, images.py); its annotations, and the file's encryption, scripts and forms
(structure.py); fonts (fonts.py); and what the file claims to be (printkit/claims.py).
Works on any PDF (pypdf for the structure, pdfplumber for positions); it never imports
the PDF writer.

Tiles of a larger sheet (declared in the keywords as `printkit-tiles … pages=A-B`, or
`pages=3,5,7` where empty backs lie between them) are cut
on their seams, not on a trim of their own: their safe zone and bleed are those of the
one-sheet original, so those two checks are skipped on them (with a note).
"""

from __future__ import annotations

import os
import re
import signal
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader, get_configuration
from pypdf.errors import LimitReachedError, PdfReadError

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
    it is. The file is checked in a process of its own (apart), so that a hostile PDF
    cannot exhaust the machine."""
    if path.exists() and not path.is_file():  # a pipe would wait, /dev/zero never end
        raise PrintkitError(f"{path}: not a readable PDF (not a regular file)")
    result = apart(path, limits, target, Bounds(MEMORY, SECONDS))
    if isinstance(result, str):
        raise PrintkitError(f"{path}: {one_line(result)}")
    return Report(result.pages, [one_line(p) for p in result.problems],
                  [one_line(n) for n in result.notes])


def one_line(text: str) -> str:
    """A message as one line: names and text read from the file may hold line breaks."""
    return CONTROL.sub("?", text)


@dataclass(frozen=True)
class Bounds:
    """What a check of one file may use: MB of memory on top of what its process holds
    at the start, and seconds of CPU (waiting is bounded to twice that plus a margin)."""

    memory: int
    seconds: int

    def exceeded(self) -> str:
        return f"cannot judge this PDF: it needs more than {self.memory} MB or {self.seconds} s"


def judged(path: Path, limits: Limits, target: str = "", memory: int = MEMORY
           ) -> Report | str:
    """The report of one file, or why it cannot be judged."""
    try:
        return check_pages(path, limits, target)
    except (OSError, PdfReadError) as exc:
        return f"not a readable PDF ({exc})"
    except Unjudged as exc:
        return f"cannot judge this PDF: {exc}"
    except LimitReachedError:  # pypdf's own bound on the operators of one content stream
        return ("cannot judge this PDF: a page draws more than "
                f"{get_configuration().stream_parsing_work_maximum_count:,} operators and "
                "operands in one content stream").replace(",", " ")
    except Exception as exc:  # a malformed PDF can break the readers anywhere
        causes = _causes(exc)
        # out of memory: a MemoryError, or C code failing without one (SystemError)
        if any(isinstance(e, (MemoryError, SystemError)) for e in causes):
            return f"cannot judge this PDF: it needs more than {memory} MB"
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


def apart(path: Path, limits: Limits, target: str, bounds: Bounds) -> Report | str:
    """judged() in a process of its own: forked from a fork server where the system has
    one (Linux, macOS: the server has the readers loaded, a check starts at once), else
    spawned (Windows). Its memory and CPU are limited where the system can (bound); on
    every system it is stopped after twice its CPU seconds of waiting."""
    import multiprocessing  # only when a file is checked

    served = hasattr(os, "fork") and "forkserver" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver") if served else \
        multiprocessing.get_context("spawn")
    if served:
        context.set_forkserver_preload([__name__])  # used if no fork server runs yet
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=judged_apart, args=(send, path, limits, target, bounds),
                            daemon=True)
    child.start()
    send.close()
    result: Report | str | None = None
    try:
        if receive.poll(2 * bounds.seconds + 10):
            result = receive.recv()
    except (EOFError, OSError):  # the process ended without an answer: a limit was hit
        result = None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    return bounds.exceeded() if result is None else result


def judged_apart(send: Connection, path: Path, limits: Limits, target: str,
                 bounds: Bounds) -> None:
    """The checking process: quiet (the readers' warnings are not verdicts), bounded,
    and sending back its verdict."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it without a traceback
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    bound(bounds)
    send.send(judged(path, limits, target, bounds.memory))
    send.close()


def bound(bounds: Bounds) -> None:
    """Limit this process to bounds.memory MB more than it holds now (where the system
    says what it holds and enforces the limit: Linux) and to bounds.seconds of CPU (POSIX).
    A lower limit set from outside stays."""
    try:
        import resource
    except ImportError:  # Windows: the parent's waiting time bounds the check
        return
    wanted = [(resource.RLIMIT_CPU, bounds.seconds + int(time.process_time()))]
    statm = Path("/proc/self/statm")
    if statm.exists():
        now = int(statm.read_bytes().split()[0]) * resource.getpagesize()
        wanted.append((resource.RLIMIT_AS, now + bounds.memory * 2**20))
    for limit, value in wanted:
        hard = resource.getrlimit(limit)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(limit, (value, hard))


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
