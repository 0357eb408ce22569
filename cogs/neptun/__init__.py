"""Neptun's phase cogs, under its own top-level command `/neptun` (its registry entry's
`commands`, `bot/adapters/neptun/`; /mn is shared and nearly full): one extension per phase
that asks decisions, `contracts.py` (`/neptun contract take|turn`) and `voyages.py`
(`/neptun voyage oar|sail|deliver|stay|extra`). Phase 3 (scoring) asks none.

Built on the generic `cogs.phases` only: the caller's position, the one submit. Every option
is autocompleted from the caller's legal actions, labelled by Neptun's presenter (a sail
shows its miles and the gold it costs); a command out of its phase, or of a decision the
caller does not owe, says where the game is and what he owes, and changes nothing. Replies
are ephemeral: a sealed oar card or a hand never reaches a channel. Names and descriptions
are in Neptun's part of the catalog (`neptun.name.*`, `neptun.cmd.*`; the common `name.*` for
`take`, `to`, `buy` and `game`), translated for Discord by the bot's `CatalogTranslator`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.adapters.neptun import COMMANDS, GAME
from bot.adapters.neptun.present import PRESENTER, word
from bot.games.neptun.locales import NAMESPACE
from bot.i18n import ln, t
from cogs.choose import GameArg
from cogs.common import REFUSALS, lang, reply, reply_error
from cogs.phases import PhaseGroup, Position, position, submit

CHOICES = 25  # Discord's limit of autocomplete choices


def name(english: str) -> app_commands.locale_str:
    """A command's or option's name, translated from Neptun's part (`neptun.name.<name>`);
    a word the common part already names (`name.take`, `name.game`) is read there (`ln`): a
    game's part never repeats a common key."""
    return ln(english, space=NAMESPACE)


def owed_text(pos: Position, language: str) -> str:
    """Where the game is and what the caller owes there (or who is awaited)."""
    mine = sorted({str(p["kind"]) for p in pos.view.get("my_prompts", [])})
    if mine:
        owed = ", ".join(word(f"prompt.{k}", language) for k in mine)
    else:
        waiting = sorted({str(p["player"]) for p in pos.view.get("pending", [])})
        owed = (
            t("game.nobody", language)
            if not waiting
            else ("— " + ", ".join(pos.names.get(p, p) for p in waiting))
        )
    return word(
        "wrong_phase",
        language,
        game=pos.record.id,
        phase=word(f"phase.{pos.phase}", language),
        owed=owed,
    )


class NeptunGame(GameArg):
    """The caller's Neptun games only: a `/neptun` command cannot play another game."""

    game = GAME.id


# The annotation of every Neptun command's `game:` option.
GameOption = app_commands.Transform[int, NeptunGame] | None


class NeptunPhase(PhaseGroup):
    """A phase of Neptun: a group of /neptun whose commands answer one kind of action each."""

    root: ClassVar[str] = COMMANDS.name

    async def act(
        self,
        interaction: discord.Interaction,
        kind: str,
        fields: Mapping[str, Any],
        game: int | None,
    ) -> None:
        """Answer with the legal action of this kind whose fields are these (the engine
        judges any other: a value typed by hand is still checked there)."""
        try:
            pos = await position(interaction, game)
        except REFUSALS as exc:
            return await reply_error(interaction, exc)
        language = lang(interaction)
        if pos.phase != self.phase or not any(a["kind"] == kind for a in pos.legal):
            return await reply(interaction, owed_text(pos, language))
        await submit(interaction, pos, {"kind": kind, **fields})


async def choices(
    interaction: discord.Interaction,
    kind: str,
    value: Callable[[dict[str, Any]], Any],
    typed: str,
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
        seen[value(action)] = (
            label(pos, action, language)
            if label is not None
            else PRESENTER.label(action, language, pos.names, pos.view)
        )
    typed = typed.lower().strip()
    return [
        app_commands.Choice(name=text[:100], value=v)
        for v, text in seen.items()
        if typed in text.lower()
    ][:CHOICES]
