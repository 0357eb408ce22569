"""The standard AI uses the Atlantean powers when they help (issue 14): Orphée's free legion,
and Méduse where petrifying wins its province back."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.ai.standard import StandardPlayer
from bot.games.mare_nostrum.modules.atlantis.actions import Petrify, ReturnLegion
from bot.games.mare_nostrum.modules.atlantis.powers.records import records

from ..test_build import start as start_build
from ..test_heroes_military import start as start_military
from .scenario import AtlasScenario


def test_standard_places_orpheus_legion() -> None:
    s = AtlasScenario().hw("atlantis", "atlas", "orpheus")
    records(s.state).orpheus["atlantis"] = 1
    start_build(s, "atlantis")
    legal = engine.legal_actions(s.state, "atlantis")
    assert isinstance(StandardPlayer(1).choose(engine.view(s.state, "atlantis"), legal),
                      ReturnLegion)


def test_standard_petrifies_the_invader_of_his_province() -> None:
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1)
    start_military(s, "atlantis")
    legal = engine.legal_actions(s.state, "atlantis")
    chosen = StandardPlayer(1).choose(engine.view(s.state, "atlantis"), legal)
    assert chosen == Petrify("atlantis", "gadira", "rome")


def test_standard_petrifies_the_stronger_attacker_in_the_battle_window() -> None:
    """Rulings 17–18, A9 (a): attacked by a stronger side, the standard AI petrifies it in the
    battle's window (the battle is cancelled); against a weaker one it passes."""
    from bot.games.core.windows import PassWindow
    from bot.games.mare_nostrum.actions import Battle

    from ..test_heroes_military import finish_steps

    for rome, expected in ((3, Petrify("atlantis", "gadira", "rome")),
                           (1, PassWindow("atlantis"))):
        s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", rome)
        s.legions("gadira", "atlantis", 2)
        start_military(s, "rome")
        finish_steps(s, "rome")
        s.act(Battle("rome", "gadira", "atlantis"))
        legal = engine.legal_actions(s.state, "atlantis")
        assert StandardPlayer(1).choose(engine.view(s.state, "atlantis"), legal) == expected
