"""Embeds (issue 13): "embeds for turn pages, status and the game summary", from the
presenters' output, in the seats' colours, within Discord's limits."""

from __future__ import annotations

from bot.adapters.mare_nostrum.present import PRESENTER
from bot.adapters.neptun.present import PRESENTER as NEPTUN
from bot.embeds import DEFAULT_COLOUR, TOTAL, embed, size, status_colour
from bot.games.mare_nostrum import ENGINE, view
from tests.discord.harness import Harness
from tests.discord.test_flow import _started


def test_an_embed_keeps_within_every_limit() -> None:
    fields = [{"name": "n" * 300, "value": "v" * 2000} for _ in range(40)]
    card = embed("t" * 300, "d" * 5000, footer="f" * 3000)
    assert len(card["title"]) == 256 and len(card["description"]) == 4096
    assert len(card["footer"]["text"]) == 2048 and "fields" not in card
    card = embed("t", "d" * 1000, fields=fields)  # the fields that fit the 6,000
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in card["fields"])
    assert size(card) <= TOTAL and len(card["fields"]) == 3
    assert card["color"] == DEFAULT_COLOUR
    assert embed("x", fields=[{"name": "", "value": ""}])["fields"][0]["value"] == "\u200b"


def test_turn_headings_and_colours_come_from_the_presenters() -> None:
    state, _ = ENGINE.new_game(["rome", "greece", "carthage"], {}, seed=3)
    seen = dict(view(state, None))
    assert PRESENTER.page_heading(seen, "en", PRESENTER.names(seen)) == ("Round 1 · Trade", None)
    seen["build"] = {"current": "greece"}
    seen["phase"] = "build"
    assert PRESENTER.page_heading(seen, "fr", PRESENTER.names(seen, "fr")) == (
        "Tour 1 · Achats — au tour de Grèce",
        "greece",
    )
    assert PRESENTER.seat_colour(seen, "rome") == 0xC8281E
    assert PRESENTER.seat_colour(seen, "greece") == 0x288737
    assert NEPTUN.seat_colour({}, "blue") == 0x2D5FCD and NEPTUN.seat_colour({}, "x") is None
    # A card's colour: the one seat awaited, else the bot's own.
    seen["pending"] = [{"player": "greece", "kind": "build_turn"}]
    assert status_colour(seen, PRESENTER) == 0x288737
    seen["pending"] = [{"player": "greece", "kind": "x"}, {"player": "rome", "kind": "x"}]
    assert status_colour(seen, PRESENTER) is None


async def test_a_new_thread_page_opens_with_its_heading_card(h: Harness) -> None:
    """Each page of the thread carries a card: the round, the phase (and whose turn), with the
    board picture inside when the page opens with one; the page's lines stay its text."""
    _, thread = await _started(h)
    pages = [m for m in h.api.in_channel(thread) if m.embeds]
    assert pages, [m.content for m in h.api.in_channel(thread)]
    (card,) = pages[0].embeds
    assert card["title"] == "Round 1 · Trade"
    if pages[0].files:
        assert card["image"]["url"] == f"attachment://{pages[0].files[0]}"
    assert "Waiting for" in pages[0].content
    iid = await h.command(99, "status", channel=thread)
    (status,) = h.api.responses(iid)
    (card,) = status.embeds
    assert card["title"] == "Game #1 — Mare Nostrum: Empires" and status.content == ""
    assert "Waiting for:" in card["description"]
    assert not h.api.refused


def test_neptuns_ending_table_says_points_gold_and_temples() -> None:
    """Through Neptun's presenter: each merchant's points (GAME-01), gold and temples, and how
    the game ended (GAME-02, on points)."""
    from bot.endings import ending_embed
    from bot.games.neptun import ENGINE as NEPTUN_ENGINE

    seats = ["red", "green", "blue"]
    state, _ = NEPTUN_ENGINE.new_game(seats, {}, seed=5)
    for _ in range(5000):
        if NEPTUN_ENGINE.is_over(state):
            break
        seat = next(
            p.player
            for p in NEPTUN_ENGINE.owed(state)
            if NEPTUN_ENGINE.legal_actions(state, p.player)
        )
        state, _ = NEPTUN_ENGINE.apply(state, NEPTUN_ENGINE.legal_actions(state, seat)[0])
    assert NEPTUN_ENGINE.is_over(state)
    seen = NEPTUN_ENGINE.view(state, None)
    for lang, words in (
        ("en", ("points", "gold", "Temples: ")),
        ("fr", ("points", "or", "Temples : ")),
    ):
        card = ending_embed(7, "Neptun", seen, {"red": 1, "green": 2, "blue": -1}, NEPTUN, lang)
        assert [f["name"].removeprefix("👑 ") for f in card["fields"]] == [
            NEPTUN.seat_name(s, lang) for s in seats
        ]
        for f in card["fields"]:
            assert all(w in f["value"] for w in words), f
        assert ("on points" if lang == "en" else "aux points") in card["description"]
        assert size(card) <= TOTAL
    assert card["color"] == NEPTUN.seat_colour(seen, seen["winners"][0])
