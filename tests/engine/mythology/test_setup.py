"""The Mythology's set-up (checklist D.2 MS-01 … MS-09; aid §B.3–B.5, B.13), each test
quoting the rulebook (shared/seeds/004_eef4a843b0671785.txt) or the ruling it applies."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import COMMODITIES
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology import cards
from bot.games.mare_nostrum.modules.mythology.setup import NAME, MythologySetup
from bot.games.mare_nostrum.rules import optional_modules, rules_for
from bot.games.mare_nostrum.rulesets.mn2003 import cards as base_cards
from bot.games.mare_nostrum.rulesets.mn2003.geography import caravan_sites, icon, provinces
from bot.games.mare_nostrum.rulesets.mn2003.pieces import buildings_left, supply_left
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.setup import player_counts
from bot.games.mare_nostrum.state import GameState

from .setup_helpers import OPTIONS, civs, new, started

MYTH = ("mythology",)


def setup_of(state: GameState) -> MythologySetup:
    found = state.substates[NAME]
    assert isinstance(found, MythologySetup)
    return found


def test_ms01_the_western_board_is_always_on_the_table() -> None:
    """004 l.90: «Un plateau supplémentaire vient s'ajouter à la carte de base et représente la
    partie ouest de la Méditerranée, jusqu'aux colonnes d'Hercule et au-delà puisque s'y
    trouve l'île mythique de l'Atlantide»; C-30: the Atlas board part, always present."""
    assert "mythology" in optional_modules("2003") and "mythology" not in optional_modules()
    for n in (3, 4, 5, 6):
        state = new(n)
        assert state.board_key == "mn2003.mythology" and not state.board.covered
        assert len(state.board.provinces) == 37 and len(state.board.seas) == 12
        assert "tarraconensis" in state.board.provinces["gallia"].neighbours
    # The western board read the 2003 way: GADIRA's city site takes a ville, no temple or
    # market slot (C-5, C-6).
    state = started(6)
    assert [i for i in caravan_sites("gadira", state.board_key)] != []
    assert engine.new_game(civs(4), {"ruleset": "2003"}, 1)[0].board_key == "mn2003"


def test_ms01_the_atlanteans_are_the_sixth_civilisation_capital_poseidonis() -> None:
    """004 l.90: «Le 6e joueur incarne les Atlantes et sa capitale de départ est
    Poseïdonis»; C-29: atlantis (ville on POSEIDONIS, caravans ceramic + metal, fortress),
    gadira (caravan oil), hesperides (caravan sheep or grain), and the hero Atlas."""
    assert civs(6) == ["rome", "greece", "carthage", "egypt", "babylon", "atlantis"]
    state = new(6)
    assert state.board.provinces["atlantis"].slots[0].kind == "capital"
    assert state.built["atlantis"][0]  # the ville on POSEIDONIS
    key = state.board_key
    built = {
        icon("atlantis", i, key)
        for i in caravan_sites("atlantis", key)
        if state.built["atlantis"][i]
    }
    assert built == {"ceramic", "metal"}
    assert state.fortresses["atlantis"] == ["atlantis"]
    assert [state.influence[p] for p in ("atlantis", "gadira", "hesperides")] == ["atlantis"] * 3
    assert state.hw["atlantis"] == [cards.ATLAS]
    assert any(
        p.player == "atlantis" and p.data["province"] == "hesperides" for p in state.prompts
    )  # «l'une ou l'autre icône»


def test_ms02_three_to_six_players() -> None:
    """004 l.82: «Elle met en scène le peuple des Atlantes et autorise donc un sixième
    participant»; C-10: 5 drop Atlantis, 4 Atlantis and Babylon, 3 Atlantis, Rome and
    Egypt."""
    assert player_counts("2003", MYTH) == (3, 4, 5, 6)
    assert player_counts("2003") == (3, 4, 5)
    assert civs(5) == ["rome", "greece", "carthage", "egypt", "babylon"]
    assert civs(3) == ["greece", "carthage", "babylon"]
    with pytest.raises(EngineError) as err:
        engine.new_game(
            ["rome", "greece", "carthage", "egypt", "babylon", "atlantis"], {"ruleset": "2003"}, 1
        )
    assert err.value.code in ("bad_player_count", "bad_empires")


def test_ms02_absent_civilisations_are_neutral_and_stronger() -> None:
    """004 l.110–111: «À moins de 6 joueurs, on neutralise les civilisations qui ne sont pas
    mises en jeu en plaçant sur leur capitale : 1 pion influence, 1 pion unité mythologique,
    1 pion légion, 1 pion forteresse et sur chaque case adjacente : 1 pion influence, 1 pion
    légion, 1 pion forteresse. Pour le Grec et l'Atlante, les cases adjacentes à leur
    capitale sont celles du départ prédéterminé» (C-8: the two other starting provinces; the
    creature is placed by the creatures' part)."""
    state = new(5)
    assert sub(state).neutrals == ["atlantis"]
    for pid in ("atlantis", "gadira", "hesperides"):
        assert state.influence[pid] == "atlantis"
        assert state.legions[pid] == {"atlantis": 1}
        assert state.fortresses[pid] == ["atlantis"]
    three = new(3)
    assert sub(three).neutrals == ["rome", "egypt", "atlantis"]
    assert three.fortresses["gallia"] == ["rome"] and three.legions["italia"] == {"rome": 1}
    assert all(p.player in three.players for p in three.prompts)  # neutrals owe nothing
    assert not sub(new(6)).neutrals


@pytest.mark.parametrize(
    ("n", "caravans", "cities", "markets", "temples"),
    [(3, 18, 8, 8, 4), (4, 23, 10, 10, 5), (5, 28, 12, 12, 6), (6, 33, 14, 14, 7)],
)
def test_ms03_building_supply_for_3_to_6_players(
    n: int, caravans: int, cities: int, markets: int, temples: int
) -> None:
    """004 l.112–137: «Le nombre de pions symbolisant les constructions … est fonction du
    nombre de joueurs» — caravanes 12 (G-5: 18)/23/28/33, villes 8/10/12/14, marchés
    8/10/12/14, temples 4/5/6/7."""
    state = started(n)
    key = state.board_key
    used = {
        kind: sum(1 for p in provinces(key) for i in sites(p, key) if state.built[p][i])
        for kind, sites in (("caravan", caravan_sites), ("city", _city_sites))
    }
    assert buildings_left(state, "caravan") == caravans - used["caravan"]
    assert buildings_left(state, "city") == cities - used["city"]
    assert buildings_left(state, "market") == markets
    assert buildings_left(state, "temple") == temples


def _city_sites(province: str, key: str) -> tuple[int, ...]:
    from bot.games.mare_nostrum.rulesets.mn2003.geography import city_sites

    return city_sites(province, key)


def test_ms04_pieces_per_player() -> None:
    """004 l.96: «12 pions influence … et de 24 pions unités militaires (8 forteresses, 5
    trirèmes, 8 légions et 3 créatures mythologiques)» (the creatures: creatures.py)."""
    state = started(6)
    assert supply_left(state, "atlantis", "legion") == 8
    assert supply_left(state, "atlantis", "trireme") == 5
    assert supply_left(state, "atlantis", "fortress") == 7
    assert supply_left(state, "atlantis", "influence") == 9


def test_ms05_eight_of_the_27_general_heroes_set_aside_at_random_publicly() -> None:
    """004 l.93: «On mélange donc tous les héros, du jeu de base et ceux de l'extension, et,
    au hasard, on en écarte 8 qui ne seront pas disponibles pour cette partie»; C-32: the 27
    general heroes only, the list public."""
    assert len(cards.GENERAL) == 27
    seen: set[str] = set()
    for seed in range(6):
        state = new(6, seed)
        aside = setup_of(state).set_aside
        assert len(aside) == 8 and set(aside) <= {c.id for c in cards.GENERAL}
        assert not set(aside) & set(state.hw_market)
        heroes = [c for c in state.hw_market if cards.ALL[c].kind == "hero"]
        assert len(heroes) == 19
        assert {c for c in state.hw_market if cards.ALL[c].kind == "wonder"} == {
            c.id for c in cards.WONDERS if c.kind == "wonder"
        }
        seen |= set(aside)
        assert setup_of(state).view("rome")["set_aside"] == aside  # public
    assert len(seen) > 8  # the seeded lot
    assert setup_of(new(6, 3)).set_aside == setup_of(new(6, 3)).set_aside
    _, events = engine.new_game(civs(6), OPTIONS, 3)
    shown = [e for e in events if e.kind == "heroes_set_aside"]
    assert shown and shown[0].audience is None


def test_ms06_the_revised_cards_replace_the_base_ones() -> None:
    """004 l.99–100: «leurs pouvoirs ont donc été réévalués»: Agamemnon, Archimède,
    Nabuchodonosor, Salomon, César, Hannibal, Périclès, Jardins, Mausolée, Phare, Statue de
    Zeus — each its own id, the 2003 card out of the game."""
    tiles = rules_for("2003", MYTH).data["hw_tiles"]
    revised = {c.revises: c.id for c in cards.ALL.values() if c.revises}
    assert set(revised) == {
        base_cards.AGAMEMNON,
        base_cards.ARCHIMEDES,
        base_cards.NEBUCHADNEZZAR,
        base_cards.SOLOMON,
        base_cards.CAESAR,
        base_cards.HANNIBAL,
        base_cards.PERICLES,
        base_cards.GARDENS,
        base_cards.MAUSOLEUM,
        base_cards.LIGHTHOUSE,
        base_cards.ZEUS,
    }
    for old, new_id in revised.items():
        assert old not in tiles and new_id in tiles and new_id.startswith("mythology.")
    assert base_cards.COLOSSUS in tiles and base_cards.PYRAMIDS in tiles  # unchanged
    # 6 specific heroes, 27 general heroes, 7 wonders (the Pyramids among them).
    kinds = [t.kind for t in tiles.values()]
    assert (kinds.count("specific_hero"), kinds.count("hero"), len(tiles)) == (6, 27, 40)
    assert all(c.cost == 9 for c in cards.ALL.values() if c.kind != "pyramids")
    assert {c.civ for c in cards.SPECIFIC} == set(civs(6))


def test_ms07_the_predetermined_start() -> None:
    """004 l.104–105: «Chacun prend le héros spécifique à sa civilisation … et,
    éventuellement, un rôle s'il en a un au départ (par exemple Grand Prêtre pour le Grec)»;
    C-29: the entry bonuses (Hannibal's legion, Périclès's trireme on land); no creature."""
    state = started(6)
    assert state.titles == {
        "trade": "carthage",
        "military": "rome",
        "culture": "egypt",
        "high_priest": "greece",
    }
    for civ in state.players:
        assert state.hw[civ] == [cards.SPECIFIC_HEROES[civ]]
    assert state.legions["africa"] == {"carthage": 1}
    assert sub(state).docked["achaea"] == {"greece": 1}
    assert not state.triremes


def test_ms07_a_role_whose_holder_is_absent_goes_by_the_counts() -> None:
    """004 l.146–147: «si l'Égyptien n'est pas là, c'est le Grec ou le Babylonien qui
    récupère le titre de Leader politique … on accordera le titre de Leader politique au
    Babylonien car il n'a rien, alors que le Grec a déjà celui de Grand Prêtre»."""
    for seed in range(4):
        state = new(3, seed)
        assert state.titles["high_priest"] == "greece"
        assert state.titles["culture"] == "babylon"


def test_ms09_ceramic_is_the_13th_resource() -> None:
    """004 l.83: «une treizième ressource, la céramique» (C-11: its icons take caravans with
    the Mythology only)."""
    state = new(6)
    key = state.board_key
    icons = {icon(p, i, key) for p in provinces(key) for i in caravan_sites(p, key)}
    assert "ceramic" in icons and len(icons) == 13 == len(COMMODITIES)
    assert caravan_sites("creta", key) != ()
    assert caravan_sites("creta", "mn2003") == ()  # the 2003 game without the module: still 12
    assert "ceramic" in rules_for("2003", MYTH).data["mn2003.resources"]
    # Income: the Atlantean caravan on POSEIDONIS's ceramic icon gives a ceramic card.
    assert started(6).hands["atlantis"].get("ceramic") == 1


def test_every_mythology_card_is_named_in_english_and_french() -> None:
    """Every card the module adds has its name in both catalogs (`value.mythology.<name>`)."""
    from bot.i18n import t

    for card in cards.ALL.values():
        if card.id.startswith(cards.PREFIX):
            assert t(f"mn.value.{card.id}", "en") == card.name_en
            assert t(f"mn.value.{card.id}", "fr") == card.name_fr
