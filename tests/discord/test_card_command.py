"""`/mn card play` (rulings 17 a): an event card played by command, in whatever phase, its
options autocompleted from the caller's legal card plays only, every reply ephemeral, a
refusal said in his language with nothing changed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.games.mare_nostrum as engine
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent
from bot.games.mare_nostrum.modules.legends.state import legends
from bot.i18n import t
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.discord.watch import WatchedAPI, record_private_events


@pytest.fixture
async def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    """Game #1 with Ierusalem, 3 players, started (its Trade phase); every payload watched."""
    api = WatchedAPI()
    record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as harness:
        api.service = harness.bot.service
        iid = await harness.command(1, "new", players=3, modules="ierusalem")
        lobby = harness.api.responses(iid)[0]
        for user in (2, 3):
            await harness.click(user, lobby, "mn:1:lobby:join")
        await harness.click(1, lobby, "mn:1:lobby:start")
        yield harness
        assert api.checked > 0 and not api.refused


async def _give(h: Harness, player: str, *cards: str) -> int:
    """These cards into `player`'s hand (out of their deck); his user."""
    service = h.bot.service
    record = await service.game(1)
    state = service.state_of(record).clone()
    leg = legends(state)
    for card in cards:
        for deck in leg.decks.values():
            if card in deck:
                deck.remove(card)
                break
        leg.hands[player].append(card)
    record.snapshot = engine.to_json(state)
    await h.bot.storage.save_game(record, record.version)
    service._states.pop(1, None)
    user = (await service.game(1)).user_of(player)
    assert user is not None
    return user


async def _state(h: Harness) -> Any:
    return h.bot.service.state_of(await h.bot.service.game(1))


async def _saved(h: Harness) -> tuple[int, int]:
    return len(await h.bot.storage.actions(1)), (await h.bot.service.game(1)).version


def _reply(h: Harness, iid: int) -> Sent:
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral, reply.content
    return reply


async def _idle(h: Harness) -> str:
    """A player who owes nothing now."""
    service = h.bot.service
    record = await service.game(1)
    owed = service.owed_players(record, service.state_of(record))
    return str(next(p for p in service.state_of(record).players if p not in owed))


async def test_a_card_at_any_time_is_played_by_command(h: Harness) -> None:
    """Rulings 17 a: « when the card says "at any time", by a command or button whenever its
    holder likes, applied at once if no decision is being resolved »."""
    player = await _idle(h)
    user = await _give(h, player, "ierusalem.vulcan")
    state = await _state(h)
    cards = await h.autocomplete(user, "card play", "card", "")
    assert [c["value"] for c in cards] == ["ierusalem.vulcan"]
    assert cards[0]["name"] == "Vulcan"
    targets = await h.autocomplete(user, "card play", "target", "", card="ierusalem.vulcan")
    legal = [a.target for a in engine.legal_actions(state, player) if isinstance(a, PlayEvent)]
    assert [c["value"] for c in targets] == legal[:25] and legal
    before = await _saved(h)
    iid = await h.command(user, "card play", card="ierusalem.vulcan", target=legal[0])
    assert t("game.answered", "en", label="").split("{")[0] in _reply(h, iid).content
    state = await _state(h)
    assert "ierusalem.vulcan" not in legends(state).hands[player]
    assert legends(state).discards["ierusalem"] == ["ierusalem.vulcan"]
    assert (await _saved(h))[0] == before[0] + 1
    thread = h.api.thread_of(CHANNEL)
    assert any("Vulcan" in m.content for m in h.api.in_channel(thread))


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_card_he_cannot_play_is_refused_in_his_language(h: Harness, locale: str) -> None:
    """Bad input: a card not in his hand (a forged option) is refused privately, in his
    language, and nothing changes."""
    lang = "fr" if locale == "fr" else "en"
    player = await _idle(h)
    user = await _give(h, player, "ierusalem.vulcan")
    before = await _saved(h)
    iid = await h.command(user, "card play", locale=locale, card="ierusalem.poseidon")
    text = _reply(h, iid).content
    assert text.startswith(t("mn.phasecmd.no_such_choice", lang).split("{")[0]), text
    assert await _saved(h) == before
    assert legends(await _state(h)).hands[player] == ["ierusalem.vulcan"]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_no_playable_card_is_said_as_such(h: Harness, locale: str) -> None:
    lang = "fr" if locale == "fr" else "en"
    player = await _idle(h)
    user = (await h.bot.service.game(1)).user_of(player)
    assert user is not None
    before = await _saved(h)
    iid = await h.command(user, "card play", locale=locale, card="ierusalem.vulcan")
    assert _reply(h, iid).content == t("mn.cardcmd.none", lang, game=1)
    assert await h.autocomplete(user, "card play", "card", "") == []
    assert await _saved(h) == before


