"""DIDON (L470–478), Phase III Achats: « Vous pouvez récupérer et stocker jusqu'à 2 jetons Bien
inutilisés et défaussés par vos adversaires (MN 3.0). Il est possible de remplacer ces jetons
stockés par d'autres qui viendraient à être défaussés. »

Ruling E2: when an opponent ends his Build turn and discards unused commodities, Didon's owner
chooses his store again (`dido_store`: at most 2 tokens, from his store and that discard; the
rest go back to the supply); the deadline default keeps his store as it is. The store joins his
hand once the next Production is collected. Decided (docs/legendary-cities.md): ordinary tokens
only (a legendary token goes to its own discard, 7.x); the discard offered is shown to him alone
(he sees it go back), the store is secret like a hand, its size public.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Self

from ....actions import Action
from ....control import has_power
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import BUILD_GOODS_DISCARDED, INVARIANTS, PRODUCTION_COLLECTED, TOKENS_ASIDE
from ....phases.build import after_discard
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....resources import add
from ....state import GameState, Prompt
from ..actions import StoreGoods
from ..module import MODULE

DIDO = "dido"
STORE = "dido_store"
PART = "dido"
SIZE = 2


@dataclass(slots=True)
class DidoStore:
    """`stores[player]`: the commodity types Didon's owner keeps aside (sorted, at most 2)."""

    stores: dict[str, list[str]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"stores": {p: list(s) for p, s in self.stores.items()}}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls({p: list(s) for p, s in raw["stores"].items()})

    def view(self, viewer: str | None) -> dict[str, Any]:
        # Secret like a hand: its owner sees it, everyone its size.
        return {
            "sizes": {p: len(s) for p, s in self.stores.items()},
            "mine": list(self.stores.get(viewer, [])) if viewer is not None else [],
        }


MODULE.substate(PART, DidoStore, lambda state: DidoStore())


def dido(state: GameState) -> DidoStore:
    part = state.substates[PART]
    assert isinstance(part, DidoStore)
    return part


def _keepers(state: GameState, discarder: str) -> list[str]:
    """Didon's owners other than the discarder, in seat order from him (a copy counts: A12)."""
    i = state.players.index(discarder)
    order = state.players[i + 1 :] + state.players[:i]
    return [p for p in order if has_power(state, p, DIDO)]


def _ask(state: GameState, discarder: str, goods: tuple[str, ...], after: list[str]) -> bool:
    """Owes the first keeper left his choice; False when none is left."""
    if not after:
        return False
    add_prompt(state, STORE, after[0], discarder=discarder, goods=list(goods), after=after[1:])
    return True


@MODULE.hook(BUILD_GOODS_DISCARDED)
def _discarded(state: GameState, player: str, goods: tuple[str, ...], ev: EventLog) -> bool:
    return _ask(state, player, goods, _keepers(state, player))


def _choices(state: GameState, prompt: Prompt) -> list[tuple[str, ...]]:
    """Every store he may keep: up to 2 tokens of his store and the discard, sorted."""
    pool = sorted([*dido(state).stores.get(prompt.player, []), *prompt.data["goods"]])
    out = {c for n in range(SIZE + 1) for c in combinations(pool, n)}
    return sorted(out, key=lambda c: (-len(c), c))


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [StoreGoods(prompt.player, c) for c in _choices(state, prompt)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, StoreGoods)
    if tuple(sorted(action.goods)) not in _choices(state, prompt):
        raise IllegalAction(
            f"Didon may store at most {SIZE} of these commodities",
            code="bad_store",
            size=SIZE,
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, StoreGoods)
    remove_prompt(state, prompt)
    before = dido(state).stores.get(action.player, [])
    dido(state).stores[action.player] = sorted(action.goods)
    # Who took how many is seen on the table; which commodities only by him.
    ev.public("goods_stored", player=action.player, size=len(action.goods), power=DIDO)
    ev.private(
        "store_changed",
        (action.player,),
        player=action.player,
        before=before,
        store=sorted(action.goods),
    )
    discarder = str(prompt.data["discarder"])
    goods = tuple(prompt.data["goods"])
    if not _ask(state, discarder, goods, list(prompt.data["after"])):
        after_discard(state, discarder, ev)


MODULE.handler(
    PromptHandler(
        kind=STORE,
        actions=(StoreGoods,),
        legal=_legal,
        check=_check,
        perform=_perform,
        # Deadline (E2): take nothing, his store stays as it is.
        default=lambda state, prompt: StoreGoods(
            prompt.player, tuple(dido(state).stores.get(prompt.player, []))
        ),
    )
)


@MODULE.hook(PRODUCTION_COLLECTED)
def _to_hand(state: GameState, ev: EventLog) -> None:
    """E2: the stored tokens join his hand at the next round's start (its Production)."""
    for player, store in dido(state).stores.items():
        if store:
            for token in store:
                add(state.hands[player], token)
            ev.public("store_emptied", player=player, size=len(store), power=DIDO)
            ev.private("store_to_hand", (player,), player=player, goods=list(store))
            store.clear()


@MODULE.hook(TOKENS_ASIDE)
def _stored(state: GameState) -> list[str]:
    return [t for store in dido(state).stores.values() for t in store]


@MODULE.hook(INVARIANTS)
def _store_size(state: GameState) -> list[str]:
    return [
        f"{p}'s Didon store holds {len(s)}" for p, s in dido(state).stores.items() if len(s) > SIZE
    ]
