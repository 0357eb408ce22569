"""What was played for a player while he was away (bot/away.py), per game, from the action
log: his own seat's answers since his away began, grouped ("3× End my Build turn"). Told to
him alone (by DM, or ephemeral): his own sealed answers are shown in full there."""

from __future__ import annotations

from typing import Any

from .away import seconds
from .i18n import t
from .mygames import game_name, link
from .service import GameService, effective_log

SUMMARY_LINES = 15  # the grouped lines per game, at most (then "… and N more")


def grouped(labels: list[str]) -> list[str]:
    """Each label once, in the order first played, counted when repeated."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return [label if n == 1 else f"{n}× {label}" for label, n in counts.items()]


async def played_for(
    service: GameService, user: int, entry: dict[str, Any], lang: str | None = None
) -> list[tuple[int, str]]:
    """(game id, its summary) for each game where something was played for `user` since
    his away began (`entry["since"]`), in his language for that game (or `lang`)."""
    since = seconds(str(entry["since"]))
    out = []
    for record in await service.storage.games(("active", "over")):
        mine = record.seat_of(user)
        if mine is None or mine.seat is None or record.snapshot is None:
            continue
        played = [
            a
            for a in effective_log(await service.storage.actions(record.id))
            if a.player == mine.seat and a.created_at >= since
        ]
        if not played:
            continue
        hosted = service.game_of(record)
        language = lang or service.language_of(record, user)
        names = hosted.words.names(hosted.engine.view(service.state_of(record), None), language)
        lines = grouped([hosted.words.action_label(a.action, language, names) for a in played])
        more = len(lines) - SUMMARY_LINES
        shown = [f"• {line}" for line in lines[:SUMMARY_LINES]]
        if more > 0:
            shown.append(t("away.more", language, count=more))
        head = t(
            "away.summary_game",
            language,
            game=record.id,
            name=game_name(hosted, language),
            count=len(played),
            link=link(record),
        )
        out.append((record.id, "\n".join([head, *shown])))
    return out
