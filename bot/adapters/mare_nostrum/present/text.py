"""Mare Nostrum's words: its empires' names, the hand, the status's titles and levels, the
private screen, and the Build turn's summary on a decision page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.catalog import catalog, semicolon
from bot.i18n import has, seat_name, t
from bot.presenters import MESSAGE_LIMIT, clip, fmt, localised, pretty
from bot.presenters import status_text as generic_status_text

from .mn2003 import commodity_names, screen_key


def build_summary(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """Before a builder ends his turn: what he placed this turn, and what ending it keeps and
    discards (rulings §10: up to 2 coins kept, commodities discarded). From his own view only:
    it goes to him alone (DM or ephemeral)."""
    build = view.get("build") or {}
    hand = view.get("hand")
    if hand is None or build.get("current") != view.get("viewer"):
        return []
    named = {**hw_names(lang), **names}
    bought = [fmt(b["target"], lang, named) if b["item"] == "hw" and b.get("target") else
              fmt(b["item"], lang, named)
              + (f" ({fmt(b['target'], lang, named)})" if b.get("target") else "")
              for b in build.get("bought") or []]
    from bot.games.mare_nostrum.phases.build import KEPT_COINS  # the rule lives in the engine

    coins = sum(n for tok, n in hand.items() if tok == "coin")
    goods = sum(n for tok, n in hand.items() if tok != "coin")
    kept = min(coins, KEPT_COINS)
    lines = [
        t("mn.build.summary_bought", lang,
          items=", ".join(bought) if bought else t("game.none", lang)),
        t("mn.build.summary_end", lang, kept=kept, lost=coins - kept, goods=goods),
    ]
    if "hanging_gardens" in (view.get("hw") or {}).get(view.get("viewer"), []):
        lines.append(t("mn.build.summary_gardens", lang))
    return lines


# --- screens -------------------------------------------------------------------------------
def empire_names(view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
    """The seats' names in a language: the catalog's (`seat_name`), else the view's."""
    named = {e: seat_name(e, lang) for e in view.get("empires", {})}
    return {e: named[e] if named[e] != e else str(info.get("name") or pretty(e))
            for e, info in view.get("empires", {}).items()}


def hand_text(hand: Mapping[str, int] | None, lang: str,
              names: Mapping[str, str] | None = None) -> str:
    """A hand, its resources named by `names` where given (the 2003 names, X-02)."""
    if not hand:
        return t("game.none", lang)
    return ", ".join(f"{n}× {fmt(tok, lang, names or {})}"
                     for tok, n in sorted(hand.items()) if n)


def status_details(view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str], *, titles_and_levels: bool = True) -> list[str]:
    """Public facts of the position: who holds each title, each empire's levels and its
    heroes and wonders (what the board shows to everyone). Without `titles_and_levels` (a
    game whose roles are counted otherwise: the 2003 role cards) only the heroes and wonders."""
    names = localised(names, lang)
    lines = []
    titles = view.get("titles") or {}
    if titles and titles_and_levels:
        nobody = t("game.nobody", lang)
        held = [t("mn.game.title_holder", lang, title=t(f"mn.value.{title}", lang),
                  holder=names.get(who, who) if who else nobody)
                for title, who in titles.items()]
        lines.append(t("mn.game.status_titles", lang, titles=semicolon(lang).join(held)))
    levels = view.get("levels") or {}
    hw = view.get("hw") or {}
    for empire in view.get("players", []):
        if empire not in levels and empire not in hw:
            continue
        mine = levels.get(empire, {})
        tiles = ", ".join(hw_display_name(h, lang) for h in hw.get(empire, []))
        if not titles_and_levels:
            lines.append(t("mn.game.status_player_hw", lang, player=names.get(empire, empire),
                           hw=tiles or t("game.none", lang)))
            continue
        lines.append(t("mn.game.status_player", lang, player=names.get(empire, empire),
                       trade=mine.get("trade", 0), culture=mine.get("culture", 0),
                       military=mine.get("military", 0), hw=tiles or t("game.none", lang)))
    return lines


def hw_display_name(tile_id: str, lang: str) -> str:
    """A hero's or wonder's name in the user's language (the catalog's; a module's own cards,
    `mythology.caesar`, are named as values)."""
    for key in (f"mn.hw.{tile_id}", f"mn.value.{tile_id}"):
        if has(key):
            return t(key, lang)
    return pretty(tile_id)


def hw_names(lang: str) -> dict[str, str]:
    """Every hero's and wonder's id -> its catalog name ("castor_pollux" -> "Castor &
    Pollux"), so that messages and labels name them as the board does, in this language."""
    prefix = "mn.hw."
    return {key.removeprefix(prefix): text for key, text in catalog(lang).items()
            if key.startswith(prefix) and "." not in key.removeprefix(prefix)}


def screen_text(game: int, view: Mapping[str, Any], lang: str) -> str:
    names = empire_names(view, lang)
    me = view.get("viewer")
    titles = [fmt(title, lang, {}) for title, who in view.get("titles", {}).items()
              if who == me]  # "Military Leader" (issue 13: not "Military")
    text = t(screen_key(view), lang, game=game, empire=names.get(str(me), str(me)),
             hand=hand_text(view.get("hand"), lang, commodity_names(view, lang)),
             titles=", ".join(titles) or t("game.none", lang))
    mine = [p for p in view.get("pending", []) if p.get("player") == me]
    if mine:
        text += "\n" + ", ".join(t(f"mn.prompt.{p['kind']}", lang) for p in mine)
    return clip(text, MESSAGE_LIMIT)




def window_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """A play window he owes (rulings 17–18): what moment it is, and that he may play or
    pass; a battle's names its area and sides."""
    lines = []
    for p in view.get("my_prompts", []):
        data = p.get("data") or {}
        if p.get("kind") != "window" or data.get("answered"):
            continue
        ctx = data.get("ctx") or {}
        if data.get("window") == "battle_start":
            lines.append(t("mn.window.battle_start", lang, area=fmt(ctx.get("area"), lang, names),
                           attacker=fmt(ctx.get("attacker"), lang, names),
                           defender=fmt(ctx.get("defender"), lang, names)))
        else:
            lines.append(t("mn.window.other", lang,
                           moment=fmt(str(data.get("window")), lang, names)))
    return lines


def status_text(
    game: int, view: Mapping[str, Any], seats: Mapping[str, int], lang: str,
    *, paused: bool = False, autopilot: Sequence[str] = (),
) -> str:
    """`/mn status` of a Mare Nostrum game (the generic status with its titles and levels)."""
    names = empire_names(view, lang)
    return generic_status_text(game, view, seats, lang, names=names,
                               details=status_details(view, lang, names), paused=paused,
                               autopilot=autopilot)


def turn_summary(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """Before he ends his Build turn: what it placed, what ending it keeps and discards."""
    me = view.get("viewer")
    if not any(p.get("kind") == "build_turn" and p.get("player") == me
               for p in view.get("pending", [])):
        return []
    return build_summary(view, lang, names)
