"""The 2003 free set-up through Discord (issue 17, S-07; docs/mn2003.md §5): each player's
waves are decision pages (DM or `/mn play`), one after the other in the drawn order; every
wave is reachable and its page readable (the wave, the points left, each purchase with its
price), to the end of the set-up; every payload watched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.i18n import t
from tests.discord.watch import answer_on, next_owed, watched_game

USERS = (1, 2, 3)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_s07_every_wave_of_the_free_start_is_a_readable_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    """003 l.220–222 / C-7: «ils choisissent eux-mêmes» — 4 waves of 9 points each, in the
    drawn order; the page of each wave names it and its points."""
    lang = "fr" if locale == "fr" else "en"
    waves: set[tuple[str, int]] = set()
    async with watched_game(tmp_path, monkeypatch, 17, USERS, ruleset="2003", start="free") as (
        h,
        api,
    ):
        for _ in range(200):
            owed = await next_owed(h)
            assert owed is not None
            state, engine, seat, user = owed
            if state.phase != "start":
                break
            assert [p.kind for p in state.prompts if p.player == seat] == ["free_start"]
            free = state.substates["mn2003"].free
            waves.add((seat, int(free["wave"])))
            legal = engine.legal_actions(state, seat)
            iid = await h.command(user, "play", game=1, locale=locale)
            (page,) = h.api.responses(iid)
            assert page.ephemeral and len(page.content) <= 2000
            line = t(
                "mn.mn2003.free_wave",
                lang,
                wave=free["wave"],
                waves=4,
                points=free["points"],
                prices="",
            ).split("(")[0]
            assert line in page.content, page.content
            labels = json.dumps(page.components, ensure_ascii=False)
            assert "mn2003." not in labels and "Mn2003" not in labels, labels  # card names
            # Buy what the page offers first (then end the wave when nothing else is left).
            action = legal[0]
            found = answer_on(page, 0, action.to_dict())
            assert found is not None, page.content
            await h.click(user, page, found[0], values=found[1])
        assert state.phase == "trade"  # the set-up over, round 1's Trade
    assert {w for _s, w in waves} == {1, 2, 3, 4}
    assert len(waves) == 12  # every player's every wave had its page
    assert api.checked > 0 and not api.refused
