"""`printkit export`: a game's items as pictures (png), as Tabletop Simulator decks (tts)
or as one print-and-play PDF (pnp), written under out/<game>/<lang>/export-<kind>/.

The game is built as `build` builds it for home printing (the same options), in memory;
what each kind keeps of it is made in printkit.commands.export_images, export_tts and
export_pnp. An export writes its folder anew: pictures of an earlier export that this
one does not make (a card taken out of the deck) are removed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import typer

from printkit.cli_values import EXPORTS
from printkit.commands.export_images import Shot
from printkit.commands.export_tts import LARGEST
from printkit.commands.making import err_console
from printkit.commands.report import progress
from printkit.errors import PrintkitError
from printkit.localise.catalog import Labels
from printkit.localise.kit import Kit
from printkit.options import Request, Resolved
from printkit.pipeline import Built, Progress, make
from printkit.write import write_all

KINDS = EXPORTS


@dataclass(frozen=True)
class Part:
    """What one product of one language gave: its language's folder, the game's name
    and title, the product's name and title, and its pictures or its PDFs."""

    folder: Path
    game: str
    title: str
    product: str
    product_title: str
    shots: tuple[Shot, ...] = ()
    files: tuple[Built, ...] = ()


def shots_job(kit: Kit, folder: Path, options: Resolved, dpi: float, largest: int = 0
              ) -> Part:
    from printkit.commands.export_images import product_shots

    product = kit.products[0]
    return Part(folder, kit.game, kit.title, product.name, product.title,
                shots=tuple(product_shots(kit, folder, options, dpi, largest)))


def files_job(kit: Kit, folder: Path, options: Resolved) -> Part:
    from printkit.pipeline import product_files

    product = kit.products[0]
    return Part(folder, kit.game, kit.title, product.name, product.title,
                files=tuple(product_files(kit, folder, options)))


def languages(parts: list[Part]) -> dict[Path, list[Part]]:
    """The parts by language folder, in the build's order."""
    found: dict[Path, list[Part]] = {}
    for part in parts:
        found.setdefault(part.folder, []).append(part)
    return found


def exported(parts: list[Part], kind: str) -> list[tuple[Path, bytes]]:
    """Every file an export of `kind` writes, for each language."""
    from printkit.commands.export_pnp import pnp_pdf
    from printkit.commands.export_tts import tts_files

    files: list[tuple[Path, bytes]] = []
    for folder, own in languages(parts).items():
        target = folder / f"export-{kind}"
        lang = folder.name
        titles = {p.product: p.product_title for p in own}
        if kind == "png":
            files += [(target / s.name, s.png) for p in own for s in p.shots]
        elif kind == "tts":
            shots = [s for p in own for s in p.shots]
            files += [(target / name, data) for name, data in
                      tts_files(f"{own[0].game}-{lang}", f"{own[0].title} ({lang})", shots,
                                titles, target)]
        else:
            built = [b for p in own for b in p.files]
            pdf = pnp_pdf(own[0].title, lang, built, titles)
            files.append((target / f"{own[0].game}-{lang}-pnp.pdf", pdf))
    return files


def stale(files: list[tuple[Path, bytes]], only: tuple[str, ...]) -> tuple[Path, ...]:
    """Files of an earlier export in the folders written now that this one does not
    write (none when --only chose some products: the others' files stay)."""
    if only:
        return ()
    written = {path for path, _ in files}
    folders = {path.parent for path in written}
    return tuple(sorted(old for folder in folders if folder.is_dir()
                        for old in folder.iterdir()
                        if old.is_file() and old.suffix in (".png", ".json", ".pdf")
                        and old not in written))


def for_export(request: Request) -> Request:
    """The request as a home build: export makes files for screens and home printers."""
    if request.options.target.strip().lower() not in ("", "home"):
        raise PrintkitError(f"--target {request.options.target}: export makes files for "
                            "screens and home printers; leave --target out (files for a "
                            "print shop: printkit build --target shop)")
    return replace(request, options=replace(request.options, target="home"))


def export(request: Request, out: Path, kind: str, dpi: int,
           step: Progress = lambda _: None) -> tuple[list[Path], str]:
    """Export the game as `kind`; the files written, in order, and the flip the
    print-and-play PDF is printed with (long, short or none; see export_pnp)."""
    from printkit.commands.export_pnp import flip_of

    if kind not in KINDS:
        raise PrintkitError(f"--to {kind}: choose one of {', '.join(KINDS)}")
    asked = for_export(request)
    job = files_job if kind == "pnp" else partial(shots_job, dpi=dpi,
                                                  largest=LARGEST if kind == "tts" else 0)
    parts = make(asked, out, job, step)
    files = exported(parts, kind)
    write_all(files, out, stale(files, asked.only))
    return [path for path, _ in files], flip_of([b for p in parts for b in p.files])


def export_files(request: Request, level: int, out: Path, kind: str, dpi: int,
                 _: Labels) -> None:
    """Export and say what was written: each folder with its count of files, or the
    print-and-play PDFs with their size and how to print them."""
    from printkit.commands.export_pnp import advice

    with progress(err_console(), level, _) as step:
        written, flip = export(request, out, kind, dpi, step)
    if level < 0:
        return
    if kind == "pnp":
        for path in written:
            size = path.stat().st_size / 1e6
            typer.echo(_("{path}  ({size} MB)", path=path, size=f"{size:.1f}"))
            typer.echo(f"    {advice(flip, _)}")
        return
    for folder in sorted({path.parent for path in written}):
        count = sum(1 for path in written if path.parent == folder)
        typer.echo(_.plural("{folder}: {n} file", "{folder}: {n} files", count,
                            folder=folder))
    if kind == "tts":
        for path in written:
            if path.suffix == ".json":
                typer.echo(_("Tabletop Simulator saved object: {path}", path=path))
