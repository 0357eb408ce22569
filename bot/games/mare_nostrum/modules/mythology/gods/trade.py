"""Hermès and Isis, in the Trade phase after income and before the exchange («c'est Hermès
qui utilise son pouvoir avant Isis», 004 l.219; C-35, C-60): their holders are asked in that
order, each may use his god or keep it (its moment then passes: the god returns at the next
Offerings phase)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from .....core.errors import IllegalAction
from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....resources import add
from ....rulesets.mn2003 import trade as mn_trade
from ....rulesets.mn2003.data import RESOURCES, TAX
from ....rulesets.mn2003.hooks import INCOME_DONE
from ....state import GameState, Prompt
from ..module import MODULE
from .actions import HermesTake, IsisGive, KeepGod
from .hooks import PRODUCED_TYPES
from .state import HERMES, ISIS, gods, holder_of

HERMES_CARDS = 3


@MODULE.hook(INCOME_DONE)
def _ask_trade_gods(state: GameState, ev: EventLog) -> bool:
    g = gods(state)
    for god, kind in ((HERMES, "hermes"), (ISIS, "isis")):
        if god in g.asked:
            continue
        g.asked.append(god)
        holder = holder_of(state, god)
        if holder is not None:
            add_prompt(state, kind, holder)
            return True
    g.asked = []  # the next Trade phase asks again
    return False


def _resume(state: GameState, ev: EventLog) -> None:
    mn_trade.income_done(state, ev)


def _keep(state: GameState, prompt: Prompt, god: str, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    ev.public("god_kept", player=prompt.player, god=god)
    _resume(state, ev)


# --- Hermès (MG-12) ------------------------------------------------------------------------


def produced(state: GameState, player: str) -> list[str]:
    """C-35: the resource types he produced in this income (no tax card): his caravans', and
    those a power adds (`PRODUCED_TYPES`: Circé's legions)."""
    types = {t for t, n in mn_trade.income(state, player).items() if n and t != TAX}
    for power in state.rules.on[PRODUCED_TYPES]:
        types.update(power(state, player) or ())
    return sorted(types)


def hermes_sets(state: GameState, player: str) -> list[tuple[str, ...]]:
    """«3 cartes ressources supplémentaires parmi des ressources que le joueur produit»:
    repeats allowed (C-35)."""
    return list(combinations_with_replacement(produced(state, player), HERMES_CARDS))


def _hermes_legal(state: GameState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    return [*(HermesTake(p, s) for s in hermes_sets(state, p)), KeepGod(p, HERMES)]


def _hermes_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, KeepGod):
        if action.god != HERMES:
            raise IllegalAction("answer for Hermès", code="wrong_god", god=action.god)
        return
    assert isinstance(action, HermesTake)
    if tuple(sorted(action.resources)) not in hermes_sets(state, prompt.player):
        raise IllegalAction(
            "Hermès gives 3 resource cards of types you produced this round",
            code="hermes_not_produced",
            types=produced(state, prompt.player),
        )


def _hermes_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    if isinstance(action, KeepGod):
        _keep(state, prompt, HERMES, ev)
        return
    assert isinstance(action, HermesTake)
    remove_prompt(state, prompt)
    player = action.player
    for token in action.resources:
        add(state.hands[player], token)
    gods(state).used.append(HERMES)
    ev.public("god_used", player=player, god=HERMES, target="", count=len(action.resources))
    ev.private("hermes_cards", (player,), player=player, cards=sorted(action.resources))
    _resume(state, ev)


# --- Isis (MG-14) --------------------------------------------------------------------------


def resource_types(state: GameState) -> tuple[str, ...]:
    """The resource types in play: the rules datum `mn2003.resources` (the set-up adds
    ceramic, C-11), else the 2003 twelve."""
    types: tuple[str, ...] = state.rules.data.get("mn2003.resources", RESOURCES)
    return types


def isis_recipients(state: GameState, giver: str) -> list[str]:
    """«à chaque joueur, y compris soi-même»: himself first, then seat order after him."""
    i = state.players.index(giver)
    return [*state.players[i:], *state.players[:i]]


def _isis_next(state: GameState, prompt: Prompt) -> str | None:
    given = prompt.data.get("given", [])
    left = [p for p in isis_recipients(state, prompt.player) if p not in given]
    return left[0] if left else None


def _isis_legal(state: GameState, prompt: Prompt) -> list[Action]:
    p, recipient = prompt.player, _isis_next(state, prompt)
    types = resource_types(state)
    out: list[Action] = [IsisGive(p, recipient, r) for r in types] if recipient else []
    if not prompt.data.get("given"):
        out.append(KeepGod(p, ISIS))
    return out


def _isis_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, KeepGod):
        if action.god != ISIS or prompt.data.get("given"):
            raise IllegalAction("Isis gives one card to every player once begun", code="isis_begun")
        return
    assert isinstance(action, IsisGive)
    if action.recipient != _isis_next(state, prompt):
        raise IllegalAction(
            f"the next card goes to {_isis_next(state, prompt)}",
            code="isis_wrong_recipient",
            recipient=action.recipient,
        )
    if action.resource not in resource_types(state):
        raise IllegalAction(
            "Isis gives resource cards", code="isis_not_resource", resource=action.resource
        )


def _isis_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    if isinstance(action, KeepGod):
        _keep(state, prompt, ISIS, ev)
        return
    assert isinstance(action, IsisGive)
    given: list[str] = prompt.data.setdefault("given", [])
    if not given:
        gods(state).used.append(ISIS)
        ev.public("god_used", player=action.player, god=ISIS, target="")
    given.append(action.recipient)
    add(state.hands[action.recipient], action.resource)
    # «secrètement»: the card is seen by the giver and the receiver only.
    who = tuple(sorted({action.player, action.recipient}))
    ev.private(
        "isis_gift", who, player=action.player, recipient=action.recipient, card=action.resource
    )
    ev.public("isis_gave", player=action.player, recipient=action.recipient)
    if _isis_next(state, prompt) is None:
        remove_prompt(state, prompt)
        _resume(state, ev)


MODULE.action(HermesTake)
MODULE.action(IsisGive)
MODULE.action(KeepGod)
MODULE.handler(
    PromptHandler(
        kind="hermes",
        actions=(HermesTake, KeepGod),
        legal=_hermes_legal,
        check=_hermes_check,
        perform=_hermes_perform,
        public_listing=True,
        default=lambda state, prompt: KeepGod(prompt.player, HERMES),
    )
)
MODULE.handler(
    PromptHandler(
        kind="isis",
        actions=(IsisGive, KeepGod),
        legal=_isis_legal,
        check=_isis_check,
        perform=_isis_perform,
        public_listing=True,
        default=lambda state, prompt: (
            KeepGod(prompt.player, ISIS)
            if not prompt.data.get("given")
            else _isis_legal(state, prompt)[0]
        ),
    )
)
