"""One catalog, two languages: every key in both, every engine error code translated."""

from __future__ import annotations

import re
from pathlib import Path

import discord
from discord import app_commands

from bot.i18n import CatalogTranslator, catalog, error_text, lang_of, t
from tests.discord.harness import Harness

ROOT = Path(__file__).resolve().parents[2]
BRIEF_CODES = ["not_your_turn", "illegal_action", "unaffordable", "bad_placement", "bad_move",
               "malformed_action", "wrong_decision", "game_over", "out_of_date"]


def _engine_codes() -> set[str]:
    codes = set()
    for path in (ROOT / "bot" / "games").rglob("*.py"):
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
    for code in {*BRIEF_CODES, *_engine_codes(), *_service_codes()}:
        for lang in ("en", "fr"):
            assert f"error.{code}" in catalog(lang), (lang, code)


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
    (group,) = tree.get_commands()
    payload = await group.get_translated_payload(tree, CatalogTranslator())
    subs = {o["name"]: o for o in payload["options"]}
    new = subs["new"]
    assert new["name_localizations"]["fr"] == "nouvelle"
    assert new["description_localizations"]["fr"].startswith("Ouvrir")
    players = next(o for o in new["options"] if o["name"] == "players")
    assert players["name_localizations"]["fr"] == "joueurs"
    # The installed games' range: Mare Nostrum 3 to 5, and 6 with the Atlas module.
    assert (players["min_value"], players["max_value"]) == (3, 6)
    assert payload["description_localizations"]["fr"] == "Mare Nostrum : Empires"
    assert set(subs) >= {"new", "play", "screen", "status", "board", "log", "abandon",
                         "pause", "resume", "replace", "kick", "deadline", "rules", "hw",
                         "autopilot"}
    assert len(subs) <= 25  # Discord's limit of subcommands in a group


def test_command_strings_fit_discord() -> None:
    for lang in ("en", "fr"):
        for key, text in catalog(lang).items():
            if key.startswith("cmd."):
                assert 1 <= len(text) <= 100, (lang, key)
            if key.startswith("name."):
                assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), text
