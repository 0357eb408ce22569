"""The heroes and wonders acting in Phase IV — Military (rulebook section 8; notes of 4.1, 4.2,
4.3.1, 4.3.3): CÉSAR, PÉRICLÈS, HAMILCAR, NABUCHODONOSOR, RAMSÈS II, REINE DE SABA, STATUE DE
ZEUS. Dice are fixed by replacing `rng.roll` in the test only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    Battle,
    ChooseNext,
    Conquer,
    EndTurn,
    Move,
    action_from_dict,
)
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.invariants import check_invariants
from bot.games.mare_nostrum.powers.military import ConvertNow, DeclarePeace, at_peace
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.view import view
from tests.engine.builder import FIVE, FOUR, THREE, Scenario, consistent, rejected
from tests.helpers import some

from .test_playouts import choose

# Cyrenaica's printed slots: city, temple, caravan (papyrus), market.
CITY, TEMPLE, CARAVAN, MARKET = 0, 1, 2, 3




def prompt_kinds(s: Scenario) -> list[tuple[str, str]]:
    return [(p.kind, p.player) for p in engine.owed(s.state)]


def start(s: Scenario, player: str) -> None:
    """Open the phase; the Military Leader (Rome in the set-up) names `player` first."""
    s.enter("military")
    s.act(ChooseNext(s.state.titles["military"], player))


def finish_steps(s: Scenario, player: str) -> None:
    """End every optional step of his Military turn."""
    while prompt_kinds(s) == [("military_turn", player)] and EndTurn(player) in s.legal(player):
        s.act(EndTurn(player))


def land_battle(s: Scenario, attacker: str, province: str,
                defender: str) -> list[dict[str, Any]]:
    """The attacker's turn: skip to his land battles and fight; the sides of the battle."""
    start(s, attacker)
    finish_steps(s, attacker)
    s.act(Battle(attacker, province, defender))
    sides: list[dict[str, Any]] = s.kinds("battle")[0].data["sides"]
    return sides


# --- CÉSAR, PÉRICLÈS ------------------------------------------------------------------------

def test_8_caesar_bonus_when_active(dice: Callable[..., None]) -> None:
    """CÉSAR: « Chacune de vos Légions dispose d'un bonus de +1 à son Dé Bataille Terrestre
    lorsque vous êtes le joueur actif. »"""
    s = Scenario().hw("greece").legions("macedonia", "rome", 2)
    dice([2, 2], [1])
    rome, _greece = land_battle(s, "rome", "macedonia", "greece")
    assert (rome["die_bonus"], rome["modifier"], rome["sum"], rome["hits"]) == (1, 2, 6, 1)
    # Rome defending: no bonus.
    s2 = Scenario().hw("greece").legions("macedonia", "rome", 2)
    dice([1], [2, 2])
    _greece2, rome2 = land_battle(s2, "greece", "macedonia", "rome")
    assert (rome2["die_bonus"], rome2["sum"], rome2["hits"]) == (0, 4, 0)


def test_8_pericles_bonus_when_not_active(dice: Callable[..., None]) -> None:
    """PÉRICLÈS: « Chacune de vos Légions dispose d'un bonus de +2 à son Dé Bataille
    Terrestre lorsque vous n'êtes pas le joueur actif. »"""
    s = Scenario().hw("rome").legions("macedonia", "rome", 1)
    dice([1], [3])
    _rome, greece = land_battle(s, "rome", "macedonia", "greece")
    assert (greece["die_bonus"], greece["sum"], greece["hits"]) == (2, 5, 1)
    s2 = Scenario().hw("rome").legions("macedonia", "rome", 1)
    dice([2], [2])
    greece2, _rome2 = land_battle(s2, "greece", "macedonia", "rome")
    assert (greece2["die_bonus"], greece2["sum"]) == (0, 2)


# --- HAMILCAR -------------------------------------------------------------------------------

def sicilia_pillage(*tiles: str) -> Scenario:
    """Rome alone in an Egyptian SICILIA with a legendary city: the conquest is owed."""
    s = Scenario().influence("sicilia", "egypt").legions("sicilia", "rome", 1).hw("rome", *tiles)
    s.building("sicilia", "legendary_city")
    start(s, "rome")
    finish_steps(s, "rome")
    assert prompt_kinds(s) == [("conquest", "rome")]
    return s


