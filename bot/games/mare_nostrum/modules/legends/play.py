"""Playing event cards (2.3; rulings 17–18, B6–B9): where a card may be played, one predicate
(`why_not`) for listing and checking, and the play itself (the card to its city's discard,
face up: B9).

A card says where it is played (`Card.when`): a window point's name (`battle_start`,
`trade_reveal`...: every player concerned holding a card is asked, whatever his cards: ruling
17), `military_turn` or `build_turn` (an ordinary action of its owner's own turn). The Decoy
pair (B8): the active player — the builder or Military player in his turn, the attacker at a
battle's start — discards two Decoys (of any decks, the first two in card-id order) and names
a non-Decoy event of a city in play, which he resolves as if he had played it, its timing and
targets included. A single Decoy has no effect and cannot be played alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ....core.actions import Action
from ....core.dispatch import ACTION_RESOLVED
from ....core.dispatch import STANDING as DISPATCH_STANDING
from ....core.errors import IllegalAction
from ....core.prompts import Prompt, PromptHandler
from ....core.rules import ReadOnlyDict, Rules
from ....core.windows import WindowParticipant
from ...actions import interned
from ...events import EventLog
from ...hooks import (
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_PERFORM,
    LEVEL_BONUSES,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_END,
    MILITARY_TURN_PERFORM,
)
from ...kinds import TITLES, MilitaryStep
from ...state import GameState
from ...windows import POINTS, participate
from . import data
from .actions import PassEvent, PlayEvent
from .hooks import CARD_SHIELDED
from .module import LEGENDS
from .state import Effect, legends

Ctx = Mapping[str, Any]
MILITARY_TURN, BUILD_TURN, STANDING = "military_turn", "build_turn", "standing"
# « À jouer n'importe quand » (rulings 17 a): in every window, in his own turns, and as a
# standing answer whenever he likes.
ANY_TIME: tuple[str, ...] = (STANDING, MILITARY_TURN, BUILD_TURN, *(p.name for p in POINTS))


@dataclass(frozen=True, slots=True)
class Card:
    """One event card's rules: where it may be played (`when`), its legal targets there
    (`targets(state, player, ctx)`: "" for a card without one; empty: not playable now), and
    its effect (`perform(state, player, target, ctx, ev)`)."""

    name: str
    when: tuple[str, ...]
    targets: Callable[[GameState, str, Ctx], Sequence[str]]
    perform: Callable[[GameState, str, str, Ctx, EventLog], None]


def cards_table(state: GameState) -> Mapping[str, Card]:
    """The cards of the cities in play, by held id (`<city>.<name>`). Made once per rules
    object (its modules are the cities in play): every listing asks it."""
    table = _TABLES.get(state.rules)
    if table is None:
        table = _TABLES[state.rules] = _cards_of(state.rules)
    return table


def _cards_of(rules: Rules[GameState]) -> Mapping[str, Card]:
    out: dict[str, Card] = {}
    for city in data.cities():
        if city in rules.key[1:]:
            for name, card in rules.data.get(f"legends.cards.{city}", {}).items():
                out[data.card_id(city, name)] = card
    return ReadOnlyDict(out)


_TABLES: dict[Rules[GameState], Mapping[str, Card]] = {}


def _active(state: GameState, player: str, where: str, ctx: Ctx) -> bool:
    """Whether he is the active player at this moment (for the Decoy pair, B8)."""
    if where in (MILITARY_TURN, BUILD_TURN, "military_turn_end"):
        return True
    return where == "battle_start" and ctx.get("attacker") == player


def _decoys(hand: list[str]) -> list[str]:
    return sorted(c for c in hand if data.is_decoy(c))[:2]


def _two_decoys(hand: list[str]) -> bool:
    """len(_decoys(hand)) == 2, stopping at the second (every listing of the active player)."""
    n = 0
    for card in hand:
        if data.is_decoy(card):
            n += 1
            if n == 2:
                return True
    return False


def shielded(state: GameState, player: str, province: str) -> bool:
    """Whether a card of `player` may not target this province (the Mausoleum: D5, B11)."""
    return any(fn(state, player, province) for fn in state.rules.on[CARD_SHIELDED])


def athena_province(state: GameState, province: str) -> bool:
    """Athéna (D7): « Aucune Bataille ni destruction ne peut avoir lieu sur sa Province
    jusqu'à la fin du tour de jeu »."""
    return any(e["data"].get("province") == province for e in effects(state, "athena", "athena"))


