"""Atlas section 2 « Mise en place » and section 6 « Jouer avec plusieurs modules »: the
objective tiles, the event decks, the hands (checklists 7.3, 7.7)."""

from __future__ import annotations

from collections import Counter

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends import data

from .scenario import LegendsScenario

TROIA = ("obj_alexander_dream", "obj_poseidon_legacy", "obj_ares_favour")


def test_2_1_setup_three_objective_tiles_face_up() -> None:
    """« Placez à côté du plateau de jeu les 3 tuiles Objectif correspondant au module joué,
    face visible. »"""
    for city in data.cities():
        s = LegendsScenario((city,))
        assert s.leg.objectives == list(data.objectives(city))
        assert engine.view(s.state, None)["substates"]["legends"]["objectives"] == list(
            data.objectives(city)
        )


def test_2_1_setup_fifteen_cards_shuffled_face_down() -> None:
    """« Mélangez puis formez une pioche avec les 15 cartes Événement du module choisi, face
    cachée. » The counts of page 8, shuffled by the seeded generator, the order unseen."""
    counts = {
        "troia": {
            "catapults": 2,
            "scythed_chariots": 1,
            "cretan_archers": 2,
            "war_elephants": 2,
            "siege_ships": 2,
            "greek_phalanxes": 1,
            "quinqueremes": 2,
            "decoy": 3,
        }
    }
    s = LegendsScenario(("troia",), seed=5)
    deck = s.leg.decks["troia"]
    assert len(deck) == 15
    assert Counter(data.split(c)[1] for c in deck) == counts["troia"]
    again = LegendsScenario(("troia",), seed=5).leg.decks["troia"]
    other = LegendsScenario(("troia",), seed=6).leg.decks["troia"]
    assert again == deck and other != deck
    public = engine.view(s.state, "rome")["substates"]["legends"]
    assert public["deck_sizes"] == {"troia": 15} and "decks" not in public
    for city in data.cities():
        assert len(data.deck(city)) == 15


def test_6_two_modules_one_objective_of_each_and_one_of_the_four_left() -> None:
    """« Piochez aléatoirement une tuile Objectif de chaque module, puis mélangez les tuiles
    Objectif restantes des 2 modules et piochez-en une au hasard. » « Placez séparément les 2
    pioches de cartes Événement »."""
    seen = set()
    for seed in range(12):
        s = LegendsScenario(("troia", "syracusae"), seed=seed)
        objs = s.leg.objectives
        assert len(objs) == 3 and len(set(objs)) == 3
        cities = Counter(data.objective_city(o) for o in objs)
        assert set(cities) <= {"troia", "syracusae"} and sorted(cities.values()) == [1, 2]
        assert set(s.leg.decks) == {"troia", "syracusae"}
        assert all(len(d) == 15 for d in s.leg.decks.values())
        seen.add(tuple(objs))
    assert len(seen) > 1  # drawn, not fixed


def test_6_three_modules_one_objective_of_each() -> None:
    """« Piochez aléatoirement une tuile Objectif de chaque module, puis placez ces 3 tuiles
    Objectif face visible » and « Placez séparément les 3 pioches »."""
    s = LegendsScenario(("troia", "ierusalem", "syracusae"), seed=3)
    assert [data.objective_city(o) for o in s.leg.objectives] == list(data.cities())
    assert {c: len(d) for c, d in s.leg.decks.items()} == {c: 15 for c in data.cities()}
    assert s.leg.discards == {c: [] for c in data.cities()}


def test_b5_hand_sizes_public_contents_secret() -> None:
    """B5: « Il n'y a pas de limite au nombre de cartes » — hands secret, their sizes public."""
    s = LegendsScenario().give("rome", "troia.catapults", "troia.decoy")
    mine = engine.view(s.state, "rome")["substates"]["legends"]
    theirs = engine.view(s.state, "greece")["substates"]["legends"]
    spectator = engine.view(s.state, None)["substates"]["legends"]
    assert mine["hand"] == ["troia.catapults", "troia.decoy"]
    assert theirs["hand"] == [] and spectator["hand"] is None
    assert theirs["hand_sizes"]["rome"] == 2 == spectator["hand_sizes"]["rome"]
    assert "catapults" not in str(theirs) and "catapults" not in str(spectator)


def test_snapshot_round_trip() -> None:
    s = LegendsScenario(("troia", "ierusalem"), keep_prompts=True).give("rome", "troia.decoy")
    assert engine.from_json(engine.to_json(s.state)) == s.state