def test_8_hamilcar_pillages_a_legendary_city() -> None:
    """HAMILCAR: « Vous doublez le bénéfice de vos pillages : [...] Cité Légendaire : 1 jeton
    Bien Légendaire et 1 jeton Impôt. » — both, so there is no reward to choose."""
    s = sicilia_pillage("caesar", "hamilcar")
    legal = consistent(s, "rome")
    assert Conquer("rome", "sicilia", "pillage", (0,)) in legal
    assert Conquer("rome", "sicilia", "pillage", (0,), "coin") not in legal
    rejected(s, Conquer("rome", "sicilia", "pillage", (0,), "coin"), "bad_reward")
    coins = s.state.hands["rome"].get("coin", 0)
    s.act(Conquer("rome", "sicilia", "pillage", (0,)))
    drawn = s.kinds("pillage_drawn")
    assert drawn and drawn[0].audience == ("rome",)
    assert s.state.hands["rome"]["coin"] == coins + 1
    assert s.state.hands["rome"][drawn[0].data["token"]] == 1
    assert s.kinds("conquest")[0].data["gains"] == ["coin", "legendary"]
    assert not s.state.built["sicilia"][0]


def test_8_hamilcar_doubles_city_and_caravan() -> None:
    """HAMILCAR: « Cité/Capitale : 2 jetons Impôt, Caravane : 2 jetons Bien »; a power copied
    by CASTOR & POLLUX works the same (`state.copied`)."""
    for slot, token in ((CITY, "coin"), (CARAVAN, "papyrus")):
        s = Scenario().legions("cyrenaica", "rome", 1).hw("rome", "caesar", "castor_pollux")
        s.set(copied={"rome": "hamilcar"})
        start(s, "rome")
        finish_steps(s, "rome")
        before = s.state.hands["rome"].get(token, 0)
        s.act(Conquer("rome", "cyrenaica", "pillage", (slot,)))
        assert s.state.hands["rome"][token] == before + 2
        assert s.kinds("conquest")[0].data["gains"] == [token, token]


