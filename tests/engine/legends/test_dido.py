"""DIDON (Syracusae, L470–478), ruling E2."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import EndTurn
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.hooks import PRODUCTION_COLLECTED
from bot.games.mare_nostrum.modules.syracusae.actions import StoreGoods
from bot.games.mare_nostrum.modules.syracusae.powers.dido import dido
from bot.games.mare_nostrum.view import view

from ..builder import rejected
from ..test_build import start as start_build
from .scenario import CityScenario


def discarding(store: list[str] | None = None, **hand: int) -> CityScenario:
    """Greece holds Didon; Rome ends his Build turn with `hand` unspent."""
    s = CityScenario(("syracusae",))
    s.hw("greece", "dido")
    if store is not None:
        dido(s.state).stores["greece"] = store
    s.hand("rome", **hand)
    start_build(s, "rome")
    s.act(EndTurn("rome"))
    return s


def test_didon_vous_pouvez_recuperer_et_stocker_jusqu_a_2_jetons_bien_defausses() -> None:
    """« Vous pouvez récupérer et stocker jusqu'à 2 jetons Bien inutilisés et défaussés par vos
    adversaires (MN 3.0). »"""
    s = discarding(gold=2, wine=1, coin=4)
    legal = s.legal_as("greece", StoreGoods)
    assert StoreGoods("greece", ("gold", "wine")) in legal
    assert StoreGoods("greece", ("gold", "gold")) in legal
    assert all(len(a.goods) <= 2 and "coin" not in a.goods for a in legal)
    rejected(s, StoreGoods("greece", ("gold", "gold", "wine")), "bad_store")
    rejected(s, StoreGoods("greece", ("marble",)), "bad_store")
    s.act(StoreGoods("greece", ("gold", "wine")))
    assert dido(s.state).stores["greece"] == ["gold", "wine"]
    assert s.kinds("build_turn_ended")  # Rome's turn ends once Didon chose
    assert not any(p.kind == "dido_store" for p in s.state.prompts)


def test_didon_il_est_possible_de_remplacer_ces_jetons_stockes() -> None:
    """« Il est possible de remplacer ces jetons stockés par d'autres qui viendraient à être
    défaussés. »"""
    s = discarding(["gold", "wine"], marble=1)
    assert StoreGoods("greece", ("gold", "marble")) in s.legal("greece")
    s.act(StoreGoods("greece", ("marble", "wine")))
    assert dido(s.state).stores["greece"] == ["marble", "wine"]


def test_didon_by_default_takes_nothing() -> None:
    """E2: the deadline default is « take nothing »: his store stays as it is."""
    s = discarding(["gold"], wine=1)
    prompt = next(p for p in s.state.prompts if p.kind == "dido_store")
    handler = s.state.rules.handlers["dido_store"]
    assert handler.default is not None
    assert handler.default(s.state, prompt) == StoreGoods("greece", ("gold",))


def test_didon_only_opponents_discards_and_only_commodities() -> None:
    """« défaussés par vos adversaires »: not his own; coins are not « jetons Bien »."""
    s = CityScenario(("syracusae",))
    s.hw("greece", "dido")
    s.hand("greece", gold=2)
    start_build(s, "greece")
    s.act(EndTurn("greece"))
    assert not any(p.kind == "dido_store" for p in s.state.prompts)
    s = discarding(coin=5)
    assert not any(p.kind == "dido_store" for p in s.state.prompts)


def test_didon_the_store_joins_his_hand_at_the_next_production() -> None:
    """E2: « Tokens taken join his hand at the start of the next round »."""
    s = CityScenario(("syracusae",))
    s.hw("greece", "dido")
    s.hand("greece", coin=1)
    dido(s.state).stores["greece"] = ["gold", "wine"]
    ev = EventLog()
    for after in s.state.rules.on[PRODUCTION_COLLECTED]:
        after(s.state, ev)
    assert s.state.hands["greece"] == {"coin": 1, "gold": 1, "wine": 1}
    assert dido(s.state).stores["greece"] == []


def test_didon_the_store_is_secret_its_size_public() -> None:
    """Hidden information: the discard and the store are his alone; others see the size."""
    s = discarding(gold=1, wine=1)
    s.act(StoreGoods("greece", ("gold", "wine")))
    stored = next(e for e in s.events if e.kind == "goods_stored")
    assert stored.data.get("size") == 2 and "gold" not in str(stored.data)
    other = view(s.state, "carthage")["substates"]["dido"]
    assert other["mine"] == [] and other["sizes"]["greece"] == 2
    assert view(s.state, "greece")["substates"]["dido"]["mine"] == ["gold", "wine"]


def test_didon_a_legendary_token_goes_to_its_own_discard_not_to_the_store() -> None:
    """Decided (docs/legendary-cities.md): only ordinary « jetons Bien » are stored."""
    s = discarding(gold_l=1, wine=1)
    assert {a.goods for a in s.legal_as("greece", StoreGoods)} == {("wine",), ()}
    assert "gold" in s.state.legendary_discard


def test_didon_the_standard_ai_fills_its_store() -> None:
    from bot.games.mare_nostrum.ai.standard import StandardPlayer

    s = discarding(["gold"], wine=1, marble=1)
    legal = s.legal("greece")
    pick = StandardPlayer(seed=1).choose(view(s.state, "greece"), legal)
    assert isinstance(pick, StoreGoods) and len(pick.goods) == 2
