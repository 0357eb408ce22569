"""The Legendary Cities' words (Atlas sections 2–6): the public status (objectives free or
taken, hand sizes, decks, discards, victory markers), the viewer's own event hand with when
each card is played, and the labels of the card plays. Reads only the view: another player's
cards are never in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....catalog import has, semicolon, t
from ....games.mare_nostrum.modules.legends import data
from ....presenters import fmt

PART = "legends"


def part_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    part = (view.get("substates") or {}).get(PART)
    return part if isinstance(part, Mapping) else None


def _name(value: str, lang: str) -> str:
    return fmt(value, lang, {})


def status_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    part = part_of(view)
    if part is None:
        return []
    taken = part.get("taken", {})
    objectives = [
        t(
            "mn.legends.objective_taken",
            lang,
            objective=_name(o, lang),
            player=names.get(taken[o], taken[o]),
        )
        if o in taken
        else t("mn.legends.objective_free", lang, objective=_name(o, lang))
        for o in part.get("objectives", [])
    ]
    hands = ", ".join(f"{names.get(p, p)} {n}" for p, n in part.get("hand_sizes", {}).items())
    wins = ", ".join(f"{names.get(p, p)} {n}" for p, n in part.get("wins", {}).items() if n)
    lines = [
        t("mn.legends.objectives", lang, objectives=semicolon(lang).join(objectives)),
        t("mn.legends.hand_sizes", lang, hands=hands),
    ]
    for city, size in part.get("deck_sizes", {}).items():
        pile = part.get("discards", {}).get(city, [])
        lines.append(
            t(
                "mn.legends.deck",
                lang,
                city=_name(city, lang),
                deck=size,
                discard=fmt(pile, lang, {}) if pile else t("game.none", lang),
            )
        )
    if wins:
        lines.append(t("mn.legends.wins", lang, wins=wins))
    return lines


def page_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """His own event cards, each with when it is played and what it does; the draft's cards
    he holds, the same way."""
    part = part_of(view)
    if part is None:
        return []
    lines = []
    hand = part.get("hand") or []
    if hand:
        lines += [t("mn.legends.hand_head", lang), *card_lines(hand, lang)]
    draft = part.get("draft") or {}
    if draft.get("cards"):
        lines.append(t("mn.event.draft_cards", lang, cards=fmt(draft["cards"], lang, {})))
        lines += card_lines(list(draft["cards"]), lang)
    return lines


def card_lines(cards: list[str], lang: str) -> list[str]:
    """A line per kind of card: its name (×n), when it is played, its effect."""
    lines = []
    for card in sorted(set(cards), key=cards.index):
        count = cards.count(card)
        name = _name(card, lang) + (f" ×{count}" if count > 1 else "")
        when, effect = _when(data.timing(card), lang), effect_text(card, lang)
        lines.append(t("mn.legends.card_line", lang, card=name, when=when, effect=effect))
    return lines


def effect_text(card: str, lang: str) -> str:
    """What a card does, as printed (the catalog's words: `mn.legends.effect.<name>`)."""
    key = f"mn.legends.effect.{data.split(card)[1]}"
    return t(key, lang) if has(key) else ""


def played_lines(event: Mapping[str, Any], lang: str) -> list[str]:
    """Under a card's announcement in the thread: what it does (the named event's, for the
    Decoy pair)."""
    card = str(event.get("card") or "")
    effect = effect_text(card, lang)
    if not effect:
        return []
    return [t("mn.legends.played_effect", lang, card=_name(card, lang), effect=effect)]


def _when(timing: str, lang: str) -> str:
    key = f"mn.legends.when.{timing}"
    return t(key, lang) if has(key) else timing


def action_key(action: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(catalog key, parameters) for a card play: its target worded, the Decoy pair said."""
    if action.get("kind") != "play_event":
        return None
    card, target = action.get("card"), str(action.get("target") or "")
    decoys = "_decoys" if action.get("decoys") else ""
    if not target:
        return f"mn.action.play_event_plain{decoys}", {"card": card}
    area, _, rest = target.partition(":")
    if rest == "build":  # Ishtar (a): building there as in his capital's province
        return f"mn.action.play_event_build{decoys}", {"card": card, "target": area}
    if rest and not rest.isdigit():
        return f"mn.action.play_event_owner{decoys}", {"card": card, "area": area, "owner": rest}
    if rest:  # a building space: said as the page's spaces are (1-based)
        return f"mn.action.play_event_space{decoys}", {"card": card, "target": area,
                                                       "n": int(rest) + 1}
    if "+" in area:  # resource types (a new offer, Trajan's two tokens)
        return f"mn.action.play_event{decoys}", {"card": card, "target": area.split("+")}
    return f"mn.action.play_event{decoys}", {"card": card, "target": area}
