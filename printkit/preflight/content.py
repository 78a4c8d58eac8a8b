"""What a page draws, as an interpreter of its content stream computes it: the width of each
stroked line (w times the scale of the current matrix), the ink of each fill and stroke,
the font of each text and the codes that print glyph 0, the images it draws, and the
transparency its graphics states, forms and images carry. Forms are followed into each
other; a form that draws itself (directly or through others) cannot be judged."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pypdf.generic import ArrayObject, ContentStream, EncodedStreamObject, NameObject

from printkit.preflight.common import MAX_NESTING, Unjudged, as_dict, identity, number
from printkit.preflight.fonts import Missing, glyph_zero

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MAX_CALLS = 5_000  # forms drawn per page, counting each time one is drawn
STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
TEXTS = {b"Tj", b"TJ", b"'", b'"'}
OPAQUE_BLENDS = ("/Normal", "/Compatible")
COMPONENTS = {"/DeviceGray": 1, "/DeviceCMYK": 4, "/DeviceRGB": 3, "/CalRGB": 3, "/Lab": 3,
              "/CalGray": 1, "/Separation": 1, "/Indexed": 1, "/Pattern": 0}


@dataclass
class Drawn:
    """What one page draws."""

    strokes: list[float] = field(default_factory=list)  # widths of strokes under the limit
    ink: float = 0.0  # the most ink (percent, C + M + Y + K) of a vector fill or stroke
    ink_how: str = ""
    missing_fonts: set[str] = field(default_factory=set)
    glyph_zero: dict[str, int] = field(default_factory=dict)  # font -> codes of glyph 0
    transparency: set[str] = field(default_factory=set)
    images: dict[object, tuple[str, Any]] = field(default_factory=dict)  # id -> name, image


@dataclass
class State:
    """The graphics state the interpreter keeps (the part preflight needs)."""

    ctm: Matrix = IDENTITY
    width: float = 1.0
    fill: tuple[str, tuple[float, ...]] = ("/DeviceGray", (0.0,))
    stroke: tuple[str, tuple[float, ...]] = ("/DeviceGray", (0.0,))
    font: str = ""
    zero: Missing | None = None  # how the current font counts its codes of glyph 0

    def copy(self) -> State:
        return State(self.ctm, self.width, self.fill, self.stroke, self.font, self.zero)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def ink(space: str, values: tuple[float, ...]) -> float:
    """The ink of a colour in percent: C + M + Y + K of a CMYK colour, the tints of a
    separation or DeviceN colour, the black of a grey; 0 for RGB, Lab and patterns."""
    if space == "/DeviceGray":
        return (1 - values[0]) * 100 if values else 0.0
    if space in ("/DeviceCMYK", "/Separation", "/DeviceN"):
        return sum(values) * 100
    return 0.0


class Interpreter:
    """Runs the content streams of a file's pages; fonts are read once per file."""

    def __init__(self, min_line: float):
        self.min_line = min_line
        self.fonts: dict[object, Missing] = {}
        self.scanned: dict[object, set[str]] = {}
        self.calls = 0  # forms drawn on the current page

    def page(self, page: Any) -> Drawn:
        drawn = Drawn()
        contents = page.get_contents()
        if contents is not None:
            self.calls = 0
            self.run(contents, as_dict(page.get("/Resources")), State(), drawn, ())
        return drawn

    def run(self, stream: Any, resources: dict[str, Any], state: State, drawn: Drawn,
            forms: tuple[object, ...]) -> None:
        """Interpret one content stream: the page's, or a form's (`forms` are the forms
        being drawn around it, innermost last)."""
        drawn.transparency |= self.transparency(resources)
        ops = stream.operations if isinstance(stream, ContentStream) else \
            ContentStream(stream, None).operations
        stack: list[State] = []
        for operands, operator in ops:
            if operator == b"q":
                stack.append(state.copy())
            elif operator == b"Q":
                state = stack.pop() if stack else state
            elif operator == b"Do" and operands:
                self.draw(str(operands[0]), resources, state, drawn, forms)
            elif operator == b"INLINE IMAGE" and isinstance(operands, dict):
                inline = inline_image(operands, resources)
                drawn.images[id(inline)] = ("(an inline image)", inline)
            else:
                self.step(operator, operands, resources, state, drawn)

    def step(self, op: bytes, args: list[Any], resources: dict[str, Any], state: State,
             drawn: Drawn) -> None:
        """One operator other than q, Q and Do."""
        if op == b"cm" and len(args) == 6:
            state.ctm = multiply(tuple(number(v) for v in args), state.ctm)  # type: ignore[arg-type]
        elif op == b"w" and args:
            state.width = number(args[0], 1.0)
        elif op == b"gs" and args:
            gs = as_dict(as_dict(resources.get("/ExtGState")).get(str(args[0])))
            state.width = number(gs.get("/LW"), state.width) if "/LW" in gs else state.width
        elif op in (b"g", b"G", b"k", b"K", b"rg", b"RG", b"sc", b"scn", b"SC", b"SCN"):
            self.colour(op, args, resources, state)
        elif op in (b"cs", b"CS") and args:
            space = family(str(args[0]), resources)
            chosen = (space, (0.0,) * COMPONENTS.get(space, 1) if space != "/DeviceCMYK"
                      else (0.0, 0.0, 0.0, 1.0))
            state.fill, state.stroke = (chosen, state.stroke) if op == b"cs" else \
                (state.fill, chosen)
        elif op == b"sh" and args:
            shading = as_dict(as_dict(resources.get("/Shading")).get(str(args[0])))
            self.inked(deepest(shading, resources), "a shading", drawn)
        elif op == b"Tf" and args:
            self.font(str(args[0]), resources, state, drawn)
        if op in STROKES:
            self.stroked(state, drawn)
        if op in FILLS or op in TEXTS:
            self.inked(state.fill, "a fill" if op in FILLS else "text", drawn)
        if op in TEXTS:
            self.text(op, args, resources, state, drawn)

    def colour(self, op: bytes, args: list[Any], resources: dict[str, Any],
               state: State) -> None:
        values = tuple(number(v) for v in args if not str(v).startswith("/"))
        space = {b"g": "/DeviceGray", b"k": "/DeviceCMYK", b"rg": "/DeviceRGB"}.get(op.lower())
        current = state.fill if op.islower() else state.stroke
        if op in (b"g", b"G", b"k", b"K", b"rg", b"RG"):
            chosen = (space or "", values)
        elif current[0] == "/Pattern" and args and str(args[-1]).startswith("/"):
            pattern = as_dict(as_dict(resources.get("/Pattern")).get(str(args[-1])))
            chosen = ("/Pattern", ())
            if number(pattern.get("/PatternType")) == 2:  # a shading: its deepest colour
                chosen = deepest(as_dict(pattern.get("/Shading")), resources)
            elif pattern:
                raise Unjudged(f"paint with the tiling pattern {args[-1]}, whose cells "
                               "preflight does not read (their lines and ink)")
        else:
            chosen = (current[0], values)
        if op.islower():
            state.fill = chosen
        else:
            state.stroke = chosen

    def stroked(self, state: State, drawn: Drawn) -> None:
        a, b, c, d = state.ctm[:4]
        width = state.width * math.sqrt(abs(a * d - b * c))
        if width < self.min_line - 0.001:
            drawn.strokes.append(width)
        self.inked(state.stroke, "a stroke", drawn)

    def inked(self, colour: tuple[str, tuple[float, ...]], how: str, drawn: Drawn) -> None:
        amount = ink(*colour)
        if amount > drawn.ink:
            shown = " ".join(f"{v:g}" for v in colour[1])
            drawn.ink, drawn.ink_how = amount, f"{how} in {colour[0][1:]} {shown}"

    def font(self, name: str, resources: dict[str, Any], state: State, drawn: Drawn) -> None:
        font = as_dict(resources.get("/Font")).get(name)
        state.font, state.zero = name, None
        if font is None:
            drawn.missing_fonts.add(name)
            return
        font = font.get_object()
        if not isinstance(font, dict):
            raise Unjudged("a font that is not a dictionary")
        if font.get("/Subtype") == "/Type3":
            raise Unjudged(f"text in the Type3 font {name}, whose glyphs are drawings that "
                           "preflight does not read (their lines and ink)")
        key = identity(font)
        if key not in self.fonts:
            self.fonts[key] = glyph_zero(font)
        state.font = str(font.get("/BaseFont", name)).lstrip("/")
        state.zero = self.fonts[key]

    def text(self, op: bytes, args: list[Any], resources: dict[str, Any], state: State,
             drawn: Drawn) -> None:
        if state.zero is None:
            drawn.missing_fonts.add(state.font or "(no font set)")
            return
        shown = args[-1:] if op in (b"Tj", b"'", b'"') else \
            [s for s in (args[0] if args else []) if isinstance(s, (str, bytes))]
        for text in shown:
            if isinstance(text, (str, bytes)):
                raw = getattr(text, "original_bytes", text)
                zero = state.zero(bytes(raw) if isinstance(raw, bytes) else b"")
                if zero:
                    drawn.glyph_zero[state.font] = drawn.glyph_zero.get(state.font, 0) + zero

    def draw(self, name: str, resources: dict[str, Any], state: State, drawn: Drawn,
             forms: tuple[object, ...]) -> None:
        """Do: a form is interpreted in place, an image is kept for its own checks."""
        ref = as_dict(resources.get("/XObject")).get(name)
        xobject = ref.get_object() if ref is not None else None
        if not isinstance(xobject, dict):
            return
        key = identity(xobject)
        if xobject.get("/Subtype") == "/Image":
            drawn.images.setdefault(key, (name, xobject))
            return
        if xobject.get("/Subtype") != "/Form":
            return
        if not hasattr(xobject, "get_data"):
            raise Unjudged(f"the form {name} has no drawing (it is not a stream)")
        if key in forms:
            raise Unjudged(f"the form {name} draws itself" + (
                "" if forms[-1] == key else " (through the forms it draws)"))
        self.calls += 1
        if len(forms) >= MAX_NESTING or self.calls > MAX_CALLS:
            raise Unjudged(f"forms drawn over {MAX_CALLS} times on a page, or nested over "
                           f"{MAX_NESTING} deep")
        if xobject.get("/Group") and as_dict(xobject["/Group"]).get("/S") == "/Transparency":
            drawn.transparency.add(f"the form {name} is a transparency group")
        matrix = xobject.get("/Matrix")
        inner = state.copy()
        if matrix is not None and len(matrix) == 6:
            inner.ctm = multiply(tuple(number(v) for v in matrix), state.ctm)  # type: ignore[arg-type]
        own = xobject.get("/Resources")
        self.run(xobject, as_dict(own) if own is not None else resources, inner, drawn,
                 (*forms, key))

    def transparency(self, resources: dict[str, Any]) -> set[str]:
        """The live transparency a resource dictionary carries: graphics states with an
        opacity under 1, a blend mode other than Normal, or a soft mask; images with a
        soft mask. Read once per dictionary."""
        key = identity(resources)
        if key in self.scanned:
            return self.scanned[key]
        found = set()
        for name, ref in as_dict(resources.get("/ExtGState")).items():
            gs = as_dict(ref)
            for alpha in ("/ca", "/CA"):
                if alpha in gs and number(gs[alpha], 1.0) < 1:
                    found.add(f"graphics state {name} has {alpha[1:]} {number(gs[alpha]):g}")
            blend = gs.get("/BM", "/Normal")
            blend = blend[0] if isinstance(blend, list) and blend else blend
            if str(blend) not in OPAQUE_BLENDS:
                found.add(f"graphics state {name} blends with {str(blend).lstrip('/')}")
            if gs.get("/SMask", "/None") != "/None":
                found.add(f"graphics state {name} has a soft mask")
        for name, ref in as_dict(resources.get("/XObject")).items():
            image = ref.get_object()
            if isinstance(image, dict) and image.get("/Subtype") == "/Image" and (
                    "/SMask" in image or number(image.get("/SMaskInData")) > 0):
                found.add(f"image {name} has a soft mask")
        self.scanned[key] = found
        return found