def may_destroy_in(state: GameState, player: str, province: str) -> bool:
    """A card of `player` may destroy something in this province (no Mausoleum of another,
    no Athéna this turn)."""
    return not shielded(state, player, province) and not athena_province(state, province)


def why_not(
    state: GameState, player: str, action: PlayEvent, where: str, ctx: Ctx
) -> IllegalAction | None:
    """Why this play is refused here and now (None: allowed): the listing and the check."""
    table = cards_table(state)
    hand = legends(state).hands.get(player, [])
    if action.card not in table and not data.is_decoy(action.card):
        return IllegalAction(
            f"no event card {action.card!r} in play", code="unknown_card", card=action.card
        )
    if action.decoys:
        if data.is_decoy(action.card):
            return IllegalAction("two Decoys name another event", code="bad_card", card=action.card)
        if not _two_decoys(hand):
            return IllegalAction("you need two Decoys", code="no_decoys")
        if not _active(state, player, where, ctx):
            return IllegalAction(
                "only the active player plays two Decoys", code="not_active_player"
            )
    else:
        if action.card not in hand:
            return IllegalAction("you do not hold that card", code="not_in_hand", card=action.card)
        if data.is_decoy(action.card):
            return IllegalAction("a Decoy played alone has no effect", code="decoy_alone")
    card = table[action.card]
    if where not in card.when:
        return IllegalAction(
            f"{action.card} is not played now", code="wrong_timing", card=action.card
        )
    if action.target not in card.targets(state, player, ctx):
        return IllegalAction(
            f"{action.card} cannot be played on {action.target or 'that'} now",
            code="bad_target",
            card=action.card,
            target=action.target,
        )
    return None


def plays(state: GameState, player: str, where: str, ctx: Ctx) -> list[Action]:
    """His plays here and now: each card he holds (and, as the active player with two Decoys,
    each event of a city in play), with each of its targets."""
    hand = legends(state).hands.get(player)
    if not hand:
        return []
    table = cards_table(state)
    played_here, named_here = _cards_at(state.rules, where)
    out: list[Action] = []
    # Plain loops (a comprehension is a function of its own in Python 3.11): every listing of
    # a card holder lists his plays.
    for card in sorted(played_here.intersection(hand)):
        for t in table[card].targets(state, player, ctx):
            out.append(interned(PlayEvent, player, card, t, False))
    if named_here and _active(state, player, where, ctx) and _two_decoys(hand):
        for card, spec in named_here:
            for t in spec.targets(state, player, ctx):
                out.append(interned(PlayEvent, player, card, t, True))
    return out


def _cards_at(
    rules: Rules[GameState], where: str
) -> tuple[frozenset[str], tuple[tuple[str, Card], ...]]:
    """The cards of these rules played at `where`: the ids a hand may play there (no Decoy),
    and every (id, card) two Decoys may name there, in the table's order. Made once per rules
    object and moment (every listing asks)."""
    key = (rules, where)
    found = _AT.get(key)
    if found is None:
        table = _TABLES.get(rules) or _cards_of(rules)
        here = [(card, spec) for card, spec in table.items() if where in spec.when]
        found = _AT[key] = (
            frozenset(card for card, _spec in here if not data.is_decoy(card)),
            tuple(here),
        )
    return found


_AT: dict[tuple[Rules[GameState], str], tuple[frozenset[str], tuple[tuple[str, Card], ...]]] = {}


def perform(state: GameState, player: str, action: PlayEvent, ctx: Ctx, ev: EventLog) -> None:
    """The card (or the two Decoys) to its city's discard, announced; then its effect."""
    leg = legends(state)
    hand = leg.hands[player]
    spent = _decoys(hand) if action.decoys else [action.card]
    for card in spent:
        hand.remove(card)
        leg.discards[data.split(card)[0]].append(card)
    ev.public(
        "event_played",
        player=player,
        card=action.card,
        target=action.target,
        decoys=action.decoys,
        discarded=spent,
    )
    cards_table(state)[action.card].perform(state, player, action.target, ctx, ev)


