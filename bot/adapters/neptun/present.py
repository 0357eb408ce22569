"""Neptun's presenter: its events, answers, status and private screen in English and French,
every name read from its part of the catalog (`neptun.port.roma`, `neptun.goods.salt`...: one
name per thing). Pure: text and component specs, on the generic machinery of `bot.presenters`.

Its keys are read under its own namespace (`neptun.event.sailed`), never through
`catalog.found`: Mare Nostrum's part names some of the same ids (`asia`, `creta`) otherwise.
Secrets: the hand and the sealed oar card are only in `screen_text` / `page_lines` (the
owner's own view, sent only to him) and in the private `oar_chosen` event; a hidden action is
named by its kind only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.catalog import capitalised, t
from bot.games.neptun.data import ROUNDS, load
from bot.games.neptun.locales import NAMESPACE
from bot.presenters import MESSAGE_LIMIT, CatalogPresenter, Page, clip, decision_page
from rendering.neptun.style import COLOURS

SEATS = "seat"


def word(key: str, lang: str, **params: Any) -> str:
    """A text of Neptun's part of the catalog."""
    return t(f"{NAMESPACE}.{key}", lang, **params)


def port(port_id: str, lang: str) -> str:
    return word(f"port.{port_id}", lang)


def goods(good: str, lang: str) -> str:
    return word(f"goods.{good}", lang)


def temple(temple_id: str, lang: str) -> str:
    return word(f"temple.{temple_id}", lang)


def round_letter(number: int) -> str:
    return ROUNDS[min(max(number, 1), len(ROUNDS)) - 1]


def oar(card: int, lang: str) -> str:
    """An oar card by its values: rowing / wind (signed)."""
    rowing, wind = load().oar(card)
    return word("oar", lang, rowing=rowing, wind=f"{wind:+d}")


def contract(city: int | None, good_card: int | None, lang: str) -> str:
    """A contract (its city and goods cards); a face-down one shows nothing."""
    if city is None or good_card is None:
        return word("contract.hidden", lang)
    data = load()
    return word("contract", lang, goods=goods(data.goods_cards[good_card], lang),
                port=port(data.cities[city].city, lang))


def reward(kind: str, amount: int, region: str | None, lang: str) -> str:
    if kind == "gold":
        return word("reward.gold", lang, amount=amount)
    return word("reward.temple", lang, amount=amount, temple=temple(str(region), lang))


def slot(index: int, lang: str) -> str:
    return word("slot", lang, slot=index + 1)


def _joined(items: Sequence[str], lang: str) -> str:
    return ", ".join(items) if items else word("nothing", lang)


def _row(row: Sequence[Mapping[str, Any]], lang: str) -> str:
    parts = []
    for i, column in enumerate(row, 1):
        text = contract(column.get("city"), column.get("goods"), lang)
        if column.get("up") and column.get("oar") is not None:
            text += f" ({oar(int(column['oar']), lang)})"
        if column.get("gold"):
            text += " +" + word("coins", lang, count=column["gold"])
        parts.append(f"{i}. {text}")
    return _joined(parts, lang)


def manifest(slots: Sequence[Mapping[str, Any] | None], lang: str) -> str:
    """A manifest's public parts, slot by slot (a lost contract shows no card)."""
    parts = []
    for i, s in enumerate(slots, 1):
        if s is None:
            text = word("manifest.empty", lang)
        elif s.get("status") == "lost":
            text = word("manifest.lost", lang)
        else:
            text = contract(s.get("city"), s.get("goods"), lang)
            if s.get("status") == "delivered":
                text += f" ({word('manifest.delivered', lang)})"
        parts.append(f"{i}. {text}")
    return " · ".join(parts)