INLINE_KEYS = {"/W": "/Width", "/H": "/Height", "/BPC": "/BitsPerComponent",
               "/CS": "/ColorSpace", "/F": "/Filter", "/DP": "/DecodeParms", "/D": "/Decode",
               "/IM": "/ImageMask"}
INLINE_SPACES = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK",
                 "/I": "/Indexed"}


def inline_image(image: dict[str, Any], resources: dict[str, Any]) -> EncodedStreamObject:
    """An inline image (BI … ID … EI) as the image XObject it stands for: its keys in
    full, its colour space resolved (a device space, or one the resources name)."""
    made = EncodedStreamObject()
    for key, value in dict(image.get("settings") or {}).items():
        made[NameObject(INLINE_KEYS.get(str(key), str(key)))] = value
    space = made.get("/ColorSpace")
    if isinstance(space, list):  # [/I /RGB 1 <…>]: an indexed space in short names
        made[NameObject("/ColorSpace")] = ArrayObject(
            NameObject(INLINE_SPACES.get(str(v), str(v))) if isinstance(v, NameObject) else v
            for v in space)
    elif space is not None:
        named = as_dict(resources.get("/ColorSpace")).get(str(space))
        made[NameObject("/ColorSpace")] = NameObject(INLINE_SPACES[str(space)]) \
            if str(space) in INLINE_SPACES else (named if named is not None else space)
    made._data = bytes(image.get("data") or b"")
    return made