def add_effect(state: GameState, card: str, player: str, key: str, **values: Any) -> None:
    legends(state).effects.append(
        Effect(card=card, player=player, round=state.round, key=key, data=dict(values))
    )


def effects(state: GameState, card: str, key: str) -> list[Effect]:
    """The effects of a card (by name) bound to `key` this round."""
    found = legends(state).effects
    if not found:  # mostly none: no comprehension made (asked on many listings and battles)
        return []
    return [
        e
        for e in found
        if e["key"] == key and e["round"] == state.round and data.split(e["card"])[1] == card
    ]


def clear_effects(state: GameState, key: str) -> None:
    leg = legends(state)
    if leg.effects:
        leg.effects = [e for e in leg.effects if e["key"] != key and e["round"] == state.round]


# --- in windows ---------------------------------------------------------------------------------


def _participant(point_name: str) -> WindowParticipant[GameState]:
    def concerned(state: GameState, player: str, ctx: Ctx) -> bool:
        # Public facts only (ruling 17): his hand's size, and whether the cities in play have
        # a card for this moment.
        if not legends(state).hands.get(player):
            return False
        return bool(_cards_at(state.rules, point_name)[1])

    def window_plays(state: GameState, player: str, ctx: Ctx) -> Sequence[Action]:
        return plays(state, player, point_name, ctx)

    def check(state: GameState, player: str, action: Action, ctx: Ctx) -> None:
        assert isinstance(action, PlayEvent)
        refused = why_not(state, player, action, point_name, ctx)
        if refused is not None:
            raise refused

    def window_perform(
        state: GameState, player: str, action: Action, ctx: Ctx, ev: EventLog
    ) -> None:
        assert isinstance(action, PlayEvent)
        perform(state, player, action, ctx, ev)

    return WindowParticipant(
        f"legends.{point_name}",
        (PlayEvent,),
        plays=window_plays,
        perform=window_perform,
        check=check,
        concerned=concerned,
    )


for _point in POINTS:
    participate(LEGENDS, _point, _participant(_point.name))


# --- in his own turn ----------------------------------------------------------------------------


def _military_ctx(state: GameState, step: str) -> dict[str, Any]:
    return {"step": step}


@LEGENDS.hook(MILITARY_TURN_ACTIONS)
def _military_plays(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    if not legends(state).hands.get(player):  # no card: no context to make (every listing)
        return ()
    return plays(state, player, MILITARY_TURN, _military_ctx(state, step))


@LEGENDS.hook(MILITARY_TURN_CHECK)
def _military_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, PlayEvent):
        return False
    assert state.military is not None
    refused = why_not(
        state, player, action, MILITARY_TURN, _military_ctx(state, state.military.step)
    )
    if refused is not None:
        raise refused
    return True


@LEGENDS.hook(MILITARY_TURN_PERFORM)
def _military_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, PlayEvent):
        return False
    assert state.military is not None
    perform(state, player, action, _military_ctx(state, state.military.step), ev)
    return True


@LEGENDS.hook(BUILD_TURN_ACTIONS)
def _build_plays(state: GameState, player: str) -> Sequence[Action]:
    return plays(state, player, BUILD_TURN, {})


@LEGENDS.hook(BUILD_TURN_CHECK)
def _build_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, PlayEvent):
        return False
    refused = why_not(state, player, action, BUILD_TURN, {})
    if refused is not None:
        raise refused
    return True


@LEGENDS.hook(BUILD_TURN_PERFORM)
def _build_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, PlayEvent):
        return False
    perform(state, player, action, {}, ev)
    return True


LEGENDS.answers("military_turn", PlayEvent)
LEGENDS.answers("build_turn", PlayEvent)


# --- at any time (rulings 17 a) -----------------------------------------------------------------

_OWN_MOMENTS = frozenset({"window", "military_turn", "build_turn"})
# Decisions being resolved whatever the phase: a window, a card's own payment (Port du Pirée).
RESOLVING = frozenset({"window", "piraeus"})


def quiet(state: GameState) -> bool:
    """No decision is being resolved (rulings 17 a): no window open, no draft, no battle
    awaiting its casualties, no purchase awaiting its payment."""
    leg = legends(state)
    if leg.draft is not None or leg.queue:
        return False
    if any(p.kind in RESOLVING for p in state.prompts):
        return False
    if state.military is not None and state.military.battle is not None:
        return False
    return not (state.build is not None and state.build.purchase is not None)


