"""Ruling A12: Castor & Pollux and every base power keep working with the Atlantean tiles."""

from __future__ import annotations

from bot.games.mare_nostrum.modules.atlantis.actions import Fly
from bot.games.mare_nostrum.modules.atlantis.powers.records import records
from bot.games.mare_nostrum.powers.build import copy_options

from .scenario import AtlasScenario
from .test_pegasus import flights, to_land_moves


def test_castor_pollux_copie_un_heros_atlante_mais_pas_atlas() -> None:
    """A12: C&P may copy a new hero another player holds; a starting hero (Atlas) never."""
    s = AtlasScenario().hw("rome", "caesar", "pegasus").hw("egypt", "cleopatra", "medusa")
    options = copy_options(s.state, "greece")
    assert {"pegasus", "medusa"} <= set(options)
    assert "atlas" not in options


def test_castor_pollux_un_pouvoir_copie_suivi_a_part() -> None:
    """A12: « Copied once-per-turn powers are tracked separately for the copier »: Rome's
    flight does not use up Greece's copy of Pégase."""
    s = AtlasScenario().hw("rome", "caesar", "pegasus").legions("gallia", "rome", 1)
    s.hw("greece", "pericles", "castor_pollux").legions("macedonia", "greece", 1)
    s.state.copied["greece"] = "pegasus"
    records(s.state).pegasus["rome"] = s.state.round  # Rome has flown this turn
    to_land_moves(s, "greece")
    assert ("macedonia", "thracia", 1) not in flights(s, "greece")  # next door: a move
    assert ("macedonia", "asia", 1) in flights(s, "greece")  # across the Aegean, flying
    s.act(Fly("greece", "macedonia", "asia", 1))
    assert s.state.legions["asia"] == {"greece": 1}
