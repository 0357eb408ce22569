"""Pure message builders: events, actions, statuses and decision pages -> text and component
specs within Discord's limits. No Discord objects here, so all of it is tested directly.

Generic: no game is named here. What is proper to a game (its seats' names, the facts of its
status, its screen, the lines and compositions of its decision pages) is its presenter, named
by its registry entry (`bot.registry.Presenter`); `CatalogPresenter` below is the default a
game's presenter builds on, reading the catalog's common keys.

A word of a game (`event.<kind>`, `action.<kind>`, `value.<id>`, `phase.<id>`...) lives in its
game's part of the catalog (`mn.event.moved`): the generic functions below find it with
`catalog.found` (the common key, else the first game's part that has it), so they name no
game; a game whose words would collide with another's overrides them in its presenter."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from .catalog import colon, semicolon
from .i18n import found, seat_name, t

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
        key = f"value.{str(value).lower()}"
        return t(found(key) or key, lang)
    if isinstance(value, str):
        if value in names:
            return seat_in(value, lang, names)
        base, star = (value[:-1], " ★") if value.endswith("*") else (value, "")
        word = found(f"value.{base}")
        return t(word, lang) + star if word is not None else pretty(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Mapping):
        return semicolon(lang).join(f"{fmt(k, lang, names)}{colon(lang)}{fmt(v, lang, names)}"
                                    for k, v in value.items())
    if isinstance(value, Iterable):
        return grouped([fmt(v, lang, names) for v in value], lang)
    return t("game.nobody", lang) if value is None else str(value)


def seat_in(seat: str, lang: str, names: Mapping[str, str]) -> str:
    """A seat's name in the reader's language: the catalog's (`i18n.seat_name`) wins over
    `names`, which a caller may have made in another language (one mapping for a thread and
    its DMs); a seat the catalog does not name keeps its name in `names`."""
    named = seat_name(seat, lang)
    return names.get(seat, seat) if named == seat else named


def localised(names: Mapping[str, str], lang: str) -> dict[str, str]:
    """`names` with every seat in the reader's language (`seat_in`)."""
    return {seat: seat_in(seat, lang, names) for seat in names}


def grouped(items: Sequence[str], lang: str) -> str:
    """A list with its repeats counted, in first-seen order ("3× metal, wine", not "metal,
    metal, metal, wine"); none said as such."""
    if not items:
        return t("game.none", lang)
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(f"{n}× {item}" if n > 1 else item for item, n in counts.items())


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def named(prefix: str, kind: str, lang: str) -> str:
    """The catalog's word for a phase, prompt or group of answers (`<prefix>.<kind>`, in the
    common part or a game's: `catalog.found`), else the id made readable: a game without its
    own words still reads plainly."""
    key = found(f"{prefix}.{kind}")
    return t(key, lang) if key is not None else pretty(kind)


