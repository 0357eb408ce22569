"""The standard AI's Legendary City answers (ai/legends.py): it drafts, reveals the Horn of
Plenty, plays its battle cards, and the random level answers every prompt (the playouts)."""

from __future__ import annotations

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle
from bot.games.mare_nostrum.ai.standard import StandardPlayer
from bot.games.mare_nostrum.modules.legends.actions import DrawCards, HandCards, KeepCard, PlayEvent

from ..test_heroes_military import finish_steps, start
from .scenario import LegendsScenario


def _choose(s: LegendsScenario, player: str) -> object:
    return StandardPlayer(1).choose(engine.view(s.state, player), s.legal(player))


def test_standard_drafts_keeps_the_best_and_hands_to_the_poorest() -> None:
    s = LegendsScenario(keep_prompts=True)
    s.leg.decks["troia"] = [
        "troia.decoy",
        "troia.cretan_archers",
        "troia.siege_ships",
        "troia.decoy",
    ]
    s.leg.wins["greece"] = 3
    s.act(s.first_legal("carthage"))
    assert _choose(s, "greece") == DrawCards("greece", 3)
    s.act(DrawCards("greece", 3))
    assert _choose(s, "greece") == KeepCard("greece", "troia.cretan_archers")
    s.act(KeepCard("greece", "troia.cretan_archers"))
    s.leg.hands["carthage"].append("troia.decoy")
    assert _choose(s, "greece") == HandCards("greece", "rome")


def test_standard_plays_a_battle_card_in_its_battle() -> None:
    s = LegendsScenario().give("greece", "troia.cretan_archers")
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    assert s.legal("greece")[-1] == PassWindow("greece")
    assert _choose(s, "greece") == PlayEvent("greece", "troia.cretan_archers", "legion")
