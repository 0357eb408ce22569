"""The mythological creatures (004 l.276–278, l.457–476, l.591–613; aid §B.10, C-40 …
C-45; checklist D.2 MC-01, MC-03, MY-01 … MY-06, MR-03, MM-02)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Battle, Buy, EndTurn, Pay
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology.army_state import KINDS, PER_PLAYER
from bot.games.mare_nostrum.modules.mythology.creature_battles import LoseArmy
from bot.games.mare_nostrum.modules.mythology.creature_moves import (
    Dive,
    MoveCreatures,
    Shoot,
    Surface,
)
from bot.games.mare_nostrum.rulesets.mn2003.construction import cost
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.rulesets.mn2003.pieces import at_war
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.state import GameState

from .army_helpers import (
    act,
    creatures,
    legal,
    new,
    prompt_of,
    put,
    to_construction,
    to_land_step,
    to_military,
)

SIX = ("gold", "grain", "metal", "oil", "perfume", "wine")


def refused(state: GameState, action: Action) -> str:
    """The code of a refused answer, which changes nothing and is not listed."""
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply(state, action)
    assert engine.to_json(state) == before
    assert action not in legal(state, action.player)
    return err.value.code


def targets(state: GameState, player: str, source: str) -> set[str]:
    return {
        a.target
        for a in legal(state, player)
        if isinstance(a, MoveCreatures) and a.source == source
    }


def test_my00_one_creature_kind_per_civilisation() -> None:
    """«Béhémoth – Carthage, Centaure – Grèce, Griffon – Babylone, Kraken – Atlantide,
    Phoenix – Egypte, Titan – Rome» (004 l.459–469)."""
    assert KINDS == {
        "carthage": "behemoth",
        "greece": "centaur",
        "babylon": "griffon",
        "atlantis": "kraken",
        "egypt": "phoenix",
        "rome": "titan",
    }
    assert PER_PLAYER == 3


def test_mc01_a_creature_costs_a_combination_of_6_of_its_own_kind_at_most_3() -> None:
    """«toutes les unités mythologiques (…) sont limitées à 3 par joueur et il faut
    constituer une combinaison de 6 cartes pour en invoquer une» (004 l.278); «qu'elle
    seule peut construire»."""
    state = to_construction(4, "egypt")
    assert cost(state, "egypt", "creature") == 6
    state.hands["egypt"] = {r: 1 for r in SIX}
    act(state, Buy("egypt", "creature", "aegyptus"))
    assert prompt_of(state, "construction_payment").data["cost"] == 6
    act(state, Pay("egypt", SIX))
    assert creatures(state).at["aegyptus"] == {"egypt": 1}
    assert state.hands["egypt"] == {}
    # His own kind only: nothing to choose; the third is the last.
    put(state, "aegyptus", "egypt", 2)
    creatures(state).card["egypt"] = 1
    state.hands["egypt"] = {r: 1 for r in SIX}
    assert refused(state, Buy("egypt", "creature", "aegyptus")) == "supply_empty"


def test_mc01_refusals_are_typed_and_change_nothing() -> None:
    """Built as a legion is: «Pour construire dans une province, le joueur doit l'avoir
    sous son influence»; the price must be paid."""
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {r: 1 for r in SIX}
    assert refused(state, Buy("egypt", "creature", "latium")) == "not_controlled"
    assert refused(state, Buy("egypt", "creature", "atlantis_nowhere")) == "unknown_area"
    state.hands["egypt"] = {"coin": 3}
    assert refused(state, Buy("egypt", "creature", "aegyptus")) == "cannot_afford"


def test_mc01_my04_a_kraken_is_built_on_the_coast_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-43: «It may only be built in a coastal province» (sur terre, le kraken peut
    seulement se déplacer dans les territoires côtiers)."""
    monkeypatch.setitem(KINDS, "egypt", "kraken")
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {r: 1 for r in SIX}
    assert refused(state, Buy("egypt", "creature", "aethiopia")) == "not_coastal"
    assert Buy("egypt", "creature", "aegyptus") in legal(state, "egypt")


