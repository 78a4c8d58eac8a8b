"""An `Analysis` as the one JSON object `printkit analyse --json` prints: fractions (not per
cent), ids (not names), each part under its own keys, a part that does not apply left out.

    {"game": …, "system": …, "dice": "2d6", "jail": "short", "players": 4, "board": true,
     "cards": "…how cards are counted…",
     "squares": [{"position": 0, "id": "start", "kind": "corner", "landing": 0.0309,
                  "turn_end": …}, …],
     "in_jail": …, "sent_to_jail": …, "in_jail_turn_end": …, "rolls_per_turn": …,
     "roles": {"competitor": {"squares": …, "in_jail": …, …}, …},
     "balance": [{"owner": "", "unit": "money", "currency": "EUR", "opponents": 3,
                  "groups": […], "owned": […]}],
     "notes": [{"kind": "payback", "group": …, "where": "…:5", "message": …}],
     "deck": {"dice": "2d6", "outcomes": […]}}
"""

from __future__ import annotations

import math
from typing import Any

from printkit.model.analysis import Analysis, Balance, GroupBalance, Note, Odds, Spot
from printkit.model.palette import Vision

DIGITS = 6


def number(x: float) -> float | None:
    """A figure rounded for print; an endless payback (nothing earned) is null."""
    return round(x, DIGITS) if math.isfinite(x) else None


def figures(analysis: Analysis) -> dict[str, Any]:
    """The whole analysis as JSON-ready values."""
    out: dict[str, Any] = {"game": analysis.game, "system": analysis.system,
                           "dice": str(analysis.dice), "jail": analysis.jail,
                           "players": analysis.players, "board": bool(analysis.squares)}
    if analysis.odds is not None:
        out["cards"] = cards_note(analysis.odds)
        out |= odds_figures(analysis.odds, analysis.squares)
    if analysis.roles:
        out["roles"] = {role: odds_figures(o, analysis.squares) for role, o in analysis.roles}
    if analysis.balances:
        out["balance"] = [balance_figures(b) for b in analysis.balances]
    if analysis.notes:
        out["notes"] = [note_figures(n) for n in analysis.notes]
    if analysis.games is not None:
        out["games"] = analysis.games.as_json()
    if analysis.vision is not None:
        out["colour_vision"] = vision_figures(analysis.vision)
    if analysis.deck is not None:
        out["deck"] = {"dice": str(analysis.deck.dice), "outcomes": [
            {"sum": o.sum, "action": o.action, "chance": number(o.chance)}
            for o in analysis.deck.outcomes]}
    return out


def vision_figures(vision: Vision) -> dict[str, Any]:
    """Each group's colour as each viewer sees it, and the pairs some viewers confuse."""
    return {"viewers": list(vision.viewers),
            "groups": {g: list(colours) for g, colours in vision.groups},
            "confused": [{"groups": [a, b], "viewers": list(viewers)}
                         for a, b, viewers in vision.confused]}


def cards_note(odds: Odds) -> str:
    """How the cards were counted, in a sentence."""
    kept = (f"; the {odds.kept_cards} card(s) a player keeps until used are counted as "
            "cards that do not move the token (out of the deck while held, they would "
            f"change no square's landing by more than {odds.kept_effect:.5f})"
            if odds.kept_cards else "")
    return f"drawn at random from the whole deck, each card as often{kept}"


def odds_figures(odds: Odds, squares: tuple[Spot, ...]) -> dict[str, Any]:
    return {
        "squares": [{"position": s.position, "id": s.id, "kind": s.kind,
                     "landing": number(odds.landing[i]), "turn_end": number(odds.turn_end[i])}
                    for i, s in enumerate(squares)],
        "in_jail": number(odds.in_jail), "sent_to_jail": number(odds.sent_to_jail),
        "in_jail_turn_end": number(odds.in_jail_turn_end),
        "rolls_per_turn": number(odds.rolls_per_turn)}


def balance_figures(b: Balance) -> dict[str, Any]:
    return {"owner": b.role, "unit": b.unit, "currency": b.currency,
            "opponents": b.opponents, "groups": [group_figures(g, b) for g in b.groups],
            "owned": [{"kind": o.kind, "count": o.count, "cost": number(o.cost),
                       "rent": number(o.rent), "payback": number(o.payback)}
                      for o in b.owned]}


def group_figures(g: GroupBalance, b: Balance) -> dict[str, Any]:
    return {
        "id": g.id, "colour": g.colour, "price": g.price, "landing": number(g.landing),
        "rank": g.rank, "best": g.levels[g.best].id, "payback": number(g.payback),
        "levels": [{"level": lv.id, "cost": number(lv.cost), "rent": number(lv.rent),
                    "payback": number(lv.payback)} for lv in g.levels],
        "streets": [{"id": s.id, "position": s.position, "price": s.price,
                     "rent": {level: number(r)
                              for level, r in zip(b.street_levels, s.rents, strict=True)}}
                    for s in g.streets]}


def note_figures(n: Note) -> dict[str, Any]:
    w = n.where
    return {"kind": n.kind, "group": n.group, "where": w.path + (f":{w.line}" if w.line
                                                                  else ""),
            "message": n.message}
