"""Issue 13's measure: the same seeded 3-player game through the harness, counted — thread
messages, board pictures, DMs per player and Discord requests per accepted action — against
the issue's limits. The payload watch (no hidden information in public) runs throughout."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.ai import make_player
from tests.discord.harness import CHANNEL, Harness
from tests.discord.test_full_game import USERS, _play_one
from tests.discord.watch import WatchedAPI, start_game
from tests.discord.watch import record_private_events as _record_private_events

BOARD = "mare-nostrum-1.png"


class CountingAPI(WatchedAPI):
    """Also counts the board pictures uploaded (posted or by an edit)."""

    def __init__(self) -> None:
        super().__init__()
        self.pictures = 0

    def handle(self, method: str, path: str, payload: Any, files: list[str]) -> Any:
        answer = super().handle(method, path, payload, files)
        self.pictures += sum(1 for f in files if f == BOARD)
        return answer


async def _counted_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                        ) -> tuple[CountingAPI, int, int]:
    """Play the seeded game to its end; (the API, accepted actions, requests while playing)."""
    rng = random.Random(11)  # the full-game test's seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = CountingAPI()
    _record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS)
        record = await h.bot.service.game(1)
        ais = {str(s.seat): make_player("standard", i) for i, s in enumerate(record.players)}
        requests_before = len(api.log)
        for _ in range(2000):
            if await _play_one(h, ais) is None:
                break
        record = await h.bot.service.game(1)
        assert record.status == "over"
        actions = len(await h.bot.storage.actions(1))
        # The bot's own requests: the answers to the driver's interactions (its /mn play and
        # its click, two per action here where a player clicking his DM page makes one) are
        # not counted.
        pushed = [path for _, path, _ in api.log[requests_before:]
                  if not path.startswith(("/interactions/", "/webhooks/"))]
        return api, actions, len(pushed)


async def test_a_seeded_game_stays_within_the_quiet_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: « at most 110 thread messages, at most 80 board pictures, at most 30 DMs per
    player, and at most 1.5 Discord requests per accepted action on average » (the requests
    counted without the answers to the interactions, see `_counted_game`). The DMs: one
    decision page per player and thread page, edited as his next decisions on that page come;
    private lines open his next page instead of a DM of their own; measured 26/24/24 (43/38/42
    before)."""
    api, actions, requests = await _counted_game(tmp_path, monkeypatch)
    thread = api.thread_of(CHANNEL)
    posted = api.in_channel(thread)
    dms = {user: len(api.dms(user)) for user in USERS}
    print(f"\nactions={actions} thread={len(posted)} pictures={api.pictures} dms={dms} "
          f"requests={requests} per action={requests / actions:.2f}")
    assert actions > 250  # a whole game
    assert len(posted) <= 110
    assert api.pictures <= 80
    assert all(n <= 30 for n in dms.values()), dms
    assert requests / actions <= 1.5



def test_a_purchase_is_announced_once() -> None:
    """Issue 13: « each purchase is announced twice ("buys", then "places") » — no more."""
    from bot.adapters.mare_nostrum.present import PRESENTER
    from bot.games.core.events import Event

    names = {"rome": "Rome"}
    bought = dict(player="rome", item="market", target="italia", cost=6)
    events = [Event("purchase_started", bought),
              Event("placed", {**bought, "slot": 0}),
              Event("placed", {**bought, "target": "gallia", "slot": -1})]  # not bought here
    lines = PRESENTER.thread_lines(events, "en", names)
    assert len(lines) == 2 and "buys" in lines[0] and "Gallia" in lines[1]


def test_only_board_changes_bring_a_picture() -> None:
    """Issue 13: « a board picture is attached to every public event even when nothing on the
    board changed ("has sealed an offer", "ends the step") »."""
    from bot.adapters.mare_nostrum.present import PRESENTER

    assert not PRESENTER.changes_board("offer_sealed")
    assert not PRESENTER.changes_board("military_step_ended")
    assert PRESENTER.changes_board("placed") and PRESENTER.changes_board("moved")


def test_heroes_and_titles_keep_their_names() -> None:
    """Issue 13: « "Castor pollux" beside "Castor & Pollux" », « "Titles: Military" »."""
    from bot.adapters.mare_nostrum.present import PRESENTER, screen_text

    label = PRESENTER.action_label({"kind": "buy", "item": "hw", "target": "castor_pollux"},
                                   "en", {})
    assert "Castor & Pollux" in label
    french = PRESENTER.action_label({"kind": "buy", "item": "hw", "target": "hanging_gardens"},
                                    "fr", {})
    assert "Jardins suspendus" in french and "Hanging" not in french
    view = {"viewer": "rome", "empires": {"rome": {}}, "titles": {"military": "rome"}}
    assert "Military Leader" in screen_text(1, view, "en")
