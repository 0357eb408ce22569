"""The standard AI plays l'Oracle de Delphes, le Parthénon and Ishtar when they help (issue 15:
« `standard` … play cards when they help, and answer every window »)."""

from __future__ import annotations

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.ai.standard import Knowledge, StandardPlayer
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent

from ..test_build import start as start_build
from .scenario import LegendsScenario
from .test_commercial import _to_trade_reveal

CITIES = ("syracusae", "ierusalem")


def _choose(s: LegendsScenario, player: str) -> object:
    return StandardPlayer(1).choose(engine.view(s.state, player), s.legal(player))


def test_standard_changes_its_offer_with_the_oracle_when_it_keeps_more_types() -> None:
    """L'ORACLE DE DELPHES: « Vous pouvez changer les Ressources que vous proposez à l'échange
    après avoir vu les Ressources proposées par les autres joueurs »: it gives its duplicates
    rather than its only grain and wine."""
    s = LegendsScenario(CITIES, keep_prompts=True).give("rome", "syracusae.delphi_oracle")
    _to_trade_reveal(s)
    assert s.state.trade is not None
    s.state.trade.offers["rome"] = ["grain", "wine"]
    s.state.hands["rome"] = {"metal": 3}
    chosen = _choose(s, "rome")
    assert isinstance(chosen, PlayEvent) and chosen.card == "syracusae.delphi_oracle"
    assert chosen.target == "metal+metal"
    s.act(chosen)  # a legal play
    assert sorted(s.state.trade.offers["rome"]) == ["metal", "metal"]


def test_standard_keeps_the_oracle_when_its_offer_is_already_its_best() -> None:
    s = LegendsScenario(CITIES, keep_prompts=True).give("rome", "syracusae.delphi_oracle")
    _to_trade_reveal(s)
    assert s.state.trade is not None
    s.state.trade.offers["rome"] = ["metal", "metal"]
    s.state.hands["rome"] = {"grain": 1, "wine": 1}
    assert isinstance(_choose(s, "rome"), PassWindow)


def test_standard_binds_the_leading_rival_with_the_parthenon() -> None:
    """LE PARTHÉNON: « vous obligez un adversaire à choisir une Ressource parmi vos Ressources
    proposées »: the rival holding the most heroes and wonders."""
    s = LegendsScenario(CITIES, keep_prompts=True).give("rome", "syracusae.parthenon")
    plays = _to_trade_reveal(s)
    rivals = {a.target for a in plays}
    assert len(rivals) >= 2
    leader = sorted(rivals)[-1]
    s.state.hw[leader] = [*s.state.hw[leader], "colossus", "pharos"]
    chosen = _choose(s, "rome")
    assert isinstance(chosen, PlayEvent) and chosen.card == "syracusae.parthenon"
    assert chosen.target == leader


def test_standard_weighs_ishtar_in_its_build_turn() -> None:
    """ISHTAR: (b) valued as the influence marker it places; (a) only where an enemy stands in
    a province of its own and it can still pay for a unit."""
    s = LegendsScenario(CITIES).give("rome", "ierusalem.ishtar")
    s.hand("rome", coin=6)
    s.legions("gallia", "greece", 2)
    start_build(s, "rome")
    plays = {a.target for a in s.legal("rome") if isinstance(a, PlayEvent)}
    assert "gallia:build" in plays and "judaea" in plays
    ai, k = StandardPlayer(1), Knowledge(engine.view(s.state, "rome"), "rome")
    assert ai._ishtar_value(k, "gallia:build") > 90
    assert ai._ishtar_value(k, "judaea") == ai._influence_value(k, "judaea")
    s.state.hands["rome"] = {"coin": 2}
    k = Knowledge(engine.view(s.state, "rome"), "rome")
    assert ai._ishtar_value(k, "gallia:build") == 0.0  # nothing to pay a unit with
