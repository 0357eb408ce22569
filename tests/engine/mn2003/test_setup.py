"""2003 set-up (mn2003.md §A.2, checklist D.1 S-01 … S-10), each test quoting the rulebook
(shared/seeds/003_2902bfd8ac09cab7.txt) or the ruling it applies."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rules import rules_for, rulesets
from bot.games.mare_nostrum.rulesets.mn2003.cards import CARDS
from bot.games.mare_nostrum.rulesets.mn2003.data import BOARD_KEY, CAPITALS, SPECIFIC_HEROES
from bot.games.mare_nostrum.rulesets.mn2003.geography import caravan_sites, icon, provinces
from bot.games.mare_nostrum.rulesets.mn2003.pieces import buildings_left, supply_left
from bot.games.mare_nostrum.rulesets.mn2003.setup import ChooseIcon

from .helpers import act, civs, legal, new, part, started


def test_s01_the_2003_ruleset_is_registered_beside_empires_on_the_whole_board() -> None:
    """Ruling 19: «Played on the same board as Empires … no covered provinces»."""
    assert "2003" in rulesets() and rulesets()[0] == "empires"
    assert rules_for("2003").phase_order == ("trade", "construction", "military", "roles")
    for n in (3, 4, 5):
        state = new(n)
        assert state.board_key == BOARD_KEY and not state.board.covered
        assert len(state.board.provinces) == 30


def test_s01_ceramic_is_inactive_no_caravan_stands_on_its_icon() -> None:
    """C-11: «no caravan may be built on a ceramic icon (CRETA), which gives 12 types»."""
    assert caravan_sites("creta", BOARD_KEY) == ()
    key = BOARD_KEY
    icons = {icon(p, i, key) for p in provinces(key) for i in caravan_sites(p, key)}
    assert "ceramic" not in icons and len(icons) == 12


def test_s02_absent_civilisations_are_neutral_pieces_that_only_defend() -> None:
    """003 l.223–228: «on neutralise les civilisations qui ne sont pas mises en jeu en
    plaçant sur leur capitale : 1 pion influence, 1 pion légion et 1 pion forteresse … Ces
    pions … ne sont manipulés par aucun des joueurs. Ils restent sur place et se défendent»;
    C-8: the capital and the two other starting provinces."""
    state = new(4)
    assert part(state).neutrals == ["babylon"]
    assert state.fortresses["babylonia"] == ["babylon"]
    for pid in ("babylonia", "syria", "mesopotamia"):
        assert state.influence[pid] == "babylon" and state.legions[pid] == {"babylon": 1}
    three = new(3)
    assert part(three).neutrals == ["rome", "egypt"]
    assert three.legions["gallia"] == {"rome": 1} and three.legions["cyrenaica"] == {"egypt": 1}
    assert all(p.player in three.players for p in three.prompts)  # neutrals owe nothing


def test_s02_the_civilisations_by_player_count() -> None:
    """003 l.378–384: «à 4 joueurs, éliminer Babylone - à 3 joueurs, éliminer Rome et
    l'Egypte»."""
    assert civs(3) == ["greece", "carthage", "babylon"]
    assert civs(4) == ["rome", "greece", "carthage", "egypt"]
    with pytest.raises(EngineError) as err:
        engine.new_game(["rome", "greece", "babylon"], {"ruleset": "2003"}, 1)
    assert err.value.code == "bad_empires"


def test_s03_pieces_per_player() -> None:
    """003 l.11–15: «5 trirèmes, 8 légions, 8 forteresses, 12 influences»."""
    state = started(5)
    assert supply_left(state, "rome", "legion") == 8
    assert supply_left(state, "rome", "trireme") == 5
    assert supply_left(state, "rome", "fortress") == 7  # one on the capital
    assert supply_left(state, "rome", "influence") == 9  # three on the sheet


@pytest.mark.parametrize(
    ("n", "caravans", "cities", "markets", "temples"),
    [(3, 18, 8, 8, 4), (4, 23, 10, 10, 5), (5, 28, 12, 12, 6)],
)
def test_s04_building_supply_by_player_count(
    n: int, caravans: int, cities: int, markets: int, temples: int
) -> None:
    """003 l.348–357: «À 3 et 4 joueurs, en début de partie, retirer du jeu les pions qui ne
    serviront pas» (18/23/28 caravanes, 8/10/12 villes and marchés, 4/5/6 temples)."""
    state = started(n)
    placed_caravans = sum(
        4 if c in ("rome", "carthage") else 2 if c == "egypt" else 3 for c in state.players
    )
    placed_cities = sum(
        3 if c == "egypt" else 2 if c in ("greece", "babylon") else 1 for c in state.players
    )
    assert buildings_left(state, "caravan") == caravans - placed_caravans
    assert buildings_left(state, "city") == cities - placed_cities
    assert buildings_left(state, "market") == markets
    assert buildings_left(state, "temple") == temples


def test_s05_the_predetermined_start() -> None:
    """003 l.510ff: «Point de départ: 36 points de construction pour chacun, dont le héros
    spécifique à chaque peuple»; «le joueur de Rome prend la carte Chef militaire»; nobody
    starts with cards, legions or triremes (C-9)."""
    state = started(5)
    assert state.titles == {"trade": "carthage", "military": "rome", "culture": "egypt"}
    for civ in state.players:
        assert state.hw[civ] == [SPECIFIC_HEROES[civ]]
        assert not any(state.legions.get(p, {}).get(civ) for p in state.legions)
        assert not state.triremes
    assert state.built["achaea"][0] and state.built["achaea"][1]  # ATHENAE + a city
    assert state.fortresses["latium"] == ["rome"]
    # 27 points of pieces: 3 influence, 5 buildings of 3, 1 fortress.
    for civ in state.players:
        on_board = 12 - supply_left(state, civ, "influence")
        assert on_board == 3


