"""What a phase command's options mean: each option names one field (or two) of one kind of
engine action. Pure (no Discord): the phase cogs build their commands on these forms, and the
decision pages (cogs/play.py) build their composed answers with the same forms.

A form knows no rule. Its options' values are read from the engine's legal actions (what
autocomplete suggests) and turned back into an action dict (what a command submits); the
engine, through the service, judges the action.

Option values are strings (Discord's autocomplete choices): an empty answer ("no peace",
"keep nothing") is `EMPTY`; a list of tokens is "coin,grain"; a building space is
"<province>.<slot>".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.adapters.mare_nostrum.present import hw_display_name
from bot.i18n import t
from bot.presenters import OPTION_LIMIT, clip, fmt, pretty

EMPTY = "-"  # the value of an empty answer: Discord allows no empty choice
CHOICES = 25  # Discord shows at most 25 autocomplete choices


def fold(text: str) -> str:
    """Lower case without accents, for matching what the user types."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def _name(value: str, lang: str, names: Mapping[str, str]) -> str:
    """A value's words: a player's name, a translated word, a hero's or wonder's name."""
    shown = fmt(value, lang, names)
    if shown == pretty(value):  # no word in the catalog: maybe a hero or wonder tile
        shown = hw_display_name(value, lang)
    return shown[:1].upper() + shown[1:]


class Opt:
    """One option of a phase command, and the field of the action it names."""

    def __init__(self, name: str) -> None:
        self.field = name

    def read(self, action: Mapping[str, Any]) -> str:
        """The option's value in this action (what autocomplete offers)."""
        value = action.get(self.field, "")
        return str(value) if value not in ("", None) else EMPTY

    def write(self, text: str) -> dict[str, Any]:
        """The field(s) a value names; ValueError when it cannot name any."""
        return {self.field: "" if text == EMPTY else text}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        return t("game.none", lang) if value == EMPTY else _name(value, lang, names)

    def resolve(self, typed: str, choices: Sequence[tuple[str, str]], lang: str,
                names: Mapping[str, str]) -> str:
        """The value meant by what was typed: a choice's value, else the value of the choice
        whose label it is (accents and case aside), else what was typed (the engine
        judges)."""
        typed = typed.strip()
        if any(typed == v for _, v in choices):
            return typed
        folded = fold(typed)
        return next((v for label, v in choices if fold(label) == folded), typed)


class Text(Opt):
    """A word: a province, a player, a resource, a title..."""


class Number(Opt):
    def read(self, action: Mapping[str, Any]) -> str:
        return str(int(action.get(self.field, 0)))

    def write(self, text: str) -> dict[str, Any]:
        if not re.fullmatch(r"[0-9]{1,3}", text):
            raise ValueError(text)
        return {self.field: int(text)}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        return value


class Flag(Opt):
    def read(self, action: Mapping[str, Any]) -> str:
        return "true" if action.get(self.field) else "false"

    def write(self, text: str) -> dict[str, Any]:
        if text not in ("true", "false"):
            raise ValueError(text)
        return {self.field: text == "true"}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        return t(f"mn.value.{value}", lang)


class Tokens(Opt):
    """A list of resource types ("coin,grain,grain"), in the order the actions name them:
    sorted (an offer's or a payment's tokens are a set, listed sorted)."""

    def read(self, action: Mapping[str, Any]) -> str:
        return ",".join(action.get(self.field) or ()) or EMPTY

    def write(self, text: str) -> dict[str, Any]:
        if text == EMPTY:
            return {self.field: []}
        types = [part.strip() for part in text.split(",")]
        if not all(re.fullmatch(r"[a-z_]{1,24}\*?", p) for p in types):
            raise ValueError(text)
        return {self.field: tokens(types)}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value == EMPTY:
            return t("game.none", lang)
        return ", ".join(fmt(v, lang, names) for v in value.split(","))

    def resolve(self, typed: str, choices: Sequence[tuple[str, str]], lang: str,
                names: Mapping[str, str]) -> str:
        """Also tokens named one by one, in any order, by their type or its word in the
        user's language ("blé, impôt"), among the types the choices hold."""
        value = super().resolve(typed, choices, lang, names)
        if value != typed.strip() or value == EMPTY:
            return value
        words = {fold(fmt(r, lang, names)): r
                 for _, v in choices if v != EMPTY for r in v.split(",")}
        words.update({r: r for r in words.values()})
        parts = [fold(p) for p in typed.split(",")]
        if not all(p in words for p in parts):
            return value
        return ",".join(tokens(words[p] for p in parts))


def tokens(types: Iterable[str]) -> list[str]:
    """Resource types as an action names them: sorted."""
    return sorted(types)