def deepest(shading: dict[str, Any], resources: dict[str, Any]
            ) -> tuple[str, tuple[float, ...]]:
    """The colour of most ink at the ends of a shading's functions (exponential ones,
    alone or stitched; the ink of such a blend is greatest at one of its ends)."""
    space = shading.get("/ColorSpace")
    space = space.get_object() if space is not None else None
    name = str(space[0]) if isinstance(space, list) and space else str(space)
    kind = family(name, resources) if not isinstance(space, list) else (
        "/DeviceCMYK" if name == "/ICCBased" and number(as_dict(space[1]).get("/N")) == 4
        else name)
    best: tuple[str, tuple[float, ...]] = (kind, ())
    todo, seen = [shading.get("/Function")], 0
    while todo and seen < 100:
        function = todo.pop()
        function = function.get_object() if function is not None else None
        seen += 1
        if isinstance(function, dict) and number(function.get("/FunctionType")) == 2:
            for end, default in (("/C0", [0.0]), ("/C1", [1.0])):
                values = tuple(number(v) for v in function.get(end, default))
                if ink(kind, values) > ink(*best):
                    best = (kind, values)
        elif isinstance(function, dict) and number(function.get("/FunctionType")) == 3:
            todo += list(function.get("/Functions") or [])
        elif kind in ("/DeviceCMYK", "/DeviceN"):  # more than one ink: it may be over
            raise Unjudged(f"a shading in {kind[1:]} whose colours preflight does not "
                           f"read ({unread(function)}): its ink")
    return best


def unread(function: Any) -> str:
    """What a shading gives its colours by, where they are not exponential blends."""
    if function is None:
        return "colours in its mesh, or none"
    if isinstance(function, list):
        return "a function for each colour component"
    kind = int(number(as_dict(function).get("/FunctionType"), -1)) \
        if isinstance(function, dict) else -1
    return {0: "a sampled function", 4: "a PostScript calculator function"}.get(
        kind, "a function of no known type")


def family(name: str, resources: dict[str, Any]) -> str:
    """The family of a colour space named in `cs`: a device space, or the first name of the
    space the resources give under that name."""
    if name in COMPONENTS or name == "/DeviceN":
        return name
    space = as_dict(resources.get("/ColorSpace")).get(name)
    space = space.get_object() if space is not None else None
    if isinstance(space, list) and space:
        first = str(space[0])
        if first == "/ICCBased" and len(space) > 1:
            n = number(as_dict(space[1]).get("/N"))
            return {1: "/DeviceGray", 3: "/ICCBased", 4: "/DeviceCMYK"}.get(int(n), first)
        return first
    return str(space) if space is not None else name
