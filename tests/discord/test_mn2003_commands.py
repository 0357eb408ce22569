"""The 2003 ruleset's phase commands (issue 17, "Bot, picture and AI"; docs/mn2003.md §5):
`/mn trade amount`, `/mn construction …`, `/mn military sail|march|losses|conquest` read
their options from the legal actions; a refusal changes nothing and is told in the user's
language; a command of the other ruleset's phase says which phase the game is in; the status
shows the role cards, hand sizes (never their cards) and the neutral civilisations."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import error_text, t
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.discord.test_slash_game_mn2003 import choose
from tests.discord.watch import watched_game

USERS = (1, 2, 3)
Until = Callable[[str, list[dict[str, Any]]], bool]


@pytest.fixture
async def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    """Game #1, 2003 ruleset, predetermined start, every payload watched."""
    async with watched_game(tmp_path, monkeypatch, 7, USERS, ruleset="2003") as (harness, api):
        yield harness
        assert api.checked > 0 and not api.refused


async def _advance(h: Harness, until: Until, limit: int = 400) -> tuple[str, int]:
    """Answer through the service (no Discord) until an owed player's legal actions satisfy
    `until`: (his seat, his user)."""
    service = h.bot.service
    for _ in range(limit):
        record = await service.game(1)
        engine = service.game_of(record).engine
        state = service.state_of(record)
        owed = sorted(
            p for p in service.owed_players(record, state) if engine.legal_actions(state, p)
        )
        for seat in owed:
            legal = [a.to_dict() for a in engine.legal_actions(state, seat)]
            if until(seat, legal):
                user = record.user_of(seat)
                assert user is not None
                return seat, user
        seat = owed[0]
        user = record.user_of(seat)
        assert user is not None
        action = choose(state, seat, engine.legal_actions(state, seat)).to_dict()
        await service.submit(1, user, action, record.version)
    raise AssertionError("position not reached")


def _kinds(*kinds: str) -> Until:
    return lambda seat, legal: any(a["kind"] in kinds for a in legal)


async def _legal(h: Harness, seat: str) -> list[dict[str, Any]]:
    record = await h.bot.service.game(1)
    engine = h.bot.service.game_of(record).engine
    return [a.to_dict() for a in engine.legal_actions(h.bot.service.state_of(record), seat)]


async def _saved(h: Harness) -> tuple[int, int]:
    return len(await h.bot.storage.actions(1)), (await h.bot.service.game(1)).version


def _reply(h: Harness, iid: int) -> Sent:
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral, reply.content
    return reply


def _values(choices: list[dict[str, Any]]) -> list[Any]:
    return [c["value"] for c in choices]


async def test_t04_the_trade_leader_names_the_amount_by_command(h: Harness) -> None:
    """003 l.266: «Chaque joueur doit poser devant lui, face cachée, le nombre de cartes que
    le Maître du commerce a indiqué» — `/mn trade amount number:`, 0 cancelling (C-12)."""
    leader, user = await _advance(h, _kinds("name_amount"))
    legal = await _legal(h, leader)
    amounts = await h.autocomplete(user, "trade amount", "number", "")
    assert _values(amounts) == [str(a["amount"]) for a in legal if a["kind"] == "name_amount"]
    before = await _saved(h)
    other = next(u for u in USERS if u != user)
    iid = await h.command(other, "trade amount", number="0")
    assert "/mn trade amount answers none of the decisions you owe now" in _reply(h, iid).content
    most = max(a["amount"] for a in legal if a["kind"] == "name_amount")
    for locale, lang in (("en-US", "en"), ("fr", "fr")):  # more than any hand: the engine's no
        iid = await h.command(user, "trade amount", number="99", locale=locale)
        assert _reply(h, iid).content == t("mn.error.bad_trade_amount", lang, max=most)
    assert await _saved(h) == before
    iid = await h.command(user, "trade amount", number="0")
    assert _reply(h, iid).content.startswith("✓")
    assert (await _saved(h))[0] == before[0] + 1


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_2003_command_out_of_its_phase_says_where_the_game_is(
    h: Harness, locale: str
) -> None:
    _leader, user = await _advance(h, _kinds("name_amount"))
    lang = "fr" if locale == "fr" else "en"
    before = await _saved(h)
    for command in (
        "construction buy",
        "construction end",
        "military sail",
        "military march",
        "military losses",
        "military conquest",
    ):
        required: dict[str, dict[str, Any]] = {
            "construction buy": {"item": "x"},
            "military sail": {"from": "x", "to": "y"},
            "military march": {"from": "x", "to": "y"},
            "military losses": {"legions": "1"},
            "military conquest": {"province": "x", "choice": "sack"},
        }
        iid = await h.command(user, command, locale=locale, **required.get(command, {}))
        text = _reply(h, iid).content
        assert text.startswith(t("mn.phasecmd.out_of_phase", lang).split("{")[0]), text
        group = command.split()[0]
        assert t("mn.phase.trade", lang) in text and t(f"mn.phase.{group}", lang) in text
        assert t("mn.prompt.trade_amount", lang) in text  # what he owes now
        amount = f"/mn {t('name.trade', lang)} {t('name.amount', lang)}"
        assert amount in text, text
    assert await _saved(h) == before


