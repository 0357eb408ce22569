"""The Atlantean Empire's data (Atlas, section 1): the Atlantis board part joined to the base
map, the Atlantean screen, the set-up tables for 4 to 6 players, the extra building markers and
the six Atlantean tiles, from `data/atlantis.json`.

The Atlantis board is not in the rulebook text: the data is the reconstruction of
`shared/design/board.md` §5 (ruling A4), validated like the base map when a board is assembled.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from ...board import (
    Board,
    BoardPart,
    Components,
    EmpireSetup,
    HWTile,
    assemble,
    base_part,
    board,
    components,
    hw_tiles,
    parse_part,
    parse_setup,
    parse_tiles,
    register_board,
    register_empire,
)

EMPIRE = "atlantis"
PLAYER_COUNTS = (4, 5, 6)


@cache
def raw() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "atlantis.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def atlantis_part() -> BoardPart:
    """The Atlantis board (west of the base board), with its links into the base map (gallia,
    numidia, sardum, tyrrhenum), added on both sides when a board is assembled."""
    part = raw()["board"]
    return parse_part(part, part["links"])


def board_key(players: int) -> str:
    """The Atlas board for this many players: its own key, so no cache mixes it with the base
    board for the same count."""
    return f"atlas/{players}"


def _assembler(players: int) -> Any:
    key = board_key(players)

    def assembler() -> Board:
        return assemble(key, [base_part(), atlantis_part()], raw()["covered"][str(players)])

    return assembler


def setup() -> EmpireSetup:
    """The Atlantean screen (reconstruction: board.md §5)."""
    return parse_setup(EMPIRE, raw()["empire"])


@cache
def tiles() -> dict[str, HWTile]:
    """Atlas (the starting hero) and the five Atlantean heroes, by id."""
    return parse_tiles(raw()["tiles"])


def atlantean_heroes() -> tuple[str, ...]:
    """The five Atlantean heroes, in printed order."""
    return tuple(t.id for t in tiles().values() if t.kind == "hero")


def track_tiles() -> tuple[str, ...]:
    """The Atlantean heroes laid on the track: those whose power the engine plays (a tile
    listed `pending` in the data would be left off; none is)."""
    pending = set(raw()["pending"])
    return tuple(t for t in atlantean_heroes() if t not in pending)


def all_tiles() -> dict[str, HWTile]:
    return {**hw_tiles(), **tiles()}


def atlas_components() -> Components:
    """The base components with the Atlas box's extra building markers (ruling A5: exactly the
    Atlantis board's slots) and the Centaurs' re-buy price."""
    base = components()
    extra: dict[str, int] = raw()["extra_buildings"]
    return replace(base,
                   buildings={k: n + extra.get(k, 0) for k, n in base.buildings.items()},
                   costs={**base.costs, **raw()["costs"]})


def register() -> None:
    """The Atlas boards and the Atlantean screen (immutable data, like the base boards)."""
    for n in PLAYER_COUNTS:
        register_board(board_key(n), _assembler(n))
    register_empire(setup(), board(board_key(6)))
