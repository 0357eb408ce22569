"""What one merchant (or a spectator) may see of a game: a JSON-able dict.

Hidden, per the rules: each hand of oar cards and the card chosen this turn (until the reveal)
show only to their owner; face-down contracts of the row and lost contracts (turned face down)
show nothing; bonus tiles face down show to nobody, a drawn one only to its owner until the end
of the game. Everything else (gold, manifests, temples, wind, distances) is public.
"""

from __future__ import annotations

from typing import Any

from .contracts import public_column
from .data import ROUNDS, load
from .scoring import score
from .state import NeptunState, Slot
from .voyages import turn_name


def _slot(slot: Slot | None) -> dict[str, Any] | None:
    if slot is None:
        return None
    if slot["status"] == "lost":
        return {"status": "lost"}
    return {"status": slot["status"], "city": slot["city"], "goods": slot["goods"]}


def view(state: NeptunState, viewer: str | None = None) -> dict[str, Any]:
    data = load()
    out: dict[str, Any] = {
        "game": "neptun",
        "ruleset": state.ruleset,
        "players": list(state.players),
        "round": state.round,
        "round_letter": ROUNDS[min(state.round, len(ROUNDS)) - 1],
        "phase": state.phase,
        "turn": turn_name(state.turn),
        "over": state.over,
        "winners": list(state.winners),
        "victory": state.victory,
        "sequence": list(state.sequence),
        "oar_track": [list(e) for e in state.oar_track],
        "wind": state.wind,
        "forecast": state.forecast,
        "markers": dict(state.markers),
        "row": [public_column(c) for c in state.row],
        "decks": {"city": len(state.city_deck), "goods": len(state.goods_deck),
                  "oar": len(state.oar_deck)},
        "manifests": {p: [_slot(s) for s in m] for p, m in state.manifests.items()},
        "ships": dict(state.ships),
        "gold": dict(state.gold),
        "temples": {r: [list(e) for e in stack] for r, stack in state.temples.items()},
        "tiles": {t: list(v) for t, v in state.tiles.items()},
        "won": {p: [list(e) for e in w] for p, w in state.won.items()},
        "tile_points": {p: sum(v for _, v in w) for p, w in state.won.items()},
        "hand_sizes": {p: len(h) for p, h in state.hands.items()},
        "played_counts": {p: len(c) for p, c in state.played.items()},
        "sealed": sorted(state.chosen),
        "bonus_counts": {p: len(b) for p, b in state.bonus.items()},
        "bonus_supply": len(state.bonus_supply),
        "extra": list(state.extra),
        "prompts": [{"kind": p.kind, "player": p.player, "data": dict(p.data)}
                    for p in state.prompts],
        # The Discord layer's common keys (bot/presenters.py): who owes what, and the
        # viewer's own decisions with their facts.
        "pending": [{"kind": p.kind, "player": p.player} for p in state.prompts],
        "my_prompts": [{"kind": p.kind, "data": dict(p.data)} for p in state.prompts
                       if p.player == viewer],
        "viewer": viewer,
    }
    if state.over:  # the final count shows every bonus tile
        out["bonus"] = {p: list(b) for p, b in state.bonus.items()}
        out["scores"] = {p: score(state, p) for p in state.players}
    if viewer in state.players:
        out["hand"] = [{"card": c, "rowing": data.oar(c)[0], "wind": data.oar(c)[1]}
                       for c in state.hands[viewer]]
        out["chosen"] = state.chosen.get(viewer)
        out["played"] = list(state.played[viewer])
        out["my_bonus"] = list(state.bonus[viewer])
    return out
