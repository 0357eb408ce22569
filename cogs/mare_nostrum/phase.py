"""What every phase cog of Mare Nostrum shares: its place under /mn, the `game:` option, the
options autocompleted from the engine's legal actions, and the one way a command acts.

A command finds the caller's game (`GameService.find`: this server's games only), reads his
legal actions, and
- out of its phase: says which phase the game is in and what he owes now, changes nothing;
- else turns its options into an action through its `Form` (options he left out are taken
  from the legal actions that match the others, when they agree) and hands it to the service,
  where the engine judges it: a refusal is told privately in his language, nothing changes.
Every reply is ephemeral (an offer, a payment or a hand never goes to a channel); the events
are published by the notifier like a click's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.catalog import colon
from bot.i18n import error_text, has, t
from bot.service import ServiceError
from cogs.choose import GameOption as _GameOption
from cogs.common import REFUSALS, lang, reply, reply_error
from cogs.phases import PhaseGroup, Position, position, submit

from . import forms_of
from .forms import Form, fill, matching

MAX_COUNT = 20  # answers one command may give at once (`/mn military move count:`)


def name_of(word: str, language: str) -> str:
    """A command's or option's name as the user's client shows it."""
    key = f"name.{word}"
    return t(key, language) if has(key, language) else word


def command_path(form: Form, language: str) -> str:
    """"/mn trade offer" (French: "/mn commerce offrir")."""
    return f"/mn {name_of(form.phase, language)} {name_of(form.command, language)}"


def play_path(language: str) -> str:
    return f"/mn {name_of('play', language)}"


# --- what the player owes, and where a command belongs ------------------------------------
def owed_text(pos: Position, language: str) -> str:
    """What he owes now and the commands that answer it (or who is awaited)."""
    if not pos.legal:
        waiting = sorted({p["player"] for p in pos.view.get("pending", [])})
        shown = ", ".join(pos.names.get(p, p) for p in waiting) or t("game.nobody", language)
        return t("mn.phasecmd.owe_nothing", language, waiting=shown)
    kinds = sorted({str(p["kind"]) for p in pos.view.get("my_prompts", [])
                    if not (p.get("data") or {}).get("answered")})
    owed = ", ".join(t(f"mn.prompt.{k}", language) for k in kinds)
    legal = {a["kind"] for a in pos.legal}
    paths = [command_path(f, language) for f in forms_of(pos.phase) if f.kind in legal]
    return t("mn.phasecmd.you_owe", language, owed=owed,
             commands=", ".join([*paths, play_path(language)]))


def out_of_phase_text(pos: Position, form: Form, language: str) -> str:
    if pos.view.get("over"):
        return error_text("game_over", language)
    head = t("mn.phasecmd.out_of_phase", language, game=pos.record.id,
             phase=t(f"mn.phase.{pos.phase}", language), command=command_path(form, language),
             wanted=t(f"mn.phase.{form.phase}", language))
    return f"{head}\n{owed_text(pos, language)}"


def not_owed_text(pos: Position, form: Form, language: str) -> str:
    head = t("mn.phasecmd.not_owed", language, command=command_path(form, language))
    return f"{head}\n{owed_text(pos, language)}"


# --- options -------------------------------------------------------------------------------
def choices_of(form: Form, option: str, rows: Sequence[Mapping[str, str]], language: str,
               names: Mapping[str, str]) -> list[tuple[str, str]]:
    """(label, value) of each value an option takes among these rows, in their order."""
    opt = form.options[option]
    seen: dict[str, str] = {}
    for row in rows:
        value = row[option]
        if value not in seen:
            seen[value] = opt.label(value, language, names)
    return [(label, value) for value, label in seen.items()]


