"""Undo on Discord (rulings §13): an "Undo" button on the acting player's reply while his
action is undoable, and `/mn undo`; the game, the thread and his page follow."""

from __future__ import annotations

from tests.discord.harness import Harness
from tests.discord.test_flow import _started
from tests.discord.watch import next_owed


async def test_a_player_may_take_back_his_own_last_action(h: Harness) -> None:
    """"a player may take back his own last action only while it revealed no hidden
    information and no other player has acted since": the Undo button takes it back."""
    _, thread = await _started(h)
    owed = await next_owed(h)
    assert owed is not None
    state, engine, seat, user = owed
    legal = engine.legal_actions(state, seat)
    index = next(i for i, a in enumerate(legal) if engine.undoable(state, a))
    iid = await h.command(user, "play", game=1)
    (page,) = h.api.responses(iid)
    button = next(c for c in page.custom_ids() if f":a{index}." in c)
    await h.click(user, page, button)
    answered = await h.bot.service.game(1)
    undo = f"mn:1:v{answered.version}:u"
    assert undo in page.custom_ids(), page.custom_ids()
    before = [m.content for m in h.api.in_channel(thread)]
    await h.click(user, page, undo)
    assert page.content.startswith("↩ Taken back:"), page.content
    back = await h.bot.service.game(1)
    assert back.version == answered.version + 1
    assert {**engine.view(h.bot.service.state_of(back), seat), "version": 0} \
        == {**engine.view(state, seat), "version": 0}
    log = await h.bot.storage.actions(1)
    assert [a.action["kind"] for a in log] == [legal[index].kind, "undo"]
    await h.settle()
    # The thread's page of the step is edited, not a new post (the quiet thread): read it all.
    told = [m.content for m in h.api.in_channel(thread)]
    assert not any("took back their last action" in c for c in before), before
    assert any("took back their last action" in c for c in told), told
    # Nothing left to take back: /mn undo says so privately, in the player's language.
    iid = await h.command(user, "undo", game=1, locale="fr")
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral and reply.content.startswith("Rien à annuler"), reply.content
    assert len(await h.bot.storage.actions(1)) == 2
