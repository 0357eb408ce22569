"""The Atlantean heroes' track (L170–174, rulings A2 and A2b)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Buy, ChooseNext, EndTurn
from bot.games.mare_nostrum.control import levels

from ..test_build import buy, rejects, start
from .scenario import FIVE_A, FOUR_A, SIX, AtlasScenario

HEROES = ["chiron", "medea", "medusa", "orpheus", "pegasus"]


def track(s: AtlasScenario) -> dict[str, object]:
    return engine.view(s.state, None)["substates"]["atlantean_track"]


def finish_build(s: AtlasScenario) -> None:
    """Every builder ends his turn at once, the Culture Leader naming them in seat order."""
    while s.state.phase == "build":
        for p in s.state.players:
            for a in s.legal(p):
                if isinstance(a, EndTurn | ChooseNext):
                    s.act(a)
                    break
            else:
                continue
            break


def test_a_6_les_5_tuiles_hm_atlantes_sur_leur_piste() -> None:
    """« Lorsque vous jouez à 6, les 5 tuiles HM supplémentaires du module Empire Atlante sont
    placées sur la piste prévue à cet effet dans le coin supérieur gauche du plateau
    Atlantide. » (L170) They are face up beside the base market, never dealt into it."""
    s = AtlasScenario(SIX)
    assert track(s) == {"face_up": HEROES, "hidden_count": 0}
    assert not {*HEROES, "chiron"} & set(s.state.hw_market + s.state.hw_deck)
    assert len(s.state.hw_market) == 5


@pytest.mark.parametrize("players", [FOUR_A, FIVE_A])
def test_a_4_5_pas_de_tuiles_atlantes_sauf_option(players: list[str]) -> None:
    """Ruling A2: only at 6 players, unless the game adds them (`atlantis_heroes`)."""
    s = AtlasScenario(players)
    assert track(s) == {"face_up": [], "hidden_count": 0}
    held = s.state.hw_market + s.state.hw_deck
    assert not set(HEROES) & set(held)
    with_option = AtlasScenario(players, modules=("atlantis", "atlantis_heroes"))
    assert track(with_option) == {"face_up": HEROES, "hidden_count": 0}


def test_tuiles_achetees_comme_n_importe_quelle_tuile_hm() -> None:
    """« Ces tuiles HM peuvent être achetées comme n'importe quelle autre tuile HM du jeu de
    base. » (L172): at the price of his next HW (7 for the 2nd), with their title bonus
    (Médée: Commerce 1, Militaire 1, L134)."""
    s = AtlasScenario()
    s.hand("rome", coin=7)
    before = levels(s.state, "rome")
    start(s, "rome")
    assert Buy("rome", "hw", "medea") in s.legal("rome")
    buy(s, "rome", "hw", "medea", pay=("coin",) * 7)
    assert s.state.hw["rome"] == ["caesar", "medea"]
    assert "medea" not in track(s)["face_up"]  # type: ignore[operator]
    after = levels(s.state, "rome")
    assert (after["trade"], after["military"]) == (before["trade"] + 1, before["military"] + 1)
    s.hand("rome", coin=8)
    rejects(s, Buy("rome", "hw", "medea"), "not_available")


def test_une_tuile_atlante_est_la_5e_hm_qui_gagne() -> None:
    """MN 6.1 with L172: an Atlantean tile bought as a fifth HW wins like any other."""
    s = AtlasScenario()
    s.hw("egypt", "cleopatra", "colossus", "ramesses", "zeus")
    s.hand("egypt", coin=10)
    s.state.hw_market = [t for t in s.state.hw_market if t not in s.state.hw["egypt"]]
    start(s, "egypt")
    buy(s, "egypt", "hw", "pegasus", pay=("coin",) * 10)
    assert s.state.over and s.state.winners == ["egypt"] and s.state.victory == "hw"


def test_partie_d_initiation_une_seule_tuile_atlante_a_la_fois() -> None:
    """« Note: pour une partie d'initiation, vous pouvez choisir de ne dévoiler qu'une seule
    tuile HM du module Empire Atlante à la fois. » (L174) Ruling A2b: the next one is revealed
    at the end of the Build phase in which the face-up one was bought."""
    s = AtlasScenario(modules=("atlantis", "atlantis_intro"))
    shown = track(s)
    assert shown["hidden_count"] == 4 and len(shown["face_up"]) == 1  # type: ignore[arg-type]
    first = shown["face_up"][0]  # type: ignore[index]
    assert first in HEROES
    s.hand("rome", coin=7)
    start(s, "rome")
    buy(s, "rome", "hw", first, pay=("coin",) * 7)
    assert track(s) == {"face_up": [], "hidden_count": 4}
    s.act(EndTurn("rome"))
    finish_build(s)
    assert s.state.phase == "military"
    after = track(s)
    assert after["hidden_count"] == 3 and len(after["face_up"]) == 1  # type: ignore[arg-type]
    assert [e.data["tile"] for e in s.events if e.kind == "atlantean_tile_revealed"] == \
        after["face_up"]


def test_la_tuile_suivante_reste_cachee_tant_que_la_premiere_n_est_pas_achetee() -> None:
    """L174: one at a time — nothing is revealed while the face-up tile is unsold."""
    s = AtlasScenario(modules=("atlantis", "atlantis_intro"))
    shown = track(s)
    start(s, "rome")
    s.act(EndTurn("rome"))
    finish_build(s)
    assert track(s) == shown
