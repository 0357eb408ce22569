"""Actions as values: interning shares equal frozen actions without changing what they are."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, ClassVar, Literal

import pytest

from bot.games.core import MalformedAction, RulesModule, compose, parse_action
from bot.games.core import actions as core_actions
from bot.games.mare_nostrum import kinds
from bot.games.mare_nostrum.actions import (
    Action,
    Buy,
    CancelPurchase,
    Conquer,
    EndTurn,
    Move,
    action_from_dict,
    interned,
)


def test_interned_action_equals_a_new_one_and_is_shared() -> None:
    a = interned(Move, "rome", "legion", "latium", "italia")
    assert a == Move("rome", "legion", "latium", "italia")
    assert interned(Move, "rome", "legion", "latium", "italia") is a
    assert interned(Move, "rome", "legion", "latium", "gallia") != a


def test_interned_actions_stay_frozen() -> None:
    a = interned(Buy, "rome", "legion", "latium")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.target = "italia"  # type: ignore[misc]


def test_interning_is_bounded() -> None:
    # Interning is the kit's (bot.games.core.actions): a bounded cache, the oldest forgotten.
    bound = core_actions._INTERNED_MAX
    core_actions._shared.cache_clear()
    try:
        first = interned(Buy, "rome", "legion", "t0")
        for i in range(1, bound + 5):
            interned(Buy, "rome", "legion", f"t{i}")
        assert core_actions._shared.cache_info().currsize == bound
        again = interned(Buy, "rome", "legion", "t0")
        assert again == first and again is not first  # forgotten, made anew
    finally:
        core_actions._shared.cache_clear()


# --- the parser (bot.games.core.actions.parse_action) ----------------------------------------

Flag = Literal["up", "down"]
Size = Literal[1, 2, 3]


@dataclasses.dataclass(frozen=True, slots=True)
class _Probe(Action):
    """A test-only action kind with every field type the parser reads."""

    kind: ClassVar[str] = "probe"
    name: str
    count: int
    on: bool
    flag: Flag
    size: Size
    either: Flag | Literal[""] = ""
    flags: tuple[Flag, ...] = ()
    numbers: tuple[int, ...] = ()
    words: tuple[str, ...] = ()


PROBE = {"kind": "probe", "player": "rome", "name": "n", "count": 2, "on": True, "flag": "up",
         "size": 3}


def _parse(data: dict[str, Any]) -> Action:
    return parse_action({"probe": _Probe}, data)


def test_parser_reads_every_field_type() -> None:
    probe = _Probe("rome", "n", 2, True, "up", 3, "down", ("up", "down"), (1, 2), ("a",))
    assert _parse(probe.to_dict()) == probe
    assert _parse(PROBE) == _Probe("rome", "n", 2, True, "up", 3)  # defaults left out


@pytest.mark.parametrize(("field", "value"), [
    ("name", 3), ("name", None), ("count", "2"), ("count", True), ("count", 2.0), ("on", 1),
    ("flag", "sideways"), ("flag", "UP"), ("flag", 1), ("flag", ["up"]), ("size", 4),
    ("size", "3"), ("size", True), ("either", "up "), ("flags", "up"), ("flags", ["left"]),
    ("numbers", [1, True]), ("numbers", ["1"]), ("words", [1]),
])
def test_parser_refuses_a_value_of_another_type_or_outside_a_literal(field: str,
                                                                      value: object) -> None:
    with pytest.raises(MalformedAction) as e:
        _parse({**PROBE, field: value})
    assert e.value.code == "malformed_action" and repr(field) in e.value.detail


def test_parser_accepts_a_literal_fields_declared_values_only() -> None:
    for unit in ("trireme", "legion"):
        assert action_from_dict(Move("rome", unit, "a", "b").to_dict()) == Move(
            "rome", unit, "a", "b")
    refused = [
        {"kind": "move", "player": "rome", "unit": "chariot", "source": "a", "target": "b"},
        {"kind": "conquer", "player": "rome", "province": "p", "option": "raze"},
        {"kind": "conquer", "player": "rome", "province": "p", "option": "pillage",
         "slots": [0], "reward": "gold"},
        {"kind": "choose_production", "player": "rome", "province": "p", "choice": "grain"},
        {"kind": "award_title", "player": "rome", "title": "navy", "winner": "greece"},
    ]
    for data in refused:
        with pytest.raises(MalformedAction):
            action_from_dict(data)
    conquer = {"kind": "conquer", "player": "rome", "province": "p", "option": "pillage",
               "slots": [0], "reward": "legendary"}
    assert action_from_dict(conquer) == Conquer("rome", "p", "pillage", (0,), "legendary")


def test_parser_still_refuses_missing_and_unknown_fields() -> None:
    with pytest.raises(MalformedAction, match="missing field 'flag'"):
        _parse({k: v for k, v in PROBE.items() if k != "flag"})
    with pytest.raises(MalformedAction, match=r"unknown fields \['extra'\]"):
        _parse({**PROBE, "extra": 1})
    with pytest.raises(MalformedAction, match="unknown action kind"):
        parse_action({}, PROBE)


def test_parser_resolves_a_class_annotations_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The field table is computed at the first parse of a kind, then read from the cache."""
    calls: list[type] = []
    resolve = typing.get_type_hints

    def counting(cls: type) -> dict[str, Any]:
        calls.append(cls)
        return resolve(cls)

    move = Move("rome", "legion", "a", "b").to_dict()
    action_from_dict(move)  # the base rules composed beforehand (composing reads every kind)
    monkeypatch.setattr(core_actions, "_FIELDS", {})
    monkeypatch.setattr(core_actions, "get_type_hints", counting)
    for _ in range(3):
        _parse(PROBE)
        action_from_dict(move)
    assert calls == [_Probe, Move]


@dataclasses.dataclass(frozen=True, slots=True)
class _Unreadable(Action):
    kind: ClassVar[str] = "unreadable"
    ratio: float


def test_an_annotation_the_parser_cannot_read_fails_when_the_rules_are_composed() -> None:
    module: RulesModule[Any] = RulesModule("test.unreadable")
    module.action(_Unreadable)
    with pytest.raises(TypeError, match=r"_Unreadable\.ratio"):
        compose(("test",), [module])


def test_the_kinds_tuples_are_their_literals_in_the_rulebooks_order() -> None:
    """The engine walks the steps and the titles in these orders (kinds.py reads them from
    the Literal types, so a kind is spelled once)."""
    assert kinds.MILITARY_STEPS == (
        "sea_moves", "sea_battles", "land_moves", "land_battles", "conquest")
    assert kinds.TITLES == ("trade", "culture", "military")
    assert set(kinds.CONQUEST_OPTIONS) == {"pillage", "occupy", "influence", "none"}
    assert typing.get_args(kinds.Unit) == ("trireme", "legion")


def test_interning_is_keyed_by_action_class() -> None:
    # The shared actions are found by class and arguments: the same arguments of two classes
    # give two actions.
    assert interned(Buy, "rome", "legion", "e") is interned(Buy, "rome", "legion", "e")
    assert type(interned(EndTurn, "rome")) is EndTurn
    assert type(interned(CancelPurchase, "rome")) is CancelPurchase
