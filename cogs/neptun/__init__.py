"""Neptun's phase commands: `/mn neptun …` (`commands.py`: phases 1 and 2), a group of
/mn like Mare Nostrum's phases (its registry entry names them, the bot loads them at start).
Phase 3 (scoring) asks no decision.

Built on the generic `cogs.phases` only: the caller's position, the one submit. Every option
is autocompleted from the caller's legal actions, labelled by Neptun's presenter (a sail
shows its miles and the gold it costs); a command out of its phase, or of a decision the
caller does not owe, says where the game is and what he owes, and changes nothing. Replies
are ephemeral: a sealed oar card or a hand never reaches a channel."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.adapters.neptun.present import PRESENTER, word
from bot.i18n import t
from cogs.common import REFUSALS, lang, reply, reply_error
from cogs.phases import Position, position, submit

CHOICES = 25  # Discord's limit of autocomplete choices


def owed_text(pos: Position, language: str) -> str:
    """Where the game is and what the caller owes there (or who is awaited)."""
    mine = sorted({str(p["kind"]) for p in pos.view.get("my_prompts", [])})
    if mine:
        owed = ", ".join(word(f"prompt.{k}", language) for k in mine)
    else:
        waiting = sorted({str(p["player"]) for p in pos.view.get("pending", [])})
        owed = t("game.nobody", language) if not waiting else (
            "— " + ", ".join(pos.names.get(p, p) for p in waiting))
    return word("wrong_phase", language, game=pos.record.id,
                phase=word(f"phase.{pos.phase}", language), owed=owed)


async def act(interaction: discord.Interaction, phase: str, kind: str,
              fields: Mapping[str, Any], game: int | None) -> None:
    """Answer with the legal action of this kind whose fields are these (the engine judges
    any other: a value typed by hand is still checked there)."""
    try:
        pos = await position(interaction, game)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    language = lang(interaction)
    if pos.phase != phase or not any(a["kind"] == kind for a in pos.legal):
        return await reply(interaction, owed_text(pos, language))
    await submit(interaction, pos, {"kind": kind, **fields})


async def choices(interaction: discord.Interaction, kind: str,
                  value: Callable[[dict[str, Any]], Any], typed: str,
                  label: Callable[[Position, dict[str, Any], str], str] | None = None,
                  ) -> list[app_commands.Choice[Any]]:
    """The distinct values of one field among the caller's legal actions of this kind,
    labelled by the presenter, filtered by what he typed."""
    try:
        pos = await position(interaction, getattr(interaction.namespace, "game", None))
    except REFUSALS:
        return []
    language = lang(interaction)
    seen: dict[Any, str] = {}
    for action in pos.legal:
        if action["kind"] != kind or value(action) in seen:
            continue
        seen[value(action)] = (label(pos, action, language) if label is not None else
                               PRESENTER.label(action, language, pos.names, pos.view))
    typed = typed.lower().strip()
    return [app_commands.Choice(name=text[:100], value=v) for v, text in seen.items()
            if typed in text.lower()][:CHOICES]
