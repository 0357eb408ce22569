"""Mare Nostrum's answers as a player reads them (issue 13, "Labels"): a building space named
by its kind and commodity ("Buy: caravan in Dacia (wine)"), a conquest by the buildings it
takes ("Macedonia: occupy the city and the market"), heroes by their catalog names, and an
end button that says which turn or step it ends ("End my Build turn")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot.catalog import has, t
from bot.games.mare_nostrum.board import Slot, board, board_keys, full_board, hw_tiles
from bot.presenters import OPTION_LIMIT, clip, fmt
from bot.presenters import action_label as generic_label

# Buildings a slot is printed with a detail for: its commodity, or its city's name.
_DETAILED = ("caravan", "capital", "legendary_city")


@cache
def _slots(province: str, board_key: str = "") -> tuple[Slot, ...]:
    """A province's printed building spaces: from its game's board, else from any board that
    has it (a log line or a note has no view; the spaces of a province never change)."""
    keys = [board_key] if board_key else []
    for key in [*keys, *board_keys()]:
        try:
            provinces = board(key).provinces
        except (KeyError, ValueError):
            continue
        if province in provinces:
            return provinces[province].slots
    found = full_board().provinces.get(province)
    return found.slots if found is not None else ()


def slot_of(province: str, index: int, board_key: str = "") -> Slot | None:
    slots = _slots(province, board_key)
    return slots[index] if 0 <= index < len(slots) else None


def _detail(slot: Slot, lang: str) -> str:
    if slot.commodity:
        return t(f"mn.value.{slot.commodity}", lang)
    return (slot.name or "").title()


def slot_name(slot: Slot, lang: str, *, article: bool = False) -> str:
    """ "caravan (wine)", "capital (Roma)", "market"; with `article`: "the caravan (wine)"."""
    key = f"mn.the.{slot.kind}" if article else f"mn.value.{slot.kind}"
    name = t(key, lang)
    detail = _detail(slot, lang) if slot.kind in _DETAILED else ""
    return f"{name} ({detail})" if detail else name


def _joined(items: Sequence[str], lang: str) -> str:
    """ "a, b and c" in the reader's language."""
    if len(items) <= 1:
        return "".join(items)
    return t("mn.list.and", lang, items=", ".join(items[:-1]), last=items[-1])


def _buy(action: Mapping[str, Any], lang: str, names: Mapping[str, str], board_key: str) -> str:
    item, target = str(action.get("item", "")), str(action.get("target") or "")
    slot = int(action.get("slot", -1))
    if item == "hw" and target:
        tile = hw_tiles().get(target)
        kind = t(f"mn.help.kind.{tile.kind}", lang) if tile is not None else ""
        return t("mn.action.buy.hw", lang, tile=fmt(target, lang, names), kind=kind)
    if not target:
        return t("mn.action.buy.alone", lang, item=fmt(item, lang, names))
    where = fmt(target, lang, names)
    found = slot_of(target, slot, board_key) if slot >= 0 else None
    if found is not None:
        detail = _detail(found, lang) if found.kind in _DETAILED else ""
        return t(
            "mn.action.buy.slot" if detail else "mn.action.buy.in",
            lang,
            item=t(f"mn.value.{found.kind}", lang),
            target=where,
            detail=detail,
        )
    if full_board().is_sea(target) or target in _seas(board_key):
        return t("mn.action.buy.sea", lang, item=fmt(item, lang, names), target=where)
    return t("mn.action.buy.in", lang, item=fmt(item, lang, names), target=where)


@cache
def _seas(board_key: str) -> frozenset[str]:
    try:
        return frozenset(board(board_key).seas) if board_key else frozenset()
    except (KeyError, ValueError):
        return frozenset()


