"""Neptun's help topics (its registry entry's `help`): the rules summary and its commands,
from its part of the catalog (`neptun.help.topic.<id>`). Public data only."""

from __future__ import annotations

from functools import partial

from bot.catalog import t
from bot.games.neptun.locales import NAMESPACE
from bot.registry import GameHelp, Topic

TOPICS = ("overview", "commands")


def _text(key: str, lang: str) -> str:
    return t(f"{NAMESPACE}.help.topic.{key}", lang)


def rules() -> tuple[Topic, ...]:
    return tuple(Topic(topic, partial(_text, topic), partial(_text, f"{topic}.text"))
                 for topic in TOPICS)


HELP = GameHelp(rules=rules)