def test_8_without_hamilcar_single_gain() -> None:
    """4.3.1: « S'il détruit une Cité ou une Capitale, il gagne 1 Impôt. »"""
    s = Scenario().legions("cyrenaica", "rome", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    before = s.state.hands["rome"].get("coin", 0)
    s.act(Conquer("rome", "cyrenaica", "pillage", (CITY,)))
    assert s.state.hands["rome"]["coin"] == before + 1


# --- NABUCHODONOSOR, RAMSÈS II --------------------------------------------------------------

def test_8_nebuchadnezzar_influence_adds_five(dice: Callable[..., None]) -> None:
    """NABUCHODONOSOR: « Votre marqueur Influence ajoute +5 à la somme de vos Dés Bataille
    Terrestre lors de chaque Bataille. Vous devez avoir au moins une Unité dans la Province où a
    lieu la Bataille pour bénéficier de cet effet. »"""
    s = Scenario().hw("babylon", "hammurabi", "nebuchadnezzar")
    s.legions("syria", "babylon", 1).legions("syria", "rome", 1)
    dice([1], [1])
    rome, babylon = land_battle(s, "rome", "syria", "babylon")
    assert (babylon["influence_bonus"], babylon["sum"], babylon["hits"]) == (5, 6, 1)
    assert rome["influence_bonus"] == 0
    # Not in a province under another's influence (or neutral).
    s2 = Scenario().hw("babylon", "hammurabi", "nebuchadnezzar")
    s2.legions("cilicia", "babylon", 1).legions("cilicia", "rome", 1)
    dice([1], [1])
    _rome, babylon2 = land_battle(s2, "rome", "cilicia", "babylon")
    assert (babylon2["influence_bonus"], babylon2["sum"]) == (0, 1)


def test_8_nebuchadnezzar_when_attacking(dice: Callable[..., None]) -> None:
    """NABUCHODONOSOR: « lors de chaque Bataille » — attacking in his own province too."""
    s = Scenario().hw("babylon", "hammurabi", "nebuchadnezzar")
    s.legions("syria", "babylon", 2).legions("syria", "rome", 1)
    dice([1, 2], [1])
    babylon, _rome = land_battle(s, "babylon", "syria", "rome")
    assert (babylon["influence_bonus"], babylon["sum"], babylon["hits"]) == (5, 8, 1)


def test_8_ramesses_extra_land_die(dice: Callable[..., None]) -> None:
    """RAMSÈS II: « Vous lancez un Dé Bataille Terrestre supplémentaire lors de chaque Bataille
    Terrestre. Vous devez avoir au moins une Unité dans la Province où a lieu la Bataille pour
    bénéficier de cet effet. »"""
    s = Scenario().hw("egypt", "cleopatra", "ramesses")
    s.legions("judaea", "egypt", 1).legions("judaea", "rome", 1)
    dice([1], [2, 3])  # Egypt rolls 2 dice for 1 legion
    rome, egypt = land_battle(s, "rome", "judaea", "egypt")
    assert (egypt["units"], egypt["extra_dice"], egypt["sum"], egypt["hits"]) == (1, 1, 5, 1)
    assert rome["extra_dice"] == 0
    # A fortress alone is a unit: one die (rolled by nobody else) plus its +5.
    s2 = Scenario().hw("egypt", "cleopatra", "ramesses")
    s2.fortress("judaea", "egypt").legions("judaea", "rome", 1)
    dice([1], [4])
    _rome, egypt2 = land_battle(s2, "rome", "judaea", "egypt")
    assert (egypt2["dice"], egypt2["sum"], egypt2["hits"]) == ([4], 9, 1)


def test_8_ramesses_extra_die_gets_no_legion_bonus(dice: Callable[..., None]) -> None:
    """RAMSÈS II's die is not a Legion's: CÉSAR's « Chacune de vos Légions [...] +1 » counts
    the legions' dice only."""
    s = Scenario().hw("rome", "caesar", "ramesses").hw("greece")
    s.legions("macedonia", "rome", 1)
    dice([2, 2], [1])
    rome, _greece = land_battle(s, "rome", "macedonia", "greece")
    assert (rome["dice"], rome["modifier"], rome["sum"]) == ([2, 2], 1, 5)


# --- REINE DE SABA --------------------------------------------------------------------------

def sheba_scenario(*provinces: str) -> Scenario:
    """Rome (REINE DE SABA) alone with 2 legions in Egyptian provinces next to his LIBYA."""
    s = Scenario().hw("rome", "caesar", "sheba").influence("libya", "rome")
    for p in provinces:
        s.influence(p, "egypt").legions(p, "rome", 2)
    start(s, "rome")
    finish_steps(s, "rome")
    return s


def test_8_sheba_converts_at_once() -> None:
    """REINE DE SABA: « Une fois par tour, vous pouvez convertir immédiatement une Province dans
    laquelle vous occupez le marqueur Influence en sacrifiant la Légion qui l'occupe
    (4.3.3). »"""
    s = sheba_scenario("cyrenaica")
    s.act(Conquer("rome", "cyrenaica", "influence"))
    assert prompt_kinds(s) == [("sheba", "rome")]
    legal = consistent(s, "rome")
    assert legal == [ConvertNow("rome", "cyrenaica"), ConvertNow("rome", "")]
    rejected(s, ConvertNow("rome", "aegyptus"), "not_convertible")
    rejected(s, ConvertNow("rome", "garamantia"), "not_convertible")
    s.act(ConvertNow("rome", "cyrenaica"))
    assert s.state.influence["cyrenaica"] == "rome"
    assert s.state.legions["cyrenaica"] == {"rome": 1}
    assert "cyrenaica" not in s.state.conversions and "cyrenaica" not in s.state.conquerors
    assert s.kinds("converted")[0].data["power"] == "sheba"
    assert s.kinds("military_turn_ended")


def test_8_sheba_once_per_turn_default_declines() -> None:
    """REINE DE SABA: « Une fois par tour » — one conversion at once, the other marker waits for
    4.3.3. Deadline (§12): no conversion (the legion is kept)."""
    s = sheba_scenario("garamantia", "cyrenaica")
    s.act(Conquer("rome", "garamantia", "influence"))
    s.act(Conquer("rome", "cyrenaica", "influence"))
    legal = consistent(s, "rome")
    assert len(legal) == 3
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == ConvertNow("rome", "")
    s.act(ConvertNow("rome", "garamantia"))
    assert s.state.influence["cyrenaica"] == "egypt"
    assert s.state.conversions["cyrenaica"]["player"] == "rome"
    assert not any(p.kind == "sheba" for p in s.state.prompts)


def test_8_sheba_needs_the_power_and_a_connection() -> None:
    """Without REINE DE SABA (or far from his empire, 4.3.3 « adjacente ou connectée »), the
    marker only waits for the next round."""
    s = Scenario().influence("cyrenaica", "egypt").legions("cyrenaica", "rome", 2)
    s.influence("libya", "rome")
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Conquer("rome", "cyrenaica", "influence"))
    assert not any(p.kind == "sheba" for p in s.state.prompts)
    far = Scenario().hw("rome", "caesar", "sheba")
    far.influence("cyrenaica", "egypt").legions("cyrenaica", "rome", 2)
    start(far, "rome")
    finish_steps(far, "rome")
    far.act(Conquer("rome", "cyrenaica", "influence"))
    assert not any(p.kind == "sheba" for p in far.state.prompts)


