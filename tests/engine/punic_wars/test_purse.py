"""Atlas 7.3 « Phase Achats »: the gold kept for the barbarians (rulings G5)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import EndTurn
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.state import GameState

from .scenario import act, new, play_until


def _build_turn(seed: int) -> tuple[GameState, str]:
    state = play_until(new(seed), lambda s: any(p.kind == "build_turn" for p in engine.owed(s)),
                       seed)
    player = next(p.player for p in engine.owed(state) if p.kind == "build_turn")
    return state, player


def test_stocker_2_jetons_or_en_plus_des_2_impots() -> None:
    """« À la fin de cette Phase, les joueurs peuvent stocker 2 jetons Bien Or en plus des 2
    jetons Impôt habituels. »"""
    state, player = _build_turn(11)
    state.hands[player] = {"coin": 3, "gold": 3, "grain": 1}
    state = act(state, EndTurn(player))
    assert punic(state).purse[player] == {"gold": 2}
    assert state.hands[player] == {"coin": 2}  # the third gold and the grain discarded
    view = engine.view(state, None)["substates"]["punic_wars"]
    assert view["purse"][player] == {"gold": 2}


def test_l_or_est_defausse_a_la_fin_de_la_phase_militaire() -> None:
    """« Ces jetons Or seront défaussés à la fin de la Phase Militaire car ils ne peuvent
    servir qu'à payer les Barbares pour leurs déplacements. »"""
    state, player = _build_turn(12)
    state.hands[player] = {"gold": 2}
    state = act(state, EndTurn(player))
    kept = dict(punic(state).purse[player])
    assert kept == {"gold": 2}
    # Still there through the Military phase, gone once it ends.
    state = play_until(state, lambda s: s.phase == "military", 12)
    assert punic(state).purse[player] == kept
    state = play_until(state, lambda s: s.phase == "claims", 12)
    assert punic(state).purse[player] == {}
