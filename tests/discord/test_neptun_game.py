"""Issue 19's proof in Discord: a seeded 3-player Neptun game chosen in the lobby and played to
its end through its own `/neptun contract …` and `/neptun voyage …` slash commands
(autocompleted) and the decision pages' buttons and menus, with a restart of the bot on the
same database in the middle and a deadline firing there. Every payload is checked as it is
sent: no public one (thread, channel, non-ephemeral reply) and no other player's DM holds a
hand of oar cards, a sealed oar card or a private event's text; the board picture is drawn
from the spectator's view only."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.adapters.neptun.present import PRESENTER, oar, word
from bot.registry import game
from bot.service import GameService
from rendering.neptun import Pictures
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.discord.watch import WatchedAPI, answer_on, next_owed

USERS = (1, 2, 3)
RARE = {"reveal_contract", "extra_turn"}  # always answered by their slash command


class NeptunWatch(WatchedAPI):
    """The payload watch with Neptun's secrets: each hand of oar cards and each sealed card
    in the words of the owner's screen, and the private events' texts."""

    def secret_lines(self) -> dict[str, set[str]]:
        out = self.unrevealed()
        state = self.state()
        if state is None:
            return out
        for player, hand in state.hands.items():
            for lang in ("en", "fr"):
                cards = ", ".join(oar(c, lang) for c in hand)
                if hand:
                    out.setdefault(word("screen.hand", lang, cards=cards), set()).add(player)
                if len(hand) >= 2:  # the hand itself, in any wording around it
                    out.setdefault(cards, set()).add(player)
        for player, card in state.chosen.items():
            for lang in ("en", "fr"):
                line = word("screen.chosen", lang, card=oar(card, lang))
                out.setdefault(line, set()).add(player)
        return out


def _watch(api: NeptunWatch, monkeypatch: pytest.MonkeyPatch) -> list[Mapping[str, Any]]:
    """Record every event's text in Neptun's words (public or private to its audience), the
    seats from the start; return the views the board picture is drawn from."""
    real_apply, real_start = GameService._apply, GameService.start

    async def apply(self: GameService, record: Any, answers: Any) -> Any:
        outcome = await real_apply(self, record, answers)
        view = self.game_of(outcome.game).engine.view(self.state_of(outcome.game), None)
        for e in outcome.events:
            for lang in ("en", "fr"):
                text = PRESENTER.event_text(e.kind, e.data, lang, PRESENTER.names(view, lang))
                if e.audience is None:
                    api.public_texts.add(text)
                else:
                    api.secrets.setdefault(text, set()).update(e.audience)
        return outcome

    async def start(self: GameService, game_id: int, user_id: int) -> Any:
        outcome = await real_start(self, game_id, user_id)
        api.seats = {s.user: str(s.seat) for s in outcome.game.players}
        return outcome

    boards: list[Mapping[str, Any]] = []
    real_board = Pictures.board

    def board(self: Pictures, view: Mapping[str, Any], **kw: Any) -> bytes:
        boards.append(view)
        return real_board(self, view, **kw)

    monkeypatch.setattr(GameService, "_apply", apply)
    monkeypatch.setattr(GameService, "start", start)
    monkeypatch.setattr(Pictures, "board", board)
    return boards


def _find(page: Sent, index: int, action: dict[str, Any]) -> tuple[str, list[str] | None]:
    """The button or menu option of the index-th legal answer on a decision page."""
    found = answer_on(page, index, action)
    if found is not None:
        return found
    raise AssertionError(f"{action} not on the page: {page.content}")


class Players:
    """Each seat chooses like Neptun's standard AI (seeded) and answers through Discord: by
    slash command for some answers, else by the button or menu of its /mn play page."""

    def __init__(self) -> None:
        self.ai: dict[str, Any] = {}
        self.by_command: dict[str, int] = {}
        self.count = 0

    async def one(self, h: Harness) -> bool:
        owed = await next_owed(h)
        if owed is None:
            return False
        state, engine, seat, user = owed
        legal = engine.legal_actions(state, seat)
        level = game("neptun").ai_levels["standard"]
        ai = self.ai.setdefault(seat, level(len(self.ai) + 1))
        action = ai.choose(engine.view(state, seat), legal)
        chosen = action.to_dict()
        before = len(await h.bot.storage.actions(1))
        self.count += 1
        # Every 4th answer by command (every 8th from a French client, which sends the same
        # English names), and each rare kind of answer (turning a contract, the extra turn).
        typed = self.count % 4 == 0 or chosen["kind"] in RARE
        locale = "fr" if self.count % 8 == 0 else "en-US"
        if typed and await self._command(h, user, chosen, engine.view(state, seat), locale):
            self.by_command[chosen["kind"]] = self.by_command.get(chosen["kind"], 0) + 1
        else:
            iid = await h.command(user, "play", game=1)
            (page,) = h.api.responses(iid)
            assert page.ephemeral and len(page.components) <= 5 and len(page.content) <= 2000
            custom_id, values = _find(page, legal.index(action), chosen)
            await h.click(user, page, custom_id, values=values)
        assert len(await h.bot.storage.actions(1)) == before + 1, chosen
        return True

    async def _command(self, h: Harness, user: int, action: dict[str, Any],
                       view: Mapping[str, Any], locale: str) -> bool:
        """Answer by slash command, its option picked from the autocomplete."""
        kind = action["kind"]
        here: dict[str, Any] = {"game": 1, "locale": locale}
        if kind == "take_contract":
            take = "/neptun contract take"
            offered = await h.autocomplete(user, take, "contract", "", **here)
            assert action["index"] + 1 in [c["value"] for c in offered]
            iid = await h.command(user, take, contract=action["index"] + 1,
                                  slot=action["slot"] + 1, **here)
        elif kind == "reveal_contract":
            iid = await h.command(user, "/neptun contract turn", **here)
        elif kind == "play_oar":
            offered = await h.autocomplete(user, "/neptun voyage oar", "card", "", **here)
            hand = [int(c["card"]) for c in view["hand"]]
            assert {c["value"] for c in offered} == set(hand)
            iid = await h.command(user, "/neptun voyage oar", card=action["card"], **here)
        elif kind == "sail":
            offered = await h.autocomplete(user, "/neptun voyage sail", "to", "", **here)
            mine = next(c for c in offered if c["value"] == action["to"])
            assert re.search(r"\(\d+ mill?es", mine["name"]), mine  # its miles (and gold)
            iid = await h.command(user, "/neptun voyage sail", to=action["to"], **here)
        elif kind == "deliver":
            iid = await h.command(user, "/neptun voyage deliver", contract=action["slot"] + 1,
                                  buy=bool(action.get("buy")), **here)
        elif kind == "end_voyage":
            iid = await h.command(user, "/neptun voyage stay", **here)
        elif kind == "extra_turn":
            iid = await h.command(user, "/neptun voyage extra", accept=bool(action["accept"]),
                                  **here)
        else:
            return False
        (reply,) = h.api.responses(iid)[:1]
        assert reply.ephemeral and reply.content.startswith("✓"), reply.content
        return True


async def test_a_neptun_game_through_discord_with_a_restart_and_a_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(19)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    db = tmp_path / "games.sqlite3"
    api = NeptunWatch()
    boards = _watch(api, monkeypatch)
    players = Players()
    async with Harness(db, api) as first:
        api.service = first.bot.service
        offered = await first.autocomplete(1, "new", "game", "", players=3)
        assert {"name": "Neptun", "value": "neptun"} in offered
        iid = await first.command(1, "new", players=3, game="neptun")
        lobby = api.responses(iid)[0]
        assert "Neptun" in lobby.content
        seats = [o["label"] for o in lobby.component("mn:1:lobby:seat")["options"]][1:]
        assert seats[:3] == ["Red", "Green", "Purple"]
        for user in USERS[1:]:
            await first.click(user, lobby, "mn:1:lobby:join")
        await first.click(1, lobby, "mn:1:lobby:start")
        record = await first.bot.service.game(1)
        assert (record.game, record.status) == ("neptun", "active")
        thread = api.thread_of(CHANNEL)
        text = "\n".join(m.content for m in api.in_channel(thread))
        assert "Neptun starts:" in text and "Round A: Contracts." in text

        # Out of its phase, a command says where the game is and what he owes.
        owed = await next_owed(first)
        assert owed is not None
        iid = await first.command(owed[3], "/neptun voyage sail", game=1, to="roma")
        (reply,) = api.responses(iid)
        assert reply.ephemeral
        assert reply.content == ("Game #1 is in the Contracts phase; you owe: Pick a "
                                 "contract.")
        iid = await first.command(owed[3], "/neptun voyage oar", game=1, card=1, locale="fr")
        assert api.responses(iid)[0].content.startswith(
            "La partie n°1 est en phase Contrats ; vous devez : Choisir un contrat")

        # The `game:` option offers his games of Neptun (the bot's one game option, cogs/choose).
        offered = await first.autocomplete(owed[3], "/neptun voyage sail", "game", "")
        assert offered == [{"name": "#1 Neptun · Contracts · your turn", "value": 1}]
        offered = await first.autocomplete(owed[3], "/neptun contract turn", "game", "",
                                           locale="fr")
        assert offered[0]["name"].startswith("#1 Neptun · Contrats · ")

        # Round A by commands and buttons.
        while first.bot.service.state_of(await first.bot.service.game(1)).round == 1:
            assert await players.one(first)
        assert players.by_command.get("take_contract") and players.by_command.get("play_oar")

    # A new process on the same database: the game goes on; a deadline passes there.
    async with Harness(db, api) as second:
        api.service = second.bot.service
        due = await second.bot.service.deadline_of(1)
        assert due is not None
        second.bot.service.clock = lambda: due + 1
        await second.cog().tick()
        text = "\n".join(m.content for m in api.in_channel(thread))
        assert "the default answer was applied for" in text
        iid = await second.command(1, "status", game=1)
        status = api.responses(iid)[0].text
        assert "Séquence:" in status and "manifest:" in status
        for _ in range(2000):
            if not await players.one(second):
                break
        record = await second.bot.service.game(1)
        assert record.status == "over"
        assert await second.bot.service.verify(1)
        winners = second.bot.service.state_of(record).winners

    posted = api.in_channel(thread)
    text = "\n".join(m.content for m in posted)
    names = {"red": "Red", "green": "Green", "purple": "Purple"}
    assert "Game over — winner(s):" in text and all(names[w] in text for w in winners)
    assert "Round C: Voyages." in text and "Oar cards:" in text
    assert sum(1 for m in posted if any(f.endswith(".png") for f in m.files)) >= 10
    # Every command of /neptun contract and /neptun voyage answered at least once.
    assert set(players.by_command) == {"take_contract", "reveal_contract", "play_oar", "sail",
                                       "deliver", "end_voyage", "extra_turn"}
    # Pictures: drawn from the spectator's view (no hand, no sealed card in their input).
    assert boards and all(v.get("viewer") is None and "hand" not in v and "chosen" not in v
                          for v in boards)
    for user, seat in api.seats.items():
        # His sealed card each ordinary turn (5 a round), told to him alone: by DM, or on the
        # page of his own click (the quiet thread's rule for the actor's own private lines).
        dms = "\n".join(m.content for m in [*api.dms(user), *api.replies_to(user)])
        assert dms.count("You play oar") >= 15, seat
    assert api.checked > 300 and len(api.secrets) >= 8  # the oar cards chosen, in 2 languages
    # The watch does catch a hand in the thread.
    with pytest.raises(AssertionError):
        api.handle("POST", f"/channels/{thread}/messages",
                   {"content": "oops " + next(iter(api.secret_lines()))}, [])