async def test_an_empires_command_in_a_2003_game_names_its_phase(h: Harness) -> None:
    """`/mn build buy` is the Empires Build phase's: in a 2003 construction phase it says so
    and names the 2003 commands that answer."""
    _builder, user = await _advance(h, _kinds("buy"))
    before = await _saved(h)
    iid = await h.command(user, "build buy", item="legion")
    text = _reply(h, iid).content
    assert "in its Construction phase" in text and "/mn build buy is for the Build phase" in text
    assert "/mn construction buy" in text and "/mn construction end" in text
    assert await h.autocomplete(user, "build buy", "item", "") == []
    assert await _saved(h) == before


async def test_bd01_construction_buy_and_pay_by_command_refusals_in_french(h: Harness) -> None:
    """003 l.287: «La valeur d'une combinaison est équivalente au nombre de cartes qui la
    composent. Elle détermine la construction que peut [acheter]» — the purchase, then its
    payment, by `/mn construction buy` and `/mn construction pay`."""
    builder, user = await _advance(h, _kinds("buy"))
    legal = await _legal(h, builder)
    buys = [a for a in legal if a["kind"] == "buy"]
    items = await h.autocomplete(user, "construction buy", "item", "")
    assert _values(items) == list(dict.fromkeys(a["item"] for a in buys))[:25]
    before = await _saved(h)
    # A forged place: the engine's refusal, in French, and nothing saved.
    iid = await h.command(
        user, "construction buy", locale="fr", item=buys[0]["item"], where="atlantis"
    )
    assert _reply(h, iid).content == error_text("unknown_area", "fr")  # «Province ou mer inconnue.»
    assert await _saved(h) == before
    buy = buys[0]
    where = buy["target"] + (f".{buy['slot']}" if buy["slot"] >= 0 else "") or "-"
    iid = await h.command(user, "construction buy", item=buy["item"], where=where)
    assert _reply(h, iid).content.startswith("✓"), _reply(h, iid).content
    pays = await h.autocomplete(user, "construction pay", "resources", "")
    legal = await _legal(h, builder)
    assert pays and set(_values(pays)) <= {
        ",".join(a["resources"]) or "-" for a in legal if a["kind"] == "pay"
    }
    iid = await h.command(user, "construction pay", resources=pays[0]["value"])
    assert _reply(h, iid).content.startswith("✓")


async def test_a_card_is_bought_by_its_name(h: Harness) -> None:
    """A card's id has a dot of its own (`mn2003.agamemnon`): its place reads and labels as
    the card."""
    seat, user = await _advance(
        h,
        lambda s, legal: any(
            a["kind"] == "buy" and str(a["target"]).startswith("mn2003.") for a in legal
        ),
    )
    cards = [
        a
        for a in await _legal(h, seat)
        if a["kind"] == "buy" and str(a["target"]).startswith("mn2003.")
    ]
    places = await h.autocomplete(user, "construction buy", "where", "", item=cards[0]["item"])
    assert cards[0]["target"] in _values(places)
    label = next(c["name"] for c in places if c["value"] == cards[0]["target"])
    assert "mn2003" not in label and "space" not in label, label
    iid = await h.command(user, "construction buy", item=cards[0]["item"], where=cards[0]["target"])
    assert _reply(h, iid).content.startswith("✓")


async def test_r06_the_status_shows_the_role_cards_and_hand_sizes_not_hands(h: Harness) -> None:
    """004 l.198–199: «Le nombre de cartes de chaque joueur doit-il être connu ? Oui»; 003
    l.247: «un joueur va jouer un rôle privilégié symbolisé par une carte»."""
    await _advance(h, _kinds("buy"))
    thread = h.api.thread_of(CHANNEL)
    record = await h.bot.service.game(1)
    state = h.bot.service.state_of(record)
    for locale, words in (
        ("en-US", ("Role cards: ", "Trade Leader: ", "Cards in hand: ")),
        ("fr", ("Cartes de rôle : ", "Maître du Commerce : ", "Cartes en main : ")),
    ):
        iid = await h.command(99, "status", channel=thread, locale=locale)
        (status,) = h.api.responses(iid)
        (card,) = status.embeds
        text = card["description"] + "".join(f["value"] for f in card.get("fields", []))
        for word in words:
            assert word in text, text
    sizes = {p: sum(state.hands[p].values()) for p in state.players}
    assert any(sizes.values())  # the watch saw every hand: none was shown
