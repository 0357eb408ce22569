"""The Mythology's free start with 45 points (checklist D.2 MS-08; aid §B.4.2, C-7, C-31),
through the 2003 ruleset's free start (rulesets/mn2003/free_start.py) and the module's
tables."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import EndTurn
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology import cards
from bot.games.mare_nostrum.rulesets.mn2003.free_start import Deploy, zone
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState

from .setup_helpers import act, new


def _to_turn_of(state: GameState, player: str) -> None:
    """End the waves of those before `player` (each placing his capital's influence)."""
    while sub(state).free["order"][sub(state).free["turn"]] != player:
        p = state.prompts[0]
        act(state, engine.legal_actions(state, p.player)[0])  # the capital's influence
        act(state, EndTurn(p.player))


def test_ms08_45_points_in_five_waves_of_9() -> None:
    """004 l.107–109: «en dépensant pour cela 45 points de construction (au lieu de 36 dans
    le jeu de base) … chacun construit par vague de 9 points de construction … jusqu'à ce
    que tous les joueurs aient joué 5 fois»."""
    _, events = engine.new_game(
        ["greece", "carthage", "babylon"],
        {"ruleset": "2003", "modules": ["mythology"], "start": "free"},
        4,
    )
    opened = next(e for e in events if e.kind == "free_start")
    assert opened.data["waves"] == 5 and opened.data["points"] == 9
    state = new(3, seed=4, start="free")
    waves = 0
    while state.phase == "start":
        p = state.prompts[0]
        waves = max(waves, sub(state).free["wave"])
        legal = engine.legal_actions(state, p.player)
        act(state, next((a for a in legal if isinstance(a, EndTurn)), legal[0]))
    assert waves == 5 and not sub(state).free


def test_ms08_the_capitals_influence_is_compulsory() -> None:
    """004 l.109: «Lors de cette phase, placer au moins un pion influence sur la capitale est
    obligatoire»."""
    state = new(6, seed=2, start="free")
    first = sub(state).free["order"][0]
    with pytest.raises(EngineError) as err:
        engine.check(state, EndTurn(first))
    assert err.value.code == "capital_first"


def test_ms08_the_atlantean_zone_is_the_westmost_provinces_of_europe_and_africa() -> None:
    """004 l.108: «à l'exception du Grec qui peut occuper toutes les cases adjacentes à la
    mer Egée et de l'Atlante (dont la capitale est sur une île !) et qui peut s'implanter sur
    les cases les plus à l'ouest d'Europe et d'Afrique» (C-31: atlantis plus the shores of
    OCEANUS ATLANTICUS and FRETUM GADITANUM)."""
    state = new(6, seed=2, start="free")
    assert zone("atlantis", state) == {
        "atlantis",
        "gadira",
        "hesperides",
        "lusitania",
        "baetica",
        "mauretania",
    }
    assert zone("greece", state) >= {"achaea", "macedonia", "thracia", "creta", "asia"}
    _to_turn_of(state, "atlantis")
    act(state, Deploy("atlantis", "influence", "atlantis"))
    # From the island: the Ocean's shores count as adjacent while deploying.
    legal = engine.legal_actions(state, "atlantis")
    assert Deploy("atlantis", "influence", "hesperides") in legal
    assert Deploy("atlantis", "influence", "lusitania") in legal
    assert Deploy("atlantis", "influence", "tarraconensis") not in legal  # outside the zone
    act(state, Deploy("atlantis", "influence", "gadira"))
    assert Deploy("atlantis", "influence", "mauretania") in engine.legal_actions(
        state, "atlantis"
    )  # along the Strait from gadira


def test_ms08_his_own_hero_for_9_nothing_else() -> None:
    """004 l.141: «chaque peuple peut prendre son héros pour 9 … On ne peut bien sûr se
    procurer aucun autre héros ou merveille pendant le déploiement initial»."""
    state = new(6, seed=2, start="free")
    _to_turn_of(state, "atlantis")
    act(state, Deploy("atlantis", "influence", "atlantis"))
    sub(state).free["points"] = 9
    heroes = [
        a.target
        for a in engine.legal_actions(state, "atlantis")
        if isinstance(a, Deploy) and a.item == "hw"
    ]
    assert heroes == [cards.ATLAS]
    with pytest.raises(EngineError):
        engine.check(state, Deploy("atlantis", "hw", cards.PREFIX + "achilles"))


def test_ms08_c58_a_deployed_heros_entry_bonus_comes_when_the_deployment_ends() -> None:
    """004 l.141: «son pouvoir n'est pas actif pendant le déploiement»; C-58: «In the free
    start, where powers are inactive, the bonus is given when the deployment ends»
    (Hannibal: «Donne 1 légion gratuite à son entrée en jeu qui est placée sur la
    capitale»)."""
    state = new(3, seed=4, start="free")
    _to_turn_of(state, "carthage")
    act(state, Deploy("carthage", "influence", "africa"))
    sub(state).free["points"] = 9
    act(state, Deploy("carthage", "hw", cards.HANNIBAL))
    assert not state.legions.get("africa", {}).get("carthage")  # inactive while deploying
    while state.phase == "start":
        p = state.prompts[0]
        legal = engine.legal_actions(state, p.player)
        act(state, next((a for a in legal if isinstance(a, EndTurn)), legal[0]))
    assert state.legions["africa"]["carthage"] == 1


def test_ms08_c29_creatures_allowed_in_the_free_start_for_6_points() -> None:
    """C-29: «In the free start, creatures may be bought (6, own type, at most 3)»; 004
    l.107–109: «choisissent eux-mêmes leur potentiel en dépensant pour cela 45 points de
    construction … (voir tableau coût des constructions)»: a creature costs 6 there, placed
    by the construction's rule (own kind, where he may build)."""
    from bot.games.mare_nostrum.modules.mythology.army_state import army

    state = new(6, seed=2, start="free")
    _to_turn_of(state, "rome")
    assert Deploy("rome", "creature", "latium") not in engine.legal_actions(state, "rome")
    act(state, Deploy("rome", "influence", "latium"))
    assert Deploy("rome", "creature", "latium") in engine.legal_actions(state, "rome")
    assert Deploy("rome", "creature", "italia") not in engine.legal_actions(state, "rome")
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply_in_place(state, Deploy("rome", "creature", "italia"))
    assert err.value.code == "not_controlled" and engine.to_json(state) == before
    act(state, Deploy("rome", "creature", "latium"))
    assert army(state).at["latium"] == {"rome": 1}
    # 9 points: the influence (3) and the creature (6); his wave is over.
    assert state.prompts[0].player == "egypt"


def test_ms08_c29_at_most_3_creatures_in_the_free_start() -> None:
    """«at most 3»: the 3 pawns of his colour (the construction's `creature_why`)."""
    from bot.games.mare_nostrum.modules.mythology.army_state import army

    state = new(6, seed=2, start="free")
    _to_turn_of(state, "rome")
    act(state, Deploy("rome", "influence", "latium"))
    army(state).at["latium"] = {"rome": 3}
    with pytest.raises(EngineError) as err:
        engine.check(state, Deploy("rome", "creature", "latium"))
    assert err.value.code == "supply_empty"
