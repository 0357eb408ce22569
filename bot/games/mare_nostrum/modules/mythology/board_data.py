"""Board data the mythological heroes need and the printed board does not give (aid §C.3):
the straits Moïse passes, the board-edge provinces where the Reine de Saba recruits, and
which provinces are islands (Minos: the board's own `island` flag). Rules data of the module
(`mythology.straits`, `mythology.edge`), read through the accessors below."""

from __future__ import annotations

from itertools import combinations

from ...board import board
from ...state import GameState
from .module import MODULE

# §C.3: «Messine = italia–sicilia; Bosphore = thracia–asia; Colonnes d'Hercule =
# baetica–mauretania and gadira–mauretania; «traversée de la Mer Noire» = any two of dacia,
# thracia, asia, cappadocia (the provinces touching PONTUS EUXINUS)».
_BLACK_SEA = ("dacia", "thracia", "asia", "cappadocia")
STRAITS: dict[str, tuple[tuple[str, str], ...]] = {
    "messina": (("italia", "sicilia"),),
    "bosphorus": (("thracia", "asia"),),
    "pillars_of_hercules": (("baetica", "mauretania"), ("gadira", "mauretania")),
    "black_sea": tuple(combinations(_BLACK_SEA, 2)),
}
# §C.3: north gallia, germania, dacia; east armenia, assyria, babylonia, arabia; south
# aethiopia, nubia, garamantia, phazania; west (the western board) lusitania, tarraconensis,
# mauretania, hesperides, atlantis.
EDGE: frozenset[str] = frozenset(
    {
        "gallia", "germania", "dacia",
        "armenia", "assyria", "babylonia", "arabia",
        "aethiopia", "nubia", "garamantia", "phazania",
        "lusitania", "tarraconensis", "mauretania", "hesperides", "atlantis",
    }
)  # fmt: skip

MODULE.data("mythology.straits", STRAITS)
MODULE.data("mythology.edge", EDGE)


def strait_links(state: GameState) -> tuple[tuple[str, str], ...]:
    """Every pair of provinces a strait joins."""
    straits: dict[str, tuple[tuple[str, str], ...]] = state.rules.data["mythology.straits"]
    return tuple(pair for pairs in straits.values() for pair in pairs)


def is_edge(state: GameState, province: str) -> bool:
    edge: frozenset[str] = state.rules.data["mythology.edge"]
    return province in edge


def is_island(state: GameState, province: str) -> bool:
    found = board(state.board_key).provinces.get(province)
    return found is not None and found.island
