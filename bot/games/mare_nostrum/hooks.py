"""The named hook points of Mare Nostrum: where a module (a hero's or wonder's power, an
expansion) changes a rule without the phase knowing who. Each says when it is asked, with what,
and how several handlers' answers combine. A phase asks `rules_of(state)` for the handlers of
a point; a module declares one with `MODULE.hook(POINT)`.

Handlers are asked in module order. The combinations used:
- *sum*: every handler's number is added (bonuses, extra dice);
- *fold*: the value passes through every handler, each returning it changed or as given;
- *first answer*: the first handler that answers (not None) decides, the later are not asked;
- *take over*: handlers return a bool; the first that returns True has taken the step over
  (owed a decision, ended the game...) and the later handlers and the phase's own course are
  skipped; the handler hands back to the phase with the function its doc names;
- *every answer*: each handler's answer counts (listings are concatenated).
A point no handler declares costs a dict lookup: the phases ask nothing then.

A handler that answers only for the holder of a power is declared with it
(`MODULE.hook(POINT, owner=TILE)`); a phase asking a point about one player reads
`control.hooks_for(state, player)[POINT]`, which leaves out the powers he lacks
(docs/engine.md, "Hook points").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..core.errors import IllegalAction
from ..core.rules import HookPoint

if TYPE_CHECKING:
    from .actions import Action
    from .resources import PaymentRules

# A refusal for one target (None: allowed), built only where a power limits something now.
EntryLimit = Callable[[str], IllegalAction | None]  # province -> refusal
AttackLimit = Callable[[str, str], IllegalAction | None]  # (opponent, area) -> refusal

# --- Control (1.1, 3.5.1, 4.3, 4.5) ----------------------------------------------------------

NEUTRAL_UNITS: HookPoint[bool] = HookPoint(
    "control.neutral_units",
    "(state, province) -> bool: whether units of no player (a module's neutral power: the "
    "Punic Wars' barbarians, ruling G7) stand in a province. They are enemy units for every "
    "empire: no influence marker is placed there, nobody controls it, a conqueror there is at "
    "war, nobody conquers it. Any True answer counts. Asked by control.enemy_units_in only "
    "where no player's unit already answered and only in a game holding a module's sub-state "
    "(where such units live: a base game asks nothing), and by the conquest test.")

# --- Phase I: Production (section 1) ---------------------------------------------------------

PRODUCTION_EXTRAS: HookPoint[Mapping[str, int]] = HookPoint(
    "production.extras",
    "(state, player) -> {key: n}: what he collects on top of his buildings (Circé, Temple "
    "d'Artémis). A key is a resource type, or `<prompt kind>:<province>` for a decision he owes "
    "before collecting there. Sum: every answer is added to his collection, in module order.")

PRODUCTION_COLLECTED: HookPoint[None] = HookPoint(
    "production.collected",
    "(state, ev) -> None: once everyone has collected (decisions included), each handler may "
    "owe decisions (add prompts: Colosse). The phase ends when none is owed; an answer to such "
    "a prompt calls production.settled(state, ev).")

# --- Phase II: Trade (section 2) -------------------------------------------------------------

PICK_ANNOUNCED: HookPoint[bool] = HookPoint(
    "trade.pick_announced",
    "(state, action, ev) -> bool: a pick (TakeResource) announced, before it is taken. Take "
    "over: True when the handler holds it (it owes a decision) and later calls "
    "trade.take(state, action, ev) or answers otherwise (2003's Ulysse).")
PICK_BOUND: HookPoint[str | None] = HookPoint(
    "trade.pick_bound",
    "(state, picker) -> str | None: the only player the picker may take from now (a card's "
    "order: le Parthénon), the round-trip limit waived; None: no order. First non-None.")
OFFER_SIZES: HookPoint[range | None] = HookPoint(
    "trade.offer_sizes",
    "(state, player, face) -> range | None: the offer sizes he may seal instead of the played "
    "face (Antigone: 0 to 5). First answer. He takes part when one of his sizes is a non-empty "
    "offer his hand can make.")

# --- Phase III: Build (sections 3, 6.1) -------------------------------------------------------

# Build (3.1, 6.1): asked in module order when the phase opens, before the 6.1 resolution,
# with (state, ev); the first handler that returns True has taken the opening over (Persée).
BUILD_START: HookPoint[bool] = HookPoint(
    "build.start", "(state, ev) -> bool: True when the handler has taken the phase's opening "
    "over; the later handlers and the usual opening are skipped.")

PAYMENT_RULES: HookPoint[PaymentRules] = HookPoint(
    "build.payment_rules",
    "(rules, state, player) -> PaymentRules: how his payment sets are formed (Cléopâtre, "
    "Hannibal). Fold from the printed rules (resources.PLAIN_PAYMENT); answer one of the four "
    "shared values (PaymentRules.of). Read nothing but his powers (control.has_power): the "
    "phase caches the answer by the rules and his powers, for every Build listing.")

ONE_TOKEN_PAYMENT: HookPoint[tuple[str, tuple[str, ...]] | None] = HookPoint(
    "build.one_token_payment",
    "(state, player, item) -> (power, types) | None: a power that lets him pay this item with "
    "one token of one of `types`, once a Build turn (Spartacus, Gilgamesh, Phare). Every "
    "answer counts; the phase records `power` in the turn's used powers when it is used and "
    "refuses it afterwards (power_used). Read nothing but the item and his powers: cached by "
    "those, like PAYMENT_RULES.")

ITEM_PRICES: HookPoint[Mapping[str, int] | None] = HookPoint(
    "build.item_prices",
    "(state, player) -> {item: cost} | None: the items a power prices otherwise for him (Atlas: "
    "a trireme for a set of 2). Every answer, merged in module order (a later answer for the "
    "same item wins). Read nothing but his powers: cached with PAYMENT_RULES's answers.")

TILE_PRICE: HookPoint[int] = HookPoint(
    "build.tile_price",
    "(state, player, tile) -> int: added to what this HW tile (or the Pyramids) costs him, "
    "by the tile's kind (Jason: a hero one less; Imhotep: a wonder or the Pyramids one less). "
    "Sum.")

PLACEABLE_EXTRA: HookPoint[Sequence[str] | None] = HookPoint(
    "build.placeable_extra",
    "(state, player) -> [province] | None: provinces where he may also place units and "
    "buildings now as if each were his capital's (4.6's exception: Ishtar's option (a)). "
    "Every answer; asked by placement.placeable_provinces, the one set the listing and the "
    "check share.")

HW_ROWS: HookPoint[list[str] | None] = HookPoint(
    "build.hw_rows",
    "(state) -> list[str] | None: a row of face-up HW tiles a module offers beside the HW "
    "market (Atlas's Atlantean track at 6 players). Every answer: each tile of a row may be "
    "bought like a face-up tile; the answer is the state's own list, from which the bought "
    "tile is taken.")

BUILD_TURN_ACTIONS: HookPoint[Sequence[Action]] = HookPoint(
    "build.turn_actions",
    "(state, player) -> [Action]: a power's own answers open in his Build turn now (Hammurabi's "
    "free influence, Penthésilée's free legions), listed after the purchases and before "
    "EndTurn. Every answer, concatenated. Their kinds are declared with "
    "MODULE.answers(\"build_turn\", ...); BUILD_TURN_CHECK and BUILD_TURN_PERFORM do the rest.")

BUILD_TURN_CHECK: HookPoint[bool] = HookPoint(
    "build.turn_check",
    "(state, player, action) -> bool: take over: True when the handler owns this action kind "
    "(it raises the refusal if the action is illegal now).")

BUILD_TURN_PERFORM: HookPoint[bool] = HookPoint(
    "build.turn_perform",
    "(state, player, action, ev) -> bool: take over: True when the handler owns this action "
    "kind and has performed it (the builder's turn goes on).")

BUILD_PURCHASED: HookPoint[bool] = HookPoint(
    "build.purchased",
    "(state, player, item, target, ev) -> bool: after a purchase is paid and placed (and did "
    "not win). Take over: True when the handler owes him a decision first (Castor & Pollux's "
    "copy); it gives the turn back with build.resume_turn(state, player).")

BUILD_DISCARD: HookPoint[bool] = HookPoint(
    "build.discard",
    "(state, player, ev) -> bool: when he ends his Build turn, before the discard (3.1, rulings "
    "§10). Take over: True when the handler owes him a decision first (Jardins Suspendus: the "
    "commodities kept); it ends the turn with build.end_turn(state, player, ev, keep).")

BUILD_GOODS_DISCARDED: HookPoint[bool] = HookPoint(
    "build.goods_discarded",
    "(state, player, goods, ev) -> bool: his unused ordinary commodities (types, sorted) just "
    "went back to the supply as his Build turn ends (3.1). Take over: True when the handler "
    "owes another player a decision first (Didon's store); it carries on with "
    "build.after_discard(state, player, ev).")

BUILD_TURN_ENDED: HookPoint[bool] = HookPoint(
    "build.turn_ended",
    "(state, player, used, ev) -> bool: after a builder's turn ended (`used`: the powers used "
    "in it), before the next builder is named. Take over: True when the handler ended the "
    "game or took the phase over (Persée's turn done, the usual opening of 6.1 runs).")

# --- Phase IV: Military (section 4) ----------------------------------------------------------

MILITARY_START: HookPoint[bool] = HookPoint(
    "military.start",
    "(state, ev) -> bool: as the phase opens, before the order of play. Take over: True when "
    "the handler owes decisions first (Statue de Zeus's peace); it starts the order of play "
    "with military.next_player(state, ev) once they are answered.")

ENTRY_LIMITS: HookPoint[EntryLimit | None] = HookPoint(
    "military.entry_limits",
    "(state, player) -> (province -> IllegalAction | None) | None: the provinces his legions "
    "may not enter now (Statue de Zeus: an ally's). None when the handler closes nothing to him "
    "now (the usual case: the cached move listing); else a function giving the refusal for a "
    "target. Every answer: a target is closed when any refuses it (the first refusal is "
    "raised).")

ATTACK_LIMITS: HookPoint[AttackLimit | None] = HookPoint(
    "military.attack_limits",
    "(state, player) -> ((opponent, area) -> IllegalAction | None) | None: who he may not "
    "fight, and where (Statue de Zeus: an ally). None when the handler forbids nothing to him "
    "now; else a function giving the refusal. Every answer: a battle is forbidden when any "
    "refuses it. A province holding only armies that may not fight owes no battle.")

MILITARY_TURN_ACTIONS: HookPoint[Sequence[Action]] = HookPoint(
    "military.turn_actions",
    "(state, player, step) -> [Action]: a power's own answers open in his Military turn in "
    "this step (Médée's and Méduse's petrification, Pégase's flight), listed after the step's "
    "moves or battles and before EndTurn. Every answer, concatenated. Kinds declared with "
    "MODULE.answers(\"military_turn\", ...); MILITARY_TURN_CHECK and MILITARY_TURN_PERFORM do "
    "the rest; after the answer the step goes on as after a move (military.advance).")

MILITARY_TURN_CHECK: HookPoint[bool] = HookPoint(
    "military.turn_check",
    "(state, player, action) -> bool: take over: True when the handler owns this action kind "
    "(it raises the refusal if the action is illegal now).")

MILITARY_TURN_PERFORM: HookPoint[bool] = HookPoint(
    "military.turn_perform",
    "(state, player, action, ev) -> bool: take over: True when the handler owns this action "
    "kind and has performed it.")

LAND_BATTLE_START: HookPoint[None] = HookPoint(
    "military.land_battle_start",
    "(state, attacker, defender, province, ev) -> None: a land battle begins, before the "
    "dice (the Centaurs destroy a legion). Every handler, in module order.")

UNITS_DESTROYED: HookPoint[None] = HookPoint(
    "military.units_destroyed",
    "(state, player, area, legions, ev) -> None: after `legions` of his legions were destroyed "
    "as casualties of a battle in `area` (Orphée keeps one). Every handler.")

PIECES_OFF_BOARD: HookPoint[int] = HookPoint(
    "pieces.off_board",
    "(state, player, piece) -> int: his pieces of this kind (legion, trireme, fortress) a "
    "power holds off the board (Orphée's legion on its tile, petrified units): out of his "
    "supply all the same. Sum.")

TOKENS_ASIDE: HookPoint[Sequence[str]] = HookPoint(
    "resources.tokens_aside",
    "(state) -> [token]: resource tokens a module holds outside the hands, the trade and the "
    "legendary pile and discard (a market beside the board, a purse of gold): the invariants "
    "count its legendary ones. Every answer.")

INVARIANTS: HookPoint[Sequence[str]] = HookPoint(
    "invariants.module",
    "(state) -> [violation]: a module's own invariants (its sub-state's pieces and tokens), "
    "checked with the base ones after every action of the playouts. Every answer.")

LEVEL_BONUSES: HookPoint[Mapping[str, int] | None] = HookPoint(
    "titles.level_bonuses",
    "(state, player) -> {title: n} | None: added to his title levels beyond the board and his "
    "tiles' bonuses (petrified units still count for his Military level). Sum.")


class Roll(NamedTuple):
    """What a power adds to one side's roll in a battle (4.2)."""

    dice: int = 0  # extra dice, on top of one per unit
    per_die: int = 0  # added to each unit's die (not to the extra dice)
    added: int = 0  # added to the sum, like the fortress's +5
    fixed: int = 0  # each unit's die shows this face, unrolled (0: rolled; the highest wins)


