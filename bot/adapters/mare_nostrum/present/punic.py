"""The Punic Wars' words (Atlas section 7), from the view's public `punic_wars` part: the
status's lines (the barbarians, the External Market, the purses, the delayed victories) and the
few answers and events whose words depend on their values (a market take, a pillage, the
barbarians' losses). Everything here is public: the part holds nothing hidden."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.mare_nostrum.board import board
from bot.i18n import t
from bot.presenters import fmt

PART = "punic_wars"
BARBARIANS = "barbarians"
MARKET = "market"  # a take's source: the External Market
KEEP_GOAL = 4  # 7.5: capitals and legendary cities


def part_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    part = (view.get("substates") or {}).get(PART)
    return part if isinstance(part, Mapping) else None


def names(lang: str) -> dict[str, str]:
    """The barbarians as a side (a battle's casualties name them like a player)."""
    return {BARBARIANS: t("mn.value.barbarians", lang)}


def status_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    part = part_of(view)
    if part is None:
        return []
    nobody = t("game.nobody", lang)

    def who(players: Any) -> str:
        return ", ".join(names.get(p, p) for p in players or ()) or nobody

    lines = [
        t("mn.punic.status_barbarians", lang, units=_units(part, lang, names)),
        t("mn.punic.status_market", lang, market=fmt(list(part.get("market", [])), lang, names)),
    ]
    for player in view.get("players", []):
        purse = (part.get("purse") or {}).get(player) or {}
        gold = [tok for tok, n in sorted(purse.items()) for _ in range(int(n))]
        lines.append(
            t(
                "mn.punic.status_purse",
                lang,
                player=names.get(player, player),
                gold=fmt(gold, lang, names),
            )
        )
    counts = ", ".join(f"{names.get(p, p)} {n}/{KEEP_GOAL}" for p, n in keep_counts(view).items())
    lines.append(
        t("mn.punic.status_conquest", lang, players=who(part.get("conquest_held")), counts=counts)
    )
    lines.append(t("mn.punic.status_titles", lang, players=who(part.get("titles_held"))))
    return lines


def _units(part: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    """Each area's barbarian units, in board order: "Achaea: 4 legion, fortress"."""
    legions: Mapping[str, int] = part.get("legions") or {}
    triremes: Mapping[str, int] = part.get("triremes") or {}
    forts = set(part.get("fortresses") or ())
    areas = sorted({*legions, *triremes, *forts})
    out = []
    for area in areas:
        pieces = []
        if legions.get(area):
            pieces.append(
                t("mn.punic.units", lang, n=legions[area], unit=fmt("legion", lang, names))
            )
        if area in forts:
            pieces.append(fmt("fortress", lang, names))
        if triremes.get(area):
            pieces.append(
                t("mn.punic.units", lang, n=triremes[area], unit=fmt("trireme", lang, names))
            )
        out.append(
            t("mn.punic.area_units", lang, area=fmt(area, lang, names), units=", ".join(pieces))
        )
    return "; ".join(out) or t("game.none", lang)


def keep_counts(view: Mapping[str, Any]) -> dict[str, int]:
    """The capitals and legendary cities each player controls now (7.5), from the view: an
    occupied building counts for its occupier, else for the influence holder (4.3.2)."""
    counts = dict.fromkeys(view.get("players", []), 0)
    provinces = board(str(view.get("board"))).provinces
    for pid, built in (view.get("built") or {}).items():
        occupants = (view.get("occupant") or {}).get(pid) or []
        for i, slot in enumerate(provinces[pid].slots if pid in provinces else ()):
            if slot.kind in ("capital", "legendary_city") and i < len(built) and built[i]:
                holder = (occupants[i] if i < len(occupants) else None) or (
                    view.get("influence") or {}
                ).get(pid)
                if holder in counts:
                    counts[holder] += 1
    return counts


# --- answers and events whose words depend on their values -----------------------------------


def action_key(action: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(catalog key, parameters) for a Punic answer the generic label would word badly."""
    kind = action.get("kind")
    if kind == "take_resource" and action.get("source") == MARKET:
        return "mn.action.take_resource_market", {"token": action.get("token")}
    if kind == "barbarian_pillage":
        slot = int(action.get("slot", -1))
        if slot < 0:
            return "mn.action.barbarian_pillage.none", {}
        province = str(action.get("province"))
        slots = board("punic/2").provinces[province].slots
        printed = slots[slot] if slot < len(slots) else None
        if printed is not None and printed.kind == "caravan" and printed.commodity:
            # Two caravans of one province differ by their commodity only.
            return "mn.action.barbarian_pillage_caravan", {
                "commodity": printed.commodity,
                "province": province,
            }
        return "mn.action.barbarian_pillage", {
            "building": printed.kind if printed is not None else "?",
            "province": province,
            "reward": action.get("reward") or "",
        }
    return None


def event_key(kind: str, data: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(catalog key, data) for a Punic event worded otherwise than its kind's line."""
    if kind == "resource_taken" and data.get("source") == MARKET:
        return "mn.event.resource_taken_market", dict(data)
    if kind == "casualties" and data.get("player") == BARBARIANS:
        return "mn.event.barbarian_casualties", dict(data)
    if kind == "barbarian_pillage" and not data.get("gained"):
        return "mn.event.barbarian_pillage", {**data, "gained": []}  # "none"
    return None
