"""Phase 1, acquiring contracts (rulebook "1re phase", neptun.md §4): five pick turns; in each,
every merchant in Séquence order takes one contract of the row of N+1."""

from __future__ import annotations

from ..core.actions import Action, interned
from ..core.errors import IllegalAction
from ..core.events import EventLog
from ..core.prompts import Prompt, PromptHandler
from ..core.rules import RulesModule
from .actions import Reveal, TakeContract
from .data import load
from .flow import add_prompt, next_phase
from .state import Column, NeptunState

MODULE: RulesModule[NeptunState] = RulesModule("neptun.contracts")
PICK = "contract_pick"
PICK_TURNS = 5


def deal_column(state: NeptunState) -> Column:
    """One face-down contract from the three decks (the decks never run out: INV-04)."""
    return Column(city=state.city_deck.pop(), goods=state.goods_deck.pop(),
                  oar=state.oar_deck.pop(), up=False, gold=0)


@MODULE.phase("contracts")
def enter(state: NeptunState, ev: EventLog) -> None:
    # CON-01: the round's first pick turn deals N+1 columns, all face down.
    state.row = [deal_column(state) for _ in range(len(state.players) + 1)]
    start_pick_turn(state, ev)


def start_pick_turn(state: NeptunState, ev: EventLog) -> None:
    state.turn += 1
    state.oar_track = []
    state.to_play = list(state.sequence)  # CON-03: in Séquence order
    ev.public("pick_turn_started", round=state.round, turn=state.turn,
              row=[public_column(c) for c in state.row])
    next_picker(state, ev)


def public_column(column: Column) -> dict[str, int | bool | None]:
    """A contract as everyone sees it: a face-down one shows nothing but its coins."""
    up = column["up"]
    return {"up": up, "gold": column["gold"], "city": column["city"] if up else None,
            "goods": column["goods"] if up else None, "oar": column["oar"] if up else None}


def next_picker(state: NeptunState, ev: EventLog) -> None:
    if state.to_play:
        add_prompt(state, PICK, state.to_play.pop(0), revealed=None)
    else:
        end_pick_turn(state, ev)


# --- the rules of one pick (one predicate each, for the listing and the check) ---------------

def first_face_down(state: NeptunState) -> int:
    """The face-up contracts are a prefix of the row (INV-01): the first face-down one."""
    return next((i for i, c in enumerate(state.row) if not c["up"]), len(state.row))


def may_take(state: NeptunState, prompt: Prompt, index: int) -> bool:
    """CON-05/06/07: any face-up contract before revealing; after a reveal, only the contract
    just revealed (the earlier ones are refused for this pick)."""
    revealed: int | None = prompt.data["revealed"]
    if revealed is not None:
        return index == revealed
    return 0 <= index < len(state.row) and state.row[index]["up"]


def next_to_reveal(state: NeptunState, prompt: Prompt) -> int | None:
    """CON-04: the contract a reveal would turn (the leftmost face-down one, then the next to
    the right); None once the last one is revealed (it must be taken)."""
    revealed = prompt.data["revealed"]
    nxt = first_face_down(state) if revealed is None else revealed + 1
    return nxt if nxt < len(state.row) and not state.row[nxt]["up"] else None


def free_slots(state: NeptunState, player: str) -> list[int]:
    """CON-09: the empty slots of the manifest (a placement is final)."""
    return [i for i, s in enumerate(state.manifests[player]) if s is None]


def legal(state: NeptunState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    slots = free_slots(state, p)
    out: list[Action] = [interned(TakeContract, p, i, s) for i in range(len(state.row))
                         if may_take(state, prompt, i) for s in slots]
    if next_to_reveal(state, prompt) is not None:
        out.append(interned(Reveal, p))
    return out


def check(state: NeptunState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, Reveal):
        if next_to_reveal(state, prompt) is None:
            raise IllegalAction("no contract left to reveal: take the one revealed",
                                code="nothing_to_reveal")
        return
    assert isinstance(action, TakeContract)
    if not may_take(state, prompt, action.index):
        raise IllegalAction(f"contract {action.index} cannot be taken now",
                            code="contract_closed", index=action.index)
    if action.slot not in free_slots(state, prompt.player):
        raise IllegalAction(f"manifest slot {action.slot} is not free", code="slot_taken",
                            slot=action.slot)


def perform(state: NeptunState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    p = prompt.player
    if isinstance(action, Reveal):
        index = next_to_reveal(state, prompt)
        assert index is not None
        column = state.row[index]
        column["up"] = True
        prompt.data["revealed"] = index
        ev.public("contract_revealed", player=p, index=index, city=column["city"],
                  goods=column["goods"], oar=column["oar"])
        return
    assert isinstance(action, TakeContract)
    column = state.row.pop(action.index)
    state.prompts.remove(prompt)
    # CON-08: the coins on the city card; CON-09: into the chosen slot.
    state.gold[p] += column["gold"]
    state.manifests[p][action.slot] = {"city": column["city"], "goods": column["goods"],
                                       "status": "open"}
    # CON-10: the pawn on the oar track at the card's rowing value, on top; the card in hand.
    rowing = load().oar(column["oar"])[0]
    state.oar_track.append((p, rowing))
    state.hands[p].append(column["oar"])
    ev.public("contract_taken", player=p, index=action.index, slot=action.slot,
              city=column["city"], goods=column["goods"], oar=column["oar"], rowing=rowing,
              gold=column["gold"])
    next_picker(state, ev)


def new_sequence(oar_track: list[tuple[str, int]]) -> list[str]:
    """CON-11: lowest rowing value first; on a shared space from the top of the stack down (the
    last to arrive plays first)."""
    arrivals = list(enumerate(oar_track))
    arrivals.sort(key=lambda a: (a[1][1], -a[0]))
    return [entry[0] for _, entry in arrivals]


def end_pick_turn(state: NeptunState, ev: EventLog) -> None:
    state.sequence = new_sequence(state.oar_track)
    state.oar_track = []
    ev.public("sequence_changed", sequence=list(state.sequence))
    if state.turn >= PICK_TURNS:
        # CON-13 (P3): the last left-over contract stays until the end of the round, no coin.
        next_phase(state, ev)
        return
    # CON-12: the left-over contract goes first: a coin on it if it was face up, else it is
    # turned face up; CON-02 (P1): then N new face-down contracts.
    leftover = state.row[0]
    if leftover["up"]:
        leftover["gold"] += 1
    else:
        leftover["up"] = True
    ev.public("contract_left_over", city=leftover["city"], goods=leftover["goods"],
              oar=leftover["oar"], gold=leftover["gold"])
    state.row = [leftover, *(deal_column(state) for _ in range(len(state.players)))]
    start_pick_turn(state, ev)


def default(state: NeptunState, prompt: Prompt) -> Action:
    """Deadline: the leftmost contract the player may take, into his leftmost free slot; with
    none face up, he reveals (and takes that one at the next deadline)."""
    return legal(state, prompt)[0]


MODULE.handler(PromptHandler(kind=PICK, actions=(TakeContract, Reveal), legal=legal,
                             check=check, perform=perform, default=default))