def test_mm02_creatures_and_fortresses_count_an_automatic_6(dice: Callable[..., None]) -> None:
    """«toutes les unités mythologiques ont l'avantage de procurer 6 points à leur
    possesseur dans un combat où elles sont impliquées (le dé que l'on doit lancer pour
    elles obtient un résultat automatique de 6)» (004 l.278); forteresses likewise (l.276)."""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 1}
    put(state, "latium", "rome")
    state.legions["italia"] = {"egypt": 1}
    to_land_step(state, "rome")
    dice([1], [1])
    events = act(state, MoveCreatures("rome", "latium", "italia", 1, 1, "egypt"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker_total"] == 1 + 6  # Rome's fortress is in latium
    assert state.legions.get("italia", {}).get("egypt", 0) == 0


def test_my01_the_behemoth_worked_example(dice: Callable[..., None]) -> None:
    """004 l.322–327: «L'Atlante lance 5 dés car le kraken ne bénéficie pas du 6 automatique
    puisqu'il y a un béhémoth en face. Le Carthaginois lance 2 dés (pour les légions) et
    rajoute 12 pour sa forteresse et sa créature. Il bénéficie en outre d'un bonus de +2
    (pouvoir d'Hannibal)» — 16: 3 hits; 20: 4 hits. (Rome's titan stands in for the
    Atlantean kraken: the Atlanteans are the set-up's.)"""
    state = to_military(4, "rome")
    state.legions["numidia"] = {"rome": 4}
    put(state, "numidia", "rome")
    state.legions["africa"] = {"carthage": 2}
    put(state, "africa", "carthage")
    assert state.fortresses["africa"] == ["carthage"]
    to_land_step(state, "rome")
    dice([2, 4, 1, 5, 4], [3, 3])
    events = act(state, MoveCreatures("rome", "numidia", "africa", 1, 4, "carthage"))
    battle = next(e for e in events if e.kind == "battle")
    assert (battle.data["attacker_total"], battle.data["defender_total"]) == (16, 20)
    # «Le Carthaginois préfère perdre ses 2 légions et sa forteresse pour garder le
    # béhémoth (…). L'Atlante fait le même calcul et perd ses 4 légions.»
    assert prompt_of(state, "casualties").data["hits"] in (3, 4)
    act(state, LoseArmy("carthage", 2, 1, 0))
    act(state, LoseArmy("rome", 4, 0, 0))
    assert creatures(state).at["africa"] == {"carthage": 1, "rome": 1}
    assert "africa" not in state.fortresses and "africa" not in state.legions
    assert at_war(state, "africa")  # «La province reste en guerre»


def test_my01_the_behemoths_side_keeps_its_6s_the_other_rolls(dice: Callable[..., None]) -> None:
    """«contre un béhémoth, les unités qui font automatiquement 6 (forteresses et créatures
    mythologiques) perdent cet avantage et doivent lancer un dé»; FAQ l.471–472: «un seul
    béhémoth aurait suffi»; C-40: the behemoth's own side keeps its 6s."""
    state = to_military(4, "carthage")
    put(state, "numidia", "carthage", 2)
    put(state, "numidia", "rome")
    state.fortresses["numidia"] = ["rome"]
    to_land_step(state, "carthage")
    assert EndTurn("carthage") not in legal(state, "carthage")  # C-23: they stay and fight
    dice([1, 1])  # Rome's fortress and titan roll; the behemoths roll nothing
    events = act(state, Battle("carthage", "numidia", "rome"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker_total"] == 12 and battle.data["attacker_dice"] == []
    assert battle.data["defender_dice"] == [1, 1] and battle.data["defender_total"] == 2


def test_my02_the_centaur_destroys_a_legion_before_the_dice(dice: Callable[..., None]) -> None:
    """«avant le début d'un combat où il est impliqué, le centaure détruit une légion
    ennemie (pas une forteresse ou une créature mythologique)»."""
    state = to_military(4, "greece")
    state.legions["macedonia"] = {"greece": 1}
    put(state, "macedonia", "greece")
    state.legions["thracia"] = {"rome": 2}
    put(state, "thracia", "rome")
    to_land_step(state, "greece")
    dice([1], [4])  # Rome rolls for one legion only; the titan counts its 6
    events = act(state, MoveCreatures("greece", "macedonia", "thracia", 1, 1, "rome"))
    struck = next(e for e in events if e.kind == "centaur_struck")
    assert struck.data["legions"] == 1
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["defender_total"] == 4 + 6 and battle.data["attacker_total"] == 1 + 6


def test_my03_the_griffon_flies_two_spaces_and_is_never_convoyed() -> None:
    """«il peut se déplacer jusqu'à 2 cases de distance en survolant une région (même une
    mer ou une région occupée militairement). Il ne peut pas être convoyé par les
    trirèmes.»"""
    state = to_military(5, "babylon")
    put(state, "achaea", "babylon")
    state.legions["macedonia"] = {"rome": 3}
    state.triremes.update({"ionium": {"babylon": 1}, "tyrrhenum": {"babylon": 1}})
    to_land_step(state, "babylon")
    reach = targets(state, "babylon", "achaea")
    assert {"sicilia", "creta", "asia"} <= reach  # over a sea
    assert {"dacia", "dalmatia", "thracia"} <= reach  # over Rome's legions in macedonia
    assert "latium" not in reach and "gallia" not in reach  # no convoy along his triremes
    events = act(state, MoveCreatures("babylon", "achaea", "thracia", 1))
    assert not any(e.kind == "battle" for e in events)
    assert creatures(state).at["thracia"] == {"babylon": 1}


def test_my04_the_kraken_keeps_to_the_coasts_and_the_seas_and_fights_at_sea(
    monkeypatch: pytest.MonkeyPatch, dice: Callable[..., None]
) -> None:
    """«sur terre, le kraken peut seulement se déplacer dans les territoires côtiers. En
    revanche, il peut aller dans les cases de mer et y combattre. Il ne peut pas être
    convoyé par les trirèmes.» (The kind given to Egypt here: the Atlanteans are the
    set-up's.)"""
    monkeypatch.setitem(KINDS, "egypt", "kraken")
    state = to_military(4, "egypt")
    put(state, "aegyptus", "egypt")
    put(state, "cyrenaica", "egypt")
    state.triremes["aegyptium"] = {"rome": 1}
    # The sea step: province to an adjacent sea only.
    assert targets(state, "egypt", "aegyptus") == {"aegyptium"}
    act(state, MoveCreatures("egypt", "aegyptus", "aegyptium", 1))
    assert Battle("egypt", "aegyptium", "rome") in legal(state, "egypt")
    dice([4])  # the kraken's 6 rolls nothing; Rome's trireme rolls a 4
    act(state, Battle("egypt", "aegyptium", "rome"))
    assert "aegyptium" not in state.triremes
    to_land_step(state, "egypt")
    # The land step: a coastal province to a coastal neighbour; the sea kraken has moved.
    assert targets(state, "egypt", "cyrenaica") == {"libya", "aegyptus"}
    assert targets(state, "egypt", "aegyptium") == set()


def test_my04_the_kraken_dives_and_surfaces_in_a_later_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """«Au lieu de se déplacer, il peut s'immerger (…) et ressortir un tour ultérieur dans
    n'importe quelle case de mer et se déplacer»; FAQ l.473–474: «cela remplace son
    mouvement normal»; C-28: a diving kraken is not counted."""
    monkeypatch.setitem(KINDS, "egypt", "kraken")
    state = to_military(4, "egypt")
    put(state, "aegyptus", "egypt")
    before = counts(state, "egypt")["military"]
    act(state, Dive("egypt", "aegyptus"))
    assert creatures(state).dived == {"egypt": [state.round]}
    assert counts(state, "egypt")["military"] == before - 1
    assert not any(isinstance(a, Surface) for a in legal(state, "egypt"))
    creatures(state).dived["egypt"] = [state.round - 1]
    assert Surface("egypt", "ionium") in legal(state, "egypt")
    act(state, Surface("egypt", "ionium"))
    assert creatures(state).at["ionium"] == {"egypt": 1}
    assert MoveCreatures("egypt", "ionium", "tyrrhenum", 1) in legal(state, "egypt")


def test_mc03_my05_the_phoenix_goes_on_its_card_and_rises_for_3(
    dice: Callable[..., None],
) -> None:
    """«chaque fois que le phoenix est éliminé, on le place sur la carte Phoenix. Il peut
    alors être ressuscité sur la capitale avec une combinaison de 3 cartes.»"""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 2}
    put(state, "italia", "egypt")
    to_land_step(state, "rome")
    dice([5, 5])  # the phoenix counts its 6 and rolls nothing
    act(state, March("rome", "latium", "italia", 2, "egypt"))
    assert "italia" not in creatures(state).at
    assert creatures(state).card == {"egypt": 1}
    assert counts(state, "egypt")["military"] == counts(new(4), "egypt")["military"]
    state2 = to_construction(4, "egypt")
    creatures(state2).card["egypt"] = 1
    state2.hands["egypt"] = {"coin": 3}
    assert cost(state2, "egypt", "phoenix") == 3
    assert refused(state2, Buy("egypt", "phoenix", "cyrenaica")) == "not_capital"
    act(state2, Buy("egypt", "phoenix", "aegyptus"))
    act(state2, Pay("egypt", ("coin", "coin", "coin")))
    assert creatures(state2).at["aegyptus"] == {"egypt": 1} and not creatures(state2).card


def test_my06_titans_shoot_one_space_away_their_dice_pooled(dice: Callable[..., None]) -> None:
    """«chaque titan peut attaquer à une case de distance en lançant un dé (remplace alors
    l'attaque habituelle). Les attaques de plusieurs titans se combinent au dé»; FAQ
    l.475–476: they may shoot at fleets."""
    state = to_military(4, "rome")
    put(state, "latium", "rome")
    put(state, "gallia", "rome")
    state.triremes["tyrrhenum"] = {"carthage": 2}
    to_land_step(state, "rome")
    assert Shoot("rome", "tyrrhenum", "carthage") in legal(state, "rome")
    dice([5, 5])  # one die per titan; the fleet rolls nothing back
    events = act(state, Shoot("rome", "tyrrhenum", "carthage"))
    shot = next(e for e in events if e.kind == "titans_shot")
    assert shot.data["total"] == 10 and "tyrrhenum" not in state.triremes
    # It replaced their attack: they may neither shoot nor move again this turn.
    assert not any(isinstance(a, (Shoot, MoveCreatures)) for a in legal(state, "rome"))


def test_mr03_the_chef_militaire_counts_creatures() -> None:
    """«le plus d'unités militaires sous son contrôle (légions, trirèmes, forteresses et
    créatures mythologiques)»; C-28: a phoenix on its card does not count."""
    state = new(4)
    before = counts(state, "rome")["military"]
    put(state, "latium", "rome", 2)
    assert counts(state, "rome")["military"] == before + 2
    creatures(state).card["egypt"] = 1
    assert counts(state, "egypt")["military"] == counts(new(4), "egypt")["military"]


def test_ms02_a_neutral_civilisation_has_its_creature_on_its_capital(
    dice: Callable[..., None],
) -> None:
    """«on neutralise les civilisations qui ne sont pas mises en jeu en plaçant sur leur
    capitale : 1 pion influence, 1 pion unité mythologique, 1 pion légion, 1 pion
    forteresse» — «Ils restent sur place et se défendent en cas d'attaque.»"""
    state = to_military(4, "rome")
    assert creatures(state).at["babylonia"] == {"babylon": 1}
    state.legions["arabia"] = {"rome": 3}
    to_land_step(state, "rome")
    dice([1, 1, 1], [3])
    events = act(state, March("rome", "arabia", "babylonia", 3, "babylon"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["defender_total"] == 3 + 6 + 6
    assert "arabia" not in state.legions and state.legions["babylonia"] == {"babylon": 1}


def test_a_creature_move_the_rules_refuse_changes_nothing() -> None:
    state = to_military(4, "rome")
    put(state, "latium", "rome")
    to_land_step(state, "rome")
    assert refused(state, MoveCreatures("rome", "latium", "achaea", 1)) == ("creature_cannot_reach")
    assert refused(state, MoveCreatures("rome", "gallia", "latium", 1)) == "no_creature_there"
    assert refused(state, Shoot("rome", "aegyptus", "egypt")) == "no_titan_in_range"
    assert EndTurn("rome") in legal(state, "rome")


def test_the_creatures_are_in_every_seats_view() -> None:
    """Pawns on the board and cards face up: public, with each owner's kind for the
    pictures (a spectator sees them too)."""
    state = new(4)
    put(state, "latium", "rome", 2)
    for viewer in (*state.players, None):
        seen = engine.view(state, viewer)["substates"]["mythology.creatures"]
        assert seen["at"]["latium"] == {"rome": 2}
        assert seen["kinds"] == {"atlantis": "kraken", "babylon": "griffon", "rome": "titan"}


def test_casualties_default_to_legions_then_fortresses_then_creatures(
    dice: Callable[..., None],
) -> None:
    """«C'est le joueur qui perd les unités qui choisit celles qu'il perd»; when his
    deadline passes, the cheapest go first."""
    state = to_military(4, "rome")
    state.legions["latium"] = {"rome": 3}
    state.legions["italia"] = {"egypt": 1}
    put(state, "italia", "egypt")
    state.fortresses["italia"] = ["egypt"]
    to_land_step(state, "rome")
    dice([5, 5, 1], [1])
    act(state, March("rome", "latium", "italia", 3, "egypt"))
    owed = prompt_of(state, "casualties")
    assert owed.player == "egypt" and owed.data["hits"] == 2
    assert legal(state, "egypt") == [
        LoseArmy("egypt", 1, 1, 0),
        LoseArmy("egypt", 1, 0, 1),
        LoseArmy("egypt", 0, 1, 1),
    ]
    assert engine.default_action(state, owed) == LoseArmy("egypt", 1, 1, 0)
