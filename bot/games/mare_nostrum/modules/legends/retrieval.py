"""The end of Claims (B10): each player whose power retrieves an event card (RETRIEVAL: Ajax,
Adonis, Minos) takes one card of his choice from that city's discard, once a game turn, after
the titles and the victory check; an empty discard gives nothing. One player at a time, in
seat order; the card taken is public (the pile is). Default (rulings §12): the first card in
card-id order, a Decoy last (a card can only help him)."""

from __future__ import annotations

from ....core.actions import Action
from ....core.errors import IllegalAction
from ....core.prompts import Prompt, PromptHandler
from ...actions import interned
from ...events import EventLog
from ...flow import next_phase
from ...state import GameState
from . import data
from .actions import RetrieveCard
from .hooks import RETRIEVAL
from .module import LEGENDS
from .state import legends

KIND = "legends_retrieve"
PHASE = "legends.retrieval"


def _cities(state: GameState, player: str) -> list[str]:
    leg = legends(state)
    out = []
    for fn in state.rules.on[RETRIEVAL]:
        city = fn(state, player)
        if city is not None and leg.discards.get(city) and city not in out:
            out.append(city)
    return out


def _ask(state: GameState, after: int, ev: EventLog) -> None:
    """The next retrieval owed from seat `after` on, else the game turn goes on."""
    for i in range(after, len(state.players)):
        player = state.players[i]
        for city in _cities(state, player):
            state.prompts.append(Prompt(KIND, player, {"city": city, "seat": i}))
            return
    next_phase(state, ev)


@LEGENDS.phase(PHASE, after="claims")
def _enter(state: GameState, ev: EventLog) -> None:
    _ask(state, 0, ev)


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    pile = legends(state).discards[prompt.data["city"]]
    cards = sorted(set(pile), key=lambda c: (data.is_decoy(c), c))
    out: list[Action] = [interned(RetrieveCard, prompt.player, c) for c in cards]
    return [*out, interned(RetrieveCard, prompt.player, "")]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, RetrieveCard)
    if action.card and action.card not in legends(state).discards[prompt.data["city"]]:
        raise IllegalAction(
            "that card is not in the discard", code="not_in_discard", card=action.card
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, RetrieveCard)
    state.prompts.remove(prompt)
    if action.card:
        leg = legends(state)
        leg.discards[prompt.data["city"]].remove(action.card)
        leg.hands[prompt.player].append(action.card)
        ev.public("event_retrieved", player=prompt.player, card=action.card)
    _ask(state, prompt.data["seat"] + 1, ev)


LEGENDS.handler(
    PromptHandler(
        kind=KIND,
        actions=(RetrieveCard,),
        legal=_legal,
        perform=_perform,
        check=_check,
        public_listing=True,
    )
)
