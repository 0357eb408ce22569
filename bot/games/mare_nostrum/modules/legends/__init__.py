"""Atlas, section 2: what the three Legendary City modules (Troia, Ierusalem, Syracusae)
share — the objective tiles, the event decks and discards, the secret hands (sizes public), the
draft after a met objective, playing event cards (any time, own turn, play windows; the Decoy
pair) — and, with several modules, section 6's set-up. See docs/legendary-cities.md.

A city's package calls `install(MODULE, city)`: its module then brings the shared machinery
(once per rules object, however many cities are in play) and its own deck's rules.
"""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState
from . import battles, draft, objectives, play, retrieval  # noqa: F401  (declarations)
from .cards import commercial, divine, martial
from .module import install as _install_shared
from .powers import retrieval as _powers  # noqa: F401  (Ajax, Adonis, Minos)

_DECKS = {
    "troia": martial.install,
    "ierusalem": divine.install,
    "syracusae": commercial.install,
}


def install(module: RulesModule[GameState], city: str) -> None:
    """`city`'s module brings the shared machinery and its own event deck's rules."""
    _install_shared(module, city)
    deck = _DECKS.get(city)
    if deck is not None:
        deck(module)
