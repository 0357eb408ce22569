"""Phase 3, scoring (rulebook "3e phase", neptun.md §6.4), the end of a round (§6.5) and of
the game (§6.6). No decision is owed here: both phases pass straight on."""

from __future__ import annotations

from ..core.events import EventLog
from ..core.rng import shuffled
from ..core.rules import RulesModule
from .data import GOLD_TEMPLE, INDIVIDUAL, ROUNDS, load
from .flow import end_game, next_phase
from .state import NeptunState

MODULE: RulesModule[NeptunState] = RulesModule("neptun.scoring")
END_MODULE: RulesModule[NeptunState] = RulesModule("neptun.round_end")
LAST_ROUND = len(ROUNDS)


def completed(state: NeptunState, player: str) -> bool:
    """SCO-01: no lost contract: the five contracts of the round fulfilled."""
    return all(s is not None and s["status"] == "done" for s in state.manifests[player])


def temple_ranking(state: NeptunState, region: str) -> list[str]:
    """SCO-02 (P11, P12, P17): by points, highest first; on a shared space the lower pawn of
    the stack (the earlier arrival) first; players on 0 rank nowhere."""
    stack = [(i, p, v) for i, (p, v) in enumerate(state.temples[region]) if v > 0]
    stack.sort(key=lambda e: (-e[2], e[0]))
    return [p for _, p, _ in stack]


def gold_ranking(state: NeptunState) -> list[str]:
    """SCO-03 (P11, P12): by gold held, highest first; ties to the earlier Séquence place;
    players without gold rank nowhere."""
    order = [p for p in state.sequence if state.gold[p] > 0]
    return sorted(order, key=lambda p: -state.gold[p])  # stable: the Séquence breaks ties


@MODULE.phase("scoring")
def enter(state: NeptunState, ev: EventLog) -> None:
    # P19: bonus first, then the regional temples, then the gold temple.
    for p in state.sequence:
        if completed(state, p) and state.bonus_supply:
            tile = state.bonus_supply.pop()
            state.bonus[p].append(tile)
            ev.public("bonus_drawn", player=p)
            ev.private("bonus_tile", (p,), player=p, value=tile)
    data = load()
    for temple in data.temples:
        ranking = gold_ranking(state) if temple == GOLD_TEMPLE else temple_ranking(state, temple)
        # SCO-04/05/06: rank 1 takes the highest tile, rank 2 the next, rank 3 the lowest.
        tiles = sorted(state.tiles[temple], reverse=True)
        for player, value in zip(ranking, tiles, strict=False):
            state.won[player].append((temple, value))
            ev.public("tile_won", player=player, temple=temple, value=value)
        # SCO-07: tiles nobody can take leave the game.
        state.tiles[temple] = []
    next_phase(state, ev)


def score(state: NeptunState, player: str) -> int:
    """GAME-01: the point tiles and the bonus tiles; gold and temples count for nothing."""
    return sum(v for _, v in state.won[player]) + sum(state.bonus[player])


@END_MODULE.phase("round_end")
def end_round(state: NeptunState, ev: EventLog) -> None:
    if state.round >= LAST_ROUND:
        # GAME-02: the highest score wins; tied players share the victory.
        scores = {p: score(state, p) for p in state.players}
        best = max(scores.values())
        end_game(state, [p for p, s in scores.items() if s == best], scores, ev)
        return
    data = load()
    for p in state.players:
        # END-01: unused oar cards stay in hand; END-02: played individual cards leave the
        # game; END-03: played regular cards go to the discard.
        for card in state.played[p]:
            (state.boxed if card >= INDIVIDUAL else state.oar_discard).append(card)
        state.played[p] = []
        # END-04: the manifests' remaining cards to the discards (delivered ones went already).
        for s in state.manifests[p]:
            if s is not None and s["status"] != "done":
                state.city_discard.append(s["city"])
                state.goods_discard.append(s["goods"])
        state.manifests[p] = [None] * data.slots
        # END-07: every boat back to Crete.
        state.ships[p] = data.start
    # CON-13 (P3): the row's left-over contract is discarded, its coins back to the supply.
    for column in state.row:
        state.city_discard.append(column["city"])
        state.goods_discard.append(column["goods"])
        state.oar_discard.append(column["oar"])
    state.row = []
    # END-04: each discard reshuffled with its deck.
    state.city_deck = shuffled(state, state.city_deck + state.city_discard)
    state.goods_deck = shuffled(state, state.goods_deck + state.goods_discard)
    state.oar_deck = shuffled(state, state.oar_deck + state.oar_discard)
    state.city_discard, state.goods_discard, state.oar_discard = [], [], []
    # END-06: the next round's point tiles; END-05: temples, gold, Séquence and wind stay.
    letter = ROUNDS[state.round]
    state.tiles = {t: list(data.point_tiles[t][letter]) for t in data.temples}
    ev.public("round_ended", round=state.round, tiles=dict(state.tiles))
    next_phase(state, ev)


__all__ = ["END_MODULE", "MODULE", "completed", "gold_ranking", "score",
           "temple_ranking"]
