"""2003 Military phase (003 l.306–346; checklist D.1 M-01 … M-17)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, ChooseNext, EndTurn
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003, LoseUnits, March, Sail

from .helpers import act, legal, part, prompt_of, to_construction, to_land_step, to_military


def test_m01_the_chef_militaire_names_who_plays_next() -> None:
    """«Chef militaire: … Détermine l'ordre du tour pendant la phase militaire»."""
    state = to_construction(4)
    while state.phase == "construction":
        p = state.prompts[0]
        act(
            state,
            legal(state, p.player)[-1]
            if p.kind == "construction_turn"
            else ChooseNext(p.player, p.data["remaining"][0]),
        )
    order = prompt_of(state, "military_order")
    assert order.player == "rome" and set(order.data["remaining"]) == set(state.players)


def test_m02_triremes_move_first_one_step_and_a_new_one_must_sail() -> None:
    """003 l.313–316: «Elles vont de la province où elles ont été construites à une mer
    adjacente, ou, si elles sont déjà en mer, jusqu'à une mer adjacente»; 004 l.265–268:
    «elle doit obligatoirement prendre la mer à sa première phase de mouvement»."""
    state = to_military(4, "rome")
    part(state).docked["latium"] = {"rome": 1}
    options = legal(state, "rome")
    assert EndTurn("rome") not in options
    assert set(options) == {
        Sail("rome", "latium", "tyrrhenum"),
        Sail("rome", "latium", "hadriaticum"),
    }
    act(state, Sail("rome", "latium", "tyrrhenum"))
    assert state.triremes["tyrrhenum"] == {"rome": 1}
    # One step per turn: it may not sail on.
    assert not any(isinstance(a, Sail) for a in legal(state, "rome"))
    act(state, EndTurn("rome"))
    assert state.military is not None and state.military.step == "land_moves"