def _displayed(interaction: discord.Interaction) -> dict[str, str]:
    """Parameter name -> the option's name in Discord (`source` -> "from")."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return {}
    return {p.name: p.display_name for p in command.parameters}


def _form(interaction: discord.Interaction) -> Form | None:
    command = interaction.command
    form = command.extras.get("form") if isinstance(command, app_commands.Command) else None
    return form if isinstance(form, Form) else None


def _typed(interaction: discord.Interaction) -> dict[str, Any]:
    """The options given so far (autocomplete), by parameter name."""
    python = {shown: name for name, shown in _displayed(interaction).items()}
    return {python.get(key, key): value for key, value in interaction.namespace}


def _given(form: Form, options: Mapping[str, Any], rows: Sequence[Mapping[str, str]],
           language: str, names: Mapping[str, str]) -> dict[str, str]:
    """The form's options given, each resolved to a value (a label typed names its value)."""
    return {name: form.options[name].resolve(str(value),
                                             choices_of(form, name, rows, language, names),
                                             language, names)
            for name, value in options.items()
            if name in form.options and value is not None and str(value).strip()}


class Pick(app_commands.Transformer):
    """An option of a phase command, autocompleted with the values it takes among the
    caller's legal actions that fit the options already given. Only a hint: the command
    checks again what it receives."""

    def __init__(self, option: str) -> None:
        self.option = option

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> str:
        return str(value).strip()

    async def autocomplete(self, interaction: discord.Interaction,  # type: ignore[override]
                           value: str, /) -> list[app_commands.Choice[str]]:
        form = _form(interaction)
        if form is None or self.option not in form.options:
            return []
        typed = _typed(interaction)
        game = typed.get("game")
        try:
            pos = await position(interaction, game if isinstance(game, int) else None)
        except REFUSALS:
            return []
        if pos.phase != form.phase and not form.any_phase:
            return []
        language, names = lang(interaction), pos.names
        rows = form.rows(pos.legal)
        others = {k: v for k, v in typed.items() if k != self.option}
        given = _given(form, others, rows, language, names)
        rows = [r for r in rows if all(r[k] == v for k, v in given.items())]
        options = choices_of(form, self.option, rows, language, names)
        return [app_commands.Choice(name=label, value=v)
                for label, v in matching(options, str(value or ""))]


# The annotation of every phase command's `game:` option (the generic one: the caller's games,
# those awaiting him first).
GameOption = _GameOption


# --- the cog ---------------------------------------------------------------------------------
class PhaseCog(PhaseGroup):
    """A phase of Mare Nostrum: its commands answer through `Form`s (`act`)."""

    async def act(self, interaction: discord.Interaction, form: Form, game: int | None,
                  count: int = 1, **options: str | None) -> None:
        """Answer with the action these options name (`count` times: all or none)."""
        language = lang(interaction)
        try:
            pos = await position(interaction, game)
        except REFUSALS as exc:
            return await reply_error(interaction, exc)
        if pos.phase != form.phase and not form.any_phase:
            return await reply(interaction, out_of_phase_text(pos, form, language))
        rows = form.rows(pos.legal)
        if not rows:
            return await reply(interaction, not_owed_text(pos, form, language))
        given = _given(form, options, rows, language, pos.names)
        try:
            filled = fill(form, given, pos.legal)
        except ValueError:
            return await reply_error(interaction, ServiceError("invalid_option"))
        shown = _displayed(interaction)
        if filled.unmatched:
            typed = ", ".join(f"{name_of(shown.get(k, k), language)}{colon(language)}{v}"
                              for k, v in options.items() if v)
            return await reply(interaction, t("mn.phasecmd.no_such_choice", language,
                                              options=typed or "—"))
        if filled.missing is not None:
            option = name_of(shown.get(filled.missing, filled.missing), language)
            return await reply(interaction, t("mn.phasecmd.which", language, option=option))
        if not 1 <= count <= MAX_COUNT:
            return await reply_error(interaction, ServiceError("bad_option"))
        assert filled.action is not None
        await submit(interaction, pos, filled.action, count)
