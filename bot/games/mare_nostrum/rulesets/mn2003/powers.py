"""The powers of the 2003 cards (003 l.442–490; mn2003.md §A.8), each as handlers of the
ruleset's hook points: no phase names a card. «Les avantages conférés par les héros ou les
merveilles sont immédiats» (rule 7): a power reads the cards held now."""

from __future__ import annotations

from ....core.rules import RulesModule
from ... import resources as res
from ...actions import Action, PlaceFreeInfluence, TakeResource
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import PICK_ANNOUNCED
from ...phases import trade as empires_trade
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from . import tables, trade
from .cards import (
    AGAMEMNON,
    ARCHIMEDES,
    ARTEMIS,
    CAESAR,
    CLEOPATRA,
    COLOSSUS,
    GARDENS,
    HAMMURABI,
    HANNIBAL,
    HELEN,
    LIGHTHOUSE,
    MAUSOLEUM,
    NEBUCHADNEZZAR,
    PERICLES,
    SOLOMON,
    ULYSSES,
    ZEUS,
)
from .construction import place
from .data import TAX
from .facts import Facts
from .hooks import (
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    FORTRESS_LIMIT,
    INCOME_EXTRA,
    INFLUENCE_ANYWHERE,
    ITEM_COST,
    LAND_DIE_BONUS,
    LEGION_ENTERS,
    RESOURCES_KEPT,
    ROLE_BONUS,
    SACK_REWARD,
    SEA_DIE_BONUS,
    has_power,
)
from .military import nebuchadnezzar_card
from .pieces import supply_left
from .placement import influence_why
from .power_actions import ChooseResource as ChooseResource
from .power_actions import SwapCard as SwapCard
from .power_actions import UlyssesAnswer as UlyssesAnswer
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.powers")


# The one "has he this power" predicate (a copy counts): hooks.has_power.
has = has_power



# --- costs (BD-12, H-02, H-05, H-16) -------------------------------------------------------

_CAESAR = {"legion": 2, "fortress": 2}
_PERICLES = {"trireme": 2}
_MAUSOLEUM = {"city": 2, "caravan": 2, "temple": 5, "market": 5}


@MODULE.hook(ITEM_COST, owner=CAESAR)
def _caesar(state: GameState, player: str, item: str) -> int | None:
    """«les légions et les forteresses ne coûtent que 2 pour être construites»."""
    return _CAESAR.get(item) if has(state, player, CAESAR) else None


@MODULE.hook(ITEM_COST, owner=PERICLES)
def _pericles_cost(state: GameState, player: str, item: str) -> int | None:
    """«les trirèmes ne coûtent que 2 à construire»."""
    return _PERICLES.get(item) if has(state, player, PERICLES) else None


@MODULE.hook(ITEM_COST, owner=MAUSOLEUM)
def _mausoleum(state: GameState, player: str, item: str) -> int | None:
    """«Les villes, caravanes, temples et marchés coûtent -1» (not heroes and wonders)."""
    return _MAUSOLEUM.get(item) if has(state, player, MAUSOLEUM) else None


# --- dice (M-09, H-03, H-05) ---------------------------------------------------------------


@MODULE.hook(LAND_DIE_BONUS, owner=HANNIBAL)
def _hannibal(state: GameState, player: str) -> int:
    """«ajouter 1 au résultat de chaque dé lancé pour une légion» (attack and defence)."""
    return 1 if has(state, player, HANNIBAL) else 0


@MODULE.hook(SEA_DIE_BONUS, owner=PERICLES)
def _pericles_dice(state: GameState, player: str) -> int:
    """«Dans les combats avec des trirèmes, ajoutez 1 au résultat de chaque lancé de dé»."""
    return 1 if has(state, player, PERICLES) else 0


# --- roles (H-07) ------------------------------------------------------------------------


@MODULE.hook(ROLE_BONUS, owner=(AGAMEMNON, SOLOMON, ARCHIMEDES))
def _role_heroes(state: GameState, player: str) -> dict[str, int] | None:
    """Agamemnon +2 trade, Salomon +2 culture, Archimède +2 military."""
    out = {
        role: 2
        for card, role in ((AGAMEMNON, "trade"), (SOLOMON, "culture"), (ARCHIMEDES, "military"))
        if has(state, player, card)
    }
    return out or None


# --- construction (H-04, H-06, H-12, H-14, H-15) ------------------------------------------


@MODULE.hook(FORTRESS_LIMIT, owner=ZEUS)
def _zeus(state: GameState, player: str) -> int:
    """«cette merveille vous permet d'en construire 2»."""
    return 2 if has(state, player, ZEUS) else 1


@MODULE.hook(INFLUENCE_ANYWHERE, owner=LIGHTHOUSE)
def _lighthouse(state: GameState, player: str) -> bool:
    """«sans qu'il y ait la nécessité que le pion influence posé soit adjacent»."""
    return has(state, player, LIGHTHOUSE)


