"""A user's games, wherever they are (issue 13, "my games"): what `/mn games` lists and what
every `game:` option suggests. Pure reading through the service and each game's registry entry
and presenter (public facts only: the phase, who is awaited), no Discord object.

Order: the games awaiting the user first, then his other running games, then his lobbies;
newest first within each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .catalog import has, t
from .embeds import Embed, embed
from .embeds import field as embed_field
from .presenters import MESSAGE_LIMIT, clip, named
from .registry import Game, games
from .storage import GameRecord

if TYPE_CHECKING:
    from .service import GameService

LISTED = ("lobby", "active")  # what "my games" means: the games still to be played
CHOICE_LIMIT = 100  # an autocomplete choice's name


@dataclass(frozen=True, slots=True)
class MyGame:
    """One of the user's games as the list shows it (names in the reader's language)."""

    record: GameRecord
    name: str  # the game's name ("Mare Nostrum: Empires")
    seat: str  # his seat's name ("" in a lobby)
    phase: str  # "" in a lobby
    your_turn: bool
    awaited: list[str] = field(default_factory=list)  # seats' names
    players: list[tuple[str, int]] = field(default_factory=list)  # (seat's name, user)

    @property
    def rank(self) -> tuple[int, int]:
        """Sort key: awaiting him first, then running, then lobbies; newest first."""
        group = 0 if self.your_turn else 1 if self.record.status == "active" else 2
        return group, -self.record.id


def game_name(entry: Game, lang: str) -> str:
    """A game's name from its part of the catalog (`<namespace>.gamename.<id>`), else its id."""
    key = f"{entry.catalog}.gamename.{entry.id}"
    return t(key, lang) if entry.catalog and has(key) else entry.id


def phase_name(entry: Game, phase: str, lang: str) -> str:
    """A phase's name in the game's own part first (two games may share a phase id)."""
    key = f"{entry.catalog}.phase.{phase}"
    return t(key, lang) if entry.catalog and has(key) else named("phase", phase, lang)


def link(record: GameRecord) -> str:
    """A link to the game's thread (its channel without one) that works from any server or
    DM: a channel mention only resolves on its own server."""
    return f"https://discord.com/channels/{record.guild_id}/{record.thread_id or record.channel_id}"


def describe(service: GameService, record: GameRecord, user_id: int, lang: str) -> MyGame:
    """What the list says of one game for this user."""
    entry = games()[record.game]
    name = game_name(entry, lang)
    mine = record.seat_of(user_id)
    if record.status != "active" or record.snapshot is None:
        return MyGame(record, name, "", "", False, players=[("", s.user) for s in record.players])
    state = service.state_of(record)
    seen = entry.engine.view(state, None)
    names = entry.words.names(seen, lang)
    owed = service.owed_players(record, state)
    seat = mine.seat if mine is not None and mine.seat else ""
    return MyGame(
        record,
        name,
        names.get(seat, seat),
        phase_name(entry, str(seen.get("phase")), lang),
        seat in owed,
        [names.get(p, p) for p in seen.get("players", []) if p in owed],
        [(names.get(s.seat or "", s.seat or ""), s.user) for s in record.players],
    )


async def my_games(
    service: GameService,
    user_id: int,
    lang: str,
    *,
    guild_id: int | None = None,
    game: str | None = None,
    statuses: Sequence[str] = LISTED,
) -> list[MyGame]:
    """The games `user_id` plays in (on every server, or on `guild_id` only; of every game, or
    of `game` only), in list order."""
    found = [
        describe(service, r, user_id, lang)
        for r in await service.storage.games(tuple(statuses))
        if r.seat_of(user_id) is not None
        and r.game in games()
        and (guild_id is None or r.guild_id == guild_id)
        and (game is None or r.game == game)
    ]
    return sorted(found, key=lambda g: g.rank)


def state_words(game: MyGame, lang: str) -> str:
    """ "your turn", "waiting for Rome, Greece", or "lobby (2/3)"."""
    if game.record.status != "active":
        return t(
            "games.lobby",
            lang,
            count=len(game.record.players),
            seats=game.record.options.get("seats", "?"),
        )
    if game.your_turn:
        return t("games.your_turn", lang)
    return t("games.waiting", lang, players=", ".join(game.awaited) or t("game.nobody", lang))


def choice_label(game: MyGame, lang: str) -> str:
    """An autocomplete choice: "#12 Mare Nostrum: Empires · Trade · your turn"."""
    parts = [f"#{game.record.id} {game.name}", game.phase, state_words(game, lang)]
    return clip(" · ".join(p for p in parts if p), CHOICE_LIMIT)


def _details(game: MyGame, lang: str) -> list[str]:
    """Under a game's heading: its players (AI seats counted), the link to its thread."""
    players = ", ".join(
        f"{name} (<@{user}>)" if name else f"<@{user}>"
        for name, user in game.players
        if user > 0
    )
    ai = sum(1 for _, user in game.players if user < 0)
    if ai:
        players += (", " if players else "") + t("games.ai_count", lang, count=ai)
    return [t("games.players", lang, players=players),
            t("games.link", lang, link=link(game.record))]


def listing(found: Sequence[MyGame], lang: str) -> str:
    """`/mn games` as text: one paragraph per game, with the link to its thread."""
    if not found:
        return t("games.none", lang)
    blocks = ["\n".join([f"**{choice_label(game, lang)}**", *_details(game, lang)])
              for game in found]
    text = t("games.title", lang, count=len(found)) + "\n\n" + "\n\n".join(blocks)
    return clip(text, MESSAGE_LIMIT)


def listing_embed(found: Sequence[MyGame], lang: str) -> Embed:
    """`/mn games` as an embed (issue 13): a field per game in list order (its heading, its
    players and link); past Discord's 25 fields (or 6,000 characters) the footer says how
    many more there are."""
    fields = [embed_field(choice_label(game, lang), "\n".join(_details(game, lang)), inline=False)
              for game in found]
    card = embed(t("games.title", lang, count=len(found)), fields=fields)
    shown = len(card.get("fields") or [])
    if shown < len(found):
        card = embed(t("games.title", lang, count=len(found)), fields=fields[:shown],
                     footer=t("games.more", lang, count=len(found) - shown))
    return card


def matching(found: Sequence[MyGame], typed: str, lang: str) -> list[tuple[str, int]]:
    """Autocomplete: (label, game id) of the games whose label or number holds what was typed;
    at most 25 (Discord's limit)."""
    wanted = typed.strip().lstrip("#").casefold()
    out = []
    for game in found:
        label = choice_label(game, lang)
        if not wanted or wanted in label.casefold() or wanted in str(game.record.id):
            out.append((label, game.record.id))
    return out[:25]
