"""What a print shop refuses in a file's structure: encryption, JavaScript, an interactive
form, and annotations that lie on the printed area (PDF/X allows none of them)."""

from __future__ import annotations

from typing import Any

from pypdf import PdfReader

from printkit.preflight.common import Box, as_dict, number

MARKS = ("/PrinterMark", "/TrapNet")  # annotations that belong on a press sheet
MAX_ACTIONS = 100  # actions followed along /Next chains
MAX_ANNOTATIONS = 10_000  # annotations read per page


def file_problems(reader: PdfReader) -> list[str]:
    """Encryption, the document's JavaScript and its interactive form."""
    found = []
    if reader.is_encrypted:
        found.append("the file is encrypted: a print shop's RIP may refuse it (PDF/X "
                     "allows no encryption); save it without a password or permissions")
    root = as_dict(reader.trailer["/Root"])
    where = []
    if scripted(root.get("/OpenAction")):
        where.append("the action on opening")
    if any(scripted(v) for v in as_dict(root.get("/AA")).values()):
        where.append("the document's actions")
    if "/JavaScript" in as_dict(root.get("/Names")):
        where.append("the document's named scripts")
    if where:
        found.append(f"JavaScript in {', '.join(where)}: a file for print holds no scripts")
    fields = as_dict(root.get("/AcroForm")).get("/Fields")
    fields = fields.get_object() if fields is not None else None
    if isinstance(fields, list) and fields:
        found.append(f"an interactive form of {len(fields)} "
                     f"field{'s' if len(fields) != 1 else ''}: flatten it into the page")
    return found


def scripted(action: Any) -> bool:
    """Whether an action, or one it leads to (/Next), runs JavaScript."""
    todo, seen = [action], 0
    while todo and seen < MAX_ACTIONS:
        value = todo.pop()
        value = value.get_object() if value is not None else None
        seen += 1
        if isinstance(value, list):
            todo += list(value)
        elif isinstance(value, dict):
            if value.get("/S") == "/JavaScript" or "/JS" in value:
                return True
            todo.append(value.get("/Next"))
    return False


def annotation_problems(page: Any, trim: Box) -> list[str]:
    """Annotations on a page that run scripts, or lie (in part) inside the trim, where a
    RIP may print them (printer's marks and trap networks excepted)."""
    annotations = page.get("/Annots")
    annotations = annotations.get_object() if annotations is not None else None
    if not isinstance(annotations, list):
        return []
    inside: dict[str, int] = {}
    scripts = 0
    for ref in annotations[:MAX_ANNOTATIONS]:
        annotation = as_dict(ref)
        kind = str(annotation.get("/Subtype", "/(untyped)"))[1:]
        if scripted(annotation.get("/A")) or any(
                scripted(v) for v in as_dict(annotation.get("/AA")).values()):
            scripts += 1
        rect = annotation.get("/Rect")
        rect = rect.get_object() if rect is not None else None
        if f"/{kind}" in MARKS or not isinstance(rect, list) or len(rect) != 4:
            continue
        x0, y0, x1, y1 = (number(v) for v in rect)
        if min(x0, x1) < trim[2] and max(x0, x1) > trim[0] and min(y0, y1) < trim[3] \
                and max(y0, y1) > trim[1]:
            inside[kind] = inside.get(kind, 0) + 1
    found = []
    if scripts:
        found.append(f"JavaScript in the actions of {scripts} "
                     f"annotation{'s' if scripts != 1 else ''}")
    for kind, n in sorted(inside.items()):
        found.append(f"{n} {kind} annotation{'s' if n != 1 else ''} inside the trim (a RIP "
                     "may print it; PDF/X allows none there): remove or flatten it")
    return found
