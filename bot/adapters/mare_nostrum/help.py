"""Mare Nostrum's help topics (its registry entry's `help`): the rules summaries, and the
powers of the heroes and wonders. Public data only: no game state, no secret.

Data, with the game's catalog (bot/games/mare_nostrum/locales/): rules_topics.json (summaries
of docs/rules*.md) and hw_powers.json (rulebook section 8); tile names are the catalog's
(`mn.hw.<id>`), phases, kinds and title bonuses come from the engine's board data
(`hw_tiles()`)."""

from __future__ import annotations

import json
from functools import cache, partial
from typing import Any

from bot.catalog import has, t
from bot.games.mare_nostrum.board import hw_tiles
from bot.games.mare_nostrum.locales import LOCALES, NAMESPACE
from bot.registry import GameHelp, Topic


@cache
def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LOCALES.joinpath(name).read_text("utf-8"))
    data.pop("_source", None)
    return data


def topics() -> dict[str, dict[str, str]]:
    """The rules topics by id: their names (`name_en`, `name_fr`) and texts (`en`, `fr`)."""
    return _data("rules_topics.json")


def powers() -> dict[str, dict[str, str]]:
    """Every tile's power (`en`, `fr`), with its French name (`name_fr`, the catalog's)."""
    return {tile: {**texts, "name_fr": hw_name(tile, "fr")}
            for tile, texts in _data("hw_powers.json").items()}


def hw_name(tile_id: str, lang: str) -> str:
    return t(f"{NAMESPACE}.hw.{tile_id}", lang)


def _rules_text(topic: str, lang: str) -> str:
    text = topics()[topic].get(lang) or topics()[topic]["en"]
    return text + "\n" + t(f"{NAMESPACE}.help.rules_more", lang)


def hw_text(tile_id: str, lang: str) -> str:
    tile = hw_tiles()[tile_id]
    phase = (t(f"{NAMESPACE}.phase.{tile.phase}", lang) if tile.phase != "none"
             else t(f"{NAMESPACE}.help.no_phase", lang))
    bonus = ", ".join(f"{t(f'{NAMESPACE}.value.{title}', lang)} +{n}"
                      for title, n in tile.bonus.items() if n) or t("game.none", lang)
    texts = _data("hw_powers.json")[tile_id]
    return "\n".join([
        t(f"{NAMESPACE}.help.hw_title", lang, name=hw_name(tile_id, lang),
          kind=t(f"{NAMESPACE}.help.kind.{tile.kind}", lang), phase=phase),
        texts.get(lang) or texts["en"],
        t(f"{NAMESPACE}.help.hw_bonus", lang, bonus=bonus)])


def _topic_name(topic: str, lang: str) -> str:
    names = topics()[topic]
    return str(names.get(f"name_{lang}") or names["name_en"])


def _rules() -> tuple[Topic, ...]:
    return tuple(Topic(key, partial(_topic_name, key), partial(_rules_text, key))
                 for key in topics())


def _powers() -> tuple[Topic, ...]:
    return tuple(Topic(tile, partial(hw_name, tile), partial(hw_text, tile))
                 for tile in hw_tiles() if has(f"{NAMESPACE}.hw.{tile}"))


HELP = GameHelp(rules=_rules, pieces=_powers, unknown_piece=f"{NAMESPACE}.help.unknown_hw")
