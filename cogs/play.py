"""Playing: the decision pages (DM or ephemeral), clicks on them, and the read-only commands
(/mn play, screen, status, board, log) and /mn abandon.

The decision page is generic: one button or menu option per legal action. What is proper to a
game — its seats' names, the lines it adds to the page (Mare Nostrum's hand and Build summary),
a composition select (an offer or payment composed token by token) and what its values name —
comes from the game's presenter, through its registry entry (`Game.presenter`)."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.embeds import embed, status_colour
from bot.games.core.windows import WINDOW
from bot.i18n import error_text, t
from bot.mygames import game_name
from bot.presenters import (
    MESSAGE_LIMIT,
    ButtonSpec,
    Composed,
    Page,
    cid,
    clip,
    digest,
    log_text,
    named,
    private_messages,
    prompt_context,
    status_text,
    timestamp,
)
from bot.registry import Presenter
from bot.service import GameService, ServiceError
from bot.storage import GameRecord

from .common import REFUSALS, board_file_name, caller, error_message, lang, reply, reply_error
from .ui import to_view

log = logging.getLogger(__name__)
# What a decision page's custom_id may carry after its version (cogs/ui.py): a button
# `a<index>.<digest>` (then `x<n>`: that answer n times, all or none), a select `s<page>.<n>`,
# a page `p<page>`, a composition `c0`/`c1`. Anything else was altered: refused before any
# lookup. `u`: the Undo button (rulings §13).
_CODE = re.compile(
    r"a[0-9]{1,4}\.[0-9a-f]{6}(?:x[0-9]{1,2})?|s[0-9]{1,3}\.[0-9]{1,2}|p[0-9]{1,3}|c[01]|u")
# A button's or a select's answer: index, digest, and how many times (issue 13: one entry to
# move three legions).
_CHOICE = re.compile(
    r"(?P<index>[0-9]{1,4})\.(?P<digest>[0-9a-f]{6})(?:x(?P<count>[1-9][0-9]?))?")
# A composition select's value: its game's presenter reads it (`Presenter.compose`).
_VALUE = re.compile(r"[a-z0-9_.]{1,40}")
MAX_VALUES = 25  # a select never has more options


def _svc(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def presenter_of(service: GameService, record: GameRecord) -> Presenter:
    """The words and components of the game this record plays (its registry entry's)."""
    return service.game_of(record).words


def names_of(service: GameService, record: GameRecord) -> dict[str, str]:
    engine = service.game_of(record).engine
    return presenter_of(service, record).names(engine.view(service.state_of(record), None))


async def decision_page_for(
    service: GameService, record: GameRecord, seat: str, page: int, language: str,
    note: str = "", only: list[str] | None = None,
) -> Page:
    """What `seat` may decide now in this game, as a page of components."""
    engine = service.game_of(record).engine
    present = presenter_of(service, record)
    state = service.state_of(record)
    actions = [a.to_dict() for a in engine.legal_actions(state, seat)]
    seen = engine.view(state, seat)
    names = present.names(seen)
    kinds = {p["kind"] for p in seen.get("pending", []) if p.get("player") == seat}
    due = service.dues_of(record).get(seat)
    lines = [note] if note else []
    if actions and not kinds:  # owing nothing: only what he may play at any time (a card)
        lines.append(t("game.any_time", language, game=record.id))
        lines.extend(present.page_lines(seen, language, names))
    elif actions:
        lines.append(t("game.your_turn", language, game=record.id,
                       prompt=", ".join(named("prompt", k, language) for k in sorted(kinds)),
                       deadline=timestamp(due) if due else t("game.no_deadline", language)))
        if kinds == {WINDOW} and due:  # ruling 17: its own short deadline, "pass" by default
            lines.append(t("game.window_due", language, deadline=timestamp(due)))
        lines.extend(prompt_context(seen.get("my_prompts", []), language, names))
        lines.extend(present.page_lines(seen, language, names))  # the game's own (hand...)
    else:
        lines.append(t("game.nothing_owed", language, game=record.id))
    return present.decision_page(record.id, record.version, actions, page, language, names,
                                 "\n".join(lines), seen, only)


async def show_decisions(interaction: discord.Interaction, game_id: int | None) -> None:
    """An ephemeral page of the clicker's decisions (the thread's "My turn", /mn play)."""
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id, decisions=True)
        record, seat, _ = await service.legal_for(record.id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    page = await decision_page_for(service, record, seat, 0, language)
    await reply(interaction, page.content, view=to_view(page))


async def _refresh(interaction: discord.Interaction, record: GameRecord, seat: str,
                   page: int, note: str) -> None:
    page_ = await decision_page_for(_svc(interaction), record, seat, page,
                                    lang(interaction), note)
    await interaction.response.edit_message(content=page_.content, view=to_view(page_))


def _chosen(interaction: discord.Interaction, code: str) -> tuple[int, str, int] | None:
    """(index, digest, times) named by a button code or by the select's one chosen value;
    None when it is not of that form."""
    raw = code[1:]
    if code.startswith("s"):
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        raw = str(values[0]) if len(values) == 1 else ""
    m = _CHOICE.fullmatch(raw)
    return (int(m["index"]), m["digest"], int(m["count"] or 1)) if m else None


async def _already_saved(interaction: discord.Interaction, record: GameRecord, seat: str,
                         version: int, clicked: str | None, legal: list[Any]) -> bool:
    """A click on a page drawn before the player's own latest answer: say that answer is
    saved (a re-click, or a page whose update was lost in a crash) rather than "out of date",
    with what he may do now. False when he has not answered since that page was drawn.
    `clicked`: the digest of the answer clicked (None: not known, taken as the same)."""
    service, language = _svc(interaction), lang(interaction)
    mine = await service.own_answer_since(record, seat, version)
    if mine is None:
        return False
    label = presenter_of(service, record).action_label(mine, language,
                                                       names_of(service, record))
    same = clicked is None or clicked == digest({**mine, "player": seat})
    note = t("game.already_saved" if same else "game.saved_before", language, label=label)
    if legal:
        await _refresh(interaction, record, seat, 0, note)
    else:
        await interaction.response.edit_message(content=note, view=None)
    return True


async def on_decision(interaction: discord.Interaction, game: int, version: int,
                      code: str) -> None:
    """A click on a decision page (DM or ephemeral). Parsed strictly first; then read at the
    version current now, and answered through the service, which decides under the game's
    lock whether a page drawn earlier still stands (only other players moved since)."""
    service, language = _svc(interaction), lang(interaction)
    if not _CODE.fullmatch(code):
        return await reply_error(interaction, ServiceError("bad_component"))
    if code == "u":
        return await undo(interaction, game, version)
    try:
        record = await service.find(caller(interaction), game, decisions=True)
        record, seat, legal = await service.legal_for(record.id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    stale = error_text("out_of_date", language)
    action: dict[str, Any] | None = None
    clicked: str | None = None  # the digest of the answer clicked
    times = 1  # how many times it is given (a move of several units)
    if code.startswith("c"):
        composed = _composed(service, record, seat, legal, _values(interaction))
        if composed is None:
            return await reply_error(interaction, ServiceError("bad_component"))
        if composed.only is not None:  # a narrower page to compose from (an offer's kinds)
            return await _narrowed(interaction, record, seat, version, composed.only, legal)
        action = composed.action
        clicked = digest({**(action or {}), "player": seat}) if action else None
    elif not code.startswith("p"):
        chosen = _chosen(interaction, code)
        if chosen is None:
            return await reply_error(interaction, ServiceError("bad_component"))
        # The index must still name the same action now (its digest): else the page is stale.
        index, clicked, times = chosen
        if index < len(legal) and digest(legal[index].to_dict()) == clicked:
            action = legal[index].to_dict()
    if record.version != version and await _already_saved(
            interaction, record, seat, version, clicked, legal):
        return
    if not legal:  # he owes nothing: say so privately, leave the message alone
        code = "out_of_date" if record.version != version else "not_your_turn"
        return await reply(interaction, error_text(code, language))
    if code.startswith("p"):
        note = stale if record.version != version else ""
        return await _refresh(interaction, record, seat, int(code[1:]), note)
    if action is None:
        return await _refresh(interaction, record, seat, 0, stale)
    await _submit(interaction, record, seat, action, version, times)


def _values(interaction: discord.Interaction) -> list[str] | None:
    """A composition select's chosen values (None when they cannot be any game's)."""
    data: Any = interaction.data or {}
    raw = data.get("values")
    if not isinstance(raw, list) or len(raw) > MAX_VALUES:
        return None
    values = [str(v) for v in raw]
    return values if all(_VALUE.fullmatch(v) for v in values) else None


async def _narrowed(interaction: discord.Interaction, record: GameRecord, seat: str,
                    version: int, only: Sequence[str], legal: list[Any]) -> None:
    """A composition's next step (a large offer: the tokens of the kinds chosen, among those
    held): the page narrowed to `only`."""
    service, language = _svc(interaction), lang(interaction)
    if record.version != version and await _already_saved(
            interaction, record, seat, version, None, legal):
        return
    if not legal:
        return await reply(interaction, error_text("not_your_turn", language))
    if not only:  # nothing the page offers (kinds he does not hold): an altered select
        return await reply_error(interaction, ServiceError("bad_component"))
    note = "" if record.version == version else error_text("out_of_date", language)
    page_ = await decision_page_for(service, record, seat, 0, language, note, only=list(only))
    await interaction.response.edit_message(content=page_.content, view=to_view(page_))


async def _stale(interaction: discord.Interaction, game: int, seat: str, version: int,
                 clicked: str) -> None:
    """The service found the page stale under the lock: his own answer came first (a double
    click: confirm it), or the position changed (a fresh page)."""
    service, user = _svc(interaction), interaction.user.id
    try:
        fresh, _, legal = await service.legal_for(game, user)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    if await _already_saved(interaction, fresh, seat, version, clicked, legal):
        return
    await _refresh(interaction, fresh, seat, 0, error_text("out_of_date", lang(interaction)))


def _composed(service: GameService, record: GameRecord, seat: str, legal: list[Any],
              values: list[str] | None) -> Composed | None:
    """What the values chosen in a composition select name, read by the game's presenter
    from the player's own view (an answer, which the engine, not this, judges; or a narrower
    page). None when they are not of its form."""
    if values is None:
        return None
    seen = service.game_of(record).engine.view(service.state_of(record), seat)
    return presenter_of(service, record).compose(seen, [a.to_dict() for a in legal], values)


async def _submit(interaction: discord.Interaction, record: GameRecord, seat: str,
                  action: dict[str, Any], version: int, times: int = 1) -> None:
    """Send one answer through the service, for the page drawn at `version`; a refusal is told
    privately and the page is left as it is (still usable). Once saved, the player is told so
    whatever happens next: a failure to redraw his page or to publish is logged (and the
    publishing retried by the notifier), never reported as a failed answer."""
    service, language = _svc(interaction), lang(interaction)
    game, user = record.id, interaction.user.id
    try:
        outcome = await service.submit_all(game, user, [action] * times, version)
    except REFUSALS as exc:
        if not (isinstance(exc, ServiceError) and exc.code == "out_of_date"):
            return await reply_error(interaction, exc)
        return await _stale(interaction, game, seat, version,
                            digest({**action, "player": seat}))
    words, names = presenter_of(service, outcome.game), names_of(service, outcome.game)
    label = words.action_label(action, language, names) + (f" ×{times}" if times > 1 else "")
    done = t("game.answered", language, label=label)
    # What his answer told him alone ("You paid …") goes on the page he is looking at, not
    # in a DM of its own.
    mine = private_messages(outcome.events, {seat: language}, names, words.event_text)
    done = clip("\n".join([done, *mine.get(seat, [])]), MESSAGE_LIMIT // 2)
    try:
        undoable = await service.undoable(game, user) is not None
        if seat in outcome.owed_after:
            page_ = await decision_page_for(service, outcome.game, seat, 0, language, done)
        else:
            page_ = Page(done)
        if undoable:
            _add_undo(page_, outcome.game, language)
        await interaction.response.edit_message(content=page_.content, view=to_view(page_))
    except Exception:
        log.exception("game %s: the page after a saved answer failed", game)
        if not interaction.response.is_done():
            await reply(interaction, done)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.publish(outcome, acted=seat, actor_told=True)


def _add_undo(page: Page, record: GameRecord, language: str) -> None:
    """The Undo button on the acting player's reply (rulings §13), in a row of its own when
    one is left (Discord: five rows of five buttons), else beside the last buttons."""
    button = ButtonSpec(cid(record.id, record.version, "u"), t("game.undo_button", language),
                        "secondary")
    last = page.rows[-1] if page.rows else None
    if len(page.rows) < 5:
        page.rows.append([button])
    elif isinstance(last, list) and len(last) < 5:
        last.append(button)


async def undo(interaction: discord.Interaction, game_id: int | None,
               version: int | None = None) -> None:
    """/mn undo and the Undo button: take back the user's last action through the service
    (which asks the engine), then show his page again and tell the thread."""
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id, decisions=True)
        last = await service.undoable(record.id, interaction.user.id)
        outcome = await service.undo(record.id, interaction.user.id,
                                     record.version if version is None else version)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    assert last is not None  # the service refused otherwise
    seat = outcome.events[0].data["player"]
    label = presenter_of(service, outcome.game).action_label(
        last.action, language, names_of(service, outcome.game))
    page_ = await decision_page_for(service, outcome.game, seat, 0, language,
                                    t("game.undone", language, label=label))
    if version is None:
        await reply(interaction, page_.content, view=to_view(page_))
    else:
        await interaction.response.edit_message(content=page_.content, view=to_view(page_))
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.publish(outcome, acted=seat)


# --- read-only commands ----------------------------------------------------------------
async def screen(interaction: discord.Interaction, game_id: int | None) -> None:
    from bot.pictures import screen_png

    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id)
        record, seat, _ = await service.legal_for(record.id, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    hosted = service.game_of(record)
    seen = hosted.engine.view(service.state_of(record), seat)
    png = await screen_png(hosted.renderer, seen, language)
    file = discord.File(_bytes(png), "screen.png") if png else None
    await reply(interaction, hosted.words.screen_text(record.id, seen, language), file=file)


def _bytes(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


async def status(interaction: discord.Interaction, game_id: int | None) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    hosted = service.game_of(record)
    colour = None
    if record.snapshot is None:
        text = t("game.lobby_status", language, game=record.id, count=len(record.players),
                 seats=record.options.get("seats"))
    else:
        seen = hosted.engine.view(service.state_of(record), None)
        names = hosted.words.names(seen, language)  # read by whoever asked: his language
        text = status_text(record.id, seen, record.seating(), language, names=names,
                           details=hosted.words.status_lines(seen, language, names),
                           dues=service.dues_of(record), away=service.away_seats(record))
        if record.status == "abandoned":
            text += "\n" + t("game.abandoned", language, game=record.id)
        colour = status_colour(seen, hosted.words)
    # An embed (issue 13): the game's name as its title, in the colour of the seat awaited.
    card = embed(t("game.status_title", language, game=record.id,
                   name=game_name(hosted, language)), clip(text, MESSAGE_LIMIT), colour=colour)
    await interaction.response.send_message(
        embed=discord.Embed.from_dict(card), ephemeral=False,
        allowed_mentions=discord.AllowedMentions.none())


async def board(interaction: discord.Interaction, game_id: int | None) -> None:
    from bot.pictures import board_png

    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id)
        state = service.state_of(record)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.defer(thinking=True)
    hosted = service.game_of(record)
    seen = hosted.engine.view(state, None)  # public: no hand, no offer
    png = await board_png(hosted.renderer, seen, language)
    text = t("game.board_alt", language, game=record.id, round=seen.get("round"))
    if png is None:  # the render failed (logged): say so without the picture
        await interaction.followup.send(text)
    else:
        await interaction.followup.send(
            text, file=discord.File(_bytes(png), board_file_name(record)))


async def game_log(interaction: discord.Interaction, game_id: int | None) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id)
        names = names_of(service, record)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    mine = record.seat_of(interaction.user.id)
    me = mine.seat if mine else None
    secret = service.game_of(record).secret_actions
    entries = []
    for a in await service.storage.actions(record.id):
        shown = a.action if a.player == me or a.action.get("kind") not in secret \
            else {"kind": a.action.get("kind"), "hidden": True}
        entries.append((a.seq, a.player, shown))
    await reply(interaction, log_text(entries, language, names,
                                      label=presenter_of(service, record).action_label))


async def abandon(interaction: discord.Interaction, game_id: int) -> None:
    service, language = _svc(interaction), lang(interaction)
    try:
        record = await service.find(caller(interaction), game_id)
        service.require_admin(record, caller(interaction))
        record = await service.abandon(record.id)
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
        record = await service.find(caller(interaction), game_id)
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
        his = record.seat_of(target)
        if his and his.seat in service.owed_players(record, state):
            await notifier.ask(record, [his.seat], record.seating(), names_of(service, record))


__all__ = ["autopilot", "board", "decision_page_for", "error_message", "game_log", "on_decision",
           "screen", "show_decisions", "status"]
