"""Discord components built from presenter specs, and the dynamic items that route clicks
(they survive restarts: everything a handler needs is in the custom_id).

Numeric fields are bounded ([0-9]{1,20}); a decision code is parsed strictly by
cogs/play.py (an altered one is refused cleanly), a game id past SQLite's range names no game.

custom ids: decisions  mn:<game>:v<version>:a<index>.<digest>   (button)
                       mn:<game>:v<version>:s<page>.<n>         (select; value <index>.<digest>)
                       mn:<game>:v<version>:p<page>             (page navigation)
                       mn:<game>:v<version>:c0|c1               (a composition: multi-select
                                 whose values the game's presenter reads, `Presenter.compose`;
                                 Mare Nostrum's offers/payments: <type>.<k>, or an offer's kinds)
            thread     mn:<game>:turn                           (show me my decisions)
            lobby      mn:<game>:lobby:join|leave|start|ai
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any

import discord

from bot.presenters import ButtonSpec, Page, SelectSpec

from .common import error_reply

log = logging.getLogger(__name__)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a click handler; a failure is told to the clicker (a bug logged) instead of a
    silent "interaction failed", in the same words as a command's (`error_reply`)."""
    from .undelivered import deliver

    try:
        await work
    except Exception as exc:
        await error_reply(interaction, exc)
        return
    await deliver(interaction)


STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


class DecisionItem(discord.ui.DynamicItem[discord.ui.Item[Any]],
                   template=r"mn:(?P<game>[0-9]{1,20}):v(?P<version>[0-9]{1,20})"
                            r":(?P<code>[a-z0-9.]{1,24})"):
    def __init__(self, item: discord.ui.Item[Any], game: int, version: int, code: str) -> None:
        super().__init__(item)
        self.game, self.version, self.code = game, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str],
    ) -> DecisionItem:
        return cls(item, int(match["game"]), int(match["version"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from .play import on_decision

        await guarded(interaction, on_decision(interaction, self.game, self.version, self.code))


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"mn:(?P<game>[0-9]{1,20}):turn"):
    def __init__(self, game: int, label: str = "My turn") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"mn:{game}:turn"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> TurnButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        from .play import show_decisions

        await guarded(interaction, show_decisions(interaction, self.game))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"mn:(?P<game>[0-9]{1,20}):lobby:(?P<op>join|leave|start|ai)"):
    def __init__(self, game: int, op: str, label: str = "") -> None:
        style = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                 "start": discord.ButtonStyle.primary, "ai": discord.ButtonStyle.secondary}[op]
        super().__init__(discord.ui.Button(label=label or op, style=style,
                                           custom_id=f"mn:{game}:lobby:{op}"))
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        from .lobby import on_button

        await guarded(interaction, on_button(interaction, self.game, self.op))


class LobbySeatSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                      template=r"mn:(?P<game>[0-9]{1,20}):lobby:(?:seat|empire)"):
    """A joined player claims a seat (or "random"); see service.claim_seat. The select of a
    lobby message posted before seats were generic says `lobby:empire`: still answered."""

    def __init__(self, game: int, options: list[tuple[str, str]] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"mn:{game}:lobby:seat", placeholder=placeholder or None,
            options=[discord.SelectOption(label=label, value=value)
                     for label, value in (options or [("random", "random")])]))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbySeatSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from .lobby import on_seat

        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or ["random"]
        await guarded(interaction, on_seat(interaction, self.game, str(values[0])))


def _parse(custom_id: str) -> tuple[int, int, str]:
    m = re.fullmatch(DecisionItem.__discord_ui_compiled_template__, custom_id)
    assert m is not None, custom_id
    return int(m["game"]), int(m["version"]), m["code"]


def to_view(page: Page) -> discord.ui.View | None:
    """The components of a decision page, or None when it has none."""
    if not page.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row, spec in enumerate(page.rows):
        if isinstance(spec, SelectSpec):
            select: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=spec.custom_id, placeholder=spec.placeholder, row=row,
                min_values=spec.min_values, max_values=spec.max_values,
                options=[discord.SelectOption(label=label, value=value)
                         for label, value in spec.options])
            view.add_item(DecisionItem(select, *_parse(spec.custom_id)))
            continue
        for b in spec:
            button = _button(b, row)
            view.add_item(DecisionItem(button, *_parse(b.custom_id)))
    return view


def _button(spec: ButtonSpec, row: int) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=spec.label, custom_id=spec.custom_id, row=row,
                             style=STYLES.get(spec.style, discord.ButtonStyle.primary))


def turn_view(game: int, label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game, label))
    return view


def lobby_view(game: int, labels: dict[str, str],
               seats: list[tuple[str, str]] | None = None,
               placeholder: str = "") -> discord.ui.View:
    """Join / Leave / Start / + AI, and (when given) the seat claim select: (label, value)."""
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "ai"):
        view.add_item(LobbyButton(game, op, labels[op]))
    if seats:
        view.add_item(LobbySeatSelect(game, seats, placeholder))
    return view