def test_m02_sea_battles_are_optional(dice: Callable[..., None]) -> None:
    """003 l.317–318: «Les combats maritimes ne sont pas obligatoires»; one die per trireme
    (G-15), hits = floor(sum / 5)."""
    state = to_military(4, "rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 1}
    assert Battle("rome", "tyrrhenum", "carthage") in legal(state, "rome")
    assert EndTurn("rome") in legal(state, "rome")
    dice([5, 5], [3])
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert state.triremes["tyrrhenum"] == {"rome": 2}


def test_m03_a_legion_moves_one_border_or_along_his_trireme_chain() -> None:
    """003 l.319–321: «d'une province à une province adjacente, soit par frontière commune,
    soit par route maritime (en passant par les trirèmes de son camp)»; l.423–425: «pourvu
    que la chaîne soit ininterrompue»; enemy triremes do not block (004 l.263–264)."""
    state = to_military(4, "greece")
    state.legions["achaea"] = {"greece": 2}
    state.triremes.update({"ionium": {"greece": 1, "rome": 3}, "hadriaticum": {"greece": 1}})
    to_land_step(state, "greece")
    targets = {a.target for a in legal(state, "greece") if isinstance(a, March)}
    assert {"macedonia", "latium", "italia", "sicilia", "gallia", "dalmatia"} <= targets
    assert "thracia" not in targets  # two borders away, no fleet in the Aegean


def test_m04_m06_combat_at_once_on_entering_the_jerusalem_example(
    dice: Callable[..., None],
) -> None:
    """003 l.428–434: Egypt attacks with 3 legions a province with a Babylonian influence, a
    fortress and 1 legion; «4, 2 et 5, soit 11 … 2 pertes»; Babylon «4 + 6 (forteresse) = 10,
    soit 2 pertes. Tous deux perdent 2 unités»; Egypt sacks the city, «le pion influence
    n'est pas détruit». A fortress is an automatic 6 and cancels no hit."""
    state = to_military(4, "egypt")
    state.legions["judaea"] = {"egypt": 3}
    state.fortresses.setdefault("syria", []).append("babylon")
    state.built["syria"][0] = True
    to_land_step(state, "egypt")
    dice([4, 2, 5], [4])
    events = act(state, March("egypt", "judaea", "syria", 3, "babylon"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker_total"] == 11 and battle.data["defender_total"] == 10
    assert state.legions["syria"] == {"egypt": 1} and "syria" not in state.fortresses
    # The moved legion does not move again; the turn ends with the conquest choice.
    assert not any(isinstance(a, March) and a.source == "syria" for a in legal(state, "egypt"))
    act(state, EndTurn("egypt"))
    assert Conquer2003("egypt", "syria", "sack", "city:0") in legal(state, "egypt")
    act(state, Conquer2003("egypt", "syria", "sack", "city:0"))
    assert not state.built["syria"][0] and state.influence["syria"] == "babylon"


def test_m05_units_staying_in_a_province_at_war_must_fight(dice: Callable[..., None]) -> None:
    """004 l.296–297: «Uniquement si le joueur actif ne bouge pas et qu'il reste dans la
    province occupée. Une forteresse (…) ne peut donc fuir et doit combattre»."""
    state = to_military(4, "rome")
    state.legions["gallia"] = {"rome": 1, "greece": 1}
    to_land_step(state, "rome")
    assert EndTurn("rome") not in legal(state, "rome")
    assert Battle("rome", "gallia", "greece") in legal(state, "rome")
    dice([1], [1])
    act(state, Battle("rome", "gallia", "greece"))
    assert EndTurn("rome") in legal(state, "rome")  # at war still, but he fought


def test_m06_a_player_with_legions_and_a_fortress_chooses(dice: Callable[..., None]) -> None:
    """003 l.327: «C'est le joueur qui perd les unités qui choisit celles qu'il perd»."""
    state = to_military(4, "greece")
    state.legions["latium"] = {"rome": 1}
    state.legions["macedonia"] = {"greece": 1}
    state.triremes["hadriaticum"] = {"greece": 1}
    to_land_step(state, "greece")
    dice([6], [5])  # Rome: 5 + 6 (fortress) = 11: 2 hits on Greece's one legion
    act(state, March("greece", "macedonia", "latium", 1, "rome"))
    # Greece's 6 hits Rome once: Rome chooses between his legion and his fortress.
    assert prompt_of(state, "casualties").player == "rome"
    assert set(legal(state, "rome")) == {LoseUnits("rome", 1, 0), LoseUnits("rome", 0, 1)}
    act(state, LoseUnits("rome", 0, 1))
    assert state.legions["latium"] == {"rome": 1} and "latium" not in state.fortresses


def test_m07_triremes_on_land_take_no_part_in_a_land_battle(dice: Callable[..., None]) -> None:
    """004 l.265–268: a trireme still on land takes no part in, and is not destroyed by, a
    land combat in its province."""
    state = to_military(4, "greece")
    part(state).docked["latium"] = {"rome": 2}
    state.legions["macedonia"] = {"greece": 3}
    state.triremes["hadriaticum"] = {"greece": 1}
    to_land_step(state, "greece")
    dice([6, 6, 6], [])
    act(state, March("greece", "macedonia", "latium", 3, "rome"))
    assert part(state).docked["latium"] == {"rome": 2}


def test_m13_m16_sack_occupy_convert_and_the_capital_is_never_converted() -> None:
    """003 l.334–346: «mettre à sac … il détruit immédiatement une construction»;
    «occuper»; «convertir … il place une de ses légions sur le pion influence»; «la province
    où se trouve sa capitale ne peut être convertie»."""
    state = to_military(4, "rome")
    state.legions["italia"] = {"rome": 2}
    state.legions["gallia"] = {"rome": 1}
    state.triremes["ionium"] = {"rome": 1}
    state.fortresses["achaea"] = []
    to_land_step(state, "rome")
    act(state, March("rome", "italia", "achaea", 2))
    act(state, EndTurn("rome"))
    options = legal(state, "rome")
    assert Conquer2003("rome", "achaea", "occupy") in options
    assert Conquer2003("rome", "achaea", "convert") not in options  # Athens, a capital
    act(state, Conquer2003("rome", "achaea", "occupy"))
    assert part(state).occupied == {"achaea": "rome"}


def test_m15_a_neutral_capital_may_be_converted(dice: Callable[..., None]) -> None:
    """C-8: «Neutral capitals may be converted too» (the protection exists «pour éviter
    l'élimination d'un joueur»)."""
    state = to_military(4, "egypt")
    state.legions["arabia"] = {"egypt": 4}
    to_land_step(state, "egypt")
    dice([6, 6, 6, 6], [1])
    act(state, March("egypt", "arabia", "babylonia", 4, "babylon"))
    act(state, EndTurn("egypt"))
    act(state, Conquer2003("egypt", "babylonia", "convert"))
    assert state.conversions["babylonia"]["player"] == "egypt"


def test_m17_neutrals_defend_with_dice_and_lose_legions_first(dice: Callable[..., None]) -> None:
    """003 l.226–227: «Ils restent sur place et se défendent en cas d'attaque»; C-8: legions
    first, then the fortress."""
    state = to_military(4, "egypt")
    state.legions["arabia"] = {"egypt": 1}
    to_land_step(state, "egypt")
    dice([5], [2])
    events = act(state, March("egypt", "arabia", "babylonia", 1, "babylon"))
    lost = [e.data for e in events if e.kind == "units_lost"]
    assert {"player": "babylon", "area": "babylonia", "units": 1, "fortresses": 0} in lost
    assert state.fortresses["babylonia"] == ["babylon"]
    assert not any(p.player == "babylon" for p in state.prompts)


def test_a_march_the_rules_refuse_changes_nothing() -> None:
    state = to_military(4, "rome")
    to_land_step(state, "rome")
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply(state, March("rome", "latium", "achaea", 1))
    assert err.value.code == "not_legal" and engine.to_json(state) == before
