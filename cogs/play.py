"""Playing: the decision pages (DM or ephemeral), clicks on them, and the read-only commands
(/mn play, screen, status, board, log) and /mn abandon."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import error_text, t
from bot.presenters import (
    COMPOSE_KINDS,
    Page,
    action_label,
    build_summary,
    compose_types,
    decision_page,
    digest,
    empire_names,
    hand_text,
    log_text,
    prompt_context,
    screen_text,
    status_text,
)
from bot.service import GameService, ServiceError
from bot.storage import GameRecord

from .common import REFUSALS, error_message, lang, reply, reply_error
from .ui import to_view


def _svc(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def names_of(service: GameService, record: GameRecord) -> dict[str, str]:
    engine = service.ruleset(record).engine
    return empire_names(engine.view(service.state_of(record), None))


async def decision_page_for(
    service: GameService, record: GameRecord, empire: str, page: int, language: str,
    note: str = "", only: list[str] | None = None,
) -> Page:
    """What `empire` may decide now in this game, as a page of components."""
    engine = service.ruleset(record).engine
    state = service.state_of(record)
    actions = [a.to_dict() for a in engine.legal_actions(state, empire)]
    seen = engine.view(state, empire)
    names = empire_names(seen)
    kinds = {p["kind"] for p in seen.get("pending", []) if p.get("player") == empire}
    due = await service.deadline_of(record.id)
    lines = [note] if note else []
    if actions:
        lines.append(t("game.your_turn", language, game=record.id,
                       prompt=", ".join(t(f"prompt.{k}", language) for k in sorted(kinds)),
                       deadline=f"<t:{int(due)}:R>" if due else t("game.no_deadline", language)))
        lines.extend(prompt_context(seen.get("my_prompts", []), language, names))
        lines.append(t("game.resources", language, hand=hand_text(seen.get("hand"), language)))
        if "build_turn" in kinds:  # before he ends his Build turn: what it did, what it keeps
            lines.extend(build_summary(seen, language, names))
    else:
        lines.append(t("game.nothing_owed", language, game=record.id))
    return decision_page(record.id, record.version, actions, page, language, names,
                         "\n".join(lines), hand=seen.get("hand") if actions else None, only=only)


async def show_decisions(interaction: discord.Interaction, game_id: int | None) -> None:
    """An ephemeral page of the clicker's decisions (the thread's "My turn", /mn play)."""
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
        record, empire, _ = await service.legal_for(record.id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    page = await decision_page_for(service, record, empire, 0, language)
    await reply(interaction, page.content, view=to_view(page))


async def _refresh(interaction: discord.Interaction, record: GameRecord, empire: str,
                   page: int, note: str) -> None:
    page_ = await decision_page_for(_svc(interaction), record, empire, page,
                                    lang(interaction), note)
    await interaction.response.edit_message(content=page_.content, view=to_view(page_))


def _chosen(interaction: discord.Interaction, code: str) -> tuple[int, str] | None:
    """(index, digest) named by a button code or by the select's chosen value."""
    raw = code[1:]
    if code.startswith("s"):
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        raw = str(values[0])
    index, _, dig = raw.partition(".")
    return (int(index), dig) if index.isdigit() and dig else None


async def _others_only(service: GameService, record: GameRecord, empire: str,
                       version: int) -> bool:
    """True when every move since `version` was another player's: a page shown then is
    still this player's to answer (sealed answers given side by side), provided the clicked
    action is still legal at the same place. A move of his own makes it stale (no double
    click can act twice)."""
    since = record.version - version
    if since <= 0:
        return False
    log = await service.storage.actions(record.id)
    if since > len(log):
        return False
    return all(a.player != empire for a in log[-since:])


async def on_decision(interaction: discord.Interaction, game: int, version: int,
                      code: str) -> None:
    service, language = _svc(interaction), lang(interaction)
    user = interaction.user.id
    try:
        record, empire, legal = await service.legal_for(game, user)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    if not legal:  # he owes nothing: say so privately, leave the message alone
        code = "out_of_date" if record.version != version else "not_your_turn"
        return await reply(interaction, error_text(code, language))
    stale = error_text("out_of_date", language)
    if code.startswith("p"):
        note = stale if record.version != version else ""
        return await _refresh(interaction, record, empire, int(code[1:]), note)
    if record.version != version and not await _others_only(service, record, empire, version):
        return await _refresh(interaction, record, empire, 0, stale)
    if code.startswith("c"):
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        if values and not any("." in v for v in values):  # an offer's kinds: now its tokens
            page_ = await decision_page_for(service, record, empire, 0, language, only=values)
            await interaction.response.edit_message(content=page_.content, view=to_view(page_))
            return
        action = _composed(interaction, legal)
        if action is None:
            return await _refresh(interaction, record, empire, 0, stale)
        return await _submit(interaction, record, empire, action)
    chosen = _chosen(interaction, code)
    # Re-validate against the legal actions now: the index must still name the same action.
    if chosen is None or chosen[0] >= len(legal) or \
            digest(legal[chosen[0]].to_dict()) != chosen[1]:
        return await _refresh(interaction, record, empire, 0, stale)
    await _submit(interaction, record, empire, legal[chosen[0]].to_dict())


