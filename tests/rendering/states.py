"""Hand-built game states for the renderer's tests, benchmark and gallery."""

from __future__ import annotations

from bot.games.mare_nostrum.state import Prompt
from bot.games.mare_nostrum.view import MareNostrumView, view
from tests.engine.builder import FIVE, THREE, Scenario


def opening_three() -> Scenario:
    """A 3-player game as set up, first round, trade phase."""
    s = Scenario(THREE, seed=3)
    s.set(phase="trade")
    s.state.prompts = [Prompt("trade_offer", p) for p in THREE]
    return s


def midgame_five() -> Scenario:
    """A 5-player game in round 4: battles, an occupied capital, a pending conversion."""
    s = Scenario(FIVE, seed=5)
    s.set(round=4, phase="military")
    s.influence("dalmatia", "rome").influence("dacia", "greece").influence("sicilia", "carthage")
    s.influence("judaea", "egypt").influence("cilicia", "babylon").influence("creta", "greece")
    s.building("dalmatia", "caravan", commodity="wood")
    s.building("sicilia", "legendary_city")
    s.building("creta", "city")
    s.building("judaea", "temple")
    s.legions("macedonia", "rome", 3).legions("macedonia", "greece", 2)  # a battle
    s.legions("dalmatia", "rome", 2).fortress("dalmatia", "rome")
    s.legions("sicilia", "carthage", 2).legions("sicilia", "rome", 1)
    s.legions("judaea", "egypt", 2).fortress("judaea", "egypt")
    s.legions("aegyptus", "babylon", 3)
    s.occupy("aegyptus", 0, "babylon")  # ALEXANDRIA occupied by Babylon
    s.state.conversions["aegyptus"] = {"player": "babylon", "round": 4}
    s.legions("cilicia", "babylon", 1)
    s.triremes("tyrrhenum", "rome", 2).triremes("ionium", "rome", 1)
    s.triremes("ionium", "greece", 2).triremes("aegaeum", "greece", 1)
    s.triremes("sardum", "carthage", 2).triremes("aegyptium", "egypt", 2)
    s.triremes("cyprium", "babylon", 1)
    s.hw("greece", "pericles", "perseus").hw("babylon", "hammurabi", "hanging_gardens")
    s.state.hw_market = ["colossus", "spartacus", "nebuchadnezzar", "artemis", "circe"]
    s.title("military", "rome")
    s.hand("rome", coin=4, grain=1, wine_l=1, metal=2, gold=1, oil=1)
    s.state.prompts = [Prompt("casualties", "greece"),
                       Prompt("casualties", "rome")]
    return s


def crowded_five() -> Scenario:
    """A crowded late game: every slot built, units of several empires everywhere."""
    s = Scenario(FIVE, seed=7)
    tiles = ["caesar", "pericles", "hannibal", "cleopatra", "hammurabi", "antigone",
             "castor_pollux", "circe", "gilgamesh", "hamilcar", "hercules", "penthesilea",
             "perseus", "ramesses", "sheba", "spartacus", "colossus", "pharos", "artemis",
             "hanging_gardens"]
    return _crowd(s, FIVE, tiles)


def _crowd(s: Scenario, players: list[str], tiles: list[str]) -> Scenario:
    """Every slot built, influence, legions, fortresses, conversions and fleets of several
    empires everywhere, four tiles each, round 11 in the build phase."""
    s.set(round=11, phase="build")
    board = s.state.board
    n = len(players)
    for k, (pid, prov) in enumerate(sorted(board.provinces.items())):
        owner = players[k % n]
        s.influence(pid, owner)
        s.state.built[pid] = [True] * len(prov.slots)
        for i in range(len(prov.slots)):
            if (k + i) % 4 == 0:
                s.occupy(pid, i, players[(k + 1) % n])
        s.legions(pid, owner, 1 + k % 4)
        if k % 2:
            s.legions(pid, players[(k + 2) % n], 1 + k % 3)
        if k % 3 == 0:
            s.fortress(pid, owner)
        if k % 5 == 0:
            s.legions(pid, players[(k + 3) % n], 2)
            s.state.conversions[pid] = {"player": players[(k + 3) % n], "round": 10}
    for j, sid in enumerate(sorted(board.seas)):
        for q in range(3):
            s.triremes(sid, players[(j + q) % n], 1 + (j + q) % 3)
    for i, p in enumerate(players):
        s.hw(p, *tiles[i * 4:(i + 1) * 4])
    s.state.hw_market = ["zeus"]
    s.state.pyramids_available = True
    s.state.prompts = [Prompt("build_turn", p) for p in players]
    for p in players:
        s.hand(p, coin=5, grain=2, grain_l=1, wine=1, oil=2, sheep=1, gold=1, metal=1)
    return s


def crowded_six() -> Scenario:
    """The crowded late game at 6 players on the Atlas board, with units petrified by Médée
    (triremes in a sea) and Méduse (legions and a fortress in a province), Chiron's Centaurs
    fighting in Baetica, and the Atlantean track with one tile left on it."""
    from bot.games.mare_nostrum.modules.atlantis.powers.records import records
    from tests.engine.atlantis.scenario import SIX, AtlasScenario

    s = _crowd(AtlasScenario(SIX, seed=7), SIX,
               ["caesar", "pericles", "hannibal", "cleopatra", "hammurabi", "antigone",
                "castor_pollux", "circe", "gilgamesh", "hamilcar", "hercules", "penthesilea",
                "perseus", "ramesses", "sheba", "spartacus", "colossus", "pharos", "artemis",
                "hanging_gardens", "atlas", "medea", "medusa", "chiron"])
    s.state.figures["centaurs"] = {"owner": "atlantis", "area": "baetica"}
    s.state.substates["atlantean_track"].face_up = ["pegasus"]  # type: ignore[attr-defined]
    powers = records(s.state)
    powers.petrified = [
        {"owner": "rome", "area": "balearicum", "legions": 0, "fortress": False,
         "triremes": 2, "power": "medea", "by": "atlantis", "round": 11},
        {"owner": "carthage", "area": "mauretania", "legions": 3, "fortress": True,
         "triremes": 0, "power": "medusa", "by": "atlantis", "round": 11},
    ]
    return s


def crowded_view(viewer: str | None = "rome") -> MareNostrumView:
    return view(crowded_five().state, viewer)


def crowded_six_view(viewer: str | None = "atlantis") -> MareNostrumView:
    return view(crowded_six().state, viewer)