def _conquer(action: Mapping[str, Any], lang: str, names: Mapping[str, str], board_key: str) -> str:
    province = str(action.get("province", ""))
    option = str(action.get("option", ""))
    where = fmt(province, lang, names)
    slots = [slot_of(province, int(i), board_key) for i in action.get("slots") or ()]
    taken = [slot_name(s, lang, article=True) for s in slots if s is not None]
    if option in ("pillage", "occupy") and len(taken) == len(slots) and taken:
        reward = str(action.get("reward") or "")
        text = t(
            f"mn.action.conquer.{option}", lang, province=where, buildings=_joined(taken, lang)
        )
        if reward:
            text += " " + t(f"mn.action.conquer.reward.{reward}", lang)
        return text
    if has(f"mn.action.conquer.{option}") and option in ("influence", "none"):
        return t(f"mn.action.conquer.{option}", lang, province=where)
    return generic_label(action, lang, names)


def _barbarian_pillage(
    action: Mapping[str, Any], lang: str, names: Mapping[str, str], board_key: str
) -> str:
    """Punic Wars 7.4: the building the barbarians pillage, by its name, not its space."""
    province = str(action.get("province", ""))
    where = fmt(province, lang, names)
    found = slot_of(province, int(action.get("slot", -1)), board_key)
    if found is None:
        return t("mn.action.barbarian_pillage.none", lang, province=where)
    text = t("mn.action.barbarian_pillage", lang, province=where,
             building=slot_name(found, lang, article=True))
    reward = str(action.get("reward") or "")
    return text + (" " + t(f"mn.action.conquer.reward.{reward}", lang) if reward else "")


def end_label(view: Mapping[str, Any] | None, lang: str) -> str:
    """The end button of the turn or step being played: "End my Build turn", "End my sea
    moves"..."""
    phase = str((view or {}).get("phase") or "")
    step = str(((view or {}).get("military") or {}).get("step") or "")
    for key in (
        f"mn.action.end_turn.{phase}.{step}" if step else "",
        f"mn.action.end_turn.{phase}",
    ):
        if key and has(key):
            return t(key, lang)
    return t("mn.action.end_turn", lang)


def repeats(actions: Sequence[Mapping[str, Any]], view: Mapping[str, Any]) -> dict[int, int]:
    """The moves the player may make several times at once (issue 13: three legions from
    Gallia to Dalmatia are one entry with a count): index -> how many of his units of that
    kind at its source have not moved yet this turn (4.1), when more than one."""
    me = view.get("viewer")
    moved = (view.get("military") or {}).get("moved") or {}
    out: dict[int, int] = {}
    for i, a in enumerate(actions):
        if a.get("kind") != "move":
            continue
        pool = view.get("triremes" if a.get("unit") == "trireme" else "legions") or {}
        source = str(a.get("source"))
        free = int((pool.get(source) or {}).get(me, 0)) - int(moved.get(source, 0))
        if free > 1:
            out[i] = free
    return out


def count_label(action: Mapping[str, Any], count: int, lang: str, names: Mapping[str, str]) -> str:
    """A move made `count` times at once: "Move 3 legions: Gallia → Dalmatia"."""
    return t(
        f"mn.action.move_many.{action.get('unit')}",
        lang,
        count=count,
        source=fmt(action.get("source"), lang, names),
        target=fmt(action.get("target"), lang, names),
    )


def action_label(
    action: Mapping[str, Any],
    lang: str,
    names: Mapping[str, str],
    view: Mapping[str, Any] | None = None,
) -> str:
    """One answer as a button, option, log line or note says it; `names` holds the seats' and
    the heroes' names; `view` (the chooser's, when known) says which turn an end ends."""
    kind = str(action.get("kind", ""))
    if action.get("hidden"):
        return generic_label(action, lang, names)
    board_key = str((view or {}).get("board") or "")
    if kind == "buy":
        text = _buy(action, lang, names, board_key)
    elif kind == "conquer":
        text = _conquer(action, lang, names, board_key)
    elif kind == "end_turn":
        text = end_label(view, lang)
    elif kind == "barbarian_pillage":
        text = _barbarian_pillage(action, lang, names, board_key)
    else:
        return generic_label(action, lang, names)
    return clip(" ".join(text.split()), OPTION_LIMIT)
