"""Phase I — Production (section 1): every player collects from the buildings he controls."""

from __future__ import annotations

from functools import cache

from ...core.rules import RulesModule
from .. import rng
from ..actions import Action, ChooseProduction
from ..board import COIN, COMMODITIES, board
from ..control import has_power
from ..errors import IllegalAction
from ..events import EventLog
from ..flow import next_phase
from ..powers import (
    ChooseCommodity,
    CirceCaravans,
    circe_site,
    circe_sites,
    colossus_default,
)
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import add
from ..state import GameState, Prompt

# Phase Production: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.production")


def draw_legendary(state: GameState, ev: EventLog) -> str | None:
    """Draw a legendary commodity at random; reshuffle the discard when the pile is empty
    (1.4). With every legendary token in players' hands, nothing is drawn (our ruling)."""
    if not state.legendary_pile and state.legendary_discard:
        state.legendary_pile, state.legendary_discard = state.legendary_discard, []
        ev.public("legendary_reshuffled", count=len(state.legendary_pile))
    if not state.legendary_pile:
        ev.public("legendary_pile_empty")
        return None
    i = rng.pick_index(state, len(state.legendary_pile))
    return state.legendary_pile.pop(i)


def production_of(state: GameState) -> dict[str, dict[str, int]]:
    """What each player collects from his buildings this phase, before legendary draws:
    {player: {resource type: n, "legendary": n draws, "choice:<province>": 1}}."""
    board = state.board
    out: dict[str, dict[str, int]] = {p: {} for p in state.players}
    for pid, row in state.built.items():
        if not any(row):
            continue
        slots = board.provinces[pid].slots
        # building_controller of each slot, inlined: the occupier, else the marker's holder.
        occ = state.occupant.get(pid) or [None] * len(row)
        holder = state.influence.get(pid)
        ctrl = [(occ[i] or holder) if b else None for i, b in enumerate(row)]
        # Temples and markets double only for the player who controls them (4.3.2).
        temples, markets = _doublers(state.board_key)[pid]
        temple = {ctrl[i] for i in temples}
        market = {ctrl[i] for i in markets}
        for i, slot in enumerate(slots):
            who = ctrl[i]
            if who is None or who not in out:
                continue
            got = out[who]
            if slot.kind in ("city", "capital"):
                got[COIN] = got.get(COIN, 0) + (2 if who in temple else 1)
            elif slot.kind == "caravan" and slot.commodity:
                n = 2 if who in market else 1
                got[slot.commodity] = got.get(slot.commodity, 0) + n
            elif slot.kind == "legendary_city":
                got[COIN] = got.get(COIN, 0) + 1
                got["legendary"] = got.get("legendary", 0) + 1
                if who in temple:
                    got["choice:" + pid] = 1
    for player, got in out.items():
        for site in circe_sites(state, player):
            if len(site.options()) > 1:
                got["circe:" + site.province] = 1  # he chooses the slots (a prompt)
                continue
            for rtype, n in site.produce(site.options()[0]).items():
                got[rtype] = got.get(rtype, 0) + n
        if has_power(state, player, "artemis"):
            # Temple d'Artémis: « 1 jeton Impôt supplémentaire » each Production phase.
            got[COIN] = got.get(COIN, 0) + 1
    return out


@cache
def _doublers(board_key: str) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each province's temple slots and market slots on one board (most have neither)."""
    return {pid: (tuple(i for i, s in enumerate(p.slots) if s.kind == "temple"),
                  tuple(i for i, s in enumerate(p.slots) if s.kind == "market"))
            for pid, p in board(board_key).provinces.items()}


@MODULE.phase("production")
def enter(state: GameState, ev: EventLog) -> None:
    for player, got in production_of(state).items():
        hand = state.hands[player]
        received: list[str] = []
        for rtype, n in got.items():
            if rtype == "legendary":
                for _ in range(n):
                    token = draw_legendary(state, ev)
                    if token:
                        add(hand, token + "*")
                        received.append(token + "*")
            elif rtype.startswith("choice:"):
                add_prompt(state, "production_choice", player, province=rtype[7:])
            elif rtype.startswith("circe:"):
                add_prompt(state, "circe_caravans", player, province=rtype[6:])
            else:
                add(hand, rtype, n)
                received.extend([rtype] * n)
        ev.private("produced", (player,), player=player, resources=sorted(received))
        ev.public("production", player=player, count=len(received))
    _collected(state, ev)


