"""The one validated entry point of every game: list, check and apply answers to the prompts
of a state, with the rules chosen from that state.

    dispatch = Dispatcher(rules_of)
    dispatch.legal_actions(state, player) -> list[Action]
    dispatch.apply(state, action) -> (new state, events)      # EngineError: state untouched
    dispatch.apply_in_place(state, action) -> events            # simulators
    dispatch.check(state, action) -> the prompt it answers      # always the full check
    dispatch.default_action(state, prompt)                      # rulings §12
    dispatch.owed(state)
    dispatch.forced_action(state, player) -> the one answer he may give, if public, or None
    dispatch.undoable(state, action) -> whether that answer, given there, may be taken back

The listing memo: `legal_actions` remembers what it listed, for which state object at which
`version`; `apply` given one of those very objects (by identity) for that state at that version
skips the second check (the listing ran the same rules a moment before, and every perform bumps
`version`). Anything else — an equal action rebuilt from a button's payload, an action listed
for another state or before the last action — takes the full check.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action
from .errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from .events import Event, EventLog
from .prompts import Prompt
from .rules import HookPoint, Rules

ACTION_RESOLVED: HookPoint[None] = HookPoint(
    "kit.action_resolved",
    "(state, action, ev) -> None: after an accepted action has been performed (before the "
    "version is bumped), with the action's event log: a module's check that runs after every "
    "resolved action (Atlas's Legendary City objectives, B1). Every handler, in module order; "
    "a game whose modules handle none pays one subscript per action.")

# The kind of a game's standing decisions: answers a player may give at any time, owing
# nothing (rulings 17 a: an event card "at any time"). A rules object with a handler of this
# kind lists them after his owed decisions and accepts them from anyone; they are never owed,
# never forced and never defaulted.
STANDING = "standing"

# Tests set this: a trusted action is also checked in full, and both must name the same prompt.
VERIFY_LISTED = False


class KitState(Protocol):
    """What the dispatcher reads of a game's state."""

    players: list[str]
    prompts: list[Prompt]
    version: int
    rng_counter: int

    @property
    def over(self) -> bool: ...

    def clone(self) -> Any: ...


S = TypeVar("S", bound=KitState)