# --- events --------------------------------------------------------------------------------
def event_text(kind: str, data: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    params = {k: fmt(v, lang, names) for k, v in data.items()}
    if "phase" in data and isinstance(data["phase"], str):
        params["phase"] = named("phase", data["phase"], lang)
    key = found(f"event.{kind}")
    if key is not None:
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


EventText = Callable[[str, Mapping[str, Any], str, Mapping[str, str]], str]


def public_messages(events: Iterable[Any], lang: str, names: Mapping[str, str],
                    text: EventText = event_text) -> list[str]:
    """The thread's messages: only events whose audience is None (never hidden information).
    `text`: the game's words for an event (its presenter's `event_text`)."""
    lines = [text(e.kind, e.data, lang, names) for e in events if e.audience is None]
    return pack([line for line in lines if line])


def private_messages(
    events: Iterable[Any], lang_of: Mapping[str, str], names: Mapping[str, str],
    text: EventText = event_text,
) -> dict[str, list[str]]:
    """Each audience member's DMs: the events only he (and the listed others) may see."""
    lines: dict[str, list[str]] = {}
    for e in events:
        for player in e.audience or ():
            lang = lang_of.get(player, "en")
            lines.setdefault(player, []).append(text(e.kind, e.data, lang, names))
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
        return clip(named("group", kind, lang), OPTION_LIMIT)
    fields = {k: v for k, v in action.items() if k not in ("kind", "player")}
    none = found(f"action.{kind}.none")
    if fields and all(v in ("", None) for v in fields.values()) and none is not None:
        return clip(t(none, lang), OPTION_LIMIT)  # the "no, thanks" answer
    params = {k: fmt(v, lang, names) for k, v in fields.items()}
    for k in ("slots", "reward"):
        if not action.get(k) and k in params:
            params[k] = ""
    key = found(f"action.{kind}")
    if key is not None:
        text = " ".join(t(key, lang, **params).split())
    else:
        text = pretty(kind) + (colon(lang) + ", ".join(params.values()) if params else "")
    return clip(text, OPTION_LIMIT)


ActionLabel = Callable[[Mapping[str, Any], str, Mapping[str, str]], str]


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


def answer_button(game: int, version: int, actions: Sequence[Mapping[str, Any]], i: int,
                  lang: str, names: Mapping[str, str], secondary: Collection[str] = (),
                  label: ActionLabel = action_label) -> ButtonSpec:
    """The button of the i-th answer (grey for the `secondary` kinds), in the game's words
    (`label`: its presenter's `action_label`)."""
    a = actions[i]
    style = "secondary" if a.get("kind") in secondary else "primary"
    return ButtonSpec(cid(game, version, f"a{i}.{digest(a)}"),
                      clip(label(a, lang, names), LABEL_LIMIT), style)


@dataclass(frozen=True, slots=True)
class Composed:
    """What the values chosen in a composition select (`c0`/`c1`) name: an answer (`action`;
    None when no such decision is owed any more), or a narrower page to compose it from
    (`only`: the values it keeps; empty when none of them can be composed)."""

    action: dict[str, Any] | None = None
    only: tuple[str, ...] | None = None


def unique_labels(actions: Sequence[Mapping[str, Any]], lang: str, names: Mapping[str, str],
                  label: ActionLabel = action_label) -> ActionLabel:
    """The answers' labels made unique on one page: a label two answers would share (a
    game's words too coarse for them) is told apart by its rank, "(2)", so no two buttons or
    options of a decision read the same."""
    shown: dict[int, str] = {}
    seen: dict[str, int] = {}
    for a in actions:
        text = clip(label(a, lang, names), LABEL_LIMIT)
        seen[text] = seen.get(text, 0) + 1
        if seen[text] > 1:
            text = clip(text, LABEL_LIMIT - 5) + f" ({seen[text]})"
        shown[id(a)] = text

    def unique(action: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
        return shown.get(id(action)) or label(action, lang, names)

    return unique


# An answer given n times at once, as a button or option says it ("Move 3 legions: …").
CountLabel = Callable[[Mapping[str, Any], int, str, Mapping[str, str]], str]
Entry = tuple[int, int]  # (index of the answer, how many times it is given)


def _groups(actions: Sequence[Mapping[str, Any]], entries: Sequence[Entry]) -> list[list[Entry]]:
    order: dict[str, list[Entry]] = {}
    for entry in entries:
        order.setdefault(str(actions[entry[0]].get("kind")), []).append(entry)
    return list(order.values())


def entry_code(actions: Sequence[Mapping[str, Any]], entry: Entry) -> str:
    """A page entry's code: `<index>.<digest>`, then `x<n>` when the answer is given n times
    (all of them or none: the service's `submit_all`)."""
    i, n = entry
    return f"{i}.{digest(actions[i])}" + (f"x{n}" if n > 1 else "")


def decision_page(
    game: int, version: int, actions: Sequence[Mapping[str, Any]], page: int, lang: str,
    names: Mapping[str, str], header: str = "", secondary: Collection[str] = (),
    label: ActionLabel = action_label, counts: Mapping[int, int] | None = None,
    count_label: CountLabel | None = None,
) -> Page:
    """Components for the decisions one player owes: buttons when there are few, else one
    select per kind of action (25 options each), three selects a page when they do not fit.
    Answers of the `secondary` kinds (ending a turn, cancelling) are grey buttons. `counts`:
    the answers that may be given several times at once (index -> most times, said by
    `count_label`): one entry per count beside the answer ("Move 2 legions: …")."""
    label = unique_labels(actions, lang, names, label)
    entries: list[Entry] = [(i, n) for i in range(len(actions))
                            for n in range(1, (counts or {}).get(i, 1) + 1
                                           if count_label is not None else 2)]

    def text(entry: Entry) -> str:
        i, n = entry
        if n == 1 or count_label is None:
            return label(actions[i], lang, names)
        return clip(count_label(actions[i], n, lang, names), LABEL_LIMIT)

    def button(entry: Entry) -> ButtonSpec:
        i, n = entry
        if n == 1:
            return answer_button(game, version, actions, i, lang, names, secondary, label)
        style = "secondary" if actions[i].get("kind") in secondary else "primary"
        return ButtonSpec(cid(game, version, "a" + entry_code(actions, entry)), text(entry),
                          style)

    if len(entries) <= BUTTONS_PER_ROW * BUTTON_ROWS:
        rows: list[list[ButtonSpec] | SelectSpec] = [
            [button(e) for e in entries[start:start + BUTTONS_PER_ROW]]
            for start in range(0, len(entries), BUTTONS_PER_ROW)]
        return Page(clip(header, MESSAGE_LIMIT), rows)
    groups = _groups(actions, entries)
    singles = [g[0] for g in groups if len(g) == 1]
    if len(singles) > BUTTONS_PER_ROW:  # too many lone kinds: put them in a select too
        groups, singles = [*[g for g in groups if len(g) > 1], singles], []
    chunks = [g[i:i + SELECT_OPTIONS] for g in groups if len(g) > 1
              for i in range(0, len(g), SELECT_OPTIONS)]
    fits = len(chunks) + (1 if singles else 0) <= ROWS
    per_page = len(chunks) if fits else PAGE_SELECTS
    pages = max(1, -(-len(chunks) // per_page)) if chunks else 1
    page = min(max(page, 0), pages - 1)
    rows = [[button(e) for e in singles]] if singles and page == 0 else []
    for n, chunk in enumerate(chunks[page * per_page:(page + 1) * per_page]):
        kind = str(actions[chunk[0][0]].get("kind"))
        group = named("group", kind, lang)
        placeholder = clip(f"{group} — {t('game.more_options', lang, count=len(chunk))}",
                           PLACEHOLDER_LIMIT)
        options = tuple((clip(text(e), OPTION_LIMIT), entry_code(actions, e)) for e in chunk)
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
        facts = [f"{t(key, lang)}{colon(lang)}{fmt(v, lang, names)}" for k, v in data.items()
                 if (key := found(f"ctx.{k}")) is not None]
        if not facts:  # the decision's name is already in the header
            continue
        kind = str(p.get("kind"))
        name = named("prompt", kind, lang)
        lines.append(clip(f"• {name} — " + " · ".join(facts), 300))
    return lines


# --- statuses ------------------------------------------------------------------------------
def who(user: int, lang: str) -> str:
    """A seat's holder: a mention, or "🤖 AI" for an AI seat (negative ids)."""
    return t("game.ai_player", lang) if user < 0 else f"<@{user}>"


def status_text(
    game: int, view: Mapping[str, Any], seats: Mapping[str, int], lang: str,
    *, names: Mapping[str, str], details: Sequence[str] = (), paused: bool = False,
    autopilot: Sequence[str] = (), dues: Mapping[str, float] | None = None,
    away: Mapping[str, float] | None = None,
) -> str:
    """The public status of a game from its spectator view (`players`, `round`, `phase`,
    `pending`, `over`, `winners`): the game's `names` of its seats and the `details` its
    presenter adds (`Presenter.status_lines`); each awaited seat's own deadline (`dues`)."""
    names = localised(names, lang)
    players = ", ".join(f"{names.get(e, e)} ({who(seats[e], lang)})" if e in seats
                        else names.get(e, e)
                        for e in view.get("players", []))
    waiting = sorted({p["player"] for p in view.get("pending", [])})
    shown = ", ".join(awaited(names.get(e, e), (dues or {}).get(e), lang, (away or {}).get(e))
                      for e in waiting) or t("game.nobody", lang)
    text = t("game.status", lang, game=game, round=view.get("round"),
             phase=named("phase", str(view.get("phase")), lang), players=players,
             waiting=shown)
    text += "".join("\n" + line for line in details)
    if paused:
        text += "\n" + t("game.status_paused", lang)
    if autopilot:
        text += "\n" + t("game.status_autopilot", lang,
                          players=", ".join(names.get(e, e) for e in autopilot))
    if view.get("over"):
        text += "\n" + t("game.over", lang, game=game,
                         winners=fmt(view.get("winners", []), lang, names))
    return clip(text, MESSAGE_LIMIT)


def timestamp(when: float) -> str:
    """A Discord timestamp, shown relative ("in 5 hours") in each reader's time zone."""
    return f"<t:{int(when)}:R>"


def awaited(who: str, due: float | None, lang: str, away: float | None = None) -> str:
    """An awaited player, with his decision's own deadline when it has one, and "away
    until …" when he is away (bot/away.py)."""
    shown = t("game.due", lang, player=who, when=timestamp(due)) if due else who
    return t("game.away_mark", lang, player=shown, when=timestamp(away)) if away else shown


def log_text(
    entries: Sequence[tuple[int, str, Mapping[str, Any]]], lang: str,
    names: Mapping[str, str], last: int = 20, label: ActionLabel = action_label,
) -> str:
    if not entries:
        return t("game.log_empty", lang)
    names = localised(names, lang)
    lines = [t("game.log_line", lang, seq=seq, player=names.get(player, player),
               action=label(action, lang, names))
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
    names = localised(names, lang)
    listed = ", ".join(t("lobby.seat", lang, seat=names.get(e, e), user=who(u, lang))
                       for e, u in seats.items())
    return t("lobby.seating", lang, seating=listed)


# --- the default presenter -------------------------------------------------------------------
class CatalogPresenter:
    """A game's presenter (`bot.registry.Presenter`) from the catalog alone: seats named by
    `i18n.seat_name`, events and answers by `event.<kind>` / `action.<kind>` (`found`)
    (else their ids made readable), no status facts, a screen listing the decisions owed,
    decision pages of buttons and selects. A game subclasses it and overrides what it says
    in its own words."""

    # Kinds of answers shown as grey buttons (ending a turn, cancelling).
    secondary: Collection[str] = ()

    def names(self, view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
        return {str(p): seat_name(str(p), lang) for p in view.get("players", [])}

    def seat_name(self, seat: str, lang: str) -> str:
        return seat_name(seat, lang)

    def event_text(self, kind: str, data: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> str:
        return event_text(kind, data, lang, names)

    def action_label(self, action: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> str:
        return action_label(action, lang, names)

    def status_lines(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        return []

    def screen_text(self, game: int, view: Mapping[str, Any], lang: str) -> str:
        me = str(view.get("viewer"))
        mine = [p for p in view.get("pending", []) if p.get("player") == me]
        owed = ", ".join(named("prompt", str(p["kind"]), lang) for p in mine)
        return clip(f"#{game} — {self.names(view).get(me, me)}"
                    + (f"\n{owed}" if owed else ""), MESSAGE_LIMIT)

    def page_lines(self, view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
        return []

    # --- the thread's rhythm (docs/discord.md "The thread's rhythm") -----------------------
    # Public event kinds that leave the board as it was (no new board picture for them).
    board_unchanged: Collection[str] = ()

    def turn_key(self, view: Mapping[str, Any]) -> tuple[Any, ...]:
        """Which thread page the public view is on: one page per phase step of a round (a
        game whose steps are players' turns adds whose turn it is)."""
        return (view.get("round"), view.get("phase"))

    def changes_board(self, kind: str) -> bool:
        return kind not in self.board_unchanged

    def thread_lines(self, events: Sequence[Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        """The lines of a thread page: its public events, in order."""
        lines = [self.event_text(e.kind, e.data, lang, names)
                 for e in events if e.audience is None]
        return [line for line in lines if line]

    def decision_page(self, game: int, version: int, actions: Sequence[Mapping[str, Any]],
                      page: int, lang: str, names: Mapping[str, str], header: str,
                      view: Mapping[str, Any], only: Sequence[str] | None = None) -> Page:
        return decision_page(game, version, actions, page, lang, names, header,
                             self.secondary, self.action_label)

    def compose(self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
                values: Sequence[str]) -> Composed | None:
        return None  # no composition select: its values are not understood

    def final_lines(self, view: Mapping[str, Any], lang: str,
                    names: Mapping[str, str]) -> dict[str, list[str]]:
        return {}  # the winners and the players only

    def victory_text(self, condition: str, lang: str) -> str:
        return named("victory", condition, lang)

    def seat_colour(self, view: Mapping[str, Any], seat: str) -> int | None:
        return None

    def page_heading(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> tuple[str, str | None]:
        return t("page.heading", lang, round=view.get("round", "?"),
                 phase=named("phase", str(view.get("phase")), lang)), None
