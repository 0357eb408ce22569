"""Play windows (rulings 17–18): moments that belong to no single player — the start of a
battle for its two participants, Production, Trade, the start of Claims, the start of the
Military phase — where every player concerned may play a card or use a power outside his own
turn.

A game names its moments (`WindowPoint`) and says how its course resumes after each
(`RulesModule.window_point`); a module registers what a player may play there
(`RulesModule.window`: a `WindowParticipant`). At the moment, the phase calls `open_window`:
with no concerned player it opens nothing (and the phase goes on at once); else each concerned
player owes a `window` prompt, answered "play X" or `PassWindow` (the default when the short
deadline passes). The answers are sealed until the last one; then the plays resolve in the
conflict order (the first player named — the active player, or the phase's title holder —
then seat order after him), each checked again at its turn (an earlier play may have made it
void), and the phase resumes.

Who is asked reveals nothing hidden: a participant's `concerned` reads only public facts (a
tile held, a hand's size), so a player holding a card is asked whatever his cards are. A
player who chose to be quiet (`state.window_quiet`) is asked only when he has a play — which
tells the others that he has one (the bot says so when he chooses)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .actions import Action, interned
from .errors import EngineError, IllegalAction
from .events import EventLog
from .prompts import Prompt, PromptHandler

WINDOW = "window"  # the prompt kind every window uses

Ctx = Mapping[str, Any]  # what a window is about (JSON-able): the battle's area and sides...


@dataclass(frozen=True, slots=True)
class PassWindow(Action):
    """Nothing to play in this window."""

    kind: ClassVar[str] = "pass_window"


@dataclass(frozen=True, slots=True)
class WindowPoint:
    """A named moment of a game where a window may open. `doc`: when, and its `ctx`."""

    name: str
    doc: str = ""


class WindowState(Protocol):
    """What the windows read of a game's state."""

    players: list[str]
    prompts: list[Prompt]
    # The players who asked not to be asked in windows where they hold nothing playable.
    window_quiet: list[str]


S = TypeVar("S", bound=WindowState)
St = TypeVar("St")


@dataclass(frozen=True, slots=True)
class WindowParticipant(Generic[St]):
    """What one module lets a player play at one window point.

    - `plays(state, player, ctx)`: his plays now (may read what only he sees);
    - `check(state, player, action, ctx)`: raise an EngineError if `action` is not one of his
      plays now — the same predicate as `plays` (None: `action in plays(...)`);
    - `perform(state, player, action, ctx, ev)`: resolve a play (no further decision);
    - `concerned(state, player, ctx)`: whether he is asked at all, from public facts only
      (None: `plays` reads nothing hidden, and he is asked when he has a play)."""

    name: str
    actions: tuple[type[Action], ...]
    plays: Callable[[St, str, Ctx], Sequence[Action]]
    perform: Callable[[St, str, Action, Ctx, EventLog], None]
    check: Callable[[St, str, Action, Ctx], None] | None = None
    concerned: Callable[[St, str, Ctx], bool] | None = None

    def is_concerned(self, state: St, player: str, ctx: Ctx) -> bool:
        if self.concerned is not None:
            return self.concerned(state, player, ctx)
        return bool(self.plays(state, player, ctx))

    def refuse(self, state: St, player: str, action: Action, ctx: Ctx) -> None:
        if self.check is not None:
            self.check(state, player, action, ctx)
        elif action not in self.plays(state, player, ctx):
            raise IllegalAction(
                f"{action.kind} cannot be played now", code="not_playable_now", play=action.kind
            )


Resume = Callable[[Any, Ctx, EventLog], None]  # (state, ctx, ev): the phase's course goes on


class WindowRules(Protocol):
    """What the windows read of a rules object."""

    @property
    def window_resume(self) -> Mapping[str, Resume]: ...

    @property
    def window_participants(self) -> Mapping[str, tuple[WindowParticipant[Any], ...]]: ...

    def parse(self, data: Any) -> Action: ...


def window_deadline_hours(decision_hours: float) -> float:
    """Ruling 17: a window's own short deadline — a quarter of the game's decision deadline,
    at least one hour (never longer than the game's own)."""
    return min(decision_hours, max(1.0, decision_hours / 4))


def conflict_order(players: Sequence[str], first: str) -> list[str]:
    """Rulings 17 / B7: `first` (the active player, or the phase's title holder), then seat
    order after him."""
    i = players.index(first) if first in players else 0
    return [*players[i:], *players[:i]]


