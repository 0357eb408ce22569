"""Mare Nostrum's presenter (`bot.registry.Presenter`): its words and the components of its
decision pages. It lives with the game's adapter, not in the engine package: it reads the
message catalog (`bot.i18n`), which the pure engine may not import.

- `text.py`: the empires' names, the hand, the status's titles and levels, the screen, the
  Build turn's summary;
- `compose.py`: offers and payments composed token by token in one multi-select;
- `punic.py`: the Punic Wars' status lines and the answers and events worded by their values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import has, t
from bot.presenters import MESSAGE_LIMIT, OPTION_LIMIT, CatalogPresenter, Composed, Page, clip, fmt

from . import compose as _compose
from . import legends, mn2003, mythic_heroes, punic
from .compose import SECONDARY, compose_family, decision_page
from .ending import final_lines, seat_colour, victory_text
from .gods import gods_line, target_names
from .labels import action_label, count_label, repeats
from .mn2003 import commodity_names, in_language
from .rhythm import BOARD_UNCHANGED
from .text import (
    build_summary,
    empire_names,
    hand_text,
    hw_display_name,
    hw_names,
    screen_text,
    status_details,
    status_text,
    turn_summary,
    window_lines,
)
from .variants import building_names, variant_key


class MareNostrumPresenter(CatalogPresenter):
    secondary = SECONDARY
    board_unchanged = BOARD_UNCHANGED

    def event_text(self, kind: str, data: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> str:
        names = {**hw_names(lang), **punic.names(lang), **names, **in_language(names, lang)}
        names.update(target_names(kind, data, lang, names))
        names.update(building_names(kind, data, lang))
        special = punic.event_key(kind, data)
        if special is not None:
            return _worded(*special, lang, names)
        # An event whose wording depends on its reason (trade_finished: "done", "zero"...).
        reason = data.get("reason")
        if isinstance(reason, str) and has(f"mn.event.{kind}.{reason}"):
            return t(f"mn.event.{kind}.{reason}", lang)
        variant = variant_key(kind, data)
        if variant is not None:
            return t(variant, lang, **{k: fmt(v, lang, names) for k, v in data.items()})
        return super().event_text(kind, data, lang, names)

    def action_label(self, action: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> str:
        names = {**hw_names(lang), **punic.names(lang), **names, **in_language(names, lang)}
        names.update(target_names(str(action.get("kind")), action, lang, names))
        special = (punic.action_key(action) or legends.action_key(action)
                   if not action.get("hidden") else None)
        if special is not None:
            return clip(" ".join(_worded(*special, lang, names).split()), OPTION_LIMIT)
        return action_label(action, lang, names)

    def turn_key(self, view: Mapping[str, Any]) -> tuple[Any, ...]:
        """A page per phase of a round, and per player's turn in Build and Military."""
        turn = (view.get("build") or view.get("military") or {}).get("current")
        return (view.get("round"), view.get("phase"), turn)

    def thread_lines(self, events: Sequence[Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        """A purchase is announced once: its placement folds into the "buys" line."""
        shown = [e for e in events if e.audience is None]
        bought = {(e.data.get("player"), str(e.data.get("item")), str(e.data.get("target")))
                  for e in shown if e.kind == "purchase_started"}
        kept = [e for e in shown if not (e.kind == "placed" and (
            e.data.get("player"), str(e.data.get("item")), str(e.data.get("target"))) in bought)]
        lines = []
        for e in kept:  # an event card played: announced with what it does
            lines += [*super().thread_lines([e], lang, names),
                      *(legends.played_lines(e.data, lang) if e.kind == "event_played" else ())]
        return lines

    def names(self, view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
        # A 2003 game's commodities too: every text made with these names says them.
        return {**empire_names(view, lang), **commodity_names(view, lang)}

    def final_lines(self, view: Mapping[str, Any], lang: str,
                    names: Mapping[str, str]) -> dict[str, list[str]]:
        return final_lines(view, lang, names)

    def victory_text(self, condition: str, lang: str) -> str:
        return victory_text(condition, lang)

    def seat_colour(self, view: Mapping[str, Any], seat: str) -> int | None:
        return seat_colour(view, seat)

    def page_heading(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> tuple[str, str | None]:
        """The round and phase, and whose Build or Military turn the page is."""
        title, _ = super().page_heading(view, lang, names)
        turn = (view.get("build") or view.get("military") or {}).get("current")
        if not turn:
            return title, None
        return t("page.heading_turn", lang, heading=title, player=names.get(turn, turn)), turn

    def status_lines(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        # A 2003 game says its role cards and counts, not Empires' titles and levels.
        roles = mn2003.status_lines(view, lang, names)
        return [*roles, *status_details(view, lang, names, titles_and_levels=not roles),
                *punic.status_lines(view, lang, names), *legends.status_lines(view, lang, names),
                *gods_line(view, lang, names)]

    def screen_text(self, game: int, view: Mapping[str, Any], lang: str) -> str:
        gods = gods_line(view, lang, empire_names(view, lang))  # public, on every screen
        return clip("\n".join([screen_text(game, view, lang), *gods]), MESSAGE_LIMIT)

    def page_lines(self, view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
        """What a play window he owes is about, his hand, then the Build turn's summary when
        he is building."""
        return [*window_lines(view, lang, names), *mn2003.page_lines(view, lang),
                *mythic_heroes.page_lines(view, lang),
                t("game.resources", lang,
                  hand=hand_text(view.get("hand"), lang, commodity_names(view, lang))),
                *legends.page_lines(view, lang),
                *turn_summary(view, lang, names)]

    def decision_page(self, game: int, version: int, actions: Sequence[Mapping[str, Any]],
                      page: int, lang: str, names: Mapping[str, str], header: str,
                      view: Mapping[str, Any], only: Sequence[str] | None = None) -> Page:
        def label(action: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
            card = legends.action_key(action)  # a card play: its target worded
            if card is not None:
                return self.action_label(action, lang, names)
            return action_label(action, lang, {**hw_names(lang), **names,
                                               **commodity_names(view, lang)}, view)

        return decision_page(game, version, actions, page, lang, names, header,
                             hand=view.get("hand") if actions else None, only=only,
                             label=label, counts=repeats(actions, view), count_label=count_label)

    def compose(self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
                values: Sequence[str]) -> Composed | None:
        return _compose.compose(view, legal, values)


def _worded(key: str, values: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    return t(key, lang, **{k: fmt(v, lang, names) for k, v in values.items()})


PRESENTER = MareNostrumPresenter()

__all__ = ["PRESENTER", "MareNostrumPresenter", "build_summary", "compose_family",
           "decision_page", "empire_names", "hand_text", "hw_display_name", "screen_text",
           "status_details", "status_text", "turn_summary"]
