"""A conqueror beaten in a battle whose other side still chooses its casualties (found by the
100-seed playouts: Atlantis + Troia at 6 players, seed 34). Rules 4.3/4.5: the conqueror
«keeps his status only while he alone has units there»; the engine reviews it once the
battle's casualties are all taken (battles._finish_battle), so while the other side chooses,
the loser still holds his marker — a state of the battle, not an error — and the marker is
released as soon as the choice is made."""

from __future__ import annotations

import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.invariants import check_invariants
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent
from bot.games.mare_nostrum.setup import empires_for
from bot.games.mare_nostrum.state import GameState

from ..test_playouts import _reject_illegal, choose

MODULES = ("atlantis", "troia")
SEED = 34
SIEGE_SHIPS_PLAYED = 1508  # the action after which Atlantis's last legion in Achaea is lost


def _to_the_battle() -> GameState:
    """The playout's own random calls up to the Siege Ships played in Achaea's battle."""
    players = empires_for(6, "empires", MODULES)
    rnd = random.Random(SEED)
    state, _ = engine.new_game(players, {"modules": list(MODULES)}, SEED)
    for n in range(SIEGE_SHIPS_PLAYED + 1):
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = choose(rnd, engine.legal_actions(state, player))
        if n % 25 == 0:
            _reject_illegal(state, rnd, players, player)
        engine.apply_in_place(state, action)
    assert action == PlayEvent("atlantis", "troia.siege_ships", "", False)
    return state


def test_a_beaten_conqueror_keeps_his_marker_until_the_battle_is_settled() -> None:
    """4.3: «il conserve ce statut tant qu'il est le seul à avoir des unités» — reviewed
    after the battle: with Greece still choosing its casualties, Atlantis (no unit left in
    Achaea) still occupies its marker and no invariant fails; once Greece has chosen, the
    marker is released and Atlantis is no longer Achaea's conqueror."""
    state = _to_the_battle()
    assert state.conquerors.get("achaea") == "atlantis"
    assert "atlantis" not in state.legions.get("achaea", {})
    assert [(p.kind, p.player) for p in state.prompts] == [("casualties", "greece")]
    assert not check_invariants(state)

    events = engine.apply_in_place(state, engine.legal_actions(state, "greece")[0])

    assert "achaea" not in state.conquerors or state.conquerors["achaea"] != "atlantis"
    assert "atlantis" not in state.occupant.get("achaea", [])
    lost = [e.data for e in events if e.kind == "conqueror_lost"]
    assert {"player": "atlantis", "province": "achaea", "reason": "defeated"} in lost
    assert not check_invariants(state)
