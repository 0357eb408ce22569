"""Issue 4's lobby: "empires chosen or random" — a joined player may claim a seat (an empire of
Mare Nostrum); the others are dealt at random when the game starts."""

from __future__ import annotations

import pytest

from bot.service import GameService, ServiceError


async def test_claimed_empires_are_kept_and_the_rest_dealt(svc: GameService) -> None:
    game = (await svc.create_lobby(1, 2, 100, seats=3)).id
    for user in (101, 102):
        await svc.join(game, user)
    await svc.claim_seat(game, 101, "carthage")
    await svc.claim_seat(game, 100, "rome")
    outcome = await svc.start(game, 100)
    seats = {s.user: s.seat for s in outcome.game.players}
    assert seats[101] == "carthage" and seats[100] == "rome" and seats[102] == "greece"
    assert [s.seat for s in outcome.game.players] == ["rome", "greece", "carthage"]


async def test_an_empire_cannot_be_claimed_twice_or_outside_the_lobby_size(
    svc: GameService,
) -> None:
    game = (await svc.create_lobby(1, 2, 100, seats=3)).id
    await svc.join(game, 101)
    await svc.claim_seat(game, 100, "greece")
    with pytest.raises(ServiceError) as taken:
        await svc.claim_seat(game, 101, "greece")
    assert taken.value.code == "seat_taken"
    with pytest.raises(ServiceError) as absent:
        await svc.claim_seat(game, 101, "egypt")  # Egypt plays from 4 players on
    assert absent.value.code == "seat_not_in_play"
    with pytest.raises(ServiceError) as stranger:
        await svc.claim_seat(game, 999, "rome")
    assert stranger.value.code == "not_in_game"
    record = await svc.claim_seat(game, 100, None)  # back to chance
    assert all(s.seat is None for s in record.players)


async def test_a_claim_outside_the_starting_count_blocks_the_start(svc: GameService) -> None:
    """A 4-seat lobby started with 3 players: a claimed Egypt is not in play."""
    game = (await svc.create_lobby(1, 2, 100, seats=4)).id
    for user in (101, 102):
        await svc.join(game, user)
    await svc.claim_seat(game, 102, "egypt")
    with pytest.raises(ServiceError) as err:
        await svc.start(game, 100)
    assert err.value.code == "seat_not_in_play"
    await svc.claim_seat(game, 102, None)
    outcome = await svc.start(game, 100)
    assert sorted(s.seat or "" for s in outcome.game.players) == ["carthage", "greece", "rome"]
