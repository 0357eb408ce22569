"""The message catalog, without Discord: every user-facing text and name in English and French.

The common part (lobby, service errors, admin, help, buttons...) is `bot/locales/<lang>.json`.
A game brings its own part, a directory of `<lang>.json` files registered under its namespace
(`add_namespace`, done by the game registry and by a game's renderer): its keys read
`<namespace>.<key>` (Mare Nostrum's `empire.rome` is `mn.empire.rome`), so two games never
collide. The pictures read names here too: this module imports nothing of Discord.

`t(key, lang, **params)` formats a message; a missing parameter stays as `{name}` and a missing
key falls back to English, then to the key itself, so a new engine code never crashes a reply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT = "en"

_NAMESPACES: dict[str, Traversable] = {}
# Called before the catalog is first read: the game registry installs its `load_games` here, so
# the installed games' parts are in the catalog whoever asks first (a renderer without the
# registry adds its game's part itself).
_discover: list[Callable[[], object]] = []


def discover_with(load: Callable[[], object]) -> None:
    _discover[:] = [load]
    catalog.cache_clear()


def add_namespace(namespace: str, directory: Traversable) -> None:
    """A game's part of the catalog: `directory/<lang>.json`, its keys under `namespace.`
    (registering the same directory again changes nothing)."""
    if _NAMESPACES.get(namespace) == directory:
        return
    _NAMESPACES[namespace] = directory
    catalog.cache_clear()


def remove_namespace(namespace: str) -> None:
    if _NAMESPACES.pop(namespace, None) is not None:
        catalog.cache_clear()


def _read(path: Traversable) -> dict[str, str]:
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every text of one language: the common part, then each game's under its namespace."""
    for load in _discover:
        load()
    data = _read(resources.files("bot").joinpath("locales", f"{lang}.json"))
    for namespace, directory in _NAMESPACES.items():
        data.update({f"{namespace}.{key}": text
                     for key, text in _read(directory.joinpath(f"{lang}.json")).items()})
    return data


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalog(lang if lang in LANGUAGES else DEFAULT)


def found(key: str) -> str | None:
    """The key itself when the common part has it, else the first game's `<namespace>.key`
    (for the generic code that names a thing without knowing its game: an engine's error
    code, a seat); None when no part has it."""
    catalog(DEFAULT)  # the games' parts are found at the first use
    for candidate in (key, *(f"{namespace}.{key}" for namespace in _NAMESPACES)):
        if has(candidate):
            return candidate
    return None


# French elision before a name put into a template: "de Égypte" -> "d'Égypte", "que Atlantide"
# -> "qu'Atlantide" (the names start with a capital; the templates' own words are written
# elided already).
_ELISION = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUYÉÈÊÂÎÔÛ])")


# French agreement of a "(s)" word after a number put into a template: "1 légion(s)" ->
# "1 légion", "3 légion(s)" -> "3 légions" (0 and 1 are singular in French), one word may stand
# between ("2 jeton(s) Bien", "3 or payé(s)").
_AGREEMENT = re.compile(r"\b(\d+) ((?:[^\W\d_]+ )?[^\W\d_]+)\(s\)")


def _agreed(m: re.Match[str]) -> str:
    return f"{m[1]} {m[2]}" + ("s" if int(m[1]) > 1 else "")


def elided(text: str) -> str:
    """French grammar on a formatted text: elision before a name, agreement after a
    number."""
    return _AGREEMENT.sub(_agreed, _ELISION.sub(r"\1'", text))


def t(key: str, lang: str = DEFAULT, /, **params: Any) -> str:
    lang = lang if lang in LANGUAGES else DEFAULT
    template = catalog(lang).get(key) or catalog(DEFAULT).get(key) or key
    try:
        text = template.format_map(_Keep(params))
    except (ValueError, IndexError):  # a stray brace in a translation
        return template
    return elided(text) if lang == "fr" and params else text


def colon(lang: str) -> str:
    """": " in English, " : " in French (its typography: a space before the colon)."""
    return t("punct.colon", lang)


def semicolon(lang: str) -> str:
    return t("punct.semicolon", lang)


def capitalised(text: str) -> str:
    """A name as a heading or label starts with a capital ("céréale" -> "Céréale")."""
    return text[:1].upper() + text[1:]
