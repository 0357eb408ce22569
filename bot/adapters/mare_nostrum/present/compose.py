"""Composing a set of tokens (a sealed offer, a payment) in one multi-select instead of
listing every multiset of the hand: Mare Nostrum's decision pages (docs/discord.md,
"Composing an offer or a payment")."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.presenters import (
    BUTTON_ROWS,
    BUTTONS_PER_ROW,
    LABEL_LIMIT,
    MESSAGE_LIMIT,
    OPTION_LIMIT,
    PLACEHOLDER_LIMIT,
    ROWS,
    SELECT_OPTIONS,
    ActionLabel,
    ButtonSpec,
    Composed,
    CountLabel,
    Page,
    SelectSpec,
    action_label,
    answer_button,
    cid,
    clip,
    fmt,
)
from bot.presenters import decision_page as listed_page

# Answers shown as grey buttons.
SECONDARY = ("end_turn", "cancel_purchase")
_TOKEN = re.compile(r"[a-z_]{1,24}\.[0-9]{1,2}")  # a composed token: <type>.<k>
_KIND = re.compile(r"[a-z_]{1,24}")  # an offer's kind of token (first step)


COMPOSE_KINDS = ("make_offer", "pay")  # actions naming a multiset of resource types


def compose_family(actions: Sequence[Mapping[str, Any]]) -> tuple[str, int, int] | None:
    """(kind, fewest, most tokens) when the decision is a make_offer/pay family too large for
    one page of buttons: it is then composed token by token in one multi-select. A payment's
    size is its cost (the 1-token powers stay buttons); an offer's sizes are what the legal
    actions hold (Antigone: 0 to 5 — the empty offer stays a button)."""
    if len(actions) <= BUTTONS_PER_ROW * BUTTON_ROWS:
        return None
    for kind in COMPOSE_KINDS:
        sizes = [len(a.get("resources") or ()) for a in actions if a.get("kind") == kind]
        if not sizes:
            continue
        most = max(sizes)
        fewest = most if kind == "pay" else min(s for s in sizes if s) if most else 0
        return (kind, fewest, most) if most else None
    return None


def composable(action: Mapping[str, Any], family: tuple[str, int, int]) -> bool:
    kind, fewest, most = family
    size = len(action.get("resources") or ())
    return action.get("kind") == kind and fewest <= size <= most


def compose_value(rtype: str, k: int) -> str:
    """The option value of the k-th token (1-based) of a type: `<type>.<k>`."""
    return f"{rtype}.{k}"


def compose_types(values: Iterable[str]) -> list[str]:
    """The resource types, sorted as the engine requires, named by chosen option values."""
    return sorted(str(v).rsplit(".", 1)[0] for v in values)


def _held(hand: Mapping[str, int], only: Collection[str] | None) -> dict[str, list[bool]]:
    """type -> the legendary flag of each token held, ordinary first (the engine spends them
    first)."""
    held: dict[str, list[bool]] = {}
    for token in sorted(hand, key=lambda tk: tk.endswith("*")):
        rtype = token.rstrip("*")
        if only is None or rtype in only:
            held.setdefault(rtype, []).extend([token.endswith("*")] * int(hand[token]))
    return held


def _name(rtype: str, lang: str, names: Mapping[str, str]) -> str:
    name = fmt(rtype, lang, names)
    return name[:1].upper() + name[1:]


def compose_options(hand: Mapping[str, int], most: int, kind: str, lang: str,
                    names: Mapping[str, str], only: Collection[str] | None = None,
                    ) -> tuple[tuple[str, str], ...]:
    """One option per token of the hand ("Metal", "Metal (2)", legendary ones ★), ordinary
    tokens first (the engine spends them first). No type needs more options than the largest
    size. Above 25 options each type keeps fewer (a payment's coins keep all: a valid set is all
    coins or all different commodities, so every valid payment stays composable; an offer
    goes through `kinds_options` first instead)."""
    held = _held(hand, only)

    def cap_of(rtype: str, cap: int) -> int:
        return most if kind == "pay" and rtype == "coin" else cap

    cap = most
    while cap > 1 and sum(min(len(v), cap_of(r, cap)) for r, v in held.items()) > SELECT_OPTIONS:
        cap -= 1
    options: list[tuple[str, str]] = []
    for rtype in sorted(held):
        name = _name(rtype, lang, names)
        for k, legendary in enumerate(held[rtype][:cap_of(rtype, cap)], start=1):
            label = name + (f" ({k})" if k > 1 else "") + (" ★" if legendary else "")
            options.append((clip(label, OPTION_LIMIT), compose_value(rtype, k)))
    return tuple(options[:SELECT_OPTIONS])


def kinds_options(hand: Mapping[str, int], lang: str,
                  names: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """First step of an offer from a hand too large for 25 options: the kinds of tokens held
    ("Metal ×3 (1 ★)"), value the type (no dot, unlike a token's value)."""
    options = []
    for rtype, flags in sorted(_held(hand, None).items()):
        stars = sum(flags)
        label = f"{_name(rtype, lang, names)} ×{len(flags)}" + (f" ({stars} ★)" if stars else "")
        options.append((clip(label, OPTION_LIMIT), rtype))
    return tuple(options[:SELECT_OPTIONS])


def _too_many(hand: Mapping[str, int], most: int) -> bool:
    return sum(min(len(v), most) for v in _held(hand, None).values()) > SELECT_OPTIONS


def compose_page(
    game: int, version: int, actions: Sequence[Mapping[str, Any]], family: tuple[str, int, int],
    hand: Mapping[str, int], lang: str, names: Mapping[str, str], header: str,
    only: Collection[str] | None = None, label: ActionLabel = action_label,
) -> Page:
    """The private page composing an offer or a payment: one multi-select of the player's own
    tokens (min = max = the size) and the other answers (cancel, 1-token powers, the empty
    offer) as buttons. An offer from more than 25 tokens is composed in two steps: the kinds of
    tokens (`c0`, values are types), then the tokens of those kinds only (`c1`, with a button
    back to the kinds). Only ever sent by DM or as an ephemeral reply: it shows the hand."""
    kind, fewest, most = family
    count = str(most) if fewest == most else f"{fewest}–{most}"
    code = "c0"
    back: list[ButtonSpec] = []
    if kind == "make_offer" and only:
        options = compose_options(hand, most, kind, lang, names, only)
        code = "c1"
        back = [ButtonSpec(cid(game, version, "p0"),
                           clip(t("mn.compose.kinds_again", lang), LABEL_LIMIT), "secondary")]
    elif kind == "make_offer" and _too_many(hand, most):
        options = kinds_options(hand, lang, names)
        placeholder = clip(t("mn.compose.kinds", lang, count=count), PLACEHOLDER_LIMIT)
        select = SelectSpec(cid(game, version, "c0"), placeholder, options, 1,
                            min(most, len(options)))
        return Page(clip(header, MESSAGE_LIMIT), [select, *_other_buttons(
            game, version, actions, family, lang, names, label)])
    else:
        options = compose_options(hand, most, kind, lang, names)
    if not options:  # none of those tokens held: Discord refuses an empty select
        return decision_page(game, version, actions, 0, lang, names, header, label=label)
    placeholder = clip(t(f"mn.compose.{kind}", lang, count=count), PLACEHOLDER_LIMIT)
    low, high = min(fewest, len(options)), min(most, len(options))
    rows: list[list[ButtonSpec] | SelectSpec] = [
        SelectSpec(cid(game, version, code), placeholder, options, low, high)]
    rows += _other_buttons(game, version, actions, family, lang, names, label)
    if back:
        rows.append(back)
    return Page(clip(header, MESSAGE_LIMIT), rows)


def _other_buttons(game: int, version: int, actions: Sequence[Mapping[str, Any]],
                   family: tuple[str, int, int], lang: str, names: Mapping[str, str],
                   label: ActionLabel = action_label,
                   ) -> list[list[ButtonSpec] | SelectSpec]:
    """The answers not composed (cancel, 1-token powers, the empty offer), as buttons."""
    others = [i for i, a in enumerate(actions) if not composable(a, family)]
    rows: list[list[ButtonSpec] | SelectSpec] = []
    for start in range(0, min(len(others), BUTTONS_PER_ROW * (ROWS - 2)), BUTTONS_PER_ROW):
        rows.append([answer_button(game, version, actions, i, lang, names, SECONDARY, label)
                     for i in others[start:start + BUTTONS_PER_ROW]])
    return rows


def decision_page(
    game: int, version: int, actions: Sequence[Mapping[str, Any]], page: int, lang: str,
    names: Mapping[str, str], header: str = "", hand: Mapping[str, int] | None = None,
    only: Collection[str] | None = None, label: ActionLabel = action_label,
    counts: Mapping[int, int] | None = None, count_label: CountLabel | None = None,
) -> Page:
    """The generic decision page (`bot.presenters.decision_page`); given the player's hand, a
    large offer or payment is composed instead (`compose_page`). `label`: the game's words
    for an answer (the presenter's, which knows the chooser's view)."""
    family = compose_family(actions) if hand is not None else None
    if family is not None and hand is not None:
        return compose_page(game, version, actions, family, hand, lang, names, header, only,
                            label)
    return listed_page(game, version, actions, page, lang, names, header, SECONDARY, label,
                       counts, count_label)


def answer(kind: str, types: Iterable[str]) -> dict[str, Any]:
    """The offer or payment naming these resource types: sorted, as the engine lists them
    (the phase commands' `Tokens` option writes them the same way)."""
    return {"kind": kind, "resources": sorted(types)}


def compose(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
            values: Sequence[str]) -> Composed | None:
    """What a composition select's values name: tokens (`<type>.<k>`) make the offer or
    payment owed (None as the action when none is owed any more); kinds of tokens (an
    offer's first step) narrow the page to the kinds held. None: neither form."""
    if values and all(_KIND.fullmatch(v) for v in values):
        held = {str(token).rstrip("*") for token in view.get("hand") or {}}
        return Composed(only=tuple(v for v in values if v in held))
    if not all(_TOKEN.fullmatch(v) for v in values):
        return None
    kinds = {a.get("kind") for a in legal}
    kind = next((k for k in COMPOSE_KINDS if k in kinds), None)
    return Composed(answer(kind, compose_types(values)) if kind is not None else None)