async def test_his_page_offers_his_any_time_cards_when_he_owes_nothing(h: Harness) -> None:
    """Rulings 17 a: « by a command or button whenever its holder likes »: /mn play (and his
    DM page) lists his plays at any time, each worded; a click plays it."""
    player = await _idle(h)
    user = await _give(h, player, "ierusalem.vulcan", "ierusalem.isis")
    iid = await h.command(user, "play", game=1)
    page = _reply(h, iid)
    assert page.content.startswith(t("game.any_time", "en", game=1))
    assert "Vulcan (at any time)" in page.content  # his hand, with when each is played
    (select,) = [c for row in page.payload()["components"] for c in row["components"]]
    labels = [o["label"] for o in select["options"]]
    assert labels[0].startswith("Play Vulcan (") and "space" in labels[0]
    assert not any("Isis" in label for label in labels)  # not now: the Trade windows only
    await h.click(user, page, select["custom_id"], values=[select["options"][0]["value"]])
    assert legends(await _state(h)).discards["ierusalem"] == ["ierusalem.vulcan"]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_quiet_windows_chosen_in_the_lobby(tmp_path: Path, locale: str) -> None:
    """Ruling 17: « A player may choose, per game, not to be asked in windows where he holds
    nothing playable; the bot tells him what that reveals »: `/mn card quiet` in the lobby
    (the lobby's message says so), his seat in the engine's `window_quiet` from the start."""
    lang = "fr" if locale == "fr" else "en"
    async with Harness(tmp_path / "games.sqlite3") as h:
        iid = await h.command(1, "new", players=3, modules="troia")
        lobby = h.api.responses(iid)[0]
        assert "/mn card quiet" in lobby.content
        for user in (2, 3):
            await h.click(user, lobby, "mn:1:lobby:join")
        iid = await h.command(2, "card quiet", locale=locale, on=True, game=1)
        text = _reply(h, iid).content
        assert t("mn.window.quiet_note", lang) in text
        assert t("mn.cardcmd.quiet_on", lang) in text
        await h.command(3, "card quiet", on=True, game=1)
        await h.command(3, "card quiet", on=False, game=1)  # changed his mind
        await h.click(1, lobby, "mn:1:lobby:start")
        record = await h.bot.service.game(1)
        seat = record.seat_of(2)
        assert seat is not None
        assert h.bot.service.state_of(record).window_quiet == [seat.seat]
        assert await h.bot.service.verify(1)  # the replay reads the same option
        iid = await h.command(2, "card quiet", locale=locale, on=False, game=1)
        assert _reply(h, iid).content == t(
            "mn.cardcmd.quiet_started", lang, game=1, now=t("mn.cardcmd.quiet_on", lang)
        )
        assert h.bot.service.state_of(await h.bot.service.game(1)).window_quiet == [seat.seat]


def test_the_help_says_how_cards_are_played_and_what_quiet_windows_reveal() -> None:
    from bot.adapters.mare_nostrum.help import topics

    cards = topics()["cards"]
    assert "/mn card play" in cards["en"] and "/mn card quiet" in cards["en"]
    assert "/mn carte jouer" in cards["fr"] and "/mn carte discret" in cards["fr"]
    assert "tells the others" in cards["en"] and "l'apprend aux autres" in cards["fr"]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_window_page_says_its_own_short_deadline_and_that_he_passes(
    h: Harness, locale: str
) -> None:
    """Issue 15: a window asks « to play or pass, with its own short deadline and "pass" as
    the default »: his page says when it passes (a quarter of the game's 24 hours)."""
    from bot.games.core.windows import open_window
    from bot.games.mare_nostrum.events import EventLog
    from bot.games.mare_nostrum.windows import TRADE_OPEN
    from bot.presenters import timestamp

    lang = "fr" if locale == "fr" else "en"
    player = await _idle(h)
    user = await _give(h, player, "ierusalem.isis")
    service = h.bot.service
    record = await service.game(1)
    state = service.state_of(record).clone()
    assert open_window(state, state.rules, TRADE_OPEN, {}, [player], player, EventLog())
    record.snapshot = engine.to_json(state)
    service._states.pop(1, None)
    service._arm(record, state, fresh=True)
    await h.bot.storage.save_game(record, record.version)
    service._states.pop(1, None)
    due = service.dues_of(await service.game(1))[player]
    assert due == pytest.approx(service.clock() + 6 * 3600, abs=60)
    iid = await h.command(user, "play", locale=locale, game=1)
    assert t("game.window_due", lang, deadline=timestamp(due)) in _reply(h, iid).content
