"""2003 set-up (mn2003.md §A.2): the whole board, the Situations de départ (C-9), absent
civilisations as neutral pieces (A.2.4, C-8), the starting roles (C-10), and the start's
open choices (S-06: «Le pion caravane peut être placé sur l'une ou l'autre icône»)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ....core.rules import RulesModule
from ... import rng
from ...actions import Action
from ...errors import IllegalAction, MalformedAction
from ...events import EventLog
from ...flow import enter_phase
from ...kinds import Title
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from . import free_start, tables
from .cards import PYRAMIDS
from .data import START
from .geography import caravan_sites, city_sites, icon
from .hooks import INITIAL_POSITION, START_OPENS
from .substate import NAME, Mn2003State, sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.setup")
START_PHASE = "start"
STARTS = ("predetermined", "free")
# The game options the ruleset's modules add (the rules' `mn2003.options` names those of the
# modules played): refused without their module rather than ignored.
MODULE_OPTIONS = ("long_game",)


@dataclass(frozen=True, slots=True)
class ChooseIcon(Action):
    """S-06: the icon a starting caravan stands on, where the sheet leaves the choice."""

    kind: ClassVar[str] = "choose_icon"
    province: str
    commodity: str


def initial_position(state: GameState, options: Mapping[str, Any]) -> None:
    """The rules' `initial_position`: the 2003 start instead of the Empires screens."""
    start = str(options.get("start") or "predetermined")
    if start not in STARTS:
        raise MalformedAction(f"no start {start!r}", code="unknown_start", start=start)
    first_only = options.get("first_builder_only", False)
    if not isinstance(first_only, bool):
        raise MalformedAction("first_builder_only is true or false",
                              code="bad_game_option", option="first_builder_only")
    for option in MODULE_OPTIONS:  # a module's variant, named without its module
        if option in options and option not in state.rules.data.get("mn2003.options", ()):
            raise MalformedAction(f"{option} needs its module", code="bad_game_option",
                                  option=option)
    civs = tables.civilisations(state)
    part = Mn2003State(neutrals=[c for c in civs if c not in state.players],
                       first_builder_only=first_only)
    state.substates[NAME] = part
    for civ in state.players:
        state.hands[civ] = {}  # A.2.1 step 6: «nobody starts with cards»
        state.hw[civ] = []
        if start == "predetermined":
            _place_sheet(state, civ)
            state.hw[civ] = [tables.specific_heroes(state)[civ]]
    for civ in part.neutrals:
        _place_neutral(state, civ)
    # S-10: every other card face up, the buyer chooses; the specific heroes of absent
    # civilisations stay reserved (C-1, 004 l.142–143).
    cards = state.rules.data["hw_tiles"]
    state.hw_market = [t.id for t in cards.values() if t.kind in ("hero", "wonder")]
    state.hw_deck = []
    state.pyramids_available = PYRAMIDS in cards
    if start == "predetermined":
        state.titles = _starting_roles(state)
    else:
        state.titles = {}
        # C-7: the order drawn at random (seeded; the draw is in the `start` step's event).
        part.free = {
            "order": rng.shuffled(state, list(state.players)),
            "wave": 1,
            "turn": 0,
            "points": free_start.WAVE_POINTS,
        }
    for h in state.rules.on[INITIAL_POSITION]:
        h(state, options)


def _place_sheet(state: GameState, civ: str) -> None:
    for sp in tables.start_sheets(state)[civ]:
        state.influence[sp.province] = civ
        for i in city_sites(sp.province, state.board_key)[: sp.cities]:
            state.built[sp.province][i] = True
        for icons in sp.caravans:
            if len(icons) == 1:
                _build_caravan(state, sp.province, icons[0])
        if sp.fortress:
            state.fortresses.setdefault(sp.province, []).append(civ)


def _build_caravan(state: GameState, province: str, commodity: str) -> None:
    slot = next(
        i
        for i in caravan_sites(province, state.board_key)
        if not state.built[province][i] and icon(province, i, state.board_key) == commodity
    )
    state.built[province][slot] = True