def _standing_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player = prompt.player
    if not legends(state).hands.get(player):
        return []
    for p in state.prompts:  # a plain loop: asked on every listing of a card holder
        if p.player == player and p.kind in _OWN_MOMENTS and not p.data.get("answered"):
            return []  # he plays them there (no second listing of the same plays)
    return plays(state, player, STANDING, {})


def _standing_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlayEvent)
    refused = why_not(state, prompt.player, action, STANDING, {})
    if refused is not None:
        raise refused


def _standing_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    """At once when no decision is being resolved; else at the next moment where none is."""
    assert isinstance(action, PlayEvent)
    if quiet(state):
        perform(state, prompt.player, action, {}, ev)
    else:
        legends(state).pending.append(action.to_dict())
        ev.public("event_play_waits", player=prompt.player)


@LEGENDS.hook(ACTION_RESOLVED)
def _pending_plays(state: GameState, action: Action, ev: EventLog) -> None:
    leg = legends(state)
    if not leg.pending or state.over or not quiet(state):
        return
    waiting, leg.pending = leg.pending, []
    for raw in waiting:
        play = state.rules.parse(raw)
        assert isinstance(play, PlayEvent)
        refused = why_not(state, play.player, play, STANDING, {})
        if refused is not None:  # an earlier effect made it void: nothing spent
            ev.public("event_play_void", player=play.player)
            ev.private(
                "event_play_refused",
                (play.player,),
                player=play.player,
                play=raw,
                code=refused.code,
            )
            continue
        perform(state, play.player, play, {}, ev)


LEGENDS.handler(
    PromptHandler(
        kind=DISPATCH_STANDING,
        actions=(PlayEvent,),
        legal=_standing_legal,
        perform=_standing_perform,
        check=_standing_check,
        undoable=False,
    )
)


@LEGENDS.hook(LEVEL_BONUSES)
def _levels(state: GameState, player: str) -> Mapping[str, int] | None:
    """Horus (+2 on one track), the Circus Maximus (+1 on each): « jusqu'à la fin du tour de
    jeu, Phase Revendications incluse » — effects bound to "levels" this round."""
    leg = legends(state)
    if not leg.effects:
        return None
    out: dict[str, int] = {}
    for e in leg.effects:
        if e["key"] == "levels" and e["player"] == player and e["round"] == state.round:
            for title in [e["data"]["title"]] if "title" in e["data"] else TITLES:
                out[title] = out.get(title, 0) + e["data"]["bonus"]
    return out or None


# --- the end of his Military turn (la Bibliothèque d'Alexandrie) ---------------------------------

TURN_END = "military_turn_end"
TURN_END_KIND = "legends_turn_end"


def _fresh_conversions(state: GameState, player: str) -> list[str]:
    """The provinces whose marker he occupied for conversion this turn (public)."""
    return sorted(
        p
        for p, c in state.conversions.items()
        if c["player"] == player and c["round"] == state.round
    )


@LEGENDS.hook(MILITARY_TURN_END)
def _turn_end_offered(state: GameState, player: str, ev: EventLog) -> bool:
    """A card of the turn's end may be played: he is asked when he holds a card and chose a
    conversion this turn (public facts: what he holds is not told)."""
    if not legends(state).hands.get(player) or not _fresh_conversions(state, player):
        return False
    if not _cards_at(state.rules, TURN_END)[1]:
        return False
    state.prompts.append(Prompt(TURN_END_KIND, player, {}))
    return True


def _turn_end_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [*plays(state, prompt.player, TURN_END, {}), PassEvent(prompt.player)]


def _turn_end_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, PlayEvent):
        refused = why_not(state, prompt.player, action, TURN_END, {})
        if refused is not None:
            raise refused


def _turn_end_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    from ...phases.military import end_turn

    state.prompts.remove(prompt)
    if isinstance(action, PlayEvent):
        perform(state, prompt.player, action, {}, ev)
    end_turn(state, ev)


LEGENDS.handler(
    PromptHandler(
        kind=TURN_END_KIND,
        actions=(PlayEvent, PassEvent),
        legal=_turn_end_legal,
        perform=_turn_end_perform,
        check=_turn_end_check,
        default=lambda s, p: PassEvent(p.player),
    )
)
