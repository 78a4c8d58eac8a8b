"""Grow a game's card deck to any size, for benchmarks and large-input tests.

The deck file's [[card]] tables are repeated under new ids (`<id>_<k>`), and each card's
texts in every text/<lang>.toml are copied for the new ids, so the grown game is valid.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any


def value(v: Any) -> str:
    """A TOML literal for the plain values deck files hold."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    return json.dumps(str(v), ensure_ascii=False)


def grow_deck(folder: Path, deck: str, section: str, cards: int) -> None:
    """Rewrite folder/deck with `cards` cards and add their texts to folder/text/*.toml.

    `section` is the dotted table of the text files that holds each card's texts
    ("chance", "cards.chance"). The deck's other settings stay; the original cards' texts
    stay too (`printkit check` lists them as unused, a build does not mind).
    """
    data = tomllib.loads((folder / deck).read_text("utf-8"))
    base = data["card"]
    lines = [f"{key} = {value(v)}" for key, v in data.items() if key != "card"] + [""]
    new_texts: list[tuple[str, str]] = []  # (new id, original id)
    for k in range(cards):
        card = dict(base[k % len(base)])
        original = card["id"]
        card["id"] = f"{original}_{k}"
        new_texts.append((card["id"], original))
        lines += ["[[card]]"] + [f"{key} = {value(v)}" for key, v in card.items()] + [""]
    (folder / deck).write_text("\n".join(lines), "utf-8")
    for path in sorted((folder / "text").glob("*.toml")):
        texts: Any = tomllib.loads(path.read_text("utf-8"))
        for part in section.split("."):
            texts = texts.get(part, {}) if isinstance(texts, dict) else {}
        extra = []
        for new, original in new_texts:
            if original in texts:
                extra.append(f"\n[{section}.{new}]")
                extra += [f"{key} = {value(v)}" for key, v in texts[original].items()]
        with path.open("a", encoding="utf-8") as fh:
            fh.write("\n" + "\n".join(extra) + "\n")


def grown_copy(builtin: Path, target: Path, deck: str, section: str, cards: int) -> Path:
    """A copy of a built-in game folder at target with its deck grown to `cards` cards."""
    shutil.copytree(builtin, target)
    grow_deck(target, deck, section, cards)
    return target
