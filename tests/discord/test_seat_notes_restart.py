"""Issue 13: "the recap and the 'DM page to edit' tracking are kept in memory today (a restart
starts them again): persist them" (`seat_notes`, migration 11)."""

from __future__ import annotations

from pathlib import Path

from tests.discord.harness import Harness, Sent
from tests.discord.watch import start_game

USERS = (1, 2, 3)


async def _play_default(h: Harness) -> str | None:
    """The first owed seat answers its default, told as a click's answer is; its seat."""
    service = h.bot.service
    record = await service.game(1)
    state = service.state_of(record)
    engine = service.game_of(record).engine
    prompt = next((p for p in engine.owed(state) if engine.legal_actions(state, p.player)), None)
    if prompt is None:
        return None
    user = record.user_of(prompt.player)
    assert user is not None
    action = engine.default_action(state, prompt).to_dict()
    outcome = await service.submit(1, user, action, record.version)
    await h.bot.notifier.publish(outcome, acted=prompt.player)
    await h.settle()
    return str(prompt.player)


def _pages(h: Harness, user: int) -> list[Sent]:
    return [m for m in h.api.dms(user) if m.custom_ids()]


async def test_the_recap_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as h:
        await start_game(h, USERS)
        record = await h.bot.service.game(1)
        owed = h.bot.service.owed_players(record, h.bot.service.state_of(record))
        waiting = [s for s in record.seating() if s not in owed]
        kept = {s: list(h.bot.notifier._since.get((1, s), [])) for s in waiting}
        assert any(kept.values()), "the set-up's public events wait for the others' pages"
    async with Harness(db) as h2:
        seating = (await h2.bot.service.game(1)).seating()
        before = {u: len(_pages(h2, u)) for u in USERS}
        asked: dict[str, Sent] = {}
        for _ in range(30):
            if await _play_default(h2) is None:
                break
            for seat in waiting:
                new = _pages(h2, seating[seat])[before[seating[seat]] :]
                if new and seat not in asked:
                    asked[seat] = new[0]
            if asked:
                break
        assert asked, "another player is asked after the restart"
        seat, page = next(iter(asked.items()))
        assert page.content.startswith("**Since your last decision:**")
        assert "The game starts" in page.content, page.content  # told before the restart


async def test_the_dm_page_to_edit_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as h:
        await start_game(h, USERS)
        for _ in range(6):
            await _play_default(h)
        remembered = {k: v for k, v in h.bot.notifier._dm_pages.items()}
        assert remembered
    async with Harness(db) as h2:
        await h2.bot.notifier._recall(1)
        assert h2.bot.notifier._dm_pages == remembered
        record = await h2.bot.service.game(1)
        assert await h2.bot.storage.seat_notes(1)
        # Once over (or abandoned), nothing is kept.
        record.status = "over"
        await h2.bot.notifier._remember(record)
        assert await h2.bot.storage.seat_notes(1) == {}