LAND_ROLL: HookPoint[Roll | None] = HookPoint(
    "military.land_roll",
    "(state, player, province, active) -> Roll | None: what a power adds to his side's roll "
    "in a land battle, `active` when it is his turn (César, Périclès, Ramsès II, "
    "Nabuchodonosor). Sum, component by component; None adds nothing.")

SEA_ROLL: HookPoint[Roll | None] = HookPoint(
    "military.sea_roll",
    "(state, player, sea, active) -> Roll | None: the same in a sea battle (no base power; a "
    "Greek-fire trireme would add here).")

HITS_CANCELLED: HookPoint[int] = HookPoint(
    "military.hits_cancelled",
    "(cancelled, state, player, opponent, area) -> int: the hits against `player` cancelled, "
    "from his fortress's one (0 without; land only). Fold.")

HIT_DIVISOR: HookPoint[int] = HookPoint(
    "military.hit_divisor",
    "(divisor, state, player, opponent, area) -> int: what `player`'s sum is divided by to "
    "count his hits on `opponent` (4.2: 5). Fold.")

BATTLE_ENDED: HookPoint[None] = HookPoint(
    "military.battle_ended",
    "(state, area, attacker, defender, rolled, ev) -> None: a battle is over (casualties "
    "taken, or cancelled before the dice: `rolled` False), before the conqueror is reviewed. "
    "Every handler.")

