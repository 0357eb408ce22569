"""Handlers declared with the power they answer for (`MODULE.hook(POINT, owner=TILE)`): a phase
asking a point about one player (`control.hooks_for`, `Rules.on_for`) skips those of powers he
lacks. A speed-up only: every answer stays the one all the handlers give (the digest of the
seeded games is unchanged)."""

from __future__ import annotations

from bot.games.core import HookPoint, RulesModule
from bot.games.core.rules import compose
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.control import has_power, hooks_for
from bot.games.mare_nostrum.hooks import LAND_ROLL, PAYMENT_RULES, Roll
from bot.games.mare_nostrum.state import GameState

SCORE: HookPoint[int] = HookPoint("test.owners.score", "(player) -> int: summed")
TOY: RulesModule[object] = RulesModule("test.owners")


@TOY.hook(SCORE, owner="crown")
def _crown(player: str) -> int:
    return 10


@TOY.hook(SCORE, owner=("sword", "shield"))
def _arms(player: str) -> int:
    return 100


@TOY.hook(SCORE)  # the old form: asked for everyone
def _everyone(player: str) -> int:
    return 1


def test_a_handler_is_asked_only_for_a_holder_of_its_power() -> None:
    rules = compose(("toy",), [TOY])
    assert rules.on[SCORE] == (_crown, _arms, _everyone)  # `on` keeps every handler
    assert rules.on_for((None,))[SCORE] == (_everyone,)
    assert rules.on_for(("crown",))[SCORE] == (_crown, _everyone)
    assert rules.on_for((None, "shield"))[SCORE] == (_arms, _everyone)
    assert rules.on_for(("sword", "crown"))[SCORE] == (_crown, _arms, _everyone)


def test_the_tables_are_made_once_per_set_of_powers() -> None:
    rules = compose(("toy",), [TOY])
    assert rules.on_for(("crown",)) is rules.on_for(("crown",))
    late: HookPoint[int] = HookPoint("test.owners.late", "made after the rules: no handler")
    assert rules.on_for(("crown",))[late] == ()


def test_rules_without_owned_handlers_share_their_table() -> None:
    plain: RulesModule[object] = RulesModule("test.owners.plain")
    plain.hook(SCORE)(_everyone)
    rules = compose(("plain",), [plain])
    assert rules.on_for(("crown",)) is rules.on


def test_hooks_for_reads_his_tiles_and_the_power_castor_copied() -> None:
    state, _ = engine.new_game(["rome", "greece", "carthage"], None, 1)
    state.hw = {p: [] for p in state.players}  # no starting hero
    assert hooks_for(state, "rome")[LAND_ROLL] == ()  # no tile: no roll bonus asked
    state.hw["rome"] = ["caesar"]
    (caesar,) = hooks_for(state, "rome")[LAND_ROLL]
    assert caesar(state, "rome", "latium", True) == Roll(per_die=1)
    state.hw["greece"] = ["castor_pollux"]
    state.copied["greece"] = "hannibal"
    assert has_power(state, "greece", "hannibal")
    assert len(hooks_for(state, "greece")[PAYMENT_RULES]) == 1


def test_every_owned_base_handler_answers_nothing_without_its_power() -> None:
    """What makes the filter safe: for a player without the power, a handler declared with an
    owner gives the point's neutral answer (here, the roll bonuses of a battle)."""
    state: GameState
    state, _ = engine.new_game(["rome", "greece", "carthage"], None, 1)
    state.hw = {p: [] for p in state.players}  # no starting hero
    rules = state.rules
    for handler in rules.on[LAND_ROLL]:
        assert handler in rules.owners
        for active in (True, False):
            assert handler(state, "rome", "latium", active) is None
