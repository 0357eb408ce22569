"""One predicate per rule: through seeded random games, a superset of the possible answers
(every contract index and slot, every oar card, every port, every slot to deliver) passes
`check` exactly when `legal_actions` lists it; a refusal has a stable code."""

from __future__ import annotations

import random

import pytest

from bot.games.core.actions import Action
from bot.games.core.errors import EngineError
from bot.games.neptun import ENGINE as E
from bot.games.neptun import (
    Deliver,
    EndVoyage,
    ExtraTurn,
    NeptunState,
    PlayOar,
    Reveal,
    Sail,
    TakeContract,
    seats,
)
from bot.games.neptun.data import INDIVIDUAL, load


def candidates(state: NeptunState, player: str) -> list[Action]:
    data = load()
    kind = next(p.kind for p in E.owed(state) if p.player == player)
    if kind == "contract_pick":
        return [Reveal(player), *(TakeContract(player, i, s)
                                  for i in range(-1, len(state.row) + 1) for s in range(-1, 6))]
    if kind == "voyage_oar":
        return [PlayOar(player, c) for c in [*range(-1, len(data.oars) + 1),
                                             *range(INDIVIDUAL, INDIVIDUAL + 11)]]
    if kind == "voyage_move":
        return [EndVoyage(player), *(Sail(player, p) for p in [*data.ports, "atlantis"]),
                *(Deliver(player, s, b) for s in range(-1, 6) for b in (False, True))]
    return [ExtraTurn(player, True), ExtraTurn(player, False)]


@pytest.mark.parametrize("n", [3, 5])
def test_check_accepts_exactly_the_listed_answers(n: int) -> None:
    for seed in range(3):
        state, _ = E.new_game(seats(n), {}, seed)
        rnd = random.Random(seed)
        while not state.over:
            player = E.owed(state)[0].player
            legal = E.legal_actions(state, player)
            for action in candidates(state, player):
                try:
                    E.check(state, action)
                    accepted = True
                except EngineError as err:
                    assert err.code != "error"
                    accepted = False
                assert accepted == (action in legal), action
            E.apply_in_place(state, rnd.choice(legal))
