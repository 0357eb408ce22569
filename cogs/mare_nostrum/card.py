"""The Legendary Cities' event cards (extension): `/mn card play card [target]` — any event
card the caller may play now, in whatever phase: "at any time" (rulings 17 a: applied at once
when no decision is being resolved, else at the next moment where none is), in a window he
owes, or in his own Build or Military turn. Options are autocompleted from his legal card
plays only (his own hand: every reply is ephemeral); a refusal is said in his language and
changes nothing. Not a phase: its form answers in every phase (`Form.any_phase`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls, t
from bot.presenters import fmt
from cogs.common import REFUSALS, caller, lang, reply, reply_error
from cogs.phases import position, service_of

from .forms import EMPTY, Form, Opt, _name
from .phase import GameOption, PhaseCog, Pick

PHASE = "card"
DECOYS = "+decoys"  # a card option's value naming the Decoy pair (B8)


class CardOpt(Opt):
    """The card played, or the event two Decoys name: fields `card` and `decoys`."""

    def __init__(self) -> None:
        super().__init__("card")

    def read(self, action: Mapping[str, Any]) -> str:
        card = str(action.get("card") or "")
        return f"{card}{DECOYS}" if action.get("decoys") else card or EMPTY

    def write(self, text: str) -> dict[str, Any]:
        card, decoys = (text[: -len(DECOYS)], True) if text.endswith(DECOYS) else (text, False)
        if not card or card == EMPTY:
            raise ValueError(text)
        return {"card": card, "decoys": decoys}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        decoys = value.endswith(DECOYS)
        shown = fmt(value[: -len(DECOYS)] if decoys else value, lang, names)
        return t("mn.cardcmd.with_decoys", lang, card=shown) if decoys else shown


class TargetOpt(Opt):
    """What the card aims at: a province or sea, a unit there (`sea:owner`), a building space
    (`province:slot`), resource types (`grain+wine`), a player, a track; or nothing."""

    def __init__(self) -> None:
        super().__init__("target")

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value == EMPTY:
            return t("game.none", lang)
        if "+" in value:
            return ", ".join(fmt(v, lang, names) for v in value.split("+"))
        area, _, rest = value.partition(":")
        if not rest:
            return _name(area, lang, names)
        if rest == "build":  # Ishtar (a)
            return t("mn.cardcmd.build_in", lang, area=_name(area, lang, names))
        if rest.isdigit():
            return f"{_name(area, lang, names)} ({t('mn.phasecmd.space', lang, n=int(rest) + 1)})"
        return t(
            "mn.cardcmd.owner_in", lang, owner=fmt(rest, lang, names), area=_name(area, lang, names)
        )


PLAY = Form(PHASE, "play", "play_event", {"card": CardOpt(), "target": TargetOpt()}, any_phase=True)
# Not `FORMS`: those are a phase's own commands (forms_of); this one answers in every phase.
CARD_FORMS = (PLAY,)


class Card(PhaseCog, group_name=ln("card", space="mn"), group_description=ls("cmd.card")):
    phase = PHASE

    @app_commands.command(name=ln("play"), description=ls("cmd.card.play"), extras={"form": PLAY})
    @app_commands.describe(
        card=ls("cmd.opt.event_card"), target=ls("cmd.opt.card_target"), game=ls("cmd.game")
    )
    @app_commands.rename(card=ln("card", space="mn"), target=ln("target"), game=ln("game"))
    async def play(
        self,
        interaction: discord.Interaction,
        card: app_commands.Transform[str, Pick("card")],
        target: app_commands.Transform[str, Pick("target")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, PLAY, game, card=card, target=target)

    @app_commands.command(name=ln("quiet"), description=ls("cmd.card.quiet"))
    @app_commands.describe(on=ls("cmd.opt.quiet_on"), game=ls("cmd.game"))
    @app_commands.rename(on=ln("on"), game=ln("game"))
    async def quiet(
        self, interaction: discord.Interaction, on: bool, game: GameOption = None
    ) -> None:
        """Ruling 17: « A player may choose, per game, not to be asked in windows where he
        holds nothing playable; the bot tells him what that reveals » — chosen in the lobby."""
        service, language = service_of(interaction), lang(interaction)
        try:
            record = await service.find(caller(interaction), game)
            if record.status != "lobby":
                seat = record.seat_of(interaction.user.id)
                quiet = record.options.get("window_quiet") or []
                now = "on" if seat is not None and seat.seat in quiet else "off"
                text = t(
                    "mn.cardcmd.quiet_started",
                    language,
                    game=record.id,
                    now=t(f"mn.cardcmd.quiet_{now}", language),
                )
                return await reply(interaction, text)
            await service.set_window_quiet(record.id, interaction.user.id, on)
        except REFUSALS as exc:
            return await reply_error(interaction, exc)
        now = t(f"mn.cardcmd.quiet_{'on' if on else 'off'}", language)
        lines = [
            t("mn.cardcmd.quiet_set", language, game=record.id, now=now),
            t("mn.window.quiet_note", language),
        ]
        await reply(interaction, "\n".join(lines))

    async def act(
        self,
        interaction: discord.Interaction,
        form: Form,
        game: int | None,
        count: int = 1,
        **options: str | None,
    ) -> None:
        """As any phase command's, but "no card playable now" said as such."""
        try:
            pos = await position(interaction, game)
        except REFUSALS as exc:
            return await reply_error(interaction, exc)
        if not form.rows(pos.legal):
            return await reply(
                interaction, t("mn.cardcmd.none", lang(interaction), game=pos.record.id)
            )
        await super().act(interaction, form, game, count, **options)


async def setup(bot: Any) -> None:
    await bot.add_cog(Card(bot))