# A Python class even when compiled (bot/compiled_engine.py): its methods are looked up on the
# instance, so a test may stand in for one (tests/engine/test_listing.py spies on `_check`).
@mypyc_attr(native_class=False)
class Dispatcher(Generic[S]):
    def __init__(self, rules_of: Callable[[S], Rules[S]]) -> None:
        self.rules_of = rules_of
        # The last listing: (state, its version, [(the listed actions, the prompt they
        # answer)], the rules it was listed by). The lists are kept here, so no listed object
        # is freed (and its identity reused) while the listing stands.
        self._last: tuple[S, int, list[tuple[list[Action], Prompt]], Rules[S]] | None = None

    def owed(self, state: S) -> list[Prompt]:
        """The decisions still owed (sealed answers already given wait for the others)."""
        # A plain loop: a list comprehension is a function call in Python 3.11, and the
        # simulators ask this before every action of a game of a few prompts.
        out = []
        for p in state.prompts:
            data = p.data
            if "answered" not in data or not data["answered"]:
                out.append(p)
        return out

    def legal_actions(self, state: S, player: str) -> list[Action]:
        if state.over:
            return []
        rules = self.rules_of(state)
        handlers = rules.handlers
        out: list[Action] = []
        segments = []
        for prompt in state.prompts:
            if prompt.player == player and ("answered" not in prompt.data
                                            or not prompt.data["answered"]):
                acts = handlers[prompt.kind].legal(state, prompt)
                segments.append((acts, prompt))
                out.extend(acts)
        standing = handlers.get(STANDING)
        if standing is not None:  # a module's answers at any time (none in the base game)
            prompt = _standing_prompt(player)
            acts = standing.legal(state, prompt)
            segments.append((acts, prompt))
            out.extend(acts)
        self._last = (state, state.version, segments, rules)
        return out

    def _listed(self, state: S, action: Action) -> tuple[Prompt, Rules[S]] | None:
        """The prompt `action` answers, and the rules, if it is one of the objects just listed
        for `state` (the rules were chosen from that very state at that version)."""
        listing = self._last
        if listing is None or listing[0] is not state or listing[1] != state.version:
            return None
        for acts, prompt in listing[2]:
            # By identity, at C speed (`in` would call the dataclasses' __eq__ on the way).
            if any(map(is_, acts, repeat(action))):
                if VERIFY_LISTED:
                    checked = self.check(state, action)  # a standing answer's is made anew
                    assert checked is prompt or checked.kind == prompt.kind == STANDING, \
                        f"listed {action} fails its check"
                return prompt, listing[3]
        return None

    def _candidates(self, state: S, action: Action, rules: Rules[S]) -> list[Prompt]:
        """The prompts this action could answer: owed by its player and of a kind it answers."""
        if not isinstance(action, Action):
            raise MalformedAction("not an action")
        if state.over:
            raise GameOver("the game is over")
        if action.player not in state.players:
            raise MalformedAction(f"{action.player!r} does not play in this game",
                                  code="unknown_player", player=action.player)
        mine = [p for p in state.prompts
                if p.player == action.player and not p.data.get("answered")]
        standing = rules.handlers.get(STANDING)
        if standing is not None and isinstance(action, standing.actions):
            mine.append(Prompt(STANDING, action.player))  # after his owed decisions
        if not mine:
            owers = sorted({p.player for p in self.owed(state)})
            raise NotYourTurn(f"{action.player} owes no decision now (waiting for "
                              f"{', '.join(owers)})", waiting_for=owers)
        fitting = [p for p in mine if isinstance(action, rules.handlers[p.kind].actions)]
        if not fitting:
            raise IllegalAction(
                f"{action.kind} does not answer the decision owed ({mine[0].kind})",
                code="wrong_decision", expected=mine[0].kind,
            )
        return fitting

    def check(self, state: S, action: Action) -> Prompt:
        """Validate without changing anything; return the prompt the action answers."""
        return self._check(state, action, self.rules_of(state))

    def _check(self, state: S, action: Action, rules: Rules[S]) -> Prompt:
        first_error: EngineError | None = None
        for prompt in self._candidates(state, action, rules):
            handler = rules.handlers[prompt.kind]
            try:
                if handler.check is not None:
                    handler.check(state, prompt, action)
                elif action not in handler.legal(state, prompt):
                    raise IllegalAction(f"{action.kind} is not allowed now: {action.to_dict()}")
            except EngineError as exc:
                first_error = first_error or exc
                continue
            return prompt
        assert first_error is not None
        raise first_error

    @staticmethod
    def _perform(state: S, prompt: Prompt, action: Action, rules: Rules[S]) -> list[Event]:
        ev = EventLog()
        rules.handlers[prompt.kind].perform(state, prompt, action, ev)
        for after in rules.on[ACTION_RESOLVED]:
            after(state, action, ev)
        state.version += 1
        return list(ev)

    def _answered(self, state: S, action: Action) -> tuple[Prompt, Rules[S]]:
        """The prompt `action` answers, checked, and the rules it is played by."""
        listed = self._listed(state, action)
        if listed is not None:
            return listed
        return self._checked(state, action)

    def _checked(self, state: S, action: Action) -> tuple[Prompt, Rules[S]]:
        rules = self.rules_of(state)
        return self._check(state, action, rules), rules

    def apply_in_place(self, state: S, action: Action) -> list[Event]:
        """Validate, then change `state` itself (simulators). On error `state` is untouched."""
        # _answered and _perform, inline: the simulators' hot path.
        prompt, rules = self._listed(state, action) or self._checked(state, action)
        ev = EventLog()
        rules.handlers[prompt.kind].perform(state, prompt, action, ev)
        for after in rules.on[ACTION_RESOLVED]:
            after(state, action, ev)
        state.version += 1
        return list(ev)

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """Validate and apply one action to a copy of the state: (new state, events)."""
        prompt, rules = self._answered(state, action)
        index = next((i for i, p in enumerate(state.prompts) if p is prompt), None)
        new: S = state.clone()
        # The copy's prompt at the same place: checking again on the copy gives the same one.
        # (A copy plays by the same rules: they are chosen from fields the copy shares.) A
        # standing answer's prompt is in no state.
        events = self._perform(new, prompt if index is None else new.prompts[index], action,
                               rules)
        return new, events

    def forced_action(self, state: S, player: str) -> Action | None:
        """The single legal answer `player` may give, applied at once as forced (issue 13):
        only when every decision he owes has a listing that reads nothing hidden
        (`PromptHandler.public_listing`), so that the forcing reveals nothing; else None."""
        if state.over:
            return None
        handlers = self.rules_of(state).handlers
        mine = [p for p in state.prompts if p.player == player and not p.data.get("answered")]
        if not mine or not all(handlers[p.kind].public_listing for p in mine):
            return None
        listed = self.legal_actions(state, player)
        standing = handlers.get(STANDING)
        if standing is not None:  # never counted: a hidden card must not stop a forcing
            owed = [a for p in mine for a in handlers[p.kind].legal(state, p)]
            listed = owed
        return listed[0] if len(listed) == 1 else None

    def undoable(self, state: S, action: Action) -> bool:
        """Whether `action`, answered in `state`, may be taken back (rulings §13: "while it
        revealed no hidden information"): it drew nothing from the seeded generator (the
        counter is unchanged: no dice, no draw), told no one but its player anything privately,
        opened no sealed answers (rulings §11: the last one reveals them all), did not end the
        game (the ending is announced to everyone and the game closed: final), and its prompt's
        handler does not refuse it (`PromptHandler.undoable`). Whether someone acted since is
        the log's question, not the engine's (the service's). Illegal actions raise."""
        prompt, rules = self._answered(state, action)
        if not rules.handlers[prompt.kind].undoable or action.reveals:
            return False
        after, events = self.apply(state, action)
        if after.over or after.rng_counter != state.rng_counter:
            return False
        if any(e.audience is not None and set(e.audience) - {action.player} for e in events):
            return False
        return _sealed(after) >= _sealed(state)

    def default_action(self, state: S, prompt: Prompt) -> Action:
        """The documented answer applied when a decision's deadline passes (rulings §12)."""
        handler = self.rules_of(state).handlers[prompt.kind]
        if handler.default is not None:
            return handler.default(state, prompt)
        legal = handler.legal(state, prompt)
        if not legal:
            raise EngineError(f"no legal answer to {prompt.kind}", code="no_default")
        return legal[0]


@lru_cache(maxsize=1024)
def _standing_prompt(player: str) -> Prompt:
    """The standing decisions' prompt of a player: in no state and never changed (its data
    stays empty), so one object serves every listing (made on each until now)."""
    return Prompt(STANDING, player)


def _sealed(state: KitState) -> int:
    """How many sealed answers wait unrevealed (fewer after an action: it opened them)."""
    return sum(1 for p in state.prompts if p.data.get("answered"))
