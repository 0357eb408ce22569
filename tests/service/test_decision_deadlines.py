"""Issue 13: each owed decision has its own deadline, set when it becomes owed; other players'
moves do not move it; when it passes, only that decision takes its documented default
(rulings §12); the deadlines are in the database (a restart keeps them)."""

from __future__ import annotations

import pytest

from bot.games.core.windows import WINDOW
from bot.service import GameService, ServiceError
from tests.helpers import Clock, reopened

HOUR = 3600.0


async def _offers_owed(svc: GameService) -> tuple[int, dict[str, int]]:
    """A started 3-player game whose first trader has placed his token: every empire owes a
    sealed trade offer. Returns (game, seat -> user)."""
    game = await svc.create_lobby(1, 2, 100, seats=3)
    for user in (101, 102):
        await svc.join(game.id, user)
    await svc.start(game.id, 100)
    record = await svc.game(game.id)
    (first,) = svc.owed_players(record, svc.state_of(record))
    clock = svc.clock
    assert isinstance(clock, Clock)
    clock.now += HOUR
    _, _, legal = await svc.legal_for(game.id, record.seating()[first])
    await svc.submit(game.id, record.seating()[first], legal[0].to_dict(), record.version)
    record = await svc.game(game.id)
    assert svc.owed_players(record, svc.state_of(record)) == set(record.seating())
    return game.id, record.seating()


async def _seal(svc: GameService, game: int, user: int) -> None:
    record, _, legal = await svc.legal_for(game, user)
    await svc.submit(game, user, legal[0].to_dict(), record.version)


async def test_a_decision_keeps_its_deadline_across_another_players_move(
        svc: GameService) -> None:
    game, users = await _offers_owed(svc)
    clock = svc.clock
    assert isinstance(clock, Clock)
    due = clock.now + 24 * HOUR
    assert svc.dues_of(await svc.game(game)) == dict.fromkeys(users, due)
    rome, *others = sorted(users)
    clock.now += 5 * HOUR
    await _seal(svc, game, users[rome])
    dues = svc.dues_of(await svc.game(game))
    # The others' deadlines did not move; a sealed answer waits for them with none.
    assert dues == dict.fromkeys(others, due)
    assert await svc.deadline_of(game) == due


async def test_expiry_applies_only_the_late_players_default_even_after_a_restart(
        svc: GameService) -> None:
    """Rulings §12: « Timeout defaults » — for the decision whose time ran out, only."""
    game, users = await _offers_owed(svc)
    clock = svc.clock
    assert isinstance(clock, Clock)
    first_due = clock.now + 24 * HOUR
    late_one, late_two, on_time = sorted(users)
    clock.now += 2 * HOUR
    await _seal(svc, game, users[on_time])
    clock.now += HOUR
    record = await svc.game(game)
    await svc.undo(game, users[on_time], record.version)  # his decision is owed anew
    own_due = clock.now + 24 * HOUR
    assert svc.dues_of(await svc.game(game)) == {late_one: first_due, late_two: first_due,
                                                 on_time: own_due}
    # The reminders come for the decisions in the last quarter of their own time only.
    clock.now = first_due - 5 * HOUR
    reminded = await svc.due_reminders()
    assert [(r.id, seats) for r, seats in reminded] == [(game, {late_one, late_two})]
    assert await svc.due_reminders() == []

    # A new process on the same database: the deadlines are durable.
    await svc.storage.close()
    store = reopened(svc.storage)
    await store.open()
    try:
        again = GameService(store, clock=clock)
        await again.load()
        clock.now = first_due + 1
        (outcome,) = await again.scan_deadlines()
        assert sorted(outcome.by_default) == [late_one, late_two]
        log = await store.actions(game)
        assert {(a.player, a.user_id) for a in log[-2:]} == {(late_one, None), (late_two, None)}
        record = await again.game(game)
        assert again.dues_of(record) == {on_time: own_due}  # untouched by their defaults
        assert await again.scan_deadlines() == []
        clock.now = own_due + 1
        (outcome,) = await again.scan_deadlines()
        assert outcome.by_default == [on_time]
    finally:
        await store.close()
        await svc.storage.open()


async def test_a_play_window_has_its_own_short_deadline(
        svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 17: a window "has its own short deadline (a quarter of the game's decision
    deadline, at least one hour)"; the other decisions keep the game's."""
    game, users = await _offers_owed(svc)
    record = await svc.game(game)
    clock = svc.clock
    assert isinstance(clock, Clock)
    window, other = sorted(users)[:2]
    monkeypatch.setattr(svc, "_owed_kinds", lambda *_: {window: WINDOW, other: "trade_offer"})
    svc._arm(record, svc.state_of(record), fresh=True)
    dues = svc.dues_of(record)
    assert dues[window] == clock.now + 6 * HOUR  # a quarter of the 24 hours
    assert dues[other] == clock.now + 24 * HOUR
    record.options["deadline_hours"] = 2.0  # a quarter would be half an hour: one hour
    svc._arm(record, svc.state_of(record), fresh=True)
    assert svc.dues_of(record)[window] == clock.now + HOUR


async def test_a_game_sets_its_play_windows_own_time(
        svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 17's short deadline is a per-game setting (`/mn deadline hours window`): the
    window's own hours, never more than the time per decision; a bad value changes nothing."""
    game, users = await _offers_owed(svc)
    clock = svc.clock
    assert isinstance(clock, Clock)
    window, other = sorted(users)[:2]
    monkeypatch.setattr(svc, "_owed_kinds", lambda *_: {window: WINDOW, other: "trade_offer"})
    record = await svc.set_deadline_hours(game, 24, window=2)
    assert svc.window_hours(record) == 2
    assert svc.dues_of(record) == {window: clock.now + 2 * HOUR, other: clock.now + 24 * HOUR}
    record = await svc.set_deadline_hours(game, 12, window=48)  # capped by the decisions'
    assert svc.dues_of(record)[window] == clock.now + 12 * HOUR
    with pytest.raises(ServiceError):
        await svc.set_deadline_hours(game, 12, window=0)
    assert (await svc.game(game)).options["window_hours"] == 48


async def test_a_play_window_is_reminded_in_the_last_quarter_of_its_own_time(
        svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """A window of 6 hours is reminded 1.5 hours before it passes (not 6 hours before, the
    quarter of the game's 24)."""
    game, users = await _offers_owed(svc)
    clock = svc.clock
    assert isinstance(clock, Clock)
    window, other = sorted(users)[:2]
    monkeypatch.setattr(svc, "_owed_kinds", lambda *_: {window: WINDOW, other: "trade_offer"})
    record = await svc.set_deadline_hours(game, 24)
    assert svc.dues_of(record)[window] == clock.now + 6 * HOUR
    clock.now += 1 * HOUR
    assert not any(window in seats for _, seats in await svc.due_reminders())
    clock.now += 4 * HOUR
    reminded = await svc.due_reminders()
    assert [seats for _, seats in reminded] == [{window}]