@MODULE.hook(RESOURCES_KEPT, owner=GARDENS)
def _gardens(state: GameState, player: str) -> int:
    """«vous pouvez garder 1 carte ressource d'un tour sur l'autre»."""
    return 1 if has(state, player, GARDENS) else 0


def _turn_start(state: GameState, player: str) -> list[str]:
    prompt = next(p for p in state.prompts if p.kind == "construction_turn" and p.player == player)
    start: list[str] = prompt.data["start"]
    return start


@MODULE.hook(CONSTRUCTION_ACTIONS, owner=(HAMMURABI, CLEOPATRA))
def _powers_listed(state: GameState, player: str) -> list[Action]:
    out: list[Action] = []
    part = sub(state)
    if has(state, player, HAMMURABI) and "round:hammurabi" not in part.used:
        # «Permet de poser 1 influence par tour, sans en payer le prix (mais en
        # satisfaisant aux règles de proximité)».
        start = _turn_start(state, player)
        ask = Facts(state)  # his markers left and his reach, read once for all provinces
        out += [
            PlaceFreeInfluence(player, pid)
            for pid in sorted({n for n in _all_provinces(state)} - set(state.influence))
            if influence_why(state, player, pid, start, ask) is None
        ]
    if has(state, player, CLEOPATRA) and "construction:cleopatra" not in part.used:
        hand = state.hands[player]
        if hand.get(TAX):
            out += [SwapCard(player, TAX, r) for r in tables.resources(state)]
        out += [SwapCard(player, r, TAX) for r in tables.resources(state) if hand.get(r)]
    return out


def _all_provinces(state: GameState) -> tuple[str, ...]:
    from .geography import provinces

    return provinces(state.board_key)


@MODULE.hook(CONSTRUCTION_PERFORM)
def _powers_performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    part = sub(state)
    if isinstance(action, PlaceFreeInfluence):
        part.used.append("round:hammurabi")
        ev.public("power_used", player=player, card=HAMMURABI)
        place(state, player, "influence", action.target, -1, ev)
        return True
    if isinstance(action, SwapCard):
        part.used.append("construction:cleopatra")
        res.remove_token(state.hands[player], action.give)
        res.add(state.hands[player], action.take)
        ev.public("power_used", player=player, card=CLEOPATRA)
        ev.private("card_swapped", (player,), player=player, give=action.give, take=action.take)
        return True
    return False


MODULE.answers("construction_turn", PlaceFreeInfluence, SwapCard)


# --- income (H-11, H-13) -------------------------------------------------------------------


@MODULE.hook(INCOME_EXTRA, owner=(COLOSSUS, ARTEMIS))
def _income_wonders(state: GameState, player: str, ev: EventLog) -> None:
    if has(state, player, COLOSSUS):
        res.add(state.hands[player], TAX)  # «vous recevez 1 impôt supplémentaire»
        ev.public("power_used", player=player, card=COLOSSUS)
    if has(state, player, ARTEMIS):
        # «1 carte ressource supplémentaire de votre choix»: chosen in private (C-17).
        add_prompt(state, "artemis_choice", player)


def _artemis_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseResource)
    remove_prompt(state, prompt)
    res.add(state.hands[action.player], action.resource)
    ev.public("power_used", player=action.player, card=ARTEMIS)
    ev.private("resource_chosen", (action.player,), player=action.player, resource=action.resource)
    trade.income_done(state, ev)


def _artemis_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseResource)
    if action.resource not in tables.resources(state):
        raise IllegalAction(
            f"not a resource: {action.resource!r}",
            code="unknown_resource",
            resources=[action.resource],
        )


MODULE.handler(
    PromptHandler(
        kind="artemis_choice",
        actions=(ChooseResource,),
        legal=lambda state, prompt: [
            ChooseResource(prompt.player, r) for r in tables.resources(state)
        ],
        check=_artemis_check,
        perform=_artemis_perform,
        public_listing=True,
        undoable=False,
    )
)


# --- military (H-08, H-09) ---------------------------------------------------------------


def _use_key(state: GameState, player: str, card: str, key: str) -> str:
    """A once-per-phase use: the card's owner's is `key`; a copier's (Castor & Pollux) is his
    own, `key:<player>` (each has the power: each uses it once)."""
    return key if card in state.hw.get(player, ()) else f"{key}:{player}"


