"""`/mn stats` (issue 13): a user's games played and won, per game, computed from the stored
finished games (every server's: a record of his own). A game counts once it is over; an
abandoned game counts for nothing; a shared victory is a win for each winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .embeds import Embed, embed, field
from .i18n import t
from .mygames import game_name
from .registry import games

if TYPE_CHECKING:
    from .service import GameService


@dataclass(slots=True)
class Tally:
    played: int = 0
    won: int = 0


async def tallies(service: GameService, user_id: int) -> dict[str, Tally]:
    """Registry game id -> his games played and won, for the games he finished."""
    out: dict[str, Tally] = {}
    for record in await service.storage.games(("over",)):
        mine = record.seat_of(user_id)
        if mine is None or mine.seat is None or record.game not in games():
            continue
        view = service.game_of(record).engine.view(service.state_of(record), None)
        tally = out.setdefault(record.game, Tally())
        tally.played += 1
        tally.won += mine.seat in view.get("winners", [])
    return out


def stats_embed(user_id: int, found: dict[str, Tally], lang: str) -> Embed:
    """One field per game he played: played, won and the share won."""
    fields = []
    for gid in sorted(found, key=lambda g: -found[g].played):
        tally = found[gid]
        fields.append(
            field(
                game_name(games()[gid], lang),
                t(
                    "stats.line",
                    lang,
                    played=tally.played,
                    won=tally.won,
                    share=round(100 * tally.won / tally.played),
                ),
            )
        )
    total = Tally(sum(x.played for x in found.values()), sum(x.won for x in found.values()))
    description = (
        t("stats.total", lang, user=f"<@{user_id}>", played=total.played, won=total.won)
        if found
        else t("stats.none", lang, user=f"<@{user_id}>")
    )
    return embed(t("stats.title", lang), description, fields=fields)