def open_window(
    state: S,
    rules: WindowRules,
    point: WindowPoint,
    ctx: Ctx,
    players: Collection[str],
    first: str,
    ev: EventLog,
) -> bool:
    """Open a window at `point` for `players` (those the moment concerns), asked in the conflict
    order from `first`. False when nobody is asked: nothing happened, the caller goes on."""
    participants = rules.window_participants.get(point.name)
    if not participants:
        return False
    # Plain loops, inline: a comprehension (or a generator) is a function of its own in
    # Python 3.11, and every battle and Trade moment asks each player here.
    asked = []
    quiet = state.window_quiet
    for p in conflict_order(state.players, first):
        if p not in players:
            continue
        for part in participants:  # a participant concerns him (public facts only)
            if part.is_concerned(state, p, ctx):
                break
        else:
            continue
        # Quiet (ruling 17): asked only when he has a play.
        if p in quiet and not any(part.plays(state, p, ctx) for part in participants):
            continue
        asked.append(p)
    if not asked:
        return False
    for player in asked:
        state.prompts.append(
            Prompt(WINDOW, player, {"window": point.name, "ctx": dict(ctx), "order": asked})
        )
    ev.public("window_opened", window=point.name, players=asked, ctx=dict(ctx))
    return True


def window_handler(rules_of: Callable[[Any], WindowRules]) -> PromptHandler[Any]:
    """The `window` prompt's handler, for a game whose rules come from `rules_of(state)`."""

    def participants(state: Any, prompt: Prompt) -> tuple[WindowParticipant[Any], ...]:
        return rules_of(state).window_participants.get(prompt.data["window"], ())

    def legal(state: Any, prompt: Prompt) -> list[Action]:
        ctx = prompt.data["ctx"]
        out: list[Action] = []
        for part in participants(state, prompt):
            out.extend(part.plays(state, prompt.player, ctx))
        out.append(interned(PassWindow, prompt.player))
        return out

    def check(state: Any, prompt: Prompt, action: Action) -> None:
        if isinstance(action, PassWindow):
            return
        owner = _owner(participants(state, prompt), action)
        if owner is None:
            raise IllegalAction(
                f"{action.kind} cannot be played in this window",
                code="not_playable_now",
                play=action.kind,
            )
        owner.refuse(state, prompt.player, action, prompt.data["ctx"])

    def perform(state: Any, prompt: Prompt, action: Action, ev: EventLog) -> None:
        prompt.data["answered"] = True
        prompt.data["play"] = None if isinstance(action, PassWindow) else action.to_dict()
        ev.public("window_answered", player=prompt.player, window=prompt.data["window"])
        # A plain loop (no comprehension's, no generator's frame): every answer asks it.
        mine = []
        done = True
        for p in state.prompts:
            if p.kind == WINDOW:
                mine.append(p)
                if done and not p.data.get("answered"):
                    done = False
        if done:
            _resolve(state, rules_of(state), mine, ev)

    return PromptHandler(
        kind=WINDOW,
        actions=(PassWindow,),
        legal=legal,
        perform=perform,
        check=check,
        default=lambda state, prompt: PassWindow(prompt.player),
    )


def _owner(
    participants: Sequence[WindowParticipant[Any]], action: Action
) -> WindowParticipant[Any] | None:
    return next((p for p in participants if isinstance(action, p.actions)), None)


def _resolve(state: Any, rules: WindowRules, prompts: list[Prompt], ev: EventLog) -> None:
    """Every answer is in: the plays in the conflict order, each checked again (an earlier one
    may have made it void), then the phase's course."""
    name, ctx = prompts[0].data["window"], prompts[0].data["ctx"]
    order = prompts[0].data["order"]
    # Plain loops (no comprehension's frame): every battle's window closes here.
    kept = []
    for p in state.prompts:
        if p.kind != WINDOW:
            kept.append(p)
    state.prompts = kept
    plays = {}
    for p in prompts:
        plays[p.player] = p.data["play"]
    parts = rules.window_participants.get(name, ())
    played = []
    for player in order:
        raw = plays.get(player)
        if raw is None:
            continue
        action = rules.parse(raw)
        owner = _owner(parts, action)
        try:
            if owner is None:
                raise IllegalAction("no longer playable", code="not_playable_now")
            owner.refuse(state, player, action, ctx)
        except EngineError as exc:
            # What he meant to play stays his (a card he still holds): told to him alone.
            ev.public("window_play_void", player=player, window=name)
            ev.private(
                "window_play_refused",
                (player,),
                player=player,
                window=name,
                play=raw,
                code=exc.code,
            )
            continue
        owner.perform(state, player, action, ctx, ev)
        played.append(player)
    ev.public("window_closed", window=name, played=played, ctx=dict(ctx))
    if not getattr(state, "over", False):
        rules.window_resume[name](state, ctx, ev)