@MODULE.hook(LEGION_ENTERS)
def _helen(state: GameState, mover: str, province: str, n: int, ev: EventLog) -> int:
    """«une fois par phase militaire peut convertir 1 légion ennemie qui l'attaque» (C-25:
    on arrival, with a legion of hers in supply)."""
    owner = state.influence.get(province)
    if (
        owner is None
        or owner == mover
        or not has(state, owner, HELEN)
        or _use_key(state, owner, HELEN, "military:helen") in sub(state).used
        or supply_left(state, owner, "legion") <= 0
    ):
        return 0
    sub(state).used.append(_use_key(state, owner, HELEN, "military:helen"))
    legions = state.legions[province]
    legions[mover] -= 1
    if not legions[mover]:
        del legions[mover]
    legions[owner] = legions.get(owner, 0) + 1
    sub(state).moved[province] = max(0, sub(state).moved.get(province, 0) - 1)
    ev.public("power_used", player=owner, card=HELEN, province=province, victim=mover)
    return 1


@MODULE.hook(SACK_REWARD, owner=NEBUCHADNEZZAR)
def _nebuchadnezzar(
    state: GameState, player: str, building: str, province: str, slot: int, ev: EventLog
) -> None:
    """«vous prenez la carte correspondant à la construction pillée»."""
    if not has(state, player, NEBUCHADNEZZAR):
        return
    card = nebuchadnezzar_card(building, province, slot, state.board_key)
    if card is not None:
        res.add(state.hands[player], card)
        ev.public("power_used", player=player, card=NEBUCHADNEZZAR)
        ev.private("sack_card", (player,), player=player, card=card)


# --- trade (H-10, T-10) ------------------------------------------------------------------


def _ulysses_owners(state: GameState, action: TakeResource) -> list[str]:
    """Who may redirect this pick now, in order: the card's owner first, then a copier
    (004 FAQ l.422–423: «C'est l'original qui bénéficie du privilège d'utiliser son pouvoir
    en premier»)."""
    t = state.trade
    if t is None:
        return []
    found = [p for p in state.players if ULYSSES in state.hw.get(p, ())]
    found += [p for p in state.players if p not in found and has(state, p, ULYSSES)]
    return [
        p
        for p in found
        if p not in (action.player, action.source)
        and _use_key(state, p, ULYSSES, "trade:ulysses") not in sub(state).used
        and t.offers.get(p)
    ]


def _ask_ulysses(state: GameState, action: TakeResource, asked: list[str]) -> bool:
    """Prompt the next holder of Ulysse not yet asked about this pick (False: none left)."""
    owner = next((p for p in _ulysses_owners(state, action) if p not in asked), None)
    if owner is None:
        return False
    data: dict[str, object] = {
        "picker": action.player, "source": action.source, "token": action.token,
    }
    if asked:  # only a copy makes a second holder: the 2003 prompt keeps its shape
        data["asked"] = asked
    add_prompt(state, "ulysses_redirect", owner, **data)
    return True


@MODULE.hook(PICK_ANNOUNCED)
def _ulysses(state: GameState, action: TakeResource, ev: EventLog) -> bool:
    """«Une fois seulement par phase de commerce, vous pouvez contraindre un autre joueur, qui
    vient d'annoncer la carte qu'il a l'intention de prendre, à annuler cette décision et à
    prendre 1 carte chez vous à la place» (C-15)."""
    if not _ulysses_owners(state, action):
        return False
    ev.public("pick_announced", player=action.player, source=action.source, token=action.token)
    return _ask_ulysses(state, action, [])


def _ulysses_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, UlyssesAnswer)
    remove_prompt(state, prompt)
    d = prompt.data
    if not action.redirect:
        pick = TakeResource(d["picker"], d["source"], d["token"])
        if not _ask_ulysses(state, pick, [*d.get("asked", ()), action.player]):
            empires_trade.take(state, pick, ev)
        return
    sub(state).used.append(_use_key(state, action.player, ULYSSES, "trade:ulysses"))
    ev.public("power_used", player=action.player, card=ULYSSES, picker=d["picker"])
    add_prompt(state, "ulysses_pick", d["picker"], source=action.player)


def _forced_picks(state: GameState, prompt: Prompt) -> list[Action]:
    t = state.trade
    assert t is not None
    source = prompt.data["source"]
    return [TakeResource(prompt.player, source, token) for token in sorted(set(t.offers[source]))]


def _forced_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, TakeResource)
    remove_prompt(state, prompt)
    # The round-trip rule does not hold here (004 l.354–355: «Les pouvoirs des héros priment
    # sur les règles»); Ulysse's owner, robbed, picks next.
    empires_trade.take(state, action, ev)


MODULE.action(UlyssesAnswer)
MODULE.handler(
    PromptHandler(
        kind="ulysses_redirect",
        actions=(UlyssesAnswer,),
        legal=lambda state, prompt: [
            UlyssesAnswer(prompt.player, False),
            UlyssesAnswer(prompt.player, True),
        ],
        perform=_ulysses_perform,
        public_listing=True,
    )
)
MODULE.handler(
    PromptHandler(
        kind="ulysses_pick",
        actions=(TakeResource,),
        legal=_forced_picks,
        perform=_forced_perform,
        public_listing=True,
    )
)
