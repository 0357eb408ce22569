"""The 2003 ruleset's words (X-02, ruling C-11): its commodities keep the Empires ids, shown
with the 2003 names (`mn.value.mn2003.<id>`); Empires' names stay as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.catalog import semicolon
from bot.games.mare_nostrum.rulesets.mn2003.cards import CARDS
from bot.games.mare_nostrum.rulesets.mn2003.data import COSTS
from bot.games.mare_nostrum.rulesets.mn2003.free_start import ITEMS, WAVE_POINTS, WAVES
from bot.i18n import has, t
from bot.presenters import localised

RULESET = "2003"
# C-11's table; wood and marble keep their Empires names (no 2003 match).
COMMODITIES = (
    "grain",
    "sheep",
    "oil",
    "gold",
    "papyrus",
    "perfume",
    "metal",
    "wine",
    "gladiator",
    "diamond",
    "ceramic",  # the Mythology's 13th resource (C-11)
)


def commodity_names(view: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The 2003 names for a view of a 2003 game (none for Empires): its commodities' and its
    cards' (`mn2003.caesar` -> "Julius Caesar": a card id has a dot, which the heroes' table
    leaves out), merged into the names the presenter's texts look values up in."""
    if view.get("ruleset") != RULESET:
        return {}
    return {**{c: t(f"mn.value.mn2003.{c}", lang) for c in COMMODITIES}, **card_names(lang)}


def card_names(lang: str) -> dict[str, str]:
    return {card: t(f"mn.hw.{card}", lang) for card in CARDS}


def in_language(names: Mapping[str, str], lang: str) -> dict[str, str]:
    """The 2003 names `names` holds, in `lang` (a caller may have made `names` in another
    language: one mapping for a thread and its DMs)."""
    return {c: t(f"mn.value.mn2003.{c}", lang) for c in COMMODITIES if c in names} | {
        card: name for card, name in card_names(lang).items() if card in names}


def page_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """On a free start's decision page (S-07, C-7): the wave, the points left in it and the
    prices (the labels name each purchase and where it goes)."""
    if view.get("ruleset") != RULESET or not any(
            p.get("kind") == "free_start" for p in view.get("my_prompts") or []):
        return []
    free = ((view.get("substates") or {}).get("mn2003") or {}).get("free") or {}
    prices = ", ".join(f"{t(f'mn.value.{item}', lang)} {COSTS[item]}" for item in ITEMS)
    return [t("mn.mn2003.free_wave", lang, wave=free.get("wave", 1), waves=WAVES,
              points=free.get("points", WAVE_POINTS), prices=prices)]


PUBLIC = "mn2003.public"  # the ruleset's public part of the view (hand sizes, role counts)


# The roles in the order of the phases they lead (004 l.150: «Maître du commerce, Grand
# Prêtre, Leader politique et Chef militaire»).
ROLE_ORDER = ("trade", "high_priest", "culture", "military")


def role_ids(view: Mapping[str, Any]) -> list[str]:
    """The roles of the game, from the view (the counted ones and any other role held: a
    module's fourth role, the Mythology's High Priest), in the order of their phases."""
    public = (view.get("substates") or {}).get(PUBLIC) or {}
    out: list[str] = []
    for counts in (public.get("role_counts") or {}).values():
        out += [str(r) for r in counts if r not in out]
    out += [str(r) for r in view.get("titles") or {} if r not in out]
    return sorted(out, key=lambda r: ROLE_ORDER.index(r) if r in ROLE_ORDER else len(ROLE_ORDER))


def screen_key(view: Mapping[str, Any]) -> str:
    """The private screen's template: a 2003 game's hand is cards and its roles are cards."""
    return "mn.mn2003.screen" if view.get("ruleset") == RULESET else "mn.game.screen"


def ending_lines(view: Mapping[str, Any], player: str, lang: str) -> list[str]:
    """A player's role cards and his counts at the end of a 2003 game (none for Empires: its
    titles and levels say it)."""
    if view.get("ruleset") != RULESET:
        return []
    public = (view.get("substates") or {}).get(PUBLIC) or {}
    mine: Mapping[str, int] = (public.get("role_counts") or {}).get(player) or {}
    titles: Mapping[str, str] = view.get("titles") or {}
    roles = role_ids(view)
    held = [_role_name(r, lang) for r in roles if titles.get(r) == player]
    counts = " · ".join(f"{_role_name(r, lang)} {int(mine.get(r, 0))}" for r in roles)
    return [t("mn.mn2003.ending_roles", lang, roles=", ".join(held) or t("game.none", lang)),
            t("mn.mn2003.ending_counts", lang, counts=counts)]


def status_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """What the status adds for a 2003 game (none for Empires): the role cards with their
    holders and every player's count now (R-06), each player's number of cards (public: 004
    l.198–199, never which cards), and the neutral civilisations (C-8)."""
    if view.get("ruleset") != RULESET:
        return []
    names = localised(names, lang)
    public = (view.get("substates") or {}).get(PUBLIC) or {}
    counts: Mapping[str, Mapping[str, int]] = public.get("role_counts") or {}
    players = [str(p) for p in view.get("players", [])]
    titles: Mapping[str, str] = view.get("titles") or {}
    roles = []
    for role in role_ids(view):
        holder = titles.get(role)
        shown = names.get(holder, holder) if holder else t("game.nobody", lang)
        each = ", ".join(f"{names.get(p, p)} {int(counts.get(p, {}).get(role, 0))}"
                         for p in players)
        roles.append(t("mn.mn2003.status_role", lang, role=_role_name(role, lang),
                       holder=shown, counts=each))
    lines = [t("mn.mn2003.status_roles", lang, roles=semicolon(lang).join(roles))]
    sizes: Mapping[str, int] = public.get("hand_sizes") or {}
    hands = ", ".join(f"{names.get(p, p)} {int(sizes.get(p, 0))}" for p in players)
    lines.append(t("mn.mn2003.status_hands", lang, hands=hands))
    neutrals = (view.get("substates") or {}).get("mn2003", {}).get("neutrals") or []
    if neutrals:
        shown = ", ".join(t(f"mn.empire.{n}", lang) if has(f"mn.empire.{n}") else str(n)
                          for n in neutrals)
        lines.append(t("mn.mn2003.status_neutrals", lang, neutrals=shown))
    return lines


def _role_name(role: str, lang: str) -> str:
    key = f"mn.value.{role}"
    return t(key, lang) if has(key) else role.replace("_", " ").capitalize()
