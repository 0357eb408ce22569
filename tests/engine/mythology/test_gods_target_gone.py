"""A god aimed at another player's piece waits for Ishtar's holder (C-36), and meanwhile the
game goes on (his own military turn, a sack): if the piece is gone when he lets the god act,
the god stays spent and does nothing (found by a `standard`/`random` game: Poséidon aimed at
a trireme that then sailed away crashed the engine)."""

from __future__ import annotations

from bot.games.mare_nostrum.modules.mythology.gods.actions import KeepGod, UseGod
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import hold, new, part


def test_mg16_poseidon_on_a_trireme_that_sailed_while_ishtar_was_asked_does_nothing() -> None:
    """«Poséidon peut détruire une trirème adverse»; «Ishtar protège du pouvoir d'un autre
    dieu (utilisable que si l'on est la cible)»: the trireme left the sea before the answer."""
    state = new()
    state.triremes["mare_tyrrhenum"] = {"rome": 1}
    hold(state, "carthage", "poseidon")
    hold(state, "rome", "ishtar")
    act(state, UseGod("carthage", "poseidon", "mare_tyrrhenum:rome"))
    assert prompt_of(state, "ishtar").player == "rome"
    del state.triremes["mare_tyrrhenum"]  # it sailed in his military turn meanwhile
    state.triremes["mare_ionium"] = {"rome": 1}
    events = act(state, KeepGod("rome", "ishtar"))
    assert state.triremes["mare_ionium"] == {"rome": 1}
    assert "mare_tyrrhenum" not in state.triremes
    assert any(e.kind == "god_use_void" and e.data["code"] == "target_gone" for e in events)
    assert "poseidon" in part(state).used  # spent all the same (C-36)


def test_mg11_baal_on_a_ville_razed_while_ishtar_was_asked_does_nothing() -> None:
    """«Baal peut détruire une ville adverse»: the ville was sacked before the answer."""
    state = new()
    hold(state, "rome", "baal")
    hold(state, "greece", "ishtar")
    act(state, UseGod("rome", "baal", "achaea:0"))
    state.built["achaea"][0] = False  # sacked meanwhile
    events = act(state, KeepGod("greece", "ishtar"))
    assert not state.built["achaea"][0]
    assert any(e.kind == "god_use_void" for e in events)
    assert not any(e.kind == "god_destroyed" for e in events)
