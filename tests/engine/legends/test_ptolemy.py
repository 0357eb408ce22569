"""PTOLÉMÉE (Syracusae, L512–522), ruling E4, A12."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle
from bot.games.mare_nostrum.modules.syracusae.actions import PlaceFreeTrireme, RefuseBattle
from bot.games.mare_nostrum.state import GameState

from ..builder import rejected
from ..test_build import buy
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps_until
from ..test_heroes_military import start as start_military
from .scenario import CityScenario


def his_triremes(state: GameState, player: str) -> int:
    return sum(t.get(player, 0) for t in state.triremes.values())


def test_ptolemee_a_l_achat_placez_gratuitement_une_trireme_de_votre_reserve() -> None:
    """« À l'achat de ce Héros, placez gratuitement et immédiatement une Trirème disponible
    de votre Réserve. » Where a bought one may go (E4)."""
    s = CityScenario(("syracusae",))
    s.state.hw_market[0] = "ptolemy"
    s.hand("rome", coin=7)
    before = his_triremes(s.state, "rome")
    start_build(s, "rome")
    buy(s, "rome", "hw", "ptolemy", pay=("coin",) * 7)
    legal = s.legal("rome")
    assert PlaceFreeTrireme("rome", "tyrrhenum") in legal
    rejected(s, PlaceFreeTrireme("rome", "aegaeum"), "not_controlled")
    s.act(PlaceFreeTrireme("rome", "tyrrhenum"))
    assert his_triremes(s.state, "rome") == before + 1
    assert s.state.hands["rome"] == {}


def sea_battle(dice: Callable[..., None]) -> CityScenario:
    s = CityScenario(("syracusae",))
    s.hw("greece", "pericles", "ptolemy")
    s.triremes("ionium", "rome", 2).triremes("ionium", "greece", 1)
    start_military(s, "rome")
    finish_steps_until(s, "rome", "sea_battles")
    s.act(Battle("rome", "ionium", "greece"))
    return s


def test_ptolemee_vous_pouvez_refuser_les_batailles_maritimes_aucun_de_n_est_lance(
    dice: Callable[..., None],
) -> None:
    """« Vous pouvez refuser les Batailles Maritimes. Aucun Dé n'est lancé. » A play of the
    battle's window (ruling 18): both fleets stay, the sea counts as fought (E4)."""
    s = sea_battle(dice)
    assert RefuseBattle("greece") in s.legal("greece")
    s.act(RefuseBattle("greece"))
    if any(p.player == "rome" for p in engine.owed(s.state)) and PassWindow("rome") in s.legal(
        "rome"
    ):
        s.act(PassWindow("rome"))
    assert s.state.triremes["ionium"] == {"rome": 2, "greece": 1}
    assert not s.kinds("battle") and s.kinds("battle_refused")
    assert s.state.military is not None and "ionium" in s.state.military.fought


def test_ptolemee_may_also_let_the_battle_be_fought(dice: Callable[..., None]) -> None:
    s = sea_battle(dice)
    dice([1, 1], [1])
    s.act(PassWindow("greece"))
    assert s.kinds("battle")
