"""Endings (issue 13): "the final message names the winners (users and empires), how the game
ended, a table of final titles/levels/HW, a link to the full log, and a Rematch button (same
players, same options)"."""

from __future__ import annotations

from typing import Any

from bot.embeds import size, text_of
from bot.games.core.events import EventLog
from bot.games.mare_nostrum import from_json, to_json
from bot.games.mare_nostrum.flow import end_game
from bot.service import Outcome
from bot.storage import GameRecord
from tests.discord.harness import GUILD, Harness, Sent, UserOption, _options, _user
from tests.discord.test_flow import _started

STRANGER = 99


async def _won_by_conquest(h: Harness, winner: str = "rome") -> tuple[GameRecord, int]:
    """Game #1 started, then won by `winner` (6.2, conquest) as the engine ends a game; the
    ending published: the game and its thread."""
    record, thread = await _started(h)
    record.options["deadline_hours"] = 12
    state = from_json(record.snapshot or b"")
    ev = EventLog()
    end_game(state, [winner], "conquest", ev)
    record.snapshot, record.status = to_json(state), "over"
    saved = await h.bot.storage.save_game(record, record.version, clear_deadline=True)
    h.bot.service._states.pop(1, None)
    await h.bot.notifier.publish(Outcome(saved, list(ev)))
    await h.settle()
    return saved, thread


async def _stats(h: Harness, user: int, locale: str = "en-US", **options: Any) -> int:
    """`/stats` (a top-level command, not under /mn): the interaction id."""
    opts = _options(options)
    data: dict[str, Any] = {"id": "2", "name": "stats", "type": 1, "options": opts}
    users = [v for v in options.values() if isinstance(v, UserOption)]
    if users:
        data["resolved"] = {"users": {str(u): _user(u) for u in users}}
    payload = h._base(user, locale, None, 2, data, 0)
    h._dispatch(payload)
    await h.settle()
    return int(payload["id"])


def _final(h: Harness, thread: int) -> Sent:
    (last,) = [m for m in h.api.in_channel(thread) if "mn:1:rematch" in m.custom_ids()]
    return last


async def test_the_final_message_names_winners_how_standings_and_attaches_the_log(
    h: Harness,
) -> None:
    """ "names the winners (users and empires), how the game ended (which victory condition,
    from the engine's events), a table of final titles/levels/HW, a link to the full log"."""
    record, thread = await _won_by_conquest(h)
    final = _final(h, thread)
    assert final.content == "Game #1 is over. Winner(s): Rome."
    (embed,) = final.embeds
    text = text_of(embed)
    rome = record.user_of("rome")
    assert embed["title"] == "Game #1 is over — Mare Nostrum: Empires"
    assert f"**Rome** (<@{rome}>)" in embed["description"]
    assert "Won by conquest" in embed["description"]
    assert [f["name"] for f in embed["fields"]] == ["👑 Rome", "Greece", "Carthage"]
    for f in embed["fields"]:
        assert f["value"].count("\n") == 3  # the player, titles, levels, heroes and wonders
        assert "Titles: " in f["value"] and "Levels: trade " in f["value"]
        assert "Heroes and wonders (1): " in f["value"]  # each empire's starting hero
    assert embed["color"] == 0xC8281E  # Rome's red, the board's
    assert size(embed) <= 6000 and "full public log" not in text
    assert "mare-nostrum-1-log.txt" in final.files
    assert not h.api.refused


async def test_the_full_log_hides_sealed_answers(h: Harness) -> None:
    """The attached log is public: other players' sealed answers by their kind only."""
    from bot.endings import public_log

    text = public_log(
        "Game #1",
        [
            (1, "rome", {"kind": "make_offer", "resources": ["metal"]}),
            (2, "greece", {"kind": "take_resource", "from": "rome", "token": "metal"}),
        ],
        frozenset({"make_offer"}),
        "en",
        {"rome": "Rome", "greece": "Greece"},
        lambda action, lang, names: str(sorted(action.items())),
    )
    lines = text.decode().splitlines()
    assert lines[0] == "Game #1" and "metal" not in lines[2] and "metal" in lines[3]


