"""Undo in the engine (rulings §13): "a player may take back his own last action only while it
revealed no hidden information and no other player has acted since." The engine says what
revealed something (the kit's `undoable`): no draw, no dice, no reveal."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.state import GameState

from .builder import THREE
from .test_playouts import choose


def _steps(seed: int, limit: int = 3000) -> list[tuple[GameState, Action, bool]]:
    """A seeded random game: (state before, action, undoable) for every action."""
    rnd = random.Random(seed)
    state, _ = engine.new_game(THREE, seed=seed)
    out: list[tuple[GameState, Action, bool]] = []
    for _ in range(limit):
        if state.over:
            break
        player = sorted({p.player for p in engine.owed(state)})[0]
        action = choose(rnd, engine.legal_actions(state, player))
        out.append((state, action, engine.undoable(state, action)))
        state, _ = engine.apply(state, action)
    return out


def test_undo_only_while_it_revealed_no_hidden_information() -> None:
    """"only while it revealed no hidden information": an action that drew (dice, a draw
    pile), told another player something privately, or opened the sealed offers is never
    undoable; the others are."""
    allowed: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for before, action, ok in _steps(3):
        after, events = engine.apply(before, action)
        drew = after.rng_counter != before.rng_counter
        told = any(e.audience is not None and set(e.audience) - {action.player}
                   for e in events)
        revealed = any(e.kind == "offers_revealed" for e in events)
        assert ok == (not (drew or told or revealed or after.over)), \
            (action, drew, told, revealed)
        (allowed if ok else refused)[action.kind] += 1
    # A move on the board, a purchase started and a sealed offer before the last are
    # undoable; battles (dice) are not.
    assert allowed["move"] and allowed["buy"] and allowed["make_offer"]
    assert refused["battle"] and refused["make_offer"]



def test_an_action_that_ends_the_game_is_final() -> None:
    """An answer that ends the game (a title awarded at Claims, the last payment of a
    winning purchase) revealed nothing hidden, but the ending is announced to everyone and
    the game closed: it is never undoable (our decision, docs/engine.md and docs/discord.md)."""
    kinds: set[str] = set()
    for seed in (0, 3):
        before, action, ok = _steps(seed)[-1]
        after, events = engine.apply(before, action)
        assert after.over and after.rng_counter == before.rng_counter
        assert not any(e.audience is not None and set(e.audience) - {action.player}
                       for e in events)
        assert not ok, action
        kinds.add(action.kind)
    assert kinds == {"pay", "award_title"}
