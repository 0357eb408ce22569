"""Seeded random-legal games with the Legendary City modules to a victory: the invariants and
the JSON round trip after every action (tests/engine/test_playouts.py's `play`), the action
log replayed to the same state, and no leak of a hand or a draft pick in any public event or
in another player's view. `LEGENDS_SEEDS` sets how many seeds per combination (the suite's
default is small; 100+ for a report)."""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.modules.legends import data
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent
from bot.games.mare_nostrum.modules.legends.state import legends
from bot.games.mare_nostrum.setup import empires_for
from bot.games.mare_nostrum.state import GameState

from ..builder import FIVE, THREE
from ..test_playouts import choose, play

SEEDS = int(os.environ.get("LEGENDS_SEEDS", "2"))
# A played card, leftovers face up, a card taken back from the face-up discard (Ajax...).
PUBLIC_CARDS = {"event_played", "draft_discarded", "event_retrieved"}
COMBOS = {
    "troia": ["troia"],
    "ierusalem": ["ierusalem"],
    "syracusae": ["syracusae"],
    "all": ["troia", "ierusalem", "syracusae"],
}


def _names_a_card(value: Any) -> bool:
    text = str(value)
    return any(f"{city}." in text for city in data.cities())


def leaks(state: GameState, events: list[Any]) -> list[str]:
    """What a public event or a view shows of a hand or a draft pick that it should not."""
    out = [
        f"public {e.kind}: {e.data}"
        for e in events
        if e.audience is None and e.kind not in PUBLIC_CARDS and _names_a_card(e.data)
    ]
    out += [
        f"private {e.kind} to {e.audience}"
        for e in events
        if e.audience is not None
        and e.kind in ("draft_cards", "event_kept")
        and len(e.audience) != 1
    ]
    leg = legends(state)
    for viewer in [None, *state.players]:
        view: dict[str, Any] = copy.deepcopy(dict(engine.view(state, viewer)))
        part: dict[str, Any] = view["substates"]["legends"]
        own = part.pop("hand")
        assert own == (leg.hands[viewer] if viewer else None)
        draft = part.get("draft")
        if draft is not None:
            held = draft.pop("cards")
            assert held is None or viewer == draft["holder"]
        part.pop("discards")
        part.pop("effects")
        view.pop("my_prompts")
        if _names_a_card(view):
            out.append(f"view of {viewer} names a card")
    return out


def card_player(rnd: random.Random, legal: list[Action]) -> Action:
    """Random, but a card is played whenever one may be."""
    cards = [a for a in legal if isinstance(a, PlayEvent)]
    return rnd.choice(cards) if cards else choose(rnd, legal)


# Two cities, and each city and all three with Atlantis at six players.
MIXED = [
    (("troia", "ierusalem"), 4),
    (("atlantis", "troia", "ierusalem", "syracusae"), 6),
    (("atlantis", "troia"), 6),
    (("atlantis", "ierusalem"), 6),
    (("atlantis", "syracusae"), 6),
]


@pytest.mark.parametrize(("modules", "count"), MIXED, ids=[f"{'+'.join(m)}-{n}" for m, n in MIXED])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_mixed_playout_to_a_victory_and_replay(
    modules: tuple[str, ...], count: int, seed: int
) -> None:
    options = {"modules": list(modules)}
    players = empires_for(count, "empires", modules)
    state, log = play(players, seed, options=options, deep_every=25)
    assert state.over
    again = engine.replay(players, options, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)


@pytest.mark.parametrize("combo", sorted(COMBOS))
@pytest.mark.parametrize("players", [THREE, FIVE], ids=["3p", "5p"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_legends_playout_to_a_victory_replay_and_no_leak(
    combo: str, players: list[str], seed: int
) -> None:
    options = {"modules": COMBOS[combo]}
    state, log = play(players, seed, options=options, deep_every=25)
    again = engine.replay(players, options, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)
    # The leak check, replaying with every action's events.
    check, _ = engine.new_game(players, options, seed)
    for n, action in enumerate(log):
        events = engine.apply_in_place(check, action)
        if n % 7 == 0 or any(e.kind.startswith(("draft", "event")) for e in events):
            assert not leaks(check, events), (n, action, leaks(check, events))


def test_every_martial_card_is_played_in_some_game() -> None:
    """Games where the players play every card they may: each Martial card and the Decoy
    pair are played (and the invariants hold)."""
    played: set[str] = set()
    decoys = False
    for seed in range(12):
        _state, log = play(
            FIVE, 500 + seed, options={"modules": ["troia"]}, policy=card_player, deep_every=50
        )
        for a in log:
            if isinstance(a, PlayEvent):
                played.add(data.split(a.card)[1])
                decoys = decoys or a.decoys
        if played >= set(data.raw()["cards"]["troia"]) - {"decoy"} and decoys:
            break
    assert played >= set(data.raw()["cards"]["troia"]) - {"decoy"}, played
    assert decoys
