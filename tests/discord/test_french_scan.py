"""Issue 13, "Complete French": « a test scans every message and picture label of a full game
in French for English words from the catalog's English side ». Seeded games of every hosted
game, opened, joined and played in French through the fake Discord (every command and click
with a French locale); every message, embed, button, menu option and placeholder sent, and
every text drawn on a picture (`rendering.core.text.recording`), must hold no word that only
the English side of the catalog uses."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.ai import make_player
from bot.catalog import catalog
from rendering.core.text import recording
from rendering.mare_nostrum import board_image
from rendering.neptun import board as neptun_board
from tests.discord.harness import FakeAPI, Harness, Sent
from tests.discord.test_full_game import _compose
from tests.discord.watch import answer_on, next_owed

FR = "fr"
WORD = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
# Proper names spelt alike in both languages but absent from the French side of the catalog
# (none so far: names come from the catalog, where both sides hold them).
ALLOWED: frozenset[str] = frozenset()
# The payload fields a person reads (a select option's "value" and the custom ids are not).
READ = ("content", "label", "placeholder", "title", "description", "text", "name")


@cache
def english_only() -> frozenset[str]:
    """The words of the catalog's English side that its French side never uses."""

    def words(lang: str) -> set[str]:
        return {w.lower() for text in catalog(lang).values()
                for w in WORD.findall(PLACEHOLDER.sub(" ", text))}

    return frozenset(words("en") - words(FR) - {w.lower() for w in ALLOWED})


def read_texts(payload: Any) -> Iterator[str]:
    """What a person reads of a payload: contents, embeds, labels, placeholders, options."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in READ and isinstance(value, str):
                yield value
            elif key == "fields" and isinstance(value, list):  # embed fields: name and value
                for f in value:
                    yield from (str(f.get("name", "")), str(f.get("value", "")))
            else:
                yield from read_texts(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from read_texts(item)


class Reading(FakeAPI):
    """Keeps what each message-like request would show (not the commands' sync)."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []

    def handle(self, method: str, path: str, payload: Any, files: list[str]) -> Any:
        if re.match(r"/(channels|interactions|webhooks)/", path):
            self.read.extend(read_texts(payload))
        return super().handle(method, path, payload, files)


def english_in(texts: list[str]) -> dict[str, str]:
    """English word -> the first line holding it."""
    english = english_only()
    found: dict[str, str] = {}
    for text in texts:
        for line in re.sub(r"<[@#:][^>]*>", " ", text).splitlines():
            for word in WORD.findall(line):
                if word.lower() in english:
                    found.setdefault(word, line)
    return found


async def _choose_kinds(h: Harness, user: int, page: Sent, action: dict[str, Any]) -> None:
    """An offer from a hand too large for one select: its kinds of tokens first."""
    for custom_id in page.custom_ids():
        comp = page.component(custom_id)
        if custom_id.endswith(":c0") and all("." not in o["value"] for o in comp["options"]):
            kinds = sorted(set(action.get("resources") or ()))
            if action["kind"] == "make_offer" and kinds:
                await h.click(user, page, custom_id, values=kinds, locale=FR)
            return


def _find(page: Sent, index: int, action: dict[str, Any]) -> tuple[str, list[str] | None] | None:
    composed = _compose(page, action)
    if composed is not None:
        return composed
    return answer_on(page, index, action)


async def _play(h: Harness, game_id: str) -> int:
    """Play game #1 to its end like the standard AIs, each answer clicked in French on the
    player's /mn play page; the number of answers clicked."""
    ais: dict[str, Any] = {}
    for clicked in range(5000):
        owed = await next_owed(h)
        if owed is None:
            return clicked
        state, engine, seat, user = owed
        legal = engine.legal_actions(state, seat)
        ai = ais.setdefault(seat, make_player("standard", len(ais) + 1, game_id))
        action = ai.choose(engine.view(state, seat), legal)
        chosen = action.to_dict()
        iid = await h.command(user, "play", game=1, locale=FR)
        (page,) = h.api.responses(iid)
        await _choose_kinds(h, user, page, chosen)
        found = _find(page, legal.index(action), chosen)
        while found is None:  # turn the pages forward
            nav = [c for c in page.custom_ids() if re.search(r":p\d+$", c)]
            assert nav, f"{chosen} not on the page"
            await h.click(user, page, max(nav, key=lambda c: int(c.rsplit("p", 1)[1])),
                          locale=FR)
            found = _find(page, legal.index(action), chosen)
        await h.click(user, page, found[0], values=found[1], locale=FR)
    raise AssertionError("the game did not end")


# (game, players, options of /mn new, seed)
GAMES = [
    ("mare_nostrum", 3, {}, 11),
    ("mare_nostrum", 4, {}, 12),
    ("mare_nostrum", 5, {}, 13),
    ("mare_nostrum", 4, {"modules": "atlantis"}, 14),
    ("neptun", 3, {"game": "neptun"}, 19),
]


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), GAMES)
async def test_a_french_game_says_no_english_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int,
    options: dict[str, Any], seed: int,
) -> None:
    rng = random.Random(seed)
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    board_image.static_map.cache_clear()  # drawn again, so that their words are read
    neptun_board.static_layer.cache_clear()
    api = Reading()
    users = tuple(range(1, players + 1))
    with recording() as drawn:
        async with Harness(tmp_path / "games.sqlite3", api) as h:
            iid = await h.command(users[0], "new", players=players, language=FR, locale=FR,
                                  **options)
            lobby = api.responses(iid)[0]
            for user in users[1:]:
                await h.click(user, lobby, "mn:1:lobby:join", locale=FR)
            await h.click(users[0], lobby, "mn:1:lobby:start", locale=FR)
            assert (await h.bot.service.game(1)).status == "active"
            clicked = await _play(h, game_id)
            record = await h.bot.service.game(1)
            assert record.status == "over" and clicked > 100
            for user in users[:2]:  # the read-only commands too
                for sub in ("status", "screen", "board", "log"):
                    await h.command(user, sub, game=1, locale=FR)
    assert len(api.read) > 500 and len(drawn) > 500
    messages = english_in(api.read)
    pictures = english_in(drawn)
    assert not messages and not pictures, "\n".join(
        [*(f"message: {w}: {line}" for w, line in messages.items()),
         *(f"picture: {w}: {line}" for w, line in pictures.items())])


def test_the_scan_finds_english() -> None:
    """The scan does catch an English word (and not a French one, nor a proper name)."""
    assert english_in(["x\nGreece choisit Greece"]) == {"Greece": "Greece choisit Greece"}
    assert english_in(["Titres : Military Leader"])
    assert not english_in(["La Grèce choisit Rome <@12> <t:1:R>"])