# --- STATUE DE ZEUS -------------------------------------------------------------------------

def zeus_scenario() -> Scenario:
    """Rome owns the STATUE DE ZEUS. A Greek legion in ITALIA (Roman), a Roman legion and
    fortress in MACEDONIA (Greek), both in DACIA (neutral); Rome alone in DALMATIA; a Greek
    legion in GERMANIA; triremes of both in MARE IONIUM."""
    s = Scenario().hw("rome", "caesar", "zeus")
    s.legions("italia", "greece", 1).legions("macedonia", "rome", 2).fortress("macedonia", "rome")
    s.legions("dacia", "rome", 1).legions("dacia", "greece", 2)
    s.legions("dalmatia", "rome", 1).legions("germania", "greece", 1)
    s.triremes("ionium", "rome", 1).triremes("ionium", "greece", 1)
    return s


def test_8_zeus_prompt_options_and_default() -> None:
    """STATUE DE ZEUS: « Au début de la Phase Militaire, vous pouvez vous déclarer en paix avec
    1 joueur (et un seul) avec qui vous n'étiez pas en paix le tour précédent. »"""
    s = zeus_scenario()
    r = s.state.round
    s.set(peace=[{"players": ["rome", "greece"], "round": r - 1}])
    s.enter("military")
    assert prompt_kinds(s) == [("zeus_peace", "rome")]
    legal = consistent(s, "rome")
    assert DeclarePeace("rome", "greece") not in legal
    assert legal == [DeclarePeace("rome", p) for p in ("carthage", "egypt", "babylon")] + [
        DeclarePeace("rome", "")]
    rejected(s, DeclarePeace("rome", "greece"), "peace_last_round")
    rejected(s, DeclarePeace("rome", "rome"), "bad_ally")
    rejected(s, DeclarePeace("rome", "atlantis"), "bad_ally")
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == DeclarePeace("rome", "")
    s.act(DeclarePeace("rome", ""))
    assert prompt_kinds(s) == [("military_order", "rome")]
    assert action_from_dict(DeclarePeace("rome", "egypt").to_dict()) == DeclarePeace(
        "rome", "egypt")


def test_8_zeus_moving_units_home() -> None:
    """STATUE DE ZEUS: « Toutes les Unités de votre nouvel allié qui étaient sur vos Provinces
    reviennent sur sa Province Capitale et réciproquement. »"""
    s = zeus_scenario()
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    st = s.state
    assert st.peace[-1] == {"players": ["rome", "greece"], "round": st.round}
    assert "greece" not in st.legions["italia"]
    assert "rome" not in st.legions["macedonia"] and "rome" not in st.fortresses["macedonia"]
    # Neither may stay in DACIA: both go home.
    assert not st.legions["dacia"]
    assert st.legions["achaea"]["greece"] == 1 + 1 + 2
    assert st.legions["latium"]["rome"] == 1 + 2 + 1
    # Rome already has a fortress in LATIUM: the other returns to his supply.
    assert st.fortresses["latium"] == ["rome"]
    # Elsewhere nothing moves; triremes stay at sea.
    assert st.legions["dalmatia"] == {"rome": 1} and st.legions["germania"] == {"greece": 1}
    assert st.triremes["ionium"] == {"rome": 1, "greece": 1}
    assert [e.data["province"] for e in s.kinds("sent_home")] == [
        "italia", "dacia", "dacia", "macedonia"]
    assert not check_invariants(st)
    assert prompt_kinds(s) == [("military_order", "rome")]


