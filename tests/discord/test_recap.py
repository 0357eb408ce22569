"""Issue 13: « the DM page opens with what happened since the player's last decision (public
events only, grouped) »."""

from __future__ import annotations

from bot.games.core.events import Event
from bot.service import Outcome
from bot.storage import GameRecord
from tests.discord.harness import CHANNEL, Harness

CREATOR, ANA, BOB = 1, 2, 3


async def test_the_decision_page_opens_with_a_recap_of_public_events(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3)
    lobby = h.api.responses(iid)[0]
    for user in (ANA, BOB):
        await h.click(user, lobby, "mn:1:lobby:join")
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    assert h.api.thread_of(CHANNEL)
    record = await h.bot.service.game(1)
    (seat,) = h.bot.service.owed_players(record, h.bot.service.state_of(record))
    player = record.user_of(seat)
    assert player is not None
    page = next(m for m in reversed(h.api.dms(player)) if m.custom_ids())
    assert page.content.startswith("**Since your last decision:**")
    assert "The game starts" in page.content
    # Grouped; private events never in it; what he did himself clears it.
    notifier = h.bot.notifier
    sealed = Event("offer_sealed", {"player": "rome"})
    secret = Event("resources_received", {"player": "rome", "resources": {"coin": 9}},
                   audience=("rome",))
    recap = notifier.recap(record, [sealed, sealed, sealed], "en")
    assert "3× " in recap
    assert notifier.recap(record, [], "en") == ""
    notifier._since[(1, "greece")] = []
    await notifier.publish(_outcome(record, [sealed, secret]), acted=None)
    assert secret not in notifier._since[(1, "greece")]
    await notifier.publish(_outcome(record, [sealed]), acted="greece")
    assert (1, "greece") not in notifier._since


def _outcome(record: GameRecord, events: list[Event]) -> Outcome:
    return Outcome(record, list(events))
