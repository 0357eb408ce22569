"""Pure message builders: events, actions, statuses and decision pages -> text and component
specs within Discord's limits. No Discord objects here, so all of it is tested directly."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from .i18n import has, seat_name, t

MESSAGE_LIMIT = 2000
LABEL_LIMIT = 80  # button labels
OPTION_LIMIT = 100  # select option labels and values
PLACEHOLDER_LIMIT = 150  # a select's placeholder
SELECT_OPTIONS = 25
ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_ROWS = 2  # up to 10 answers are buttons (one click); more go into select menus
PAGE_SELECTS = 3  # on a multi-page decision: 1 row of buttons, 3 selects, 1 row to navigate
QUIET = {"action", "kind", "seed_hidden"}


# --- values --------------------------------------------------------------------------------
def pretty(value: str) -> str:
    legendary = value.endswith("*")
    base = value.rstrip("*").replace("_", " ")
    base = base[:1].upper() + base[1:]
    return base + (" ★" if legendary else "")


def fmt(value: Any, lang: str, names: Mapping[str, str]) -> str:
    """One parameter value in a message: names for players, translated words, joined lists."""
    if isinstance(value, bool):
        return t(f"mn.value.{str(value).lower()}", lang)
    if isinstance(value, str):
        if value in names:
            return names[value]
        base, star = (value[:-1], " ★") if value.endswith("*") else (value, "")
        key = f"mn.value.{base}"
        return t(key, lang) + star if has(key, lang) else pretty(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Mapping):
        return "; ".join(f"{fmt(k, lang, names)}: {fmt(v, lang, names)}" for k, v in value.items())
    if isinstance(value, Iterable):
        items = [fmt(v, lang, names) for v in value]
        return ", ".join(items) if items else t("game.none", lang)
    return t("game.nobody", lang) if value is None else str(value)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- events --------------------------------------------------------------------------------
def event_text(kind: str, data: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    params = {k: fmt(v, lang, names) for k, v in data.items()}
    if "phase" in data and isinstance(data["phase"], str):
        params["phase"] = t(f"mn.phase.{data['phase']}", lang)
    key = f"mn.event.{kind}"
    if has(key):
        return t(key, lang, **params)
    shown = ", ".join(f"{k}={v}" for k, v in params.items() if k not in QUIET)
    return f"{pretty(kind)}" + (f" ({shown})" if shown else "")


def pack(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into as few messages as possible, each within `limit` characters."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def public_messages(events: Iterable[Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """The thread's messages: only events whose audience is None (never hidden information)."""
    lines = [event_text(e.kind, e.data, lang, names) for e in events if e.audience is None]
    return pack([line for line in lines if line])


def private_messages(
    events: Iterable[Any], lang_of: Mapping[str, str], names: Mapping[str, str]
) -> dict[str, list[str]]:
    """Each audience member's DMs: the events only he (and the listed others) may see."""
    lines: dict[str, list[str]] = {}
    for e in events:
        for player in e.audience or ():
            lang = lang_of.get(player, "en")
            lines.setdefault(player, []).append(event_text(e.kind, e.data, lang, names))
    return {p: pack(v) for p, v in lines.items()}


# --- actions and decision pages ------------------------------------------------------------
def digest(action: Mapping[str, Any]) -> str:
    """A short fingerprint of an action: a click names index + digest, so a stale list or a
    different player's list cannot be mistaken for the one shown."""
    raw = orjson.dumps(dict(action), option=orjson.OPT_SORT_KEYS)
    return hashlib.sha1(raw).hexdigest()[:6]