def test_s05_the_first_cards_come_from_round_1s_income() -> None:
    """A.2.1 step 6: «Nobody starts with cards»; the income is step A of the trade phase."""
    state = new(4)
    assert all(not state.hands[c] for c in state.players)
    state = started(4)
    assert all(state.hands[c] for c in state.players)


def test_s06_the_caravan_goes_on_either_icon_as_the_player_chooses() -> None:
    """Situation de départ: «Le pion caravane Peut être placé sur l'une ou l'autre icône»."""
    state = new(4)
    prompts = [(p.player, p.data["province"]) for p in state.prompts]
    assert ("rome", "gallia") in prompts and ("egypt", "aethiopia") in prompts
    act(state, ChooseIcon("rome", "gallia", "sheep"))
    slots = state.board.provinces["gallia"].slots
    assert [s.commodity for s, b in zip(slots, state.built["gallia"], strict=True) if b] == [
        "sheep"
    ]
    with pytest.raises(EngineError) as err:
        engine.check(state, ChooseIcon("rome", "italia", "wine"))
    assert err.value.code == "bad_icon"


def test_s09_a_role_whose_holder_is_absent_goes_by_the_counts() -> None:
    """C-10 (004 l.146–147): «Pour chaque rôle, il faut respecter le nombre de possessions …
    S'il y a égalité, on tire au sort parmi les deux qui n'ont pas eu de titre»: at 3
    (Greece, Carthage, Babylon), Carthage keeps trade; culture is drawn between Greece and
    Babylon (2 villes each); military goes to one without a role."""
    seen = set()
    for seed in range(12):
        state = new(3, seed)
        assert state.titles["trade"] == "carthage"
        assert state.titles["culture"] in ("greece", "babylon")
        assert state.titles["military"] != state.titles["trade"]
        seen.add(state.titles["culture"])
    assert seen == {"greece", "babylon"}  # the lot, by the seeded generator


def test_s10_cards_face_up_the_specific_heroes_reserved() -> None:
    """003 l.369–371: «chaque peuple possède un héros qui lui est spécifique (Jules César ne
    peut être possédé que par le joueur de Rome)»; 004 l.348–349: «On choisit»."""
    state = new(4)
    offered = set(state.hw_market)
    assert offered == {c for c, t in CARDS.items() if t.kind in ("hero", "wonder")}
    assert not state.hw_deck and state.pyramids_available
    assert SPECIFIC_HEROES["babylon"] not in offered


def test_s07_the_free_start_with_36_points() -> None:
    """003 l.220–222: «Ils choisissent eux-mêmes leur potentiel en dépensant pour cela 36
    points de construction. Ils n'ont alors le droit de se déployer que sur la case de leur
    capitale et sur celles qui lui sont adjacentes»; l.373–376: «les joueurs peuvent acquérir
    leur héros mais aucun autre, ni aucune merveille. Le joueur de la Grèce est autorisé à se
    déployer sur toutes les provinces adjacentes à la mer Egée»; C-7: random order, 4 waves of
    9, the capital's influence first, no wait, no power, roles as you go."""
    from bot.games.mare_nostrum.actions import EndTurn
    from bot.games.mare_nostrum.rulesets.mn2003.free_start import Deploy, zone

    state = new(4, seed=2, start="free")
    free = part(state).free
    assert sorted(free["order"]) == sorted(state.players) and free["points"] == 9
    assert not state.titles and all(not state.hw[c] for c in state.players)
    first = free["order"][0]
    capital = {"rome": "latium", "greece": "achaea", "carthage": "africa", "egypt": "aegyptus"}[
        first
    ]
    assert legal(state, first) == [Deploy(first, "influence", capital)]  # capital first
    act(state, Deploy(first, "influence", capital))
    assert state.titles == {}  # no count above 0 yet
    act(state, Deploy(first, "city", capital, 0))  # no wait after the influence
    assert state.titles == {"culture": first}
    act(state, Deploy(first, "legion", capital))  # 3 points (a hero's price cut is off)
    assert part(state).free["turn"] == 1  # 9 points spent: the next player
    assert zone("greece") >= {"achaea", "macedonia", "thracia", "creta", "asia"}
    assert "latium" not in zone("greece")
    with pytest.raises(EngineError) as err:
        engine.check(state, EndTurn(part(state).free["order"][1]))
    assert err.value.code == "capital_first"


def test_s07_only_his_own_hero_for_9_and_no_wonder() -> None:
    from bot.games.mare_nostrum.rulesets.mn2003.free_start import Deploy

    state = new(4, seed=2, start="free")
    first = part(state).free["order"][0]
    capital = CAPITALS[first]
    act(state, Deploy(first, "influence", capital))
    heroes = [a for a in legal(state, first) if isinstance(a, Deploy) and a.item == "hw"]
    assert heroes == []  # 6 points left: a hero costs 9
    state2 = new(4, seed=2, start="free")
    part(state2).free["points"] = 12
    act(state2, Deploy(first, "influence", capital))
    assert [a.target for a in legal(state2, first) if isinstance(a, Deploy) and a.item == "hw"] == [
        SPECIFIC_HEROES[first]
    ]
