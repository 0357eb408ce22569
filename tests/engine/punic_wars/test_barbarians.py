"""Atlas 7.4 « Phase Militaire »: the barbarians hired, their triremes, their battles and their
pillage (rulings G6–G9)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, ChooseCasualties, EndTurn
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.punic_wars.actions import (
    BarbarianPillage,
    FightBarbarians,
    HireBarbarian,
)
from bot.games.mare_nostrum.modules.punic_wars.barbarians import barbarian_reach
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.state import GameState

from .scenario import act, military_turn, owes


def _refused(state: GameState, action: HireBarbarian | FightBarbarians | EndTurn,
             code: str) -> None:
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply(state, action)
    assert err.value.code == code
    assert engine.to_json(state) == before


def test_deplacer_des_unites_barbares_en_payant_1_impot_ou_1_or_par_unite() -> None:
    """« Le joueur actif peut déplacer des Unités barbares en payant 1 Impôt ou 1 jeton Or par
    Unité qu'il déplace. »"""
    state = military_turn(31, "rome", "sea_moves")
    part = punic(state)
    part.triremes = {"ionium": 1, "aegaeum": 1, "pontus": 1}
    state.hands["rome"] = {"coin": 1}
    part.purse["rome"] = {"gold": 1}
    target = next(s for s in sorted(state.board.seas["ionium"].seas)
                  if s not in part.triremes and not state.triremes.get(s, {}).get("rome"))
    legal = engine.legal_actions(state, "rome")
    assert HireBarbarian("rome", "trireme", "ionium", target, "coin") in legal
    assert HireBarbarian("rome", "trireme", "ionium", target, "gold") in legal
    state = act(state, HireBarbarian("rome", "trireme", "ionium", target, "coin"))
    part = punic(state)
    assert state.hands["rome"].get("coin", 0) == 0
    assert part.triremes.get(target) == 1 and "ionium" not in part.triremes
    # Each unit moves once a turn: the one just moved stays (G6).
    _refused(state, HireBarbarian("rome", "trireme", target, "ionium", "gold"),
             "no_barbarian_unit")
    # His coin spent, only his purse's gold pays.
    hires = [a for a in engine.legal_actions(state, "rome") if isinstance(a, HireBarbarian)]
    assert hires and {a.token for a in hires} == {"gold"}
    _refused(state, HireBarbarian("rome", "trireme", "pontus", "aegaeum", "coin"),
             "barbarian_payment")
    state = act(state, HireBarbarian("rome", "trireme", "pontus", "aegaeum", "gold"))
    assert punic(state).purse["rome"] == {}
    assert punic(state).triremes.get("pontus") is None
    # Nothing left to pay with: no hire is offered.
    assert not [a for a in engine.legal_actions(state, "rome") if isinstance(a, HireBarbarian)]


def test_les_barbares_n_entrent_pas_chez_le_joueur_actif() -> None:
    """G7: the active player may not move barbarians into an area holding his own units."""
    state = military_turn(32, "carthage", "land_moves")
    punic(state).legions = {"macedonia": 8}
    state.hands["carthage"] = {"coin": 2}
    state.legions.setdefault("thracia", {})["carthage"] = 1
    _refused(state, HireBarbarian("carthage", "legion", "macedonia", "thracia", "coin"),
             "barbarians_into_own_units")


def test_les_trirèmes_barbares_ne_peuvent_jamais_attaquer_ou_etre_attaquees() -> None:
    """« Les Trirèmes barbares ne peuvent jamais attaquer ou être attaquées. Les joueurs
    peuvent uniquement les déplacer (en payant le coût) ou les utiliser pour transporter des
    Légions barbares. »"""
    state = military_turn(33, "rome", "sea_moves")
    state.triremes.setdefault("ionium", {})["rome"] = 2
    state = act(state, EndTurn("rome"))  # to the sea battles: none with the barbarians
    assert not [a for a in engine.legal_actions(state, "rome")
                if isinstance(a, Battle) and a.area == "ionium"]
    assert punic(state).triremes["ionium"] == 1
    # Their triremes carry barbarian legions: macedonia to italia through Mare Ionium.
    assert "italia" in barbarian_reach(state, "legion", "macedonia")
    punic(state).triremes = {}
    assert "italia" not in barbarian_reach(state, "legion", "macedonia")