async def test_a_player_presses_rematch_same_seats_same_options(h: Harness) -> None:
    """ "a Rematch button (same players, same options: creates a new lobby or game with the same
    seats and options)"."""
    record, thread = await _won_by_conquest(h)
    greece = record.user_of("greece")
    assert greece is not None
    iid = await h.click(greece, _final(h, thread), "mn:1:rematch")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "lobby #2 is open" in answer.content, answer.content
    lobby = await h.bot.service.game(2)
    assert lobby.status == "lobby" and lobby.creator_id == greece
    assert [(s.user, s.seat) for s in lobby.players] == [(s.user, s.seat) for s in record.players]
    assert lobby.options["deadline_hours"] == 12 and lobby.options["seats"] == 3
    assert lobby.thread_id is not None and lobby.guild_id == GUILD
    assert f"https://discord.com/channels/{GUILD}/{lobby.thread_id}" in answer.content
    called = h.api.in_channel(lobby.thread_id)
    assert all(f"<@{s.user}>" in called[0].content for s in record.players)
    # Its creator starts it: everyone in his old seat.
    (message,) = [
        m for m in h.api.in_channel(lobby.channel_id) if "mn:2:lobby:start" in m.custom_ids()
    ]
    await h.click(greece, message, "mn:2:lobby:start")
    started = await h.bot.service.game(2)
    assert started.status == "active" and started.seating() == record.seating()
    assert not h.api.refused


async def test_rematch_is_refused_to_a_non_player_and_opened_once(h: Harness) -> None:
    """Only players of the game may press it; a double press (or a stale button) opens no
    second lobby and says where the first is."""
    record, thread = await _won_by_conquest(h)
    final = _final(h, thread)
    iid = await h.click(STRANGER, final, "mn:1:rematch")
    (refused,) = h.api.responses(iid)
    assert refused.ephemeral
    assert refused.content == "Only the players of game #1 may ask for its rematch."
    assert [g.id for g in await h.bot.storage.games(("lobby",))] == []
    rome, carthage = record.user_of("rome"), record.user_of("carthage")
    assert rome is not None and carthage is not None
    first, second = await h.burst(
        [(rome, final, "mn:1:rematch", None), (carthage, final, "mn:1:rematch", None)]
    )
    answers = [h.api.responses(first)[0].content, h.api.responses(second)[0].content]
    assert sum("lobby #2 is open" in a for a in answers) == 1, answers
    assert "The rematch of game #1 is already open: game #2." in answers
    assert [g.id for g in await h.bot.storage.games(("lobby",))] == [2]
    iid = await h.click(rome, final, "mn:1:rematch", locale="fr")
    assert h.api.responses(iid)[0].content == (
        "La revanche de la partie n°1 est déjà ouverte : partie n°2."
    )
    # From another server the game does not exist.
    iid = await h.click(rome, final, "mn:1:rematch", guild=GUILD + 1)
    assert h.api.responses(iid)[0].content == "There is no game #1 here."
    assert not h.api.refused


async def test_stats_count_the_finished_games_played_and_won_per_game(h: Harness) -> None:
    """ "`/stats` shows a user's games played and won per game (computed from stored finished
    games)": a running or abandoned game counts for nothing."""
    record, _ = await _won_by_conquest(h)
    rome, greece = record.user_of("rome"), record.user_of("greece")
    assert rome is not None and greece is not None
    running = await h.bot.service.create_lobby(GUILD, 5, rome, 3)
    await h.bot.service.abandon(running.id)
    iid = await _stats(h, rome)
    (answer,) = h.api.responses(iid)
    (embed,) = answer.embeds
    assert not answer.ephemeral
    assert embed["description"] == f"<@{rome}>: 1 finished game(s), 1 won."
    assert embed["fields"] == [
        {"name": "Mare Nostrum: Empires", "value": "Played 1 · won 1 (100 %)", "inline": True}
    ]
    iid = await _stats(h, rome, player=UserOption(greece), locale="fr")
    (embed,) = h.api.responses(iid)[0].embeds
    assert embed["description"] == f"<@{greece}> : parties terminées 1, gagnées 0."
    assert embed["fields"][0]["value"] == "Jouées 1 · gagnées 0 (0 %)"
    iid = await _stats(h, STRANGER)
    (embed,) = h.api.responses(iid)[0].embeds
    assert embed["description"] == f"<@{STRANGER}> has not finished a game yet."
    assert not h.api.refused
