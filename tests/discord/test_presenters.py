"""Pure presenters against Discord's limits: 2000 characters a message, 25 options a select,
5 rows of 5 buttons, custom_id ≤ 100, labels ≤ 80 (buttons) / 100 (options)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.adapters.mare_nostrum.present import status_text
from bot.games.mare_nostrum import Event
from bot.presenters import (
    ButtonSpec,
    Page,
    SelectSpec,
    action_label,
    decision_page,
    digest,
    lobby_text,
    pack,
    private_messages,
    prompt_context,
    public_messages,
)
from cogs.ui import DecisionItem

NAMES = {"rome": "Rome", "greece": "Greece"}


def _moves(n: int) -> list[dict[str, Any]]:
    return [{"kind": "move", "player": "rome", "unit": "legion", "source": f"area_{i}",
             "target": f"area_{i + 1}"} for i in range(n)]


def _check_limits(page: Page) -> None:
    assert len(page.content) <= 2000
    assert len(page.rows) <= 5
    template = DecisionItem.__discord_ui_compiled_template__
    for row in page.rows:
        if isinstance(row, SelectSpec):
            assert 1 <= len(row.options) <= 25 and len(row.placeholder) <= 150
            assert len(row.custom_id) <= 100 and re.fullmatch(template, row.custom_id)
            for label, value in row.options:
                assert 1 <= len(label) <= 100 and len(value) <= 100
        else:
            assert 1 <= len(row) <= 5
            for b in row:
                assert isinstance(b, ButtonSpec)
                assert len(b.custom_id) <= 100 and re.fullmatch(template, b.custom_id)
                assert 1 <= len(b.label) <= 80


@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 25, 26, 99, 100, 126, 400])
def test_decision_pages_fit_discord(n: int) -> None:
    actions = [*_moves(n), {"kind": "end_turn", "player": "rome"}]
    seen: set[int] = set()
    first = decision_page(12345678, 987654, actions, 0, "en", NAMES, "header")
    for p in range(first.pages):
        page = decision_page(12345678, 987654, actions, p, "fr", NAMES, "header")
        _check_limits(page)
        for row in page.rows:
            if isinstance(row, SelectSpec):
                seen |= {int(v.split(".")[0]) for _, v in row.options}
            else:
                seen |= {int(b.custom_id.rsplit(":", 1)[1][1:].split(".")[0]) for b in row
                         if b.custom_id.rsplit(":", 1)[1].startswith("a")}
    assert seen == set(range(len(actions))), "every legal action is reachable"


def test_few_actions_are_buttons_many_are_selects_by_kind() -> None:
    two = [{"kind": "choose_production", "player": "rome", "province": "sicilia",
            "choice": c} for c in ("coin", "legendary")]
    page = decision_page(1, 2, two, 0, "en", NAMES)
    assert [[b.label for b in row] for row in page.rows if isinstance(row, list)] == [
        ["Sicilia: coin", "Sicilia: legendary commodity"]]
    many = [*_moves(30), {"kind": "end_turn", "player": "rome"}]
    page = decision_page(1, 2, many, 0, "en", NAMES)
    assert isinstance(page.rows[0], list) and page.rows[0][0].label == "End my turn"
    assert [len(r.options) for r in page.rows if isinstance(r, SelectSpec)] == [25, 5]
    assert page.pages == 1


def test_custom_ids_name_index_and_digest() -> None:
    actions = _moves(2)
    page = decision_page(7, 3, actions, 0, "en", NAMES)
    row = page.rows[0]
    assert isinstance(row, list)  # a row of buttons
    first = row[0]
    assert isinstance(first, ButtonSpec)
    assert first.custom_id == f"mn:7:v3:a0.{digest(actions[0])}"
    assert digest(actions[0]) != digest(actions[1])


def test_labels_in_both_languages() -> None:
    move = _moves(1)[0]
    assert action_label(move, "en", NAMES) == "Move legion: Area 0 → Area 1"
    assert action_label(move, "fr", NAMES).startswith("Déplacer")
    assert action_label({"kind": "future_kind", "x": 1}, "en", NAMES) == "Future kind: 1"
    long = {"kind": "make_offer", "player": "rome", "resources": ["grain"] * 100}
    assert len(action_label(long, "en", NAMES)) <= 100
    assert action_label({"kind": "make_offer", "hidden": True}, "en", NAMES) == "Sealed offer"
    peace = {"kind": "declare_peace", "player": "rome"}
    assert action_label({**peace, "ally": ""}, "fr", NAMES) == "Pas de paix ce tour-ci"
    assert action_label({**peace, "ally": "greece"}, "en", NAMES) == "Peace with Greece"


def test_public_messages_never_carry_hidden_events() -> None:
    events = [Event("production", {"player": "rome", "count": 3}),
              Event("produced", {"player": "rome", "resources": ["grain*", "coin"]}, ("rome",)),
              Event("brand_new_event", {"player": "greece"})]
    public = "\n".join(public_messages(events, "en", NAMES))
    assert "Rome produces 3 resource(s)." in public and "grain ★" not in public
    assert "Brand new event" in public
    private = private_messages(events, {"rome": "fr"}, NAMES)
    assert list(private) == ["rome"] and "céréale ★" in private["rome"][0]


def test_pack_respects_the_message_limit() -> None:
    lines = ["x" * 300] * 20 + ["y" * 5000]
    out = pack(lines)
    assert all(len(m) <= 2000 for m in out)
    assert sum(m.count("x" * 300) for m in out) == 20


def test_lobby_and_status_texts() -> None:
    text = lobby_text(3, 11, 4, 24.0, "fr", [11, 12], "fr", name="Mare Nostrum : Empires")
    assert "partie n°3" in text and "<@11>, <@12>" in text and "(2/4)" in text
    view = {"players": ["rome", "greece"], "empires": {"rome": {"name": "Rome"},
                                                       "greece": {"name": "Greece"}},
            "round": 2, "phase": "trade", "pending": [{"kind": "trade_offer",
                                                       "player": "greece"}]}
    status = status_text(3, view, {"rome": 11, "greece": 12}, "en")
    assert "round 2, phase Trade" in status and "Waiting for: Greece" in status
    assert len(status) <= 2000


def test_prompt_context_shows_only_named_facts() -> None:
    prompts = [{"kind": "build_payment", "data": {"item": "legion", "cost": 3, "secret": 1}},
               {"kind": "trade_offer", "data": {"amount": 5, "answered": True}}]
    assert prompt_context(prompts, "fr", NAMES) == ["• paiement — achat : légion · coût : 3"]
    assert prompt_context([{"kind": "new_kind", "data": {"x": 1}}], "en", NAMES) == []


def test_build_summary_lists_the_turn_and_what_ending_it_keeps() -> None:
    """Issue 4: « a clear summary before ending the turn » — for the builder only."""
    from bot.adapters.mare_nostrum.present import build_summary, empire_names
    from bot.games.mare_nostrum.actions import Buy, ChooseNext, Pay
    from bot.games.mare_nostrum.view import view
    from tests.engine.builder import Scenario

    s = Scenario()
    s.hand("greece", coin=5, grain=1, wine=2)
    s.enter("build")
    s.act(ChooseNext("egypt", "greece"))
    s.act(Buy("greece", "trireme", "aegaeum"))
    s.act(Pay("greece", ("coin", "coin", "coin")))
    mine = view(s.state, "greece")
    en = build_summary(mine, "en", empire_names(mine))
    assert "trireme" in en[0] and "Aegaeum" in en[0]
    assert "keeps 2 coin(s)" in en[1] and "3 commodity" in en[1]
    assert "trirème" in build_summary(mine, "fr", empire_names(mine))[0]
    assert build_summary(view(s.state, "rome"), "en", {}) == []  # not his turn: nothing
    assert build_summary(view(s.state, None), "en", {}) == []  # spectators: nothing
