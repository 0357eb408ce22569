"""Composing a sealed offer or a payment: one multi-select of the player's own tokens instead of
pages of every multiset (the engine judges the composition)."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from typing import Any

import bot.games.mare_nostrum as engine
from bot.adapters.mare_nostrum.present import decision_page
from bot.games.mare_nostrum.actions import Buy, ChooseNext, PlayTradeToken
from bot.presenters import ButtonSpec, SelectSpec, digest
from cogs.ui import DecisionItem
from tests.discord.harness import CHANNEL, Harness, Sent, compose_values
from tests.engine.builder import Scenario

NAMES = {"rome": "Rome", "greece": "Greece", "carthage": "Carthage"}
OFFER_HAND = {"coin": 4, "metal": 3, "grain": 2, "grain*": 1, "wine": 2}


def _offer_scenario(players: list[str]) -> Scenario:
    """Every player owes a sealed offer of 4 tokens; Rome holds OFFER_HAND."""
    s = Scenario(players)
    s.hand("rome", coin=4, metal=3, grain=2, grain_l=1, wine=2)
    s.enter("trade")
    s.act(PlayTradeToken(s.state.titles["trade"], "4/3", 4))
    return s


def _payment_scenario(players: list[str]) -> Scenario:
    """Rome pays for an influence marker (cost 3): 11 sets, or cancel."""
    s = Scenario(players)
    s.hand("rome", coin=5, metal=1, grain=2, grain_l=1, wine=1, wood=1, marble=1)
    s.enter("build")
    s.act(ChooseNext(s.state.titles["culture"], "rome"))
    s.act(Buy("rome", "influence", "dalmatia", -1))
    assert [p.kind for p in s.state.prompts] == ["build_payment"]
    return s


def _legal(s: Scenario, player: str = "rome") -> list[dict[str, Any]]:
    return [a.to_dict() for a in s.legal(player)]


# --- presenter ---------------------------------------------------------------------------------
def test_an_offer_is_composed_from_the_players_tokens() -> None:
    s = _offer_scenario(["rome", "greece", "carthage"])
    legal = _legal(s)
    assert len(legal) > 10
    page = decision_page(123456789012345678, 98765, legal, 0, "en", NAMES, "h",
                         hand=OFFER_HAND)
    (select,) = page.rows
    assert isinstance(select, SelectSpec)
    assert select.custom_id == "mn:123456789012345678:v98765:c0"
    assert re.fullmatch(DecisionItem.__discord_ui_compiled_template__, select.custom_id)
    assert (select.min_values, select.max_values) == (4, 4)
    labels = [label for label, _ in select.options]
    assert labels == ["Coin", "Coin (2)", "Coin (3)", "Coin (4)", "Grain", "Grain (2)",
                      "Grain (3) ★", "Metal", "Metal (2)", "Metal (3)", "Wine", "Wine (2)"]
    assert "4" in select.placeholder and len(select.placeholder) <= 150
    values = {v for _, v in select.options}
    for action in legal:  # every legal offer can be composed
        assert set(compose_values(action["resources"])) <= values
    fr = decision_page(1, 1, legal, 0, "fr", NAMES, "h", hand=OFFER_HAND)
    assert isinstance(fr.rows[0], SelectSpec) and fr.rows[0].options[0][0] == "Impôt"
    old = decision_page(1, 1, legal, 0, "en", NAMES, "h")  # no hand: one option per offer
    assert not any(":c0" in getattr(r, "custom_id", "") for r in old.rows)


def test_a_large_hand_offers_in_two_steps_and_pays_within_25_options() -> None:
    types = ["coin", "metal", "grain", "wine", "wood", "marble", "oil", "sheep", "gold", "papyrus"]
    hand = {t: 5 for t in types} | {"grain*": 2}
    legal = [{"kind": "make_offer", "player": "rome", "resources": list(c)}
             for c in combinations_with_replacement(sorted(types), 5)][:300]
    # First the kinds of tokens (values are types: no dot)...
    page = decision_page(1, 1, legal, 0, "en", NAMES, "h", hand=hand)
    (kinds,) = page.rows
    assert isinstance(kinds, SelectSpec) and kinds.custom_id == "mn:1:v1:c0"
    assert (kinds.min_values, kinds.max_values) == (1, 5) and len(kinds.options) == 10
    assert ("Grain ×7 (2 ★)", "grain") in kinds.options
    # ...then the tokens of those kinds only, with a way back to the kinds.
    page = decision_page(1, 1, legal, 0, "en", NAMES, "h", hand=hand, only=["grain", "wine"])
    tokens, back = page.rows
    assert isinstance(tokens, SelectSpec) and tokens.custom_id == "mn:1:v1:c1"
    assert (tokens.min_values, tokens.max_values) == (5, 5)
    assert [v for _, v in tokens.options] == [f"{t}.{k}" for t in ("grain", "wine")
                                              for k in range(1, 6)]
    assert isinstance(back, list) and back[0].custom_id == "mn:1:v1:p0"
    # A payment of 5 from the same hand: every valid set stays composable in 25 options.
    pays = [{"kind": "pay", "player": "rome", "resources": list(c)}
            for c in combinations_with_replacement(sorted(types), 5)][:50]
    page = decision_page(1, 1, pays, 0, "en", NAMES, "h", hand=hand)
    (select,) = page.rows
    assert isinstance(select, SelectSpec) and len(select.options) <= 25
    values = {v for _, v in select.options}
    assert {f"coin.{k}" for k in range(1, 6)} <= values
    assert {f"{t}.1" for t in types} <= values
    assert all(len(label) <= 100 and len(v) <= 100 for label, v in select.options)


def test_antigone_sizes_and_the_empty_offer_as_a_button() -> None:
    hand = {"coin": 3, "metal": 3, "grain": 3}
    legal = [{"kind": "make_offer", "player": "rome", "resources": list(c)}
             for n in range(0, 4) for c in combinations_with_replacement(sorted(hand), n)]
    page = decision_page(1, 1, legal, 0, "en", NAMES, "h", hand=hand)
    select, buttons = page.rows
    assert isinstance(select, SelectSpec) and (select.min_values, select.max_values) == (1, 3)
    assert isinstance(buttons, list) and [b.custom_id for b in buttons] == [
        f"mn:1:v1:a0.{digest(legal[0])}"]


def test_a_payment_is_composed_and_cancel_stays_a_button() -> None:
    s = _payment_scenario(["rome", "greece", "carthage"])
    legal = _legal(s)
    hand = s.state.hands["rome"]
    page = decision_page(1, 7, legal, 0, "fr", NAMES, "h", hand=hand)
    select, buttons = page.rows
    assert isinstance(select, SelectSpec) and (select.min_values, select.max_values) == (3, 3)
    assert "paiement" in select.placeholder
    assert isinstance(buttons, list) and all(isinstance(b, ButtonSpec) for b in buttons)
    assert [legal[int(b.custom_id.split(":a")[1].split(".")[0])]["kind"] for b in buttons] == [
        "cancel_purchase"]
    assert any(label.endswith("★") for label, _ in select.options)


def test_a_few_offers_stay_buttons() -> None:
    legal = [{"kind": "make_offer", "player": "rome", "resources": [r]}
             for r in ("coin", "metal", "grain")]
    page = decision_page(1, 1, legal, 0, "en", NAMES, "h", hand={"coin": 1, "metal": 1,
                                                                "grain": 1})
    assert len(page.rows) == 1 and isinstance(page.rows[0], list)


# --- through Discord ---------------------------------------------------------------------------
async def _game_at(h: Harness, arrange: Any) -> tuple[int, Sent]:
    """A started 3-player game moved to `arrange`'s state; Rome's player and his /mn play."""
    iid = await h.command(1, "new", players=3)
    lobby = h.api.responses(iid)[0]
    for user in (2, 3):
        await h.click(user, lobby, "mn:1:lobby:join")
    await h.click(1, lobby, "mn:1:lobby:start")
    service = h.bot.service
    record = await service.game(1)
    s = arrange(list(service.state_of(record).players))
    record.snapshot = engine.to_json(s.state)
    await h.bot.storage.save_game(record, record.version)
    service._states.pop(1, None)
    record = await service.game(1)
    rome = record.user_of("rome")
    assert rome is not None
    seats = {str(p.seat): p.user for p in record.players}
    await h.bot.notifier.ask(record, ["rome"], seats, NAMES)  # his page by DM too
    iid = await h.command(rome, "play", game=1)
    (page,) = h.api.responses(iid)
    return rome, page


def _compose_id(page: Sent) -> str:
    (cid,) = [c for c in page.custom_ids() if re.search(r":c[01]$", c)]
    return cid


def _only_private(h: Harness) -> None:
    """A compose page lists the hand: only ever in a DM or an ephemeral reply."""
    composed = [m for m in h.api.messages.values()
                if any(re.search(r":c[01]$", c) for c in m.custom_ids())]
    assert composed
    thread = h.api.thread_of(CHANNEL)
    for m in composed:
        assert m.channel_id in h.api.dm_channels or m.ephemeral
        assert m.channel_id != thread


async def test_composing_an_offer_through_discord(h: Harness) -> None:
    rome, page = await _game_at(h, _offer_scenario)
    assert page.ephemeral
    cid = _compose_id(page)
    comp = page.component(cid)
    assert (comp["min_values"], comp["max_values"]) == (4, 4) and len(comp["options"]) == 12
    _only_private(h)
    before = len(await h.bot.storage.actions(1))
    await h.click(rome, page, cid, values=["metal.2", "grain.3", "coin.1", "metal.1"])
    log = await h.bot.storage.actions(1)
    assert len(log) == before + 1
    assert log[-1].action["kind"] == "make_offer"
    assert log[-1].action["resources"] == ["coin", "grain", "metal", "metal"]
    assert page.content.startswith("✓")
    _only_private(h)


async def test_a_large_offer_is_composed_in_two_steps(h: Harness) -> None:
    def big(players: list[str]) -> Scenario:
        s = _offer_scenario(players)
        s.hand("rome", coin=4, metal=4, grain=4, wine=4, wood=4, marble=4, oil=4, gold=4)
        return s

    rome, page = await _game_at(h, big)
    comp = page.component(_compose_id(page))
    assert all("." not in o["value"] for o in comp["options"])
    await h.click(rome, page, _compose_id(page), values=["oil", "wine"])
    (cid,) = [c for c in page.custom_ids() if c.endswith(":c1")]
    assert "mn:1:v" in cid and any(c.endswith(":p0") for c in page.custom_ids())
    assert len(page.component(cid)["options"]) == 8
    await h.click(rome, page, cid, values=["wine.1", "oil.1", "oil.2", "wine.2"])
    log = await h.bot.storage.actions(1)
    assert [a.action["resources"] for a in log] == [["oil", "oil", "wine", "wine"]]
    _only_private(h)


async def test_composing_a_payment_and_a_refused_set(h: Harness) -> None:
    rome, page = await _game_at(h, _payment_scenario)
    cid = _compose_id(page)
    assert page.component(cid)["min_values"] == 3
    # Not all coins, not all different commodities: the engine refuses, in his language.
    iid = await h.click(rome, page, cid, values=["coin.1", "grain.1", "grain.2"])
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and refusal.content == "That payment does not match the cost."
    iid = await h.click(rome, page, cid, values=["coin.1", "coin.2", "metal.1"],
                        locale="fr")
    (refusal,) = h.api.responses(iid)
    assert refusal.content == "Ce paiement ne correspond pas au coût."
    assert await h.bot.storage.actions(1) == [] and cid in page.custom_ids()
    # The same page is still usable: three different commodities are paid.
    await h.click(rome, page, cid, values=["wine.1", "grain.1", "metal.1"])
    log = await h.bot.storage.actions(1)
    assert [a.action for a in log] == [
        {"kind": "pay", "player": "rome", "resources": ["grain", "metal", "wine"]}]
    assert h.bot.service.state_of(await h.bot.service.game(1)).hands["rome"].get("wine", 0) == 0
    _only_private(h)
