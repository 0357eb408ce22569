"""The Legendary City tiles in the deal: Atlas section 2 « Mise en place » (L206–210) and the
module removal lists (L310, L416, L524), section 6 (L558–572) with rulings F1 and F3."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import hw_tiles
from bot.games.mare_nostrum.modules.atlantis.track import track
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from bot.games.mare_nostrum.modules.troia.module import TILES as TROIA
from bot.games.mare_nostrum.rules import hw_tiles_of, rules_for
from bot.games.mare_nostrum.setup import empires_for
from bot.games.mare_nostrum.state import GameState

from ..builder import THREE

BASE_17 = {t.id for t in hw_tiles().values() if t.kind in ("hero", "wonder")}
ATLANTEANS = {"chiron", "medea", "medusa", "orpheus", "pegasus"}
REMOVES = {
    "troia": {"antigone", "castor_pollux", "circe", "gilgamesh", "hamilcar", "spartacus"},
    "ierusalem": {"antigone", "castor_pollux", "circe", "hamilcar", "penthesilea", "artemis"},
    "syracusae": {"antigone", "castor_pollux", "circe", "hamilcar", "penthesilea", "perseus"},
}
NEW = {
    "troia": {"achilles", "agamemnon", "ajax", "aeneas", "helen", "ulysses"},
    "ierusalem": {"adonis", "croesus", "imhotep", "moses", "solomon", "halicarnassus"},
    "syracusae": {"archimedes", "dido", "jason", "midas", "minos", "ptolemy"},
}


def game(modules: list[str], seed: int = 1, players: int = 3) -> GameState:
    state, _ = engine.new_game(empires_for(players, "empires", modules), {"modules": modules}, seed)
    return state


def pending(city: str) -> set[str]:
    return set(rules_for("empires", (city,)).data["legend_cities"][0].pending)


def in_play(state: GameState) -> set[str]:
    return set(state.hw_market) | set(state.hw_deck)


@pytest.mark.parametrize("city", list(NEW))
def test_2_mise_en_place_chaque_module_retire_ses_hm_et_ajoute_ses_6_tuiles(city: str) -> None:
    """« Chaque module indique les HM du jeu de base qui doivent être retirés et remplacés par
    les 6 tuiles HM du module Cité Légendaire choisi. » (L210; lists L310, L416, L524). A tile
    whose power the engine does not play yet stays out, and keeps one listed base tile in."""
    state = game([city])
    added = NEW[city] - pending(city)
    assert in_play(state) & NEW[city] == added
    kept = len(NEW[city]) - len(added)
    assert len(REMOVES[city] & in_play(state)) == kept
    assert len(in_play(state)) == 17


@pytest.mark.parametrize("city", list(NEW))
def test_2_les_tuiles_hm_sont_placees_comme_dans_le_jeu_de_base(city: str) -> None:
    """« Les tuiles HM utilisées sont placées sur le plateau HM comme expliqué dans le jeu de
    base »: five face up, the rest face down, the Pyramids apart."""
    for seed in range(1, 6):
        state = game([city], seed)
        assert len(state.hw_market) == 5 and len(state.hw_deck) == 12
        assert state.pyramids_available and "pyramids" not in in_play(state)


def test_2_the_tiles_have_their_printed_title_bonuses() -> None:
    """HÉLÈNE DE TROIE: « Cette Héroïne n'a pas de pouvoir particulier. » BONUS TITRE
    Militaire 4 (L290–296); AGAMEMNON: Politique 1, Militaire 1 (L272)."""
    tiles = hw_tiles_of(game(["troia"]))
    assert tiles["helen"].bonus == {"trade": 0, "culture": 0, "military": 4}
    assert tiles["agamemnon"].bonus == {"trade": 0, "culture": 1, "military": 1}
    assert tiles["halicarnassus"].kind == "wonder" if "halicarnassus" in tiles else True
    assert set(TROIA.tiles) == NEW["troia"]


@pytest.mark.parametrize(
    ("modules", "each"), [(["troia", "ierusalem"], 4), (["troia", "ierusalem", "syracusae"], 3)]
)
def test_6_remplacez_aleatoirement_8_ou_9_tuiles_hm(modules: list[str], each: int) -> None:
    """« Remplacez aléatoirement 8 tuiles HM du jeu de base par 4 tuiles HM prises au hasard
    dans chacun des 2 modules » (L564); « 9 tuiles HM [...] par 3 tuiles HM prises au hasard
    dans chacun des 3 modules » (L570). Never a starting hero or the Pyramids (F1)."""
    seen: set[frozenset[str]] = set()
    for seed in range(1, 9):
        state = game(modules, seed)
        tiles = in_play(state)
        added = 0
        for city in modules:
            mine = tiles & NEW[city]
            assert len(mine) == min(each, len(NEW[city] - pending(city)))
            added += len(mine)
        removed = set(tile_state(state).removed)
        assert len(removed) == added and removed <= BASE_17
        assert tiles & BASE_17 == BASE_17 - removed and len(tiles) == 17
        seen.add(frozenset(removed))
    assert len(seen) > 1  # drawn from the seeded RNG, not fixed


def test_6_the_random_replacement_comes_from_the_seed() -> None:
    """The same seed deals the same tiles (the draw is the state's seeded RNG)."""
    modules = ["troia", "ierusalem", "syracusae"]
    assert in_play(game(modules, 11)) == in_play(game(modules, 11))
    assert game(modules, 11).hw_market == game(modules, 11).hw_market


def test_f3_atlantean_tiles_are_outside_the_replacement() -> None:
    """F3: with Atlantis at 6 players the Atlantean tiles stay on their own track."""
    modules = ["atlantis", "troia", "ierusalem", "syracusae"]
    state = game(modules, 3, players=6)
    assert not in_play(state) & ATLANTEANS
    assert set(track(state).face_up) == ATLANTEANS
    assert len(in_play(state)) == 17
    # Either order of the modules keeps both sets of tiles.
    other = game(["troia", "atlantis"], 3, players=6)
    assert {"chiron", "achilles", "helen"} <= set(hw_tiles_of(other))


def test_removed_tiles_are_hidden_from_every_view() -> None:
    """A face-down tile out of the game was never seen: no view names it."""
    state = game(["troia", "ierusalem"], 5)
    for viewer in (None, *THREE):
        part = engine.view(state, viewer)["substates"]["legend_tiles"]
        assert "removed" not in part


@pytest.mark.parametrize(
    "modules", [["troia"], ["troia", "syracusae"], list(NEW), ["syracusae", "atlantis"]]
)
def test_the_set_up_round_trips(modules: list[str]) -> None:
    players = 6 if "atlantis" in modules else 3
    state = game(modules, 2, players)
    assert engine.from_json(engine.to_json(state)) == state


def test_the_city_modules_combine_but_not_with_the_punic_wars() -> None:
    """Any of the three, with or without Atlantis; the Punic Wars are played alone (G12)."""
    rules_for("empires", ("atlantis", "troia", "ierusalem", "syracusae"))
    with pytest.raises(engine.EngineError) as err:
        rules_for("empires", ("punic_wars", "troia"))
    assert err.value.code == "module_alone"