class NeptunPresenter(CatalogPresenter):
    secondary = ("end_voyage",)

    def names(self, view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
        return {str(p): self.seat_name(str(p), lang) for p in view.get("players", [])}

    def seat_name(self, seat: str, lang: str) -> str:
        return word(f"{SEATS}.{seat}", lang)

    # --- the ending (issue 13) ----------------------------------------------------------
    def final_lines(self, view: Mapping[str, Any], lang: str,
                    names: Mapping[str, str]) -> dict[str, list[str]]:
        """Each merchant's score (GAME-01: tiles and bonus tiles), gold and temple
        standings."""
        scores = view.get("scores") or {}
        out: dict[str, list[str]] = {}
        for p in view.get("players", []):
            temples = [f"{capitalised(temple(r, lang))} {n}"
                       for r, stack in (view.get("temples") or {}).items()
                       for who, n in stack if who == p]
            out[str(p)] = [
                word("ending.points", lang, points=scores.get(p, view["tile_points"][p]),
                     tiles=view["tile_points"][p]),
                word("ending.gold", lang, gold=view["gold"][p]),
                word("ending.temples", lang,
                     temples=_joined(temples, lang) if temples else t("game.none", lang)),
            ]
        return out

    def victory_text(self, condition: str, lang: str) -> str:
        return word(f"victory.{condition}", lang)

    def seat_colour(self, view: Mapping[str, Any], seat: str) -> int | None:
        rgb = COLOURS.get(seat)
        return None if rgb is None else (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]

    # --- events -------------------------------------------------------------------------
    def _param(self, key: str, value: Any, data: Mapping[str, Any], lang: str,
               names: Mapping[str, str]) -> str:
        def who(v: Any) -> str:
            return self.seat_name(str(v), lang)  # the reader's language, whatever `names` says

        if key in ("player",):
            return who(value)
        if key in ("players", "winners", "sequence"):
            return _joined([who(v) for v in value], lang)
        if key in ("port", "origin", "to"):
            return port(str(value), lang)
        if key == "temple":
            return temple(str(value), lang)
        if key == "round":
            return round_letter(int(value))
        if key in ("oar", "card"):
            return oar(int(value), lang)
        if key == "cards":
            return _joined([f"{who(p)} {oar(int(c), lang)}" for p, c in value.items()], lang)
        if key == "scores":
            return _joined([f"{who(p)} {n}" for p, n in value.items()], lang)
        if key == "slot":
            return slot(int(value), lang)
        if key in ("slots", "lost"):
            return _joined([str(int(i) + 1) for i in value], lang)
        if key == "row":
            return _row(value, lang)
        if key == "phase":
            return word(f"phase.{value}", lang)
        if key == "forecast" and isinstance(value, int):
            return f"{value:+d}"
        return str(value)

    def event_text(self, kind: str, data: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> str:
        params = {k: self._param(k, v, data, lang, names) for k, v in data.items()}
        if "city" in data and "goods" in data:
            params["contract"] = contract(data["city"], data["goods"], lang)
        if "gold" in data and kind in ("contract_taken", "contract_left_over"):
            params["coins"] = (", +" + word("coins", lang, count=data["gold"])
                               if kind == "contract_taken" and data["gold"] else
                               word("coins", lang, count=data["gold"])
                               if kind == "contract_left_over" else "")
        if kind == "delivered":
            params["goods"] = goods(load().goods_cards[int(data["goods"])], lang)
            params["reward"] = reward(str(data["reward"]), int(data["amount"]),
                                      data.get("region"), lang)
            params["bought"] = word("delivered.bought", lang) if data.get("bought") else ""
            params["lost"] = (word("delivered.lost", lang, slots=params["lost"])
                              if data.get("lost") else "")
        if kind == "extra_turn_answered":
            params["answer"] = word("answer.yes" if data.get("accept") else "answer.no", lang)
        if kind == "oars_revealed" and data.get("forecast") is None:  # an extra turn (SAIL-11)
            return word("event.oars_revealed_extra", lang, **params)
        return word(f"event.{kind}", lang, **params)

    # --- answers ------------------------------------------------------------------------
    def action_label(self, action: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> str:
        return self.label(action, lang, names, None)

    def label(self, action: Mapping[str, Any], lang: str, names: Mapping[str, str],
              view: Mapping[str, Any] | None) -> str:
        """An answer's words; with the answering player's own `view`, a sail names its miles
        and gold, a delivery its goods and reward (a log line, without a view, is shorter)."""
        kind = str(action.get("kind"))
        if action.get("hidden"):
            return word(f"group.{kind}", lang)
        if kind == "take_contract":
            column = (view or {}).get("row", [])
            index = int(action["index"])
            c = column[index] if index < len(column) else {}
            return clip(word("action.take_contract", lang,
                             contract=contract(c.get("city"), c.get("goods"), lang)
                             if view is not None else f"#{index + 1}",
                             slot=slot(int(action["slot"]), lang)), 100)
        if kind == "play_oar":
            return word("action.play_oar", lang, card=oar(int(action["card"]), lang))
        if kind == "sail":
            cost = sail_cost(view, str(action["to"])) if view is not None else None
            if cost is None:
                return word("action.sail.short", lang, to=port(str(action["to"]), lang))
            miles, gold = cost
            return word("action.sail", lang, to=port(str(action["to"]), lang), miles=miles,
                        cost=word("sail.cost", lang, gold=gold) if gold else "")
        if kind == "deliver":
            return self._deliver(action, lang, view)
        if kind == "extra_turn":
            return word("action.extra_turn.yes" if action.get("accept")
                        else "action.extra_turn.no", lang)
        return word(f"action.{kind}", lang)

    def _deliver(self, action: Mapping[str, Any], lang: str,
                 view: Mapping[str, Any] | None) -> str:
        index = int(action["slot"])
        me = str((view or {}).get("viewer"))
        slots = (view or {}).get("manifests", {}).get(me) or []
        s = slots[index] if index < len(slots) else None
        if not s or s.get("city") is None:
            return f"{word('group.deliver', lang)} ({slot(index, lang)})"
        data = load()
        card = data.cities[int(s["city"])]
        good = data.goods_cards[int(s["goods"])]
        kind, amount = card.reward(good)
        key = "action.deliver.buy" if action.get("buy") else "action.deliver"
        return word(key, lang, goods=goods(good, lang), port=port(card.city, lang),
                    slot=slot(index, lang),
                    reward=reward(kind, amount, data.region_of[card.city], lang))

    # --- status, screen, pages ----------------------------------------------------------
    def status_lines(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        names = self.names(view, lang)  # the reader's language, whatever `names` says
        lines = [word("status.wind", lang, round=view.get("round_letter"),
                      phase=word(f"phase.{view.get('phase')}", lang), turn=view.get("turn"),
                      wind=view.get("wind"), forecast=f"{int(view.get('forecast') or 0):+d}",
                      sequence=_joined([names.get(p, p) for p in view.get("sequence", [])],
                                       lang))]
        if view.get("phase") == "contracts":
            lines.append(word("status.row", lang, row=_row(view.get("row", []), lang)))
        for p in view.get("players", []):
            lines.append(word("status.merchant", lang, name=names.get(p, p),
                              port=port(view["ships"][p], lang), gold=view["gold"][p],
                              points=view["tile_points"][p], hand=view["hand_sizes"][p],
                              manifest=manifest(view["manifests"][p], lang)))
        for r, stack in view.get("temples", {}).items():
            standing = _joined([f"{names.get(p, p)} {n}" for p, n in
                                sorted(stack, key=lambda e: -int(e[1]))], lang)
            lines.append(word("status.temple", lang, temple=capitalised(temple(r, lang)),
                              standing=standing))
        return lines

    def _private(self, view: Mapping[str, Any], lang: str) -> list[str]:
        me = str(view.get("viewer"))
        lines = [word("screen.hand", lang, cards=_joined(
            [oar(int(c["card"]), lang) for c in view.get("hand", [])], lang))]
        if view.get("chosen") is not None:
            lines.append(word("screen.chosen", lang, card=oar(int(view["chosen"]), lang)))
        lines.append(word("screen.manifest", lang,
                          manifest=manifest(view.get("manifests", {}).get(me, []), lang)))
        for p in view.get("my_prompts", []):
            if p.get("kind") == "voyage_move":
                lines.append(word("screen.range", lang, range=p["data"].get("range")))
        if view.get("my_bonus"):
            lines.append(word("screen.bonus", lang,
                              tiles=", ".join(str(v) for v in view["my_bonus"])))
        return lines

    def screen_text(self, game: int, view: Mapping[str, Any], lang: str) -> str:
        me = str(view.get("viewer"))
        title = word("screen.title", lang, game=game, name=self.seat_name(me, lang),
                     gold=view.get("gold", {}).get(me, 0),
                     port=port(str(view.get("ships", {}).get(me, "creta")), lang))
        return clip("\n".join([title, *self._private(view, lang)]), MESSAGE_LIMIT)

    def page_lines(self, view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
        return self._private(view, lang)

    def decision_page(self, game: int, version: int, actions: Sequence[Mapping[str, Any]],
                      page: int, lang: str, names: Mapping[str, str], header: str,
                      view: Mapping[str, Any], only: Sequence[str] | None = None) -> Page:
        def label(a: Mapping[str, Any], language: str, n: Mapping[str, str]) -> str:
            return self.label(a, language, n, view)

        return decision_page(game, version, actions, page, lang, names, header,
                             self.secondary, label)


def sail_cost(view: Mapping[str, Any] | None, to: str) -> tuple[int, int] | None:
    """The miles of the route from the viewer's ship to `to` and the gold it costs now (the
    shortfall of his range left); None when no route or no move is owed."""
    if view is None:
        return None
    me = str(view.get("viewer"))
    here = view.get("ships", {}).get(me)
    markers: Mapping[str, int] = view.get("markers", {})
    miles = markers.get(f"{here}-{to}", markers.get(f"{to}-{here}"))
    left = next((p["data"].get("range") for p in view.get("my_prompts", [])
                 if p.get("kind") == "voyage_move"), None)
    if miles is None or left is None:
        return None
    return int(miles), max(0, int(miles) - int(left))


PRESENTER = NeptunPresenter()