def action_label(action: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    kind = str(action.get("kind", "?"))
    if action.get("hidden"):  # a sealed or private answer, shown to others by its kind only
        return clip(t(f"mn.group.{kind}", lang) if has(f"mn.group.{kind}") else pretty(kind),
                    OPTION_LIMIT)
    fields = {k: v for k, v in action.items() if k not in ("kind", "player")}
    if fields and all(v in ("", None) for v in fields.values()) and has(f"mn.action.{kind}.none"):
        return clip(t(f"mn.action.{kind}.none", lang), OPTION_LIMIT)  # the "no, thanks" answer
    params = {k: fmt(v, lang, names) for k, v in fields.items()}
    for k in ("slots", "reward"):
        if not action.get(k) and k in params:
            params[k] = ""
    key = f"mn.action.{kind}"
    if has(key):
        text = " ".join(t(key, lang, **params).split())
    else:
        text = pretty(kind) + (": " + ", ".join(params.values()) if params else "")
    return clip(text, OPTION_LIMIT)


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = "primary"  # primary | secondary | success | danger


@dataclass(frozen=True, slots=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)
    min_values: int = 1
    max_values: int = 1


@dataclass(slots=True)
class Page:
    content: str
    rows: list[list[ButtonSpec] | SelectSpec] = field(default_factory=list)
    page: int = 0
    pages: int = 1


def cid(game: int, version: int, code: str) -> str:
    return f"mn:{game}:v{version}:{code}"


def _groups(actions: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    order: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        order.setdefault(str(a.get("kind")), []).append(i)
    return list(order.values())


# --- composing a set of tokens (sealed offer, payment) -----------------------------------------
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
    only: Collection[str] | None = None,
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
            game, version, actions, family, lang, names)])
    else:
        options = compose_options(hand, most, kind, lang, names)
    if not options:  # none of those tokens held: Discord refuses an empty select
        return decision_page(game, version, actions, 0, lang, names, header)
    placeholder = clip(t(f"mn.compose.{kind}", lang, count=count), PLACEHOLDER_LIMIT)
    low, high = min(fewest, len(options)), min(most, len(options))
    rows: list[list[ButtonSpec] | SelectSpec] = [
        SelectSpec(cid(game, version, code), placeholder, options, low, high)]
    rows += _other_buttons(game, version, actions, family, lang, names)
    if back:
        rows.append(back)
    return Page(clip(header, MESSAGE_LIMIT), rows)


def _other_buttons(game: int, version: int, actions: Sequence[Mapping[str, Any]],
                   family: tuple[str, int, int], lang: str, names: Mapping[str, str],
                   ) -> list[list[ButtonSpec] | SelectSpec]:
    """The answers not composed (cancel, 1-token powers, the empty offer), as buttons."""
    others = [i for i, a in enumerate(actions) if not composable(a, family)]
    rows: list[list[ButtonSpec] | SelectSpec] = []
    for start in range(0, min(len(others), BUTTONS_PER_ROW * (ROWS - 2)), BUTTONS_PER_ROW):
        row = []
        for i in others[start:start + BUTTONS_PER_ROW]:
            a = actions[i]
            style = "secondary" if a.get("kind") in ("end_turn", "cancel_purchase") else "primary"
            row.append(ButtonSpec(cid(game, version, f"a{i}.{digest(a)}"),
                                  clip(action_label(a, lang, names), LABEL_LIMIT), style))
        rows.append(row)
    return rows


