"""One catalog, two languages: every key in both, every engine error code translated."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import discord
import regex
from discord import app_commands

from bot.i18n import CatalogTranslator, catalog, error_text, lang_of, t
from bot.registry import games
from tests.discord.harness import Harness

ROOT = Path(__file__).resolve().parents[2]
BRIEF_CODES = ["not_your_turn", "illegal_action", "unaffordable", "bad_placement", "bad_move",
               "malformed_action", "wrong_decision", "game_over", "out_of_date"]
# Discord's rule for command and option names (its API documentation, "Application Commands").
DISCORD_NAME = regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")


def _engine_codes(package: Path = ROOT / "bot" / "games") -> set[str]:
    codes = set()
    for path in package.rglob("*.py"):
        codes |= set(re.findall(r"code\s*=\s*\"([a-z_]+)\"", path.read_text("utf-8")))
    return codes


def _service_codes() -> set[str]:
    codes = set()
    for path in [ROOT / "bot" / "service.py", *(ROOT / "cogs").glob("*.py")]:
        codes |= set(re.findall(r"ServiceError\(\s*\"([a-z_]+)\"", path.read_text("utf-8")))
    return codes


def test_same_keys_in_every_language() -> None:
    assert set(catalog("en")) == set(catalog("fr"))
    for key, text in catalog("en").items():
        fields = set(re.findall(r"{(\w+)}", text))
        assert fields == set(re.findall(r"{(\w+)}", catalog("fr")[key])), key


def test_every_error_code_has_both_texts() -> None:
    """The service's and the kit's codes in the common part; a game's engine's own codes in
    the common part or in the game's (`mn.error.bad_placement`); a code two games raise
    (`unaffordable`) is common."""
    for code in {*_engine_codes(ROOT / "bot" / "games" / "core"), *_service_codes()}:
        for lang in ("en", "fr"):
            assert f"error.{code}" in catalog(lang), (lang, code)
    for entry in games().values():
        engine = entry.engine
        module = engine if isinstance(engine, ModuleType) else sys.modules[type(engine).__module__]
        # The sources' folder, by the module's name (a compiled module's file is in the build).
        package = ROOT.joinpath(*module.__name__.split(".")[:-1])
        assert package.is_relative_to(ROOT / "bot" / "games") and entry.catalog, entry.id
        codes = _engine_codes(package) | (set(BRIEF_CODES) if entry.id == "mare_nostrum" else set())
        for code in codes:
            for lang in ("en", "fr"):
                assert (f"error.{code}" in catalog(lang)
                        or f"{entry.catalog}.error.{code}" in catalog(lang)), (lang, code)


def test_texts_and_fallbacks() -> None:
    assert t("error.not_your_turn", "fr") == "Ce n'est pas votre tour."
    assert t("lobby.joined", "de", game=3) == "You joined game #3."
    assert t("lobby.joined", "en") == "You joined game #{game}."
    assert t("no.such.key", "fr") == "no.such.key"
    assert error_text("brand_new_code", "fr") == "Cela n'a pas fonctionné (brand_new_code)."


def test_language_from_the_locale() -> None:
    assert lang_of(discord.Locale.french) == "fr"
    assert lang_of("fr") == "fr"
    assert lang_of(discord.Locale.american_english) == "en"
    assert lang_of(None, "fr") == "fr"


async def test_translator_gives_french_descriptions() -> None:
    tr = CatalogTranslator()
    string = app_commands.locale_str("Open a new game", key="cmd.new")

    @app_commands.command(name="new", description=string)
    async def new(interaction: discord.Interaction) -> None: ...

    ctx: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, new)
    assert (await tr.translate(string, discord.Locale.french, ctx)) == catalog("fr")["cmd.new"]
    assert await tr.translate(string, discord.Locale.german, ctx) is None


async def test_french_command_payload(h: Harness) -> None:
    tree = h.bot.tree
    group = tree.get_command("mn")  # beside /neptun and /stats
    assert isinstance(group, app_commands.Group)
    payload = await group.get_translated_payload(tree, CatalogTranslator())
    subs = {o["name"]: o for o in payload["options"]}
    new = subs["new"]
    assert new["name_localizations"]["fr"] == "nouvelle"
    assert new["description_localizations"]["fr"].startswith("Ouvrir")
    players = next(o for o in new["options"] if o["name"] == "players")
    assert players["name_localizations"]["fr"] == "joueurs"
    # The installed games' range: Mare Nostrum 3 to 5, 6 with the Atlas module, 2 with the
    # Punic Wars module.
    assert (players["min_value"], players["max_value"]) == (2, 6)
    assert payload["description_localizations"]["fr"] == "Mare Nostrum : Empires"
    assert set(subs) >= {"new", "play", "screen", "status", "board", "log", "abandon",
                         "pause", "resume", "replace", "kick", "deadline", "rules", "hw",
                         "autopilot"}
    assert len(subs) <= 25  # Discord's limit of subcommands in a group


def test_command_strings_fit_discord() -> None:
    """The common part's command texts and names, and each game's (`neptun.cmd.*`)."""
    spaces = ["", *(f"{entry.catalog}." for entry in games().values() if entry.catalog)]
    for lang in ("en", "fr"):
        for key, text in catalog(lang).items():
            if any(key.startswith(f"{space}cmd.") for space in spaces):
                assert 1 <= len(text) <= 100, (lang, key)
            if any(key.startswith(f"{space}name.") for space in spaces):
                assert DISCORD_NAME.fullmatch(text) and text == text.lower(), text


def _localisable(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, str, Any]]:
    """(what, where, the node) of every name, description and choice in a command's payload,
    its options and subcommands included."""
    here = f"{path} {node['name']}".strip()
    yield "name", here, node
    if node.get("type", 1) == 1 or "description" in node:
        yield "description", here, node
    for choice in node.get("choices") or ():
        yield "choice", f"{here}={choice['value']}", choice
    for option in node.get("options") or ():
        yield from _localisable(option, here)


async def test_every_command_the_tree_would_sync_is_in_french(h: Harness) -> None:
    """Every game's commands (/mn, /neptun…): each command, group, option and choice has a
    French name and each a French description, from the catalog through the bot's
    translator, and they fit Discord's rules (names: lowercase, 1-32 letters, digits, - or _;
    descriptions and choices: 1-100 characters; no two siblings of one name)."""
    tree = h.bot.tree
    payloads = [await command.get_translated_payload(tree, CatalogTranslator())
                for command in tree.get_commands()]
    assert {p["name"] for p in payloads} == {"away", "mn", "neptun", "settings", "stats"}
    seen = 0
    for payload in payloads:
        for what, where, node in _localisable(payload):
            seen += 1
            field = "name" if what != "description" else "description"
            french = (node.get(f"{field}_localizations") or {}).get("fr")
            assert french, (what, where)
            for text in (node[field], french):
                if what == "name":
                    assert DISCORD_NAME.fullmatch(text) and text == text.lower(), (where, text)
                else:
                    assert 1 <= len(text) <= 100, (where, text)
        for node in [payload, *(n for _, _, n in _localisable(payload))]:
            siblings = node.get("options") or []
            for lang_names in ([o["name"] for o in siblings],
                               [o["name_localizations"]["fr"] for o in siblings]):
                assert len(set(lang_names)) == len(lang_names), (node["name"], lang_names)
    assert seen > 300  # Mare Nostrum's phases, the shared commands and Neptun's


def _keys_in_code(dirs: tuple[str, ...] = ("bot", "cogs", "rendering", "scripts")) -> Iterator[
        tuple[str, str, bool, bool]]:
    """(file, key, whole, any game's) of every key the code hands to the catalog: the first
    argument of `t`, `has` or `found` (this one in any game's part: `found("event.x")` finds
    `mn.event.x`), a literal (`whole`) or the fixed start of an f-string (`f"mn.phase.{id}"`
    -> `mn.phase.`)."""
    for path in sorted(p for d in dirs for p in (ROOT / d).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            arg, where = node.args[0], str(path.relative_to(ROOT))
            if name not in ("t", "has", "found"):
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield where, arg.value, True, name == "found"
            elif (isinstance(arg, ast.JoinedStr) and arg.values
                  and isinstance(start := arg.values[0], ast.Constant)
                  and "." in str(start.value)):
                yield where, str(start.value), False, name == "found"


def test_every_key_the_code_reads_is_in_the_catalog() -> None:
    """Moved code included (a game's presenter, phase cogs, pictures): a key the code names
    is the common part's or a game's (`mn.`), never a flat key left behind by the split."""
    keys = set(catalog("en"))
    spaces = [f"{entry.catalog}." for entry in games().values() if entry.catalog]
    used = list(_keys_in_code())
    assert {"bot/adapters/mare_nostrum/present/text.py", "cogs/mare_nostrum/phase.py",
            "bot/adapters/mare_nostrum/present/compose.py", "cogs/play.py"} <= {f for f, *_ in used}
    missing = []
    for where, key, whole, anywhere in used:
        wanted = [key] + ([ns + key for ns in spaces] if anywhere else [])
        if not any(w in keys if whole else any(k.startswith(w) for k in keys) for w in wanted):
            missing.append((where, key))
    assert missing == []