def _hired_attack(seed: int) -> GameState:
    """Carthage hires 4 barbarian legions from Macedonia into Italia (through the barbarian
    trireme of Mare Ionium), where Rome has 1 legion and two caravans; then his battles."""
    state = military_turn(seed, "carthage", "land_moves")
    part = punic(state)
    part.legions, part.triremes = {"macedonia": 6, "thracia": 2}, {"ionium": 1}
    state.legions["italia"] = {"rome": 1}
    state.hands["carthage"] = {"coin": 4}
    for _ in range(4):
        state = act(state, HireBarbarian("carthage", "legion", "macedonia", "italia", "coin"))
    assert punic(state).legions["italia"] == 4 and state.hands["carthage"] == {}
    return act(state, EndTurn("carthage"))


def test_les_unites_barbares_se_battent_comme_les_unites_des_joueurs() -> None:
    """« Les Unités barbares se battent comme les Unités des joueurs. » A battle is owed where
    barbarians he hired meet his opponent (G7): one die per legion."""
    state = _hired_attack(34)
    assert FightBarbarians("carthage", "italia") in engine.legal_actions(state, "carthage")
    _refused(state, EndTurn("carthage"), "battle_owed")
    _refused(state, FightBarbarians("carthage", "libya"), "no_barbarian_battle")
    state, events = engine.apply(state, FightBarbarians("carthage", "italia"))
    battle = next(e for e in events if e.kind == "barbarian_battle")
    rome, barbarians = battle.data["sides"]
    assert rome["player"] == "rome" and barbarians["player"] == "barbarians"
    assert len(barbarians["dice"]) == 4 and len(rome["dice"]) == 1
    assert barbarians["hits"] == sum(barbarians["dice"]) // 5


def test_si_elles_remportent_un_combat_elles_peuvent_uniquement_piller_un_batiment() -> None:
    """« si elles remportent un combat, elles peuvent uniquement Piller un Bâtiment (MN 4.3.1)
    au choix du joueur actif. Le joueur actif retire alors le marqueur Bâtiment concerné et
    récupère pour son compte la Ressource pillée. »"""
    for seed in range(35, 60):
        state = act(_hired_attack(seed), FightBarbarians("carthage", "italia"))
        if owes(state, "carthage", "barbarian_pillage"):
            break
    else:
        raise AssertionError("the barbarians never won")
    assert not state.legions.get("italia", {}).get("rome")
    legal = engine.legal_actions(state, "carthage")
    assert BarbarianPillage("carthage", "italia", -1) in legal
    slot = next(i for i, built in enumerate(state.built["italia"]) if built)
    commodity = state.board.provinces["italia"].slots[slot].commodity
    assert commodity
    had = state.hands["carthage"].get(commodity, 0)
    state = act(state, BarbarianPillage("carthage", "italia", slot))
    assert not state.built["italia"][slot]
    assert state.hands["carthage"][commodity] == had + 1
    assert not owes(state, "carthage", "barbarian_pillage")  # only one building


def test_une_victoire_barbare_en_defense_ne_donne_rien() -> None:
    """G8: barbarians attacked by the active player's legions give no pillage when they win;
    their casualties are chosen by the player not fighting them (G7)."""
    chosen = 0
    for seed in range(60, 90):
        state = military_turn(seed, "rome", "land_moves")
        punic(state).legions = {"achaea": 4, "macedonia": 2, "thracia": 2}
        state.legions["achaea"] = {"rome": 3}
        state = act(state, EndTurn("rome"))
        state = act(state, FightBarbarians("rome", "achaea"))
        if owes(state, "carthage", "barbarian_casualties"):
            legal = engine.legal_actions(state, "carthage")
            assert all(isinstance(a, ChooseCasualties) for a in legal) and len(legal) == 2
            state = act(state, legal[1])  # one legion less, and the fortress
            assert "achaea" not in punic(state).fortresses
            chosen += 1
        assert not owes(state, "rome", "barbarian_pillage")
        assert not owes(state, "carthage", "barbarian_pillage")
    assert chosen
