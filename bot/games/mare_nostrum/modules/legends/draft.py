"""The draft after a met objective (2.2, B3, B4): the game stops; the player draws 1 to 5 cards
of the objective's city's deck (capped by the cards left, never reshuffled: B3), keeps one in
secret, hands the rest to a player of his choice, who keeps one and hands on to one who has not
chosen, until the cards or the players run out; the rest go face up to the discard.

Each step is a prompt with a default (rulings §12, B4): draw 1; keep the first card in the
card-id order; hand to the next player in seat order who has not chosen. The pass sequence
and every count are public; the cards, only to the player holding them (private events and his
view); the pick, to him alone."""

from __future__ import annotations

from ....core.actions import Action
from ....core.errors import IllegalAction
from ....core.prompts import Prompt, PromptHandler
from ...actions import interned
from ...events import EventLog
from ...state import GameState
from .actions import DrawCards, HandCards, KeepCard
from .module import LEGENDS
from .state import Draft, legends

MAX_DRAW = 5
DRAW, KEEP, HAND = "legends_draw", "legends_keep", "legends_hand"


def start(state: GameState, met: list[list[str]], ev: EventLog) -> None:
    """Objectives met: the course of the game stops (its decisions are set aside) and the
    drafts run one after the other."""
    leg = legends(state)
    leg.suspended = [{"kind": p.kind, "player": p.player, "data": p.data} for p in state.prompts]
    state.prompts = []
    leg.queue = [list(m) for m in met]
    _next(state, ev)


def _next(state: GameState, ev: EventLog) -> None:
    """The next draft in the queue, else the game's course resumes."""
    from . import data

    leg = legends(state)
    while leg.queue:
        player, objective = leg.queue[0]
        city = data.objective_city(objective)
        if leg.decks.get(city):
            state.prompts.append(Prompt(DRAW, player, {"objective": objective, "city": city}))
            return
        ev.public("event_deck_empty", player=player, city=city)  # B3: nothing to draw
        leg.queue.pop(0)
    state.prompts = [Prompt(s["kind"], s["player"], s["data"]) for s in leg.suspended]
    leg.suspended = []
    ev.public("draft_over")


# --- draw ---------------------------------------------------------------------------------------


def _draw_legal(state: GameState, prompt: Prompt) -> list[Action]:
    left = len(legends(state).decks[prompt.data["city"]])
    return [interned(DrawCards, prompt.player, k) for k in range(1, min(MAX_DRAW, left) + 1)]


def _draw_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, DrawCards)
    left = len(legends(state).decks[prompt.data["city"]])
    if not 1 <= action.count <= min(MAX_DRAW, left):
        raise IllegalAction(
            f"draw 1 to {min(MAX_DRAW, left)} cards",
            code="bad_draw_count",
            most=min(MAX_DRAW, left),
        )


def _draw_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, DrawCards)
    leg = legends(state)
    city, player = prompt.data["city"], prompt.player
    deck = leg.decks[city]
    cards, leg.decks[city] = deck[: action.count], deck[action.count :]
    leg.draft = Draft(
        objective=prompt.data["objective"],
        city=city,
        owner=player,
        k=action.count,
        cards=cards,
        holder=player,
        chosen=[],
        passes=[],
    )
    state.prompts.remove(prompt)
    ev.public("events_drawn", player=player, city=city, count=action.count)
    _hand_to(state, player, ev)


def _hand_to(state: GameState, player: str, ev: EventLog) -> None:
    draft = legends(state).draft
    assert draft is not None
    draft["holder"] = player
    ev.private("draft_cards", (player,), player=player, cards=list(draft["cards"]))
    state.prompts.append(Prompt(KEEP, player, {}))


# --- keep ---------------------------------------------------------------------------------------


def _cards(state: GameState) -> list[str]:
    draft = legends(state).draft
    assert draft is not None
    return draft["cards"]


def _keep_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [interned(KeepCard, prompt.player, c) for c in sorted(set(_cards(state)))]


def _keep_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, KeepCard)
    if action.card not in _cards(state):
        raise IllegalAction("keep one of the cards you hold", code="not_in_draft", card=action.card)


def _keep_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, KeepCard)
    leg = legends(state)
    draft = leg.draft
    assert draft is not None
    player = prompt.player
    state.prompts.remove(prompt)
    draft["cards"].remove(action.card)
    draft["chosen"].append(player)
    leg.hands[player].append(action.card)
    ev.private("event_kept", (player,), player=player, card=action.card)
    ev.public("draft_kept", player=player, left=len(draft["cards"]))
    waiting = [p for p in state.players if p not in draft["chosen"]]
    if not draft["cards"]:
        _end(state, ev)
    elif not waiting:  # everyone chose: the rest face up to the discard (2.2, B4)
        leg.discards[draft["city"]] += draft["cards"]
        ev.public("draft_discarded", city=draft["city"], cards=list(draft["cards"]))
        draft["cards"] = []
        _end(state, ev)
    else:
        state.prompts.append(Prompt(HAND, player, {}))


def _end(state: GameState, ev: EventLog) -> None:
    leg = legends(state)
    leg.draft = None
    leg.queue.pop(0)
    _next(state, ev)


# --- hand on ------------------------------------------------------------------------------------


def _waiting(state: GameState, giver: str) -> list[str]:
    """Who may receive: a player who has not chosen from this draft, in seat order after the
    giver (the first is the default: B4)."""
    draft = legends(state).draft
    assert draft is not None
    i = state.players.index(giver)
    order = state.players[i + 1 :] + state.players[:i]
    return [p for p in order if p not in draft["chosen"]]


def _hand_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [interned(HandCards, prompt.player, p) for p in _waiting(state, prompt.player)]


def _hand_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, HandCards)
    if action.to not in _waiting(state, prompt.player):
        raise IllegalAction(
            f"{action.to} has already chosen, or is not in the game",
            code="bad_receiver",
            to=action.to,
        )


def _hand_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, HandCards)
    draft = legends(state).draft
    assert draft is not None
    state.prompts.remove(prompt)
    draft["passes"].append([prompt.player, action.to])
    ev.public("draft_handed", player=prompt.player, to=action.to, count=len(draft["cards"]))
    _hand_to(state, action.to, ev)


LEGENDS.handler(
    PromptHandler(
        kind=DRAW,
        actions=(DrawCards,),
        legal=_draw_legal,
        perform=_draw_perform,
        check=_draw_check,
        default=lambda s, p: DrawCards(p.player, 1),
        public_listing=True,
        undoable=False,
    )
)
LEGENDS.handler(
    PromptHandler(
        kind=KEEP,
        actions=(KeepCard,),
        legal=_keep_legal,
        perform=_keep_perform,
        check=_keep_check,
        undoable=False,
    )
)
LEGENDS.handler(
    PromptHandler(
        kind=HAND,
        actions=(HandCards,),
        legal=_hand_legal,
        perform=_hand_perform,
        check=_hand_check,
        default=lambda s, p: HandCards(p.player, _waiting(s, p.player)[0]),
        public_listing=True,
        undoable=False,
    )
)