def test_8_zeus_no_entry_no_battle() -> None:
    """STATUE DE ZEUS: « Vous ne pouvez pas entrer ni rester dans une Province où se trouvent le
    marqueur Influence ou des Unités de cet allié et réciproquement. Aucune Bataille Terrestre ou
    Maritime ne peut avoir lieu entre vous. »"""
    s = zeus_scenario().triremes("ionium", "carthage", 1)
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    s.act(ChooseNext("rome", "rome"))
    s.act(EndTurn("rome"))
    # Sea battles: against Carthage in MARE IONIUM, never against the ally.
    assert s.state.military is not None and s.state.military.step == "sea_battles"
    legal = consistent(s, "rome")
    assert Battle("rome", "ionium", "carthage") in legal
    assert Battle("rome", "ionium", "greece") not in legal
    rejected(s, Battle("rome", "ionium", "greece"), "at_peace")
    s.act(EndTurn("rome"))
    legal = consistent(s, "rome")
    assert Move("rome", "legion", "dalmatia", "gallia") in legal
    for target in ("macedonia", "germania"):
        assert Move("rome", "legion", "dalmatia", target) not in legal
        rejected(s, Move("rome", "legion", "dalmatia", target), "at_peace")


def test_8_zeus_peace_lasts_one_round() -> None:
    """Our ruling: the peace binds for the Military phase of the round it is declared; the next
    round the same pair may not be at peace again (« pas en paix le tour précédent »)."""
    s = zeus_scenario()
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    assert at_peace(s.state, "rome", "greece") and at_peace(s.state, "greece", "rome")
    s.set(round=s.state.round + 1, prompts=[], military=None)
    assert not at_peace(s.state, "rome", "greece")
    s.enter("military")
    assert DeclarePeace("rome", "greece") not in consistent(s, "rome")
    s.set(round=s.state.round + 1, prompts=[], military=None)
    s.enter("military")
    assert DeclarePeace("rome", "greece") in consistent(s, "rome")


# --- seeded games with these powers ------------------------------------------------------

POWERS = ("zeus", "sheba", "hamilcar", "ramesses", "nebuchadnezzar")
MY_PROMPTS = ("zeus_peace", "sheba", "conquest", "military_turn")


def powered_game(players: list[str], seed: int) -> GameState:
    """A new game where the five tiles are owned from the start, spread over the players."""
    s = Scenario(players, seed)
    s.state, _ = engine.new_game(players, None, seed)
    for i, tile in enumerate(POWERS):
        owner = players[i % len(players)]
        s.state.hw[owner] = [*s.state.hw[owner], tile]
        for pile in (s.state.hw_market, s.state.hw_deck):
            if tile in pile:
                pile.remove(tile)
    while len(s.state.hw_market) < 5 and s.state.hw_deck:
        s.state.hw_market.append(s.state.hw_deck.pop(0))
    return s.state


def play_powered(players: list[str], seed: int) -> tuple[GameState, set[str]]:
    rnd = random.Random(seed)
    state = powered_game(players, seed)
    seen: set[str] = set()
    for n in range(20_000):
        if state.over:
            break
        owers = sorted({p.player for p in engine.owed(state)})
        player = rnd.choice(owers)
        legal = engine.legal_actions(state, player)
        assert legal, f"seed {seed}: {player} owes a decision with no legal answer"
        if any(p.kind in MY_PROMPTS for p in engine.owed(state) if p.player == player):
            for a in legal:
                engine.check(state, a)
        action = choose(rnd, legal)
        events = engine.apply_in_place(state, action)
        seen.update(e.kind for e in events)
        errors = check_invariants(state)
        assert not errors, f"seed {seed} action {n} {action}: {errors}"
    assert state.over, f"seed {seed}: no victory"
    return state, seen


@pytest.mark.parametrize("players", [THREE, FOUR, FIVE], ids=["3p", "4p", "5p"])
def test_seeded_games_with_military_powers_reach_a_victory(players: list[str]) -> None:
    seen: set[str] = set()
    for seed in range(8):
        state, kinds = play_powered(players, seed)
        seen |= kinds
        assert engine.from_json(engine.to_json(state)) == state
    assert "peace_declared" in seen