class Spaces(Opt):
    """Building spaces of a province ("0,2"): a conquest's slots."""

    def read(self, action: Mapping[str, Any]) -> str:
        return ",".join(str(s) for s in action.get(self.field) or ()) or EMPTY

    def write(self, text: str) -> dict[str, Any]:
        if text == EMPTY:
            return {self.field: []}
        if not re.fullmatch(r"[0-9]{1,2}(,[0-9]{1,2}){0,9}", text):
            raise ValueError(text)
        return {self.field: [int(s) for s in text.split(",")]}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value == EMPTY:
            return t("game.none", lang)
        return ", ".join(t("mn.phasecmd.space", lang, n=int(s) + 1) for s in value.split(","))


class Place(Opt):
    """Where a purchase goes: a province or sea ("latium"), a building space of a province
    ("latium.1"), a hero or wonder tile, or nowhere (EMPTY: the Pyramids). Fields `target` and
    `slot`."""

    def __init__(self) -> None:
        super().__init__("target")

    def read(self, action: Mapping[str, Any]) -> str:
        target, slot = str(action.get("target") or ""), int(action.get("slot", -1))
        if not target:
            return EMPTY
        return target if slot < 0 else f"{target}.{slot}"

    def write(self, text: str) -> dict[str, Any]:
        if text == EMPTY:
            return {"target": "", "slot": -1}
        m = re.fullmatch(r"([a-z_]{1,40})(?:\.([0-9]{1,2}))?", text)
        if m is None:
            raise ValueError(text)
        return {"target": m[1], "slot": int(m[2]) if m[2] else -1}

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value == EMPTY:
            return t("game.none", lang)
        target, _, slot = value.partition(".")
        shown = _name(target, lang, names)
        return f"{shown} ({t('mn.phasecmd.space', lang, n=int(slot) + 1)})" if slot else shown


@dataclass(frozen=True)
class Form:
    """A phase command's answer: the kind of engine action it makes, and per option (by its
    parameter name in the command) the field(s) of the action it names. An option the command
    does not show (a move's unit) is always completed from the legal actions."""

    phase: str
    command: str  # the subcommand's name in the phase's group (English)
    kind: str
    options: Mapping[str, Opt] = field(default_factory=dict)
    # Answerable in every phase (an event card, a god "at any time"), not only in `phase`
    # (which then names the command's group only).
    any_phase: bool = False

    def row(self, action: Mapping[str, Any]) -> dict[str, str]:
        """Each option's value in one action."""
        return {name: opt.read(action) for name, opt in self.options.items()}

    def make(self, **fields: Any) -> dict[str, Any]:
        """The action these fields make (the one builder of this kind of answer: the command
        and the decision page's composed answers both use it)."""
        return {"kind": self.kind, **fields}

    def rows(self, legal: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
        """The option values of the legal actions of this form's kind, in the engine's order."""
        return [self.row(a) for a in legal if a.get("kind") == self.kind]


def matching(choices: Sequence[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The (label, value) choices whose label or value holds every word typed, the one typed
    exactly first, then those starting with it; at most 25, labels clipped to Discord's 100
    characters."""
    folded = fold(typed)
    words = [w for w in re.split(r"[\s,]+", folded) if w]

    def rank(choice: tuple[str, str]) -> int:
        label, value = fold(choice[0]), choice[1]
        if folded in (label, value):
            return 0
        return 1 if label.startswith(folded) or value.startswith(folded) else 2

    hits = [(label, value) for label, value in choices
            if all(w in fold(label) or w in value for w in words)]
    return [(clip(label, OPTION_LIMIT), value)
            for label, value in sorted(hits, key=rank)[:CHOICES]]


@dataclass
class Filled:
    """An answer built from a command's options: the action, or why there is none."""

    action: dict[str, Any] | None = None
    missing: str | None = None  # an option that several legal answers leave open
    unmatched: bool = False  # no legal answer matches the options given


def fill(form: Form, given: Mapping[str, str], legal: Sequence[Mapping[str, Any]]) -> Filled:
    """The action named by the options given (values already resolved); the options not
    given are taken from the legal actions that match the given ones, when they agree. A
    value no option can read raises ValueError."""
    rows = form.rows(legal)
    fits = [r for r in rows if all(r[name] == value for name, value in given.items())]
    fields: dict[str, Any] = {}
    for name, opt in form.options.items():
        if name in given:
            fields.update(opt.write(given[name]))
            continue
        values = {r[name] for r in fits}
        if not fits:
            return Filled(unmatched=True)
        if len(values) != 1:
            return Filled(missing=name)
        fields.update(opt.write(values.pop()))
    return Filled(form.make(**fields))