def _place_neutral(state: GameState, civ: str) -> None:
    """A.2.4 / C-8: capital: influence, legion, fortress; its two other starting provinces:
    influence and legion (the table `mn2003.neutral_pieces`). They never move; they defend."""
    capital = tables.capitals(state)[civ]
    pieces = tables.neutral_pieces(state)
    for pid in (capital, *tables.other_provinces(state)[civ]):
        state.influence[pid] = civ
        for piece, n in pieces["capital" if pid == capital else "others"].items():
            if piece == "legion":
                state.legions.setdefault(pid, {})[civ] = n
            elif piece == "fortress":
                state.fortresses.setdefault(pid, []).extend([civ] * n)


def _starting_roles(state: GameState) -> dict[Title, str]:
    """C-10: the sheets' holders; a role whose holder is absent goes to the highest count
    on the starting position, ties drawn by lot among the tied without a role."""
    start = tables.start_roles(state)
    role_counts = state.rules.data["mn2003.role_counts"]
    roles: dict[str, str] = {r: p for r, p in start.items() if p in state.players}
    for role in sorted(set(start) - set(roles)):
        counts = {p: role_counts(state, p)[role] for p in state.players}
        best = max(counts.values())
        tied = [p for p in state.players if counts[p] == best]
        free = [p for p in tied if p not in roles.values()] or tied
        roles[role] = free[0] if len(free) == 1 else free[rng.pick_index(state, len(free))]
    return {cast(Title, r): p for r, p in roles.items()}


def choices(civ: str) -> list[tuple[str, tuple[str, ...]]]:
    """The sheet's caravans with two icons: (province, icons)."""
    return [
        (sp.province, icons)
        for sp in START[civ]
        for icons in sp.caravans
        if len(icons) > 1
    ]


def open_choices(state: GameState, civ: str) -> list[tuple[str, tuple[str, ...]]]:
    """`choices` from the game's own start sheets."""
    sheets = tables.start_sheets(state)[civ]
    return [(sp.province, icons) for sp in sheets for icons in sp.caravans if len(icons) > 1]


def enter_start(state: GameState, ev: EventLog) -> None:
    """The start's open choices, asked of every player at once (they are public)."""
    ev.public("roles_dealt", roles=dict(state.titles), neutrals=list(sub(state).neutrals))
    for h in state.rules.on[START_OPENS]:
        h(state, ev)
    if sub(state).free:
        free_start.begin(state, ev)
        return
    for civ in state.players:
        for province, icons in open_choices(state, civ):
            add_prompt(state, "start_icon", civ, province=province, icons=list(icons))
    if not state.prompts:
        enter_phase(state, "trade", ev)


def _icon_legal(state: GameState, prompt: Prompt) -> list[Action]:
    province = prompt.data["province"]
    return [
        ChooseIcon(prompt.player, province, c)
        for c in prompt.data["icons"]
        if any(
            not state.built[province][i] and icon(province, i, state.board_key) == c
            for i in caravan_sites(province, state.board_key)
        )
    ]


def _icon_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseIcon)
    if action not in _icon_legal(state, prompt):
        raise IllegalAction(
            f"no {action.commodity} icon to choose in {action.province}",
            code="bad_icon",
            province=action.province,
            commodity=action.commodity,
        )


def _icon_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseIcon)
    remove_prompt(state, prompt)
    _build_caravan(state, action.province, action.commodity)
    ev.public(
        "start_icon_chosen",
        player=action.player,
        province=action.province,
        commodity=action.commodity,
    )
    if not state.prompts:
        enter_phase(state, "trade", ev)


def _install(draft: Any) -> None:
    # The start is no phase of the round: it opens the game and hands over to Trade.
    draft.phases[START_PHASE] = enter_start


MODULE.edit(_install)
MODULE.action(ChooseIcon)
MODULE.handler(
    PromptHandler(
        kind="start_icon",
        actions=(ChooseIcon,),
        legal=_icon_legal,
        check=_icon_check,
        perform=_icon_perform,
        public_listing=True,
    )
)
MODULE.data("initial_position", initial_position)
MODULE.data("first_phase", START_PHASE)
MODULE.substate(NAME, Mn2003State, lambda state: state.substates.get(NAME) or Mn2003State())