def _composed(interaction: discord.Interaction, legal: list[Any]) -> dict[str, Any] | None:
    """The offer or payment composed in the multi-select: the chosen tokens' types, sorted as
    the engine requires (the engine, not this, judges whether it is a valid answer). None when
    no such decision is owed any more."""
    kinds = {a.to_dict().get("kind") for a in legal}
    kind = next((k for k in COMPOSE_KINDS if k in kinds), None)
    if kind is None:
        return None
    data: Any = interaction.data or {}
    return {"kind": kind, "resources": compose_types(data.get("values") or [])}


async def _submit(interaction: discord.Interaction, record: GameRecord, empire: str,
                  action: dict[str, Any]) -> None:
    """Send one answer through the service at the page's version; a refusal is told privately
    and the page is left as it is (still usable)."""
    service, language = _svc(interaction), lang(interaction)
    game, user = record.id, interaction.user.id
    stale = error_text("out_of_date", language)
    try:
        outcome = await service.submit(game, user, action, record.version)
    except REFUSALS as exc:
        if isinstance(exc, ServiceError) and exc.code == "out_of_date":
            fresh = await service.game(game)
            return await _refresh(interaction, fresh, empire, 0, stale)
        return await reply_error(interaction, exc)
    label = action_label(action, language, names_of(service, outcome.game))
    done = t("game.answered", language, label=label)
    if empire in outcome.owed_after:
        await _refresh(interaction, outcome.game, empire, 0, done)
    else:
        await interaction.response.edit_message(content=done, view=None)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.publish(outcome, acted=empire)


# --- read-only commands ----------------------------------------------------------------
async def screen(interaction: discord.Interaction, game_id: int | None) -> None:
    from bot.pictures import screen_png

    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
        record, empire, _ = await service.legal_for(record.id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    seen = service.ruleset(record).engine.view(service.state_of(record), empire)
    png = await screen_png(seen, language)
    file = discord.File(_bytes(png), "screen.png") if png else None
    await reply(interaction, screen_text(record.id, seen, language), file=file)


def _bytes(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


def _seats(record: GameRecord) -> dict[str, int]:
    return {s.empire: s.user for s in record.players if s.empire}


async def status(interaction: discord.Interaction, game_id: int | None) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    if record.snapshot is None:
        text = t("game.lobby_status", language, game=record.id, count=len(record.players),
                 seats=record.options.get("seats"))
    else:
        seen = service.ruleset(record).engine.view(service.state_of(record), None)
        text = status_text(record.id, seen, _seats(record), language)
        if record.status == "abandoned":
            text += "\n" + t("game.abandoned", language, game=record.id)
    await interaction.response.send_message(
        text, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())


async def board(interaction: discord.Interaction, game_id: int | None) -> None:
    from bot.pictures import board_png

    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
        state = service.state_of(record)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.defer(thinking=True)
    seen = service.ruleset(record).engine.view(state, None)  # public: no hand, no offer
    png = await board_png(seen, language)
    text = t("game.board_alt", language, game=record.id, round=seen.get("round"))
    if png is None:  # the render failed (logged): say so without the picture
        await interaction.followup.send(text)
    else:
        await interaction.followup.send(
            text, file=discord.File(_bytes(png), f"mare-nostrum-{record.id}.png"))


async def game_log(interaction: discord.Interaction, game_id: int | None) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
        names = names_of(service, record)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    seat = record.seat_of(interaction.user.id)
    me = seat.empire if seat else None
    secret = service.ruleset(record).secret_actions
    entries = []
    for a in await service.storage.actions(record.id):
        shown = a.action if a.player == me or a.action.get("kind") not in secret \
            else {"kind": a.action.get("kind"), "hidden": True}
        entries.append((a.seq, a.player, shown))
    await reply(interaction, log_text(entries, language, names))


async def abandon(interaction: discord.Interaction, game_id: int) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.game(game_id)
        perms = interaction.permissions
        if interaction.user.id != record.creator_id and not perms.manage_guild:
            raise ServiceError("not_allowed")
        record = await service.abandon(game_id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    text = t("game.abandoned", str(record.options.get("language", language)), game=record.id)
    await interaction.response.send_message(t("game.abandoned", language, game=record.id))
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    if record.thread_id and record.thread_id != interaction.channel_id:
        await notifier.to_thread(record, text)


async def autopilot(interaction: discord.Interaction, target: int, on: bool,
                    game_id: int | None) -> None:
    """The creator lets an AI play an absent player's seat (or gives it back); said in the
    thread. An AI then answers at once what that seat owes."""
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(game_id, interaction.channel_id, interaction.user.id)
        record = await service.set_autopilot(record.id, interaction.user.id, target, on)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    key = "game.autopilot_on" if on else "game.autopilot_off"
    game_lang = str(record.options.get("language", language))
    await interaction.response.send_message(
        t(key, language, player=f"<@{target}>", game=record.id), ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none())
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.to_thread(record, t(key, game_lang, player=f"<@{target}>", game=record.id))
    if on:
        notifier.wake(record.id)
    else:  # his decisions are his again: send them
        state = service.state_of(record)
        seat = record.seat_of(target)
        if seat and seat.empire in service.owed_players(record, state):
            await notifier.ask(record, [seat.empire], _seats(record), names_of(service, record))


__all__ = ["autopilot", "board", "decision_page_for", "error_message", "game_log", "on_decision",
           "screen", "show_decisions", "status"]
