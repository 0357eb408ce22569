"""Mythology positions for the pictures (gallery, tests, benchmark): the 6-player opening on the
western board as the engine sets it up, and a mid-game played at random, then arranged so that
every public part of the Mythology shows: gods held (one used), temples and markets, a battle,
cards bought, hands of several sizes — and, as the creatures' public view has it (branch
`mytharmy`: `substates["mythology.creatures"]`), creatures of every kind, a neutral one, a
kraken at sea and one diving, a phoenix on its card."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum.modules.mythology.gods.state import gods
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.view import MareNostrumView, view
from tests.engine.mythology.setup_helpers import started
from tests.rendering.mn2003_states import play_until_round

SEED = 2
# The mid-game's battle (Rome's legions in Carthage's Africa), highlighted with the dice.
MIDGAME_BATTLE: dict[str, Any] = {"areas": ["africa"], "dice": {"rome": [6, 3], "carthage": [4]}}
CREATURES = "mythology.creatures"


def opening(n: int = 6) -> GameState:
    """Round 1's Trade, the predetermined start's choices made."""
    return started(n, SEED)


def midgame(n: int = 6) -> GameState:
    """Round 3's Military phase, arranged: gods held, temples and markets, a battle."""
    state = play_until_round(started(n, SEED), 3, SEED)
    players = state.players
    g = gods(state)
    g.holders = {
        "poseidon": players[0],
        "mars": players[1],
        "hermes": players[3],
        "athena": players[-1],
    }
    g.used = ["hermes"]
    part = sub(state)
    for k, player in enumerate(players[:3]):
        mine = sorted(p for p, o in state.influence.items() if o == player)
        if mine:
            (part.temples if k % 2 == 0 else part.markets).append(mine[0])
    fight = sorted(p for p, o in state.influence.items() if o == players[2])[0]
    state.legions.setdefault(fight, {})[players[0]] = 2
    state.hands[players[0]] = {"ceramic": 2, "wine": 1, "coin": 1}
    return state


def creatures_part(state: GameState) -> dict[str, Any]:
    """A creatures' public part as the `mytharmy` view gives it (`CreatureState.view`): every
    kind on the board, a neutral one on a neutral capital, a kraken at sea, one diving, a
    phoenix on its card."""
    at: dict[str, dict[str, int]] = {}
    for civ in state.players:
        home = sorted(p for p, o in state.influence.items() if o == civ)
        if civ == "atlantis":
            at.setdefault("atlanticus", {})[civ] = 2
        elif home:
            at.setdefault(home[0], {})[civ] = 1 if civ != "rome" else 2
    for civ in sub(state).neutrals:
        capital = {
            "rome": "latium",
            "egypt": "aegyptus",
            "babylon": "babylonia",
            "greece": "achaea",
            "carthage": "africa",
            "atlantis": "atlantis",
        }.get(civ)
        if capital:
            at.setdefault(capital, {})[civ] = 1
    owners = sorted({o for d in at.values() for o in d} | {"atlantis", "egypt"})
    kinds = {
        "carthage": "behemoth",
        "greece": "centaur",
        "babylon": "griffon",
        "atlantis": "kraken",
        "egypt": "phoenix",
        "rome": "titan",
    }
    return {
        "at": at,
        "dived": {"atlantis": [state.round]} if "atlantis" in state.players else {},
        "card": {"egypt": 1} if "egypt" in state.players else {},
        "turn": "",
        "moved": {},
        "fought": {},
        "blockade": {},
        "kinds": {o: kinds[o] for o in owners if o in kinds},
    }


def with_creatures(state: GameState, viewer: str | None = None) -> MareNostrumView:
    """The view of `state` with the creatures' part (hand-made while main has none)."""
    v = view(state, viewer)
    v["substates"] = {**v["substates"], CREATURES: creatures_part(state)}
    return v


def without_creatures(state: GameState, viewer: str | None = None) -> MareNostrumView:
    """The view of `state` without any creatures' part (as main's Mythology gives it today)."""
    v = view(state, viewer)
    v["substates"] = {k: p for k, p in v["substates"].items() if k != CREATURES}
    return v