def _collected(state: GameState, ev: EventLog) -> None:
    """Go on once the last production decision (legendary choices, Circé) is settled."""
    if not any(p.kind in ("production_choice", "circe_caravans") for p in state.prompts):
        _after_collection(state, ev)


def _after_collection(state: GameState, ev: EventLog) -> None:
    """Colosse: once everyone has collected, its owner takes 1 commodity of his choice."""
    owners = [p for p in state.players if has_power(state, p, "colossus")]
    for player in owners:
        add_prompt(state, "colossus_choice", player)
    if not owners:
        next_phase(state, ev)


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    pid = prompt.data["province"]
    return [ChooseProduction(prompt.player, pid, "coin"),
            ChooseProduction(prompt.player, pid, "legendary")]


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseProduction)
    # Sealed (rulings §11): the answer is kept until every player has chosen.
    prompt.data["answer"] = action.choice
    prompt.data["answered"] = True
    ev.private("production_chosen", (action.player,), province=action.province,
               choice=action.choice)
    if all(p.data.get("answered") for p in state.prompts if p.kind == "production_choice"):
        for p in [p for p in state.prompts if p.kind == "production_choice"]:
            hand = state.hands[p.player]
            if p.data["answer"] == "coin":
                add(hand, COIN)
                got = COIN
            else:
                token = draw_legendary(state, ev)
                if token:
                    add(hand, token + "*")
                got = (token + "*") if token else ""
            ev.private("produced", (p.player,), player=p.player, resources=[got] if got else [])
            remove_prompt(state, p)
        _collected(state, ev)


def _legal_unanswered(state: GameState, prompt: Prompt) -> list[Action]:
    return [] if prompt.data.get("answered") else _legal(state, prompt)


MODULE.handler(PromptHandler(
    kind="production_choice", actions=(ChooseProduction,), legal=_legal_unanswered,
    perform=_perform,
    default=lambda state, prompt: ChooseProduction(prompt.player, prompt.data["province"], "coin"),
))


# --- Colosse ----------------------------------------------------------------------------------

def _colossus_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [ChooseCommodity(prompt.player, c) for c in COMMODITIES]


def _colossus_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseCommodity)
    if action.commodity not in COMMODITIES:
        raise IllegalAction(f"{action.commodity!r} is not a commodity", code="unknown_commodity",
                            commodity=action.commodity)


def _colossus_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseCommodity)
    remove_prompt(state, prompt)
    add(state.hands[action.player], action.commodity)
    # « Vous devez annoncer le Bien choisi »: public.
    ev.public("colossus_taken", player=action.player, commodity=action.commodity)
    if not any(p.kind == "colossus_choice" for p in state.prompts):
        next_phase(state, ev)


MODULE.handler(PromptHandler(
    kind="colossus_choice", actions=(ChooseCommodity,), legal=_colossus_legal,
    check=_colossus_check, perform=_colossus_perform,
    default=lambda state, prompt: ChooseCommodity(prompt.player,
                                                  colossus_default(state, prompt.player)),
))


# --- Circé ------------------------------------------------------------------------------------

def _circe_legal(state: GameState, prompt: Prompt) -> list[Action]:
    site = circe_site(state, prompt.player, prompt.data["province"])
    if site is None:
        return []
    return [CirceCaravans(prompt.player, site.province, opt) for opt in site.options()]


def _circe_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, CirceCaravans)
    if action.province != prompt.data["province"]:
        raise IllegalAction(f"no Circé choice owed in {action.province}", code="wrong_province",
                            province=action.province)
    if action not in _circe_legal(state, prompt):
        raise IllegalAction("not empty caravan slots his legions can stand on there",
                            code="bad_caravans", commodities=list(action.commodities))


def _circe_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, CirceCaravans)
    site = circe_site(state, action.player, action.province)
    assert site is not None
    remove_prompt(state, prompt)
    received: list[str] = []
    for good, n in site.produce(action.commodities).items():
        add(state.hands[action.player], good, n)
        received += [good] * n
    ev.private("produced", (action.player,), player=action.player, resources=sorted(received),
               province=action.province, power="circe")
    _collected(state, ev)


def _circe_default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the first empty slots in printed order (§12).
    site = circe_site(state, prompt.player, prompt.data["province"])
    assert site is not None
    return CirceCaravans(prompt.player, site.province, site.default())


MODULE.handler(PromptHandler(
    kind="circe_caravans", actions=(CirceCaravans,), legal=_circe_legal, check=_circe_check,
    perform=_circe_perform, default=_circe_default,
))
