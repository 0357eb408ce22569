"""Le Port du Pirée (page 8, L792–794; ruling E11)."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Pay
from bot.games.mare_nostrum.control import supply_left
from bot.games.mare_nostrum.invariants import check_invariants
from bot.games.mare_nostrum.modules.atlantis.powers.records import Petrified, records
from bot.games.mare_nostrum.modules.legends.actions import PiraeusPlace, PlayEvent
from bot.games.mare_nostrum.modules.legends.cards.piraeus import reserve_left
from bot.games.mare_nostrum.state import GameState

from ..atlantis.scenario import SIX
from ..builder import rejected
from ..test_build import start as start_build
from .scenario import LegendsScenario

CITY = ("syracusae",)
PIRAEUS = PlayEvent("rome", "syracusae.piraeus")


def _full_army(s: LegendsScenario) -> LegendsScenario:
    """Rome with all 8 legions and 5 triremes on the board."""
    for p in list(s.state.legions):
        s.legions(p, "rome", 0)
    for sea in list(s.state.triremes):
        s.triremes(sea, "rome", 0)
    s.legions("latium", "rome", 8)
    s.triremes("tyrrhenum", "rome", 5)
    return s


def _count(areas: dict[str, dict[str, int]], player: str) -> int:
    return sum(d.get(player, 0) for d in areas.values())


def _invariants_ok(state: GameState) -> None:
    """The pieces' invariants (the supply counts agree with the board)."""
    assert [m for m in check_invariants(state) if "supply" in m] == []


def test_piraeus_six_resources_buy_one_trireme_and_two_legions_beyond_the_limits() -> None:
    """LE PORT DU PIRÉE: « Dépensez une combinaison de 6 Ressources (plutôt que 3 combinaisons
    de 3) pour acheter et placer 1 Trirème et 2 Légions. Ces Unités proviennent de la Réserve
    Barbare et augmentent donc les maxima militaires du joueur. »"""
    s = _full_army(LegendsScenario(CITY).give("rome", "syracusae.piraeus"))
    s.hand("rome", coin=6)
    start_build(s, "rome")
    assert supply_left(s.state, "rome", "legion") == 0
    assert PIRAEUS in s.legal("rome")
    s.act(PIRAEUS)
    pays = s.legal("rome")
    assert pays and all(isinstance(a, Pay) for a in pays)
    paid = s.act(pays[0])
    assert s.state.hands["rome"].get("coin", 0) == 0
    assert all(e.audience == ("rome",) for e in paid if e.kind == "paid")
    seas = s.legal_as("rome", PiraeusPlace)
    assert "tyrrhenum" in {a.area for a in seas}
    placed = s.act(PiraeusPlace("rome", "tyrrhenum"))
    placed += s.act(PiraeusPlace("rome", "latium"))
    placed += s.act(PiraeusPlace("rome", "latium"))
    assert _count(s.state.legions, "rome") == 10
    assert _count(s.state.triremes, "rome") == 6
    assert supply_left(s.state, "rome", "legion") == 0
    assert supply_left(s.state, "rome", "trireme") == 0
    assert reserve_left(s.state, "legion") == 6 and reserve_left(s.state, "trireme") == 2
    assert [e.data["item"] for e in placed if e.kind == "piraeus_placed"] == [
        "trireme",
        "legion",
        "legion",
    ]
    assert s.state.prompts[0].kind == "build_turn"  # his turn goes on
    _invariants_ok(s.state)


def test_piraeus_destroyed_units_go_back_to_the_barbarian_reserve() -> None:
    """E11: « When destroyed, they go back to the barbarian reserve »: once he is back under
    his limit, his supply is his own again."""
    s = _full_army(LegendsScenario(CITY).give("rome", "syracusae.piraeus"))
    s.leg.piraeus["rome"] = {"legion": 2, "trireme": 1}
    s.legions("latium", "rome", 10)
    assert supply_left(s.state, "rome", "legion") == 0
    assert reserve_left(s.state, "legion") == 6
    s.legions("latium", "rome", 7)
    assert reserve_left(s.state, "legion") == 8
    assert supply_left(s.state, "rome", "legion") == 1
    _invariants_ok(s.state)


def test_piraeus_needs_six_resources_in_one_set() -> None:
    """« Dépensez une combinaison de 6 Ressources »: without a set of 6 the card is not
    offered, and a play is refused, nothing changed."""
    s = LegendsScenario(CITY).give("rome", "syracusae.piraeus")
    s.hand("rome", coin=5)
    start_build(s, "rome")
    assert PIRAEUS not in s.legal("rome")
    rejected(s, PIRAEUS, "bad_target")


def test_piraeus_needs_the_units_in_the_barbarian_reserve() -> None:
    """E11: it needs 1 trireme and 2 legions free in the barbarian reserve (8 legions, 3
    triremes)."""
    s = _full_army(LegendsScenario(CITY).give("rome", "syracusae.piraeus"))
    s.leg.piraeus["rome"] = {"trireme": 3}
    s.triremes("tyrrhenum", "rome", 8)
    s.hand("rome", coin=6)
    start_build(s, "rome")
    assert reserve_left(s.state, "trireme") == 0
    assert PIRAEUS not in s.legal("rome")


def test_piraeus_only_in_his_build_turn() -> None:
    """« À jouer lors de la Phase Achats »: not in another phase."""
    s = LegendsScenario(CITY).give("rome", "syracusae.piraeus")
    s.hand("rome", coin=6)
    s.enter("production")
    assert PIRAEUS not in s.legal("rome")


def test_piraeus_units_petrified_are_still_in_play_not_back_to_the_reserve() -> None:
    """E11 « destroyed, they go back to the barbarian reserve » with MÉDUSE (A9: petrified
    units come back at the end of the turn): a petrified legion is not destroyed, so his
    barbarian legion stays his and the pieces out never exceed his limits plus the reserve's
    (found by a 6-player playout with Atlantis and the three cities, seed 2)."""
    s = _full_army(LegendsScenario(("atlantis", "syracusae"), players=SIX))
    s.leg.piraeus["rome"] = {"legion": 1}
    s.legions("latium", "rome", 8).legions("gallia", "rome", 1)
    _invariants_ok(s.state)
    assert reserve_left(s.state, "legion") == 7
    # Méduse petrifies his legion in gallia (records as petrify.py makes them).
    s.legions("gallia", "rome", 0)
    records(s.state).petrified.append(
        Petrified(
            owner="rome",
            area="gallia",
            legions=1,
            fortress=False,
            triremes=0,
            figures=[],
            power="medusa",
            by="atlantis",
            round=s.state.round,
        )
    )
    assert supply_left(s.state, "rome", "legion") == 0
    assert reserve_left(s.state, "legion") == 7
    _invariants_ok(s.state)
