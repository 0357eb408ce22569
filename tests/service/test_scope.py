"""Issue 21 at the service: a game is found only from its own server (or, in DMs, by its
players for their own decisions); administration is for the creator or a manager of the game's
server; simultaneous answers are decided under the lock at the current version; the ranges
Discord does not enforce are the service's."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest

from bot.service import MAX_ID, Caller, GameService, ServiceError
from tests.helpers import give_choices
from tests.service.test_service import CHOICE, _started

GUILD, OTHER = 1, 9  # _started creates its games on guild 1, channel 2


async def _code(awaitable: Awaitable[object]) -> str:
    with pytest.raises(ServiceError) as e:
        await awaitable
    return e.value.code


async def test_a_game_is_found_from_its_own_server_only(svc: GameService) -> None:
    gid = await _started(svc)
    player = 101
    assert (await svc.find(Caller(player, GUILD), gid)).id == gid
    assert await _code(svc.find(Caller(player, OTHER), gid)) == "game_not_found"
    # His only running game is not "his game here" on another server.
    assert (await svc.find(Caller(player, GUILD))).id == gid
    assert await _code(svc.find(Caller(player, OTHER))) == "no_game_here"
    # Another server's game looks exactly like a game that does not exist.
    missing = await _code(svc.find(Caller(player, GUILD), gid + 1))
    assert missing == await _code(svc.find(Caller(player, OTHER), gid))


async def test_in_dms_only_a_players_own_decisions(svc: GameService) -> None:
    gid = await _started(svc)
    dm = Caller(101, None)
    assert await _code(svc.find(dm, gid)) == "guild_only"
    assert (await svc.find(dm, gid, decisions=True)).id == gid
    assert await _code(svc.find(Caller(555, None), gid, decisions=True)) == "game_not_found"


@pytest.mark.parametrize("game_id", [0, -1, MAX_ID + 1, 10**30])
async def test_ids_outside_sqlites_range_name_no_game(svc: GameService, game_id: int) -> None:
    await _started(svc)
    assert await _code(svc.find(Caller(101, GUILD), game_id)) == "game_not_found"


async def test_administration_is_the_creators_or_a_manager_of_the_games_server(
        svc: GameService) -> None:
    gid = await _started(svc)
    record = await svc.game(gid)
    svc.require_admin(record, Caller(100, GUILD))  # the creator
    svc.require_admin(record, Caller(555, GUILD, manages_guild=True))
    with pytest.raises(ServiceError) as e:
        svc.require_admin(record, Caller(101, GUILD))  # a player
    assert e.value.code == "not_admin"
    with pytest.raises(ServiceError) as e:  # Manage Server elsewhere grants nothing here
        svc.require_admin(record, Caller(555, OTHER, manages_guild=True))
    assert e.value.code == "game_not_found"


async def test_simultaneous_sealed_answers_are_all_applied(svc: GameService) -> None:
    """Three players answer pages drawn at the same version, in the same instant: each is
    applied at the version current under the lock."""
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece", "carthage"])
    game = await svc.game(gid)
    users = [game.user_of(e) for e in ("rome", "greece", "carthage")]
    results = await asyncio.gather(*(svc.submit(gid, u, CHOICE, game.version)
                                     for u in users if u is not None))
    assert len(results) == 3
    log = await svc.storage.actions(gid)
    assert [a.player for a in log] == ["rome", "greece", "carthage"]
    assert [a.version for a in log] == [game.version + 1, game.version + 2, game.version + 3]


async def test_an_older_page_stands_only_if_others_moved_since(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome, greece = game.user_of("rome"), game.user_of("greece")
    assert rome is not None and greece is not None
    await svc.submit(gid, greece, CHOICE, game.version)
    # Rome's page is one of Greece's moves old: it stands (re-checked by the engine).
    await svc.submit(gid, rome, CHOICE, game.version)
    assert await svc.own_answer_since(await svc.game(gid), "rome", game.version) is not None
    # A save that is not a move (a pause) makes older pages stale.
    await give_choices(svc, gid, ["rome"])
    old = (await svc.game(gid)).version
    await svc.pause(gid)
    await svc.resume(gid)
    assert await _code(svc.submit(gid, rome, CHOICE, old)) == "out_of_date"
    assert len(await svc.storage.actions(gid)) == 2


@pytest.mark.parametrize("hours", [-5, 0, 0.5, 337, 1e9])
async def test_deadline_hours_out_of_range_are_refused(svc: GameService, hours: float) -> None:
    assert await _code(svc.create_lobby(1, 2, 100, seats=3, deadline_hours=hours)) \
        == "bad_deadline"
    gid = await _started(svc)
    version = (await svc.game(gid)).version
    assert await _code(svc.set_deadline_hours(gid, hours)) == "bad_deadline"
    assert (await svc.game(gid)).version == version


@pytest.mark.parametrize("seats", [-1, 0, 2, 6, 10**9])
async def test_player_counts_outside_the_games_range_are_refused(svc: GameService,
                                                                 seats: int) -> None:
    assert await _code(svc.create_lobby(1, 2, 100, seats=seats)) == "bad_player_count"
    assert await svc.storage.games(("lobby",)) == []
