"""The Military phase's changes in the Mythology (004 l.252–320; aid §B.9; checklist D.2
MM-01, MM-03, MM-04)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology.blockade import PassBlockade
from bot.games.mare_nostrum.modules.mythology.creature_moves import MoveCreatures
from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003, March
from bot.games.mare_nostrum.rulesets.mn2003.pieces import covered
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub

from .army_helpers import act, creatures, legal, prompt_of, put, to_land_step, to_military


def test_mm01_sea_moves_and_fights_strictly_before_land_moves() -> None:
    """«il doit impérativement terminer les mouvements (et combats éventuels) maritimes avant
    de passer aux déplacements terrestres» (004 l.253); «Ensuite, le joueur déplace ses
    légions et ses créatures mythologiques» (l.258)."""
    state = to_military(4, "rome")
    put(state, "latium", "rome")
    assert state.military is not None and state.military.step == "sea_moves"
    assert not any(isinstance(a, MoveCreatures) for a in legal(state, "rome"))
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply(state, MoveCreatures("rome", "latium", "gallia", 1))
    assert err.value.code == "creature_cannot_reach" and engine.to_json(state) == before
    to_land_step(state, "rome")
    assert MoveCreatures("rome", "latium", "gallia", 1) in legal(state, "rome")
    # Back to the sea is over for this turn: no sail, no sea battle.
    assert all(a.kind != "sail_trireme" for a in legal(state, "rome"))


def test_mm03_the_greek_may_attack_the_fleet_of_a_convoy_into_a_greek_province(
    dice: Callable[..., None],
) -> None:
    """004 l.288–290: «Le Grec, et lui seul, peut, après qu'un autre joueur a annoncé son
    intention de convoyer des troupes dans une province sous influence grecque, attaquer les
    flottes de ce joueur (…). Après les combats, le joueur peut convoyer normalement partout
    où il lui reste une chaîne ininterrompue de trirèmes.»"""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 2}
    state.triremes["hadriaticum"] = {"rome": 1, "greece": 1}
    to_land_step(state, "rome")
    assert state.influence["macedonia"] == "greece"
    events = act(state, March("rome", "latium", "macedonia", 2))
    assert any(e.kind == "blockade_announced" for e in events)
    blockade = prompt_of(state, "blockade")
    assert blockade.player == "greece"
    assert set(legal(state, "greece")) == {
        Battle("greece", "hadriaticum", "rome"),
        PassBlockade("greece"),
    }
    assert not legal(state, "rome")  # the convoy waits for the Greek
    dice([5], [1])
    events = act(state, Battle("greece", "hadriaticum", "rome"))
    # The chain is broken: the move is dropped, the legions stay and the turn goes on.
    assert any(e.kind == "convoy_broken" for e in events)
    assert state.legions["latium"] == {"rome": 2} and "macedonia" not in state.legions
    assert prompt_of(state, "military_turn").player == "rome"
    assert state.triremes["hadriaticum"] == {"greece": 1}


def test_mm03_after_the_blockade_an_unbroken_chain_convoys() -> None:
    """«Après les combats, le joueur peut convoyer normalement partout où il lui reste une
    chaîne ininterrompue de trirèmes»; the Greek may let it pass."""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 2}
    state.triremes["hadriaticum"] = {"rome": 1, "greece": 1}
    to_land_step(state, "rome")
    act(state, March("rome", "latium", "macedonia", 2))
    act(state, PassBlockade("greece"))
    assert state.legions["macedonia"] == {"rome": 2}
    assert "macedonia" in sub(state).contested


def test_mm03_no_blockade_by_land_elsewhere_or_without_a_greek_fleet() -> None:
    """«Le Grec, et lui seul (…) dans n'importe quelles cases maritimes où le convoyage a
    lieu»: a move by a border, or a convoy whose seas hold no Greek trireme, goes at once."""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 2}
    state.triremes["hadriaticum"] = {"rome": 1}
    state.triremes["aegaeum"] = {"greece": 1}
    to_land_step(state, "rome")
    events = act(state, March("rome", "latium", "macedonia", 1))
    assert not any(e.kind == "blockade_announced" for e in events)
    assert state.legions["macedonia"] == {"rome": 1}


def test_mm04_a_creature_occupies_and_converts(dice: Callable[..., None]) -> None:
    """«L'occupation: Il place ses unités sur les constructions (1 unité par construction)»;
    «La conversion: Il place une de ses unités sur le pion influence du propriétaire»
    (004 l.308–313): any unit, a creature included."""
    state = to_military(4, "rome")
    put(state, "phazania", "rome")
    to_land_step(state, "rome")
    act(state, MoveCreatures("rome", "phazania", "numidia", 1))
    act(state, EndTurn("rome"))
    options = legal(state, "rome")
    assert Conquer2003("rome", "numidia", "occupy") in options
    assert Conquer2003("rome", "numidia", "convert") in options
    act(state, Conquer2003("rome", "numidia", "occupy"))
    occupier, cover = covered(state, "numidia")
    assert occupier == "rome" and len(cover) == 1
    assert creatures(state).at["numidia"] == {"rome": 1}
