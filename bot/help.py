"""Help for everyone (spectators too), for any game: its rules topics and the powers of its
pieces, as each game's registry entry provides them (`Game.help`), in English and French. Pure
text from public data only: no game state, no secret."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .i18n import t
from .presenters import MESSAGE_LIMIT, clip
from .registry import GameHelp, Topic

CHOICES = 25  # Discord's limit of autocomplete choices
CHOICE_NAME = 100
ECHO = 100  # at most this much of an unknown name is repeated back (it may be ~2000 long)
# A topic is found by its name in the user's language, else in the others.
SEARCHED = ("en", "fr")


def _fold(text: str) -> str:
    """Lower case without accents, for matching what the user types."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _matching(items: list[tuple[str, str]], current: str) -> list[tuple[str, str]]:
    """(name, value) pairs whose name or value contains what was typed; at most 25."""
    typed = _fold(current.strip())
    hits = [(clip(n, CHOICE_NAME), v) for n, v in items
            if not typed or typed in _fold(n) or typed in _fold(v)]
    return hits[:CHOICES]


def topic_choices(game_help: GameHelp, current: str, lang: str) -> list[tuple[str, str]]:
    """The rules topics matching what was typed, in the game's order."""
    return _matching([(topic.name(lang), topic.id) for topic in game_help.rules()], current)


def piece_choices(game_help: GameHelp, current: str, lang: str) -> list[tuple[str, str]]:
    """The pieces matching what was typed, by name."""
    items = sorted(((p.name(lang), p.id) for p in game_help.pieces()),
                   key=lambda p: _fold(p[0]))
    return _matching(items, current)


def _find(key: str, choices: list[tuple[str, str]]) -> str | None:
    """The id typed or chosen: an exact id, else the only (or first) match by name."""
    folded = _fold(key.strip())
    for name, value in choices:
        if folded in (_fold(value), _fold(name)):
            return value
    return choices[0][1] if choices and folded else None


def _topic(topics: Sequence[Topic], choices: Callable[[str], list[tuple[str, str]]],
           typed: str, lang: str) -> Topic | None:
    """What the user typed or chose: `choices(language)` lists the candidates."""
    for language in (lang, *SEARCHED):
        found = _find(typed, choices(language))
        if found is not None:
            return next(x for x in topics if x.id == found)
    return None


def rules_text(game_help: GameHelp, topic: str, lang: str) -> str:
    found = _topic(game_help.rules(), lambda language: topic_choices(game_help, topic, language),
                   topic, lang)
    if found is None:
        # The topics by their names in his language (issue 13: never the English ids in a
        # French answer); either is accepted when typed.
        names = ", ".join(n for n, _ in topic_choices(game_help, "", lang))
        return clip(t("help.unknown_topic", lang, topic=clip(topic.strip(), ECHO),
                      topics=names), MESSAGE_LIMIT)
    return clip(found.text(lang), MESSAGE_LIMIT)


def piece_text(game_help: GameHelp, name: str, lang: str) -> str:
    found = _topic(game_help.pieces(), lambda language: piece_choices(game_help, name, language),
                   name, lang)
    if found is None:
        return clip(t(game_help.unknown_piece, lang, name=clip(name.strip(), ECHO)), MESSAGE_LIMIT)
    return clip(found.text(lang), MESSAGE_LIMIT)


# --- the rules book, paged (issue 13: the text itself, never a repository path) -------------
PAGE_TEXT = 1800  # a page's text; its title line and Discord's 2000 leave room


@dataclass(frozen=True, slots=True)
class HelpPage:
    topic: str  # the topic's id
    name: str  # the topic's name in the reader's language
    text: str


def split_text(text: str, limit: int = PAGE_TEXT) -> list[str]:
    """Pages of at most `limit` characters, cut between lines, else between words."""
    pages: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a line longer than a page: cut at its last space
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                pages.append(current)
                current = ""
            pages.append(line[:cut])
            line = line[cut:].lstrip()
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pages.append(current)
            candidate = line
        current = candidate
    if current.strip():
        pages.append(current)
    return pages or [""]


def rules_book(game_help: GameHelp, lang: str) -> list[HelpPage]:
    """Every rules topic in the game's order, each starting a page: what Previous and Next
    leaf through."""
    return [HelpPage(topic.id, topic.name(lang), part)
            for topic in game_help.rules() for part in split_text(topic.text(lang))]


def find_topic(game_help: GameHelp, typed: str, lang: str) -> str | None:
    """The id of the topic typed or chosen (by id or name, in any language), else None."""
    found = _topic(game_help.rules(), lambda language: topic_choices(game_help, typed, language),
                   typed, lang)
    return found.id if found is not None else None


def first_page(book: Sequence[HelpPage], topic: str) -> int:
    return next((i for i, page in enumerate(book) if page.topic == topic), 0)


def page_text(book: Sequence[HelpPage], index: int, game: str, lang: str) -> str:
    """One page as sent: its title (the game, the topic, where in the book), then its text."""
    page = book[index]
    head = t("help.page_title", lang, game=game, topic=page.name, page=index + 1,
             pages=len(book))
    return clip(f"{head}\n{page.text}", MESSAGE_LIMIT)
