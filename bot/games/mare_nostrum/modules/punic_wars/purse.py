"""Atlas 7.3, the gold kept for the barbarians (rulings G5).

« À la fin de cette Phase, les joueurs peuvent stocker 2 jetons Bien Or en plus des 2 jetons
Impôt habituels. Ces jetons Or seront défaussés à la fin de la Phase Militaire car ils ne
peuvent servir qu'à payer les Barbares pour leurs déplacements. »

When a player ends his Build turn, before the discard, up to 2 of his gold tokens (ordinary
before legendary) go into his purse, which trade and building never touch. Keeping them is
never worse for him (they can only pay barbarian moves and would be discarded otherwise), so
the engine keeps them without asking (our decision, docs/punic-wars.md). The purses are
emptied as the Military phase ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import resources as res
from ...events import EventLog
from ...flow import next_phase
from ...hooks import BUILD_DISCARD, TOKENS_ASIDE
from ...state import GameState
from .module import MODULE
from .state import punic

GOLD = "gold"
KEPT_GOLD = 2


def _keep_gold(state: GameState, player: str, ev: EventLog) -> bool:
    """Before the discard of his Build turn: his gold into the purse (never takes over)."""
    hand = state.hands[player]
    purse = punic(state).purse.setdefault(player, {})
    room = KEPT_GOLD - res.total(purse)
    kept = [res.take_type(hand, GOLD) for _ in range(min(room, res.count(hand, GOLD)))]
    for token in kept:
        res.add(purse, token)
    if kept:
        ev.public("gold_kept", player=player, gold=len(kept))
    return False


# Asked before every other handler (a power's, such as Jardins Suspendus, may take over).
MODULE.edit(lambda draft: draft.hooks.setdefault(BUILD_DISCARD.name, []).insert(0, _keep_gold))


@MODULE.hook(TOKENS_ASIDE)
def _purse_tokens(state: GameState) -> Sequence[str]:
    return [t for purse in punic(state).purse.values() for t, n in purse.items()
            for _ in range(n)]


@MODULE.phase("punic_wars.military_end", after="military")
def _discard_purses(state: GameState, ev: EventLog) -> None:
    """« Ces jetons Or seront défaussés à la fin de la Phase Militaire »."""
    part = punic(state)
    for player, purse in part.purse.items():
        discarded = [t for t, n in sorted(purse.items()) for _ in range(n)]
        for token in discarded:
            res.discard_token(state, token)
        if discarded:
            ev.public("gold_discarded", player=player, gold=len(discarded))
        purse.clear()
    part.moved.clear()
    next_phase(state, ev)