PILLAGE_TIMES: HookPoint[int] = HookPoint(
    "military.pillage_times",
    "(times, state, player) -> int: how many times a building he pillages gives its reward "
    "(4.3.1; Hamilcar doubles). Fold from 1. A legendary city given more than once gives the "
    "coin and the legendary commodity, with no choice.")

CARRYING_SEAS: HookPoint[frozenset[str] | None] = HookPoint(
    "military.carrying_seas",
    "(state, player) -> seas | None: seas that count as holding his triremes for carrying his "
    "land units now, though none of his is there (Ulysse). Every answer, united; None (the "
    "usual case) keeps the cached move listing.")

BUILDING_PILLAGED: HookPoint[bool] = HookPoint(
    "military.building_pillaged",
    "(state, player, province, kind, ev) -> bool: after he pillaged a building of this kind "
    "(4.3.1). Take over: True when the handler owes him a decision first (Agamemnon: move the "
    "marker); its answer resumes the conquests (`military.next_conquest`).")

CONQUEST_FORBIDDEN: HookPoint[Collection[str]] = HookPoint(
    "military.conquest_forbidden",
    "(state, player, province) -> {option}: the conquest options (4.3: pillage, influence) a "
    "power forbids `player` in this province (Moïse: his provinces are only occupied); a "
    "conversion under way there is not completed either. Every answer, united.")

MILITARY_TURN_END: HookPoint[bool] = HookPoint(
    "military.turn_end",
    "(state, player, ev) -> bool: when his conversions and conquest choices are settled, "
    "before his turn ends. Take over: True when the handler owes him a decision first (Reine de "
    "Saba); it ends the turn with military.end_turn(state, ev).")