def decision_page(
    game: int, version: int, actions: Sequence[Mapping[str, Any]], page: int, lang: str,
    names: Mapping[str, str], header: str = "", hand: Mapping[str, int] | None = None,
    only: Collection[str] | None = None,
) -> Page:
    """Components for the decisions one player owes: buttons when there are few, else one
    select per kind of action (25 options each), three selects a page when they do not fit.
    Given the player's hand, a large offer or payment is composed instead (`compose_page`)."""
    family = compose_family(actions) if hand is not None else None
    if family is not None and hand is not None:
        return compose_page(game, version, actions, family, hand, lang, names, header, only)
    def button(i: int) -> ButtonSpec:
        a = actions[i]
        style = "secondary" if a.get("kind") in ("end_turn", "cancel_purchase") else "primary"
        return ButtonSpec(cid(game, version, f"a{i}.{digest(a)}"),
                          clip(action_label(a, lang, names), LABEL_LIMIT), style)

    if len(actions) <= BUTTONS_PER_ROW * BUTTON_ROWS:
        rows: list[list[ButtonSpec] | SelectSpec] = [
            [button(i) for i in range(start, min(start + BUTTONS_PER_ROW, len(actions)))]
            for start in range(0, len(actions), BUTTONS_PER_ROW)]
        return Page(clip(header, MESSAGE_LIMIT), rows)
    groups = _groups(actions)
    singles = [g[0] for g in groups if len(g) == 1]
    if len(singles) > BUTTONS_PER_ROW:  # too many lone kinds: put them in a select too
        groups, singles = [*[g for g in groups if len(g) > 1], singles], []
    chunks = [g[i:i + SELECT_OPTIONS] for g in groups if len(g) > 1
              for i in range(0, len(g), SELECT_OPTIONS)]
    fits = len(chunks) + (1 if singles else 0) <= ROWS
    per_page = len(chunks) if fits else PAGE_SELECTS
    pages = max(1, -(-len(chunks) // per_page)) if chunks else 1
    page = min(max(page, 0), pages - 1)
    rows = [[button(i) for i in singles]] if singles and page == 0 else []
    for n, chunk in enumerate(chunks[page * per_page:(page + 1) * per_page]):
        kind = str(actions[chunk[0]].get("kind"))
        group = t(f"mn.group.{kind}", lang) if has(f"mn.group.{kind}") else pretty(kind)
        placeholder = clip(f"{group} — {t('game.more_options', lang, count=len(chunk))}",
                           PLACEHOLDER_LIMIT)
        options = tuple((action_label(actions[i], lang, names), f"{i}.{digest(actions[i])}")
                        for i in chunk)
        rows.append(SelectSpec(cid(game, version, f"s{page}.{n}"), placeholder, options))
    if pages > 1:
        nav = []
        if page > 0:
            nav.append(ButtonSpec(cid(game, version, f"p{page - 1}"),
                                  clip(t("button.previous", lang), LABEL_LIMIT), "secondary"))
        if page < pages - 1:
            nav.append(ButtonSpec(cid(game, version, f"p{page + 1}"),
                                  clip(t("button.next", lang), LABEL_LIMIT), "secondary"))
        rows.append(nav)
    content = header
    if pages > 1:
        content = f"{header}\n{t('game.choose', lang, page=page + 1, pages=pages)}".strip()
    return Page(clip(content, MESSAGE_LIMIT), rows, page, pages)


def prompt_context(prompts: Iterable[Mapping[str, Any]], lang: str,
                   names: Mapping[str, str]) -> list[str]:
    """One line per decision owed that depends on facts (only keys the catalog
    names under `ctx.`: internal bookkeeping is never shown)."""
    lines = []
    for p in prompts:
        data = p.get("data") or {}
        if data.get("answered"):
            continue
        facts = [f"{t(f'mn.ctx.{k}', lang)}: {fmt(v, lang, names)}" for k, v in data.items()
                 if has(f"mn.ctx.{k}")]
        if not facts:  # the decision's name is already in the header
            continue
        kind = str(p.get("kind"))
        name = t(f"mn.prompt.{kind}", lang) if has(f"mn.prompt.{kind}") else pretty(kind)
        lines.append(clip(f"• {name} — " + " · ".join(facts), 300))
    return lines


def build_summary(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """Before a builder ends his turn: what he placed this turn, and what ending it keeps and
    discards (rulings §10: up to 2 coins kept, commodities discarded). From his own view only:
    it goes to him alone (DM or ephemeral)."""
    build = view.get("build") or {}
    hand = view.get("hand")
    if hand is None or build.get("current") != view.get("viewer"):
        return []
    bought = [fmt(b["item"], lang, names)
              + (f" ({fmt(b['target'], lang, names)})" if b.get("target") else "")
              for b in build.get("bought") or []]
    from bot.games.mare_nostrum.phases.build import KEPT_COINS  # the rule lives in the engine

    coins = sum(n for tok, n in hand.items() if tok == "coin")
    goods = sum(n for tok, n in hand.items() if tok != "coin")
    kept = min(coins, KEPT_COINS)
    lines = [
        t("mn.build.summary_bought", lang,
          items=", ".join(bought) if bought else t("game.none", lang)),
        t("mn.build.summary_end", lang, kept=kept, lost=coins - kept, goods=goods),
    ]
    if "hanging_gardens" in (view.get("hw") or {}).get(view.get("viewer"), []):
        lines.append(t("mn.build.summary_gardens", lang))
    return lines


# --- screens -------------------------------------------------------------------------------
def empire_names(view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
    """The seats' names in a language: the catalog's (`seat_name`), else the view's."""
    named = {e: seat_name(e, lang) for e in view.get("empires", {})}
    return {e: named[e] if named[e] != e else str(info.get("name") or pretty(e))
            for e, info in view.get("empires", {}).items()}


def hand_text(hand: Mapping[str, int] | None, lang: str) -> str:
    if not hand:
        return t("game.none", lang)
    return ", ".join(f"{n}× {fmt(tok, lang, {})}" for tok, n in sorted(hand.items()) if n)


def who(user: int, lang: str) -> str:
    """A seat's holder: a mention, or "🤖 AI" for an AI seat (negative ids)."""
    return t("game.ai_player", lang) if user < 0 else f"<@{user}>"


def status_text(
    game: int, view: Mapping[str, Any], seats: Mapping[str, int], lang: str,
    *, paused: bool = False, autopilot: Sequence[str] = (),
) -> str:
    names = empire_names(view, lang)
    players = ", ".join(f"{names.get(e, e)} ({who(seats[e], lang)})" if e in seats
                        else names.get(e, e)
                        for e in view.get("players", []))
    waiting = sorted({p["player"] for p in view.get("pending", [])})
    shown = ", ".join(f"{names.get(e, e)}" for e in waiting) or t("game.nobody", lang)
    text = t("game.status", lang, game=game, round=view.get("round"),
             phase=t(f"mn.phase.{view.get('phase')}", lang), players=players, waiting=shown)
    text += "".join("\n" + line for line in status_details(view, lang, names))
    if paused:
        text += "\n" + t("game.status_paused", lang)
    if autopilot:
        text += "\n" + t("game.status_autopilot", lang,
                          players=", ".join(names.get(e, e) for e in autopilot))
    if view.get("over"):
        text += "\n" + t("game.over", lang, game=game,
                         winners=fmt(view.get("winners", []), lang, names))
    return clip(text, MESSAGE_LIMIT)


def status_details(view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
    """Public facts of the position: who holds each title, each empire's levels and its
    heroes and wonders (what the board shows to everyone)."""
    lines = []
    titles = view.get("titles") or {}
    if titles:
        nobody = t("game.nobody", lang)
        held = [f"{t(f'mn.value.{title}', lang)}: {names.get(who, who) if who else nobody}"
                for title, who in titles.items()]
        lines.append(t("mn.game.status_titles", lang, titles="; ".join(held)))
    levels = view.get("levels") or {}
    hw = view.get("hw") or {}
    for empire in view.get("players", []):
        if empire not in levels and empire not in hw:
            continue
        mine = levels.get(empire, {})
        tiles = ", ".join(hw_display_name(h, lang) for h in hw.get(empire, []))
        lines.append(t("mn.game.status_player", lang, player=names.get(empire, empire),
                       trade=mine.get("trade", 0), culture=mine.get("culture", 0),
                       military=mine.get("military", 0), hw=tiles or t("game.none", lang)))
    return lines


def hw_display_name(tile_id: str, lang: str) -> str:
    """A hero's or wonder's name in the user's language (the catalog's)."""
    key = f"mn.hw.{tile_id}"
    return t(key, lang) if has(key) else pretty(tile_id)


def screen_text(game: int, view: Mapping[str, Any], lang: str) -> str:
    names = empire_names(view, lang)
    me = view.get("viewer")
    titles = [pretty(title) for title, who in view.get("titles", {}).items() if who == me]
    text = t("mn.game.screen", lang, game=game, empire=names.get(str(me), str(me)),
             hand=hand_text(view.get("hand"), lang),
             titles=", ".join(titles) or t("game.none", lang))
    mine = [p for p in view.get("pending", []) if p.get("player") == me]
    if mine:
        text += "\n" + ", ".join(t(f"mn.prompt.{p['kind']}", lang) for p in mine)
    return clip(text, MESSAGE_LIMIT)


def log_text(
    entries: Sequence[tuple[int, str, Mapping[str, Any]]], lang: str,
    names: Mapping[str, str], last: int = 20,
) -> str:
    if not entries:
        return t("game.log_empty", lang)
    lines = [t("game.log_line", lang, seq=seq, player=names.get(player, player),
               action=action_label(action, lang, names))
             for seq, player, action in entries[-last:]]
    return pack(lines)[-1]


def lobby_text(
    game: int, creator: int, seats: int, deadline: float, language: str, players: Sequence[int],
    lang: str, claims: Mapping[int, str] | None = None, *, name: str,
) -> str:
    """The lobby message, titled with the game's `name`; `claims` maps a player to the seat he
    claimed (shown after him)."""
    hours = f"{deadline:g}"
    claims = claims or {}
    mentions = ", ".join(who(u, lang) + (f" ({claims[u]})" if u in claims else "")
                         for u in players) or t("game.nobody", lang)
    return clip("\n".join([
        f"**{t('lobby.title', lang, game=game, name=name)}**",
        t("lobby.body", lang, creator=f"<@{creator}>", seats=seats, deadline=hours,
          language={"fr": "français", "en": "English"}.get(language, language),
          count=len(players), players=mentions),
        t("lobby.start_hint", lang),
    ]), MESSAGE_LIMIT)


def seating_text(seats: Mapping[str, int], names: Mapping[str, str], lang: str) -> str:
    listed = ", ".join(f"{names.get(e, e)}: {who(u, lang)}" for e, u in seats.items())
    return t("lobby.seating", lang, seating=listed)