def test_8_zeus_binds_the_ally_too() -> None:
    """STATUE DE ZEUS: « Vous ne pouvez pas entrer [...] et réciproquement. » — on the ally's
    turn, the Zeus owner's provinces and units are closed to him."""
    s = zeus_scenario()
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    s.act(ChooseNext("rome", "greece"))
    finish_steps_until(s, "greece", "land_moves")
    legal = consistent(s, "greece")
    assert Move("greece", "legion", "germania", "dacia") in legal
    for target in ("gallia", "dalmatia"):
        assert Move("greece", "legion", "germania", target) not in legal
        rejected(s, Move("greece", "legion", "germania", target), "at_peace")


def finish_steps_until(s: Scenario, player: str, step: str) -> None:
    m = s.state.military
    while m is not None and m.step != step and EndTurn(player) in s.legal(player):
        s.act(EndTurn(player))
        m = s.state.military
    assert m is not None and m.step == step


def test_8_zeus_conqueror_sent_home_loses_status() -> None:
    """STATUE DE ZEUS: « Toutes les Unités [...] reviennent sur sa Province Capitale » — a
    conqueror sent home leaves the province (4.3: « Dès que les Unités d'un Conquérant quittent
    la Province, le joueur qui a la Province sous son Influence en regagne immédiatement le
    Contrôle »): his occupations are released."""
    s = zeus_scenario().legions("thracia", "rome", 1)
    s.occupy("thracia", 0, "rome").set(conquerors={"thracia": "rome"})
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    assert "thracia" not in s.state.conquerors
    assert s.state.occupant["thracia"][0] is None
    lost = [e.data for e in s.kinds("conqueror_lost")]
    assert {"player": "rome", "province": "thracia", "reason": "left"} in lost


def test_8_zeus_peace_is_public() -> None:
    """The peace is announced to all (event and every view)."""
    s = zeus_scenario()
    s.enter("military")
    s.act(DeclarePeace("rome", "greece"))
    assert s.kinds("peace_declared")[0].audience is None
    for viewer in ("carthage", None):
        military = some(view(s.state, viewer)["military"])
        assert military["peace"] == [["rome", "greece"]]


def passes(s: Scenario, action: Action) -> bool:
    try:
        engine.check(s.state, action)
    except EngineError:
        return False
    return True


def test_check_iff_legal_for_the_new_prompts() -> None:
    """Every `DeclarePeace` / `ConvertNow` passes the check exactly when it is legal."""
    s = zeus_scenario()
    s.set(peace=[{"players": ["egypt", "rome"], "round": s.state.round - 1}])
    s.enter("military")
    legal = s.legal("rome")
    for ally in [*FIVE, "", "atlantis"]:
        for player in ("rome", "greece"):
            a: Action = DeclarePeace(player, ally)
            assert passes(s, a) == (a in legal), a
    t = sheba_scenario("garamantia", "cyrenaica")
    t.act(Conquer("rome", "garamantia", "influence"))
    t.act(Conquer("rome", "cyrenaica", "none"))
    legal = t.legal("rome")
    assert legal == [ConvertNow("rome", "garamantia"), ConvertNow("rome", "")]
    for province in [*t.state.board.provinces, "", "atlantis"]:
        a = ConvertNow("rome", province)
        assert passes(t, a) == (a in legal), a


@pytest.mark.parametrize("seed", range(8))
def test_random_play_at_peace_keeps_legal_and_check_in_step(seed: int) -> None:
    """Random Military phases with a peace in force each round (STATUE DE ZEUS: moves and
    battles the powers limit): an answer passes the check exactly when it is listed, through
    the engine's API only."""
    from .test_military import _candidates, _invariants, scattered_forces

    gen, s = scattered_forces(seed)
    refused: set[str] = set()
    for rnd in range(1, 4):
        pair = gen.sample(s.state.players, 2)
        s.set(round=rnd, peace=[{"players": pair, "round": rnd}])
        s.enter("military")
        steps = 0
        while s.state.phase == "military":
            steps += 1
            assert steps < 2000
            player = engine.owed(s.state)[0].player
            legal = set(s.legal(player))
            assert legal
            for a in _candidates(s.state, player):
                try:
                    engine.check(s.state, a)
                except EngineError as exc:
                    refused.add(exc.code)
                    assert a not in legal, (a, exc.code)
                else:
                    assert a in legal, a
            s.act(gen.choice(sorted(legal, key=repr)))
            _invariants(s.state)  # the phase's own: a random set-up may exceed the supplies
        if s.state.over:
            break
    assert "at_peace" in refused  # the limits were at work
