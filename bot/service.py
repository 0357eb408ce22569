"""The game service: lobbies, turns and deadlines, independent of Discord and of the game.

Every accepted action is saved in one transaction (action log + snapshot + version,
compare-and-set). Per-game locks serialise the answers to one game; the version check refuses
an answer given to a position that has changed since it was shown ("out of date").
"""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from . import catalog as messages
from .away import AwayBook
from .games.core.events import Event
from .games.core.windows import WINDOW, window_deadline_hours
from .registry import DEFAULT_GAME, Game, games
from .storage import ActionRecord, GameRecord, Seat, Storage, VersionConflict

log = logging.getLogger(__name__)
# Options of a game record that are the bot's, not the engine's.
AUTOPLAY_LIMIT = 300  # autopilot answers in one go, at most
# Every this many saved actions, the states they created are moved out of the cyclic GC's
# reach (gc.freeze): see _keep_out_of_gc.
FREEZE_EVERY = 100
# The bot's own options, never given to the engine. "ai": AI seats {user id: level};
# "autopilot": humans' seats an AI plays {seat: level}; "kicked": seats answered by their
# defaults (rulings §12); "rematch": a finished game's rematch (bot/rematch.py).
# "dues": each owed decision's deadline, {seat: [its prompt kinds, due time]} (issue 13).
# "window_hours": a play window's own time (ruling 17; default: `core.windows`'s quarter).
BOT_OPTIONS = frozenset({"seats", "language", "deadline_hours", "langs", "paused", "ai",
                         "autopilot", "kicked", "rematch", "dues", "quiet_users",
                         "window_hours"})
# The lobby's users who chose not to be asked in play windows where they hold nothing playable
# (ruling 17): their seats become the engine's `window_quiet` at the start.
QUIET_USERS = "quiet_users"
DUES = "dues"


# The largest id SQLite can store (a signed 64-bit integer): a larger number names no game.
MAX_ID = 2**63 - 1
DEADLINE_HOURS = (1, 24 * 14)  # the time per decision a game may have, in hours
# How long a claim on due work (a deadline's default answers, an AI move) holds: past it, the
# claiming process counts as dead and another one takes the work over (docs/scaling.md).
CLAIM_SECONDS = 300.0
# Saves raced by another process's save of the same game (several bot processes on one
# database): the answer is checked again on the new position, this many times at most.
RACE_RETRIES = 3


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks, and from where: every lookup of a game by a user goes through it, so that a
    game is seen only from its own server (and, in DMs, only by its players).

    `manages_guild` is the Manage Server permission *in `guild_id`*, which grants rights only
    over that server's games."""

    user_id: int
    guild_id: int | None  # None: a direct message
    channel_id: int | None = None
    manages_guild: bool = False


class ServiceError(Exception):
    """A refusal outside the rules (lobby, permissions, stale version). `code` is an i18n key."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class _Raced(ServiceError):
    """The first save of an answer lost the game's compare-and-set to another process (or
    task): nothing was saved, the answer may be checked again on the new position."""

    def __init__(self, game: int) -> None:
        super().__init__("out_of_date", game=game)


class Pacer:
    """Cooperative time slicing of the event loop for bursts of requests.

    Reading a game is a cache hit (the storage keeps the records), which does not yield to the
    event loop: 100 requests arriving together would all run their engine work in one loop
    iteration (~30-50 ms, benchmarks/bench_scale.py) and stall everything else. `await pace()`
    lets a request go on while the current iteration has run less than `budget` seconds since
    its first paced request; the others wait for the next iterations, in order."""

    def __init__(self, budget: float = 0.002) -> None:
        self.budget = budget
        self._since: float | None = None  # start of the current slice
        self._loop: asyncio.AbstractEventLoop | None = None

    def _next_slice(self) -> None:
        self._since = None

    async def __call__(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            now = time.perf_counter()
            # A slice of another (closed) loop never got its reset: start a new one.
            if self._since is None or self._loop is not loop:
                self._since, self._loop = now, loop
                loop.call_soon(self._next_slice)  # runs at the start of the next iteration
                return
            if now - self._since < self.budget:
                return
            await asyncio.sleep(0)


@dataclass(slots=True)
class Outcome:
    """What an accepted action (or a start, or a deadline) produced."""

    game: GameRecord
    events: list[Any] = field(default_factory=list)  # engine Events
    owed_before: set[str] = field(default_factory=set)  # players who owed a decision before
    owed_after: set[str] = field(default_factory=set)
    # Players who owe something after that they did not owe before (a new or changed prompt).
    changed: set[str] | None = None
    by_default: list[str] = field(default_factory=list)  # players answered by a deadline
    autopiloted: list[str] = field(default_factory=list)  # seats answered by their autopilot
    # Seats whose single legal answer was applied at once (issue 13): announced as forced,
    # never pinged, DMed or given a deadline for it.
    forced: list[str] = field(default_factory=list)
    # Seats of players away (bot/away.py) answered by their default at once.
    away: list[str] = field(default_factory=list)

    @property
    def newly_owed(self) -> set[str]:
        if self.changed is not None:
            return set(self.changed)
        return self.owed_after - self.owed_before


class GameService:
    def __init__(
        self, storage: Storage, *, deadline_hours: float = 24.0, language: str = "en",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.deadline_hours = deadline_hours
        self.language = language
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, tuple[int, Any]] = {}  # game id -> (version, engine state)
        # How a seat on autopilot answers: (engine, state, prompt) -> action. None: the
        # engine's documented default (rulings §12); an AI player may be plugged in here.
        self.autopilot_policy: Callable[[Any, Any, Any], Any] | None = None
        self._autoplaying: set[int] = set()
        self.pace = Pacer()
        self._saves_since_freeze = 0
        self.away = AwayBook(storage, lambda: self.clock())

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def game_of(record: GameRecord) -> Game:
        """The registry entry of the game a record plays."""
        return games()[record.game]

    def seats_offered(self, record: GameRecord) -> list[str]:
        """The seats a lobby offers: its game's for the lobby's size and options."""
        return self.game_of(record).seats(self._engine_options(record),
                                          int(record.options["seats"]))

    # --- reading -------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRecord:
        await self.pace()  # every request starts here: a burst is spread over the loop
        record = await self.storage.get_game(game_id)
        if record is None:
            raise ServiceError("game_not_found", game=game_id)
        return record

    def state_of(self, record: GameRecord) -> Any:
        """The engine state of an active (or finished) game, cached by version."""
        if record.snapshot is None:
            raise ServiceError("not_started", game=record.id)
        cached = self._states.get(record.id)
        if cached is None or cached[0] != record.version:
            cached = (record.version, self.game_of(record).engine.from_json(record.snapshot))
            self._states[record.id] = cached
        return cached[1]

    def _keep_out_of_gc(self) -> None:
        """The states cached after play are long-lived too. Once every game has moved since
        the load, a full collection scans them all again (~30 ms with 1,000 games, longer
        than the loop may stall): freezing every FREEZE_EVERY saves keeps each full collection
        to the last hundred states. The engine's states hold no reference cycles, so the
        frozen ones are still freed by reference counting when replaced."""
        self._saves_since_freeze += 1
        if self._saves_since_freeze >= FREEZE_EVERY:
            self._saves_since_freeze = 0
            gc.freeze()

    async def load(self) -> list[GameRecord]:
        """After a restart: every running game, states parsed and cached."""
        games = await self.storage.games(("active",))
        await self.away.load()  # before the AI seats are woken: an away player's AI plays too
        for record in games:
            self.state_of(record)
        # The cached states are long-lived: keep them out of the cyclic GC's full collections,
        # which otherwise stall the event loop (~100 ms with 1,000 games, bench_scale.py).
        gc.freeze()
        return games

    def language_of(self, record: GameRecord, user_id: int) -> str:
        """A player's language for his DMs: his own if known, else the game's."""
        langs = record.options.get("langs") or {}
        return str(langs.get(str(user_id)) or record.options.get("language") or self.language)

    async def deadline_of(self, game_id: int) -> float | None:
        """The game's earliest deadline (its `deadlines` row)."""
        for d in await self.storage.deadlines():
            if d.game_id == game_id:
                return d.due_at
        return None

    @staticmethod
    def dues_of(record: GameRecord) -> dict[str, float]:
        """Each owed decision's deadline: seat -> due time (issue 13). A seat that answered a
        sealed step and waits for the others has none."""
        if record.status != "active" or record.options.get("paused"):
            return {}
        return {str(seat): float(entry[1])
                for seat, entry in (record.options.get(DUES) or {}).items()}

    def _owed_kinds(self, record: GameRecord, state: Any) -> dict[str, str]:
        """What each seat owes, by prompt kind only (public): a seat whose kinds change owes a
        new decision."""
        kinds: dict[str, list[str]] = {}
        for p in self.game_of(record).engine.owed(state):
            kinds.setdefault(p.player, []).append(p.kind)
        return {seat: ",".join(sorted(k)) for seat, k in kinds.items()}

    def _arm(self, record: GameRecord, state: Any, acted: Collection[str] = (), *,
             fresh: bool = False) -> float | None:
        """Set each owed decision's own deadline in the record (saved with it) and return the
        earliest (the game's `deadlines` row; None: nothing to wait for). A decision keeps
        its deadline while others move: only a seat that answered (`acted`), a seat newly
        owing or owing another kind of decision gets a new one, the game's time per decision
        from now; `fresh` gives every seat a new one (resume, a new time per decision)."""
        if record.status != "active":
            record.options.pop(DUES, None)
            return None
        engine = self.game_of(record).engine
        old = record.options.get(DUES) or {}
        hours = float(record.options.get("deadline_hours", self.deadline_hours))
        window = self.window_hours(record)
        now = self.clock()
        dues: dict[str, list[Any]] = {}
        for seat, kinds in self._owed_kinds(record, state).items():
            kept = old.get(seat)
            if not fresh and seat not in acted and kept is not None and kept[0] == kinds:
                dues[seat] = kept
            elif engine.legal_actions(state, seat):  # else: sealed, waiting for the others
                # A play window's own short deadline (ruling 17), else the game's.
                wait = window if kinds == WINDOW else hours
                dues[seat] = [kinds, now + wait * 3600]
        if dues:
            record.options[DUES] = dues
        else:
            record.options.pop(DUES, None)
        return min(float(entry[1]) for entry in dues.values()) if dues else None

    def window_hours(self, record: GameRecord) -> float:
        """A play window's own time (ruling 17): the game's setting (`window_hours`), else a
        quarter of its time per decision (at least one hour); never longer than the latter."""
        hours = float(record.options.get("deadline_hours", self.deadline_hours))
        own = record.options.get("window_hours")
        return min(hours, float(own)) if own else window_deadline_hours(hours)

    def reminder_lead(self, record: GameRecord, seat: str) -> float:
        """How long before its deadline a seat's decision is reminded (seconds): the last
        quarter of its own time (a window's is short)."""
        kinds = (record.options.get(DUES) or {}).get(seat, [""])[0]
        hours = float(record.options.get("deadline_hours", self.deadline_hours))
        return (self.window_hours(record) if kinds == WINDOW else hours) * 900

    async def find(self, caller: Caller, game_id: int | None = None, *,
                   decisions: bool = False) -> GameRecord:
        """The game a user means, seen from where he asks: its number, else the game of this
        thread or channel, else his only running game — always among the games of the
        caller's server. In DMs (no server) only his own games, and only to answer his own
        decisions (`decisions`); anything else there is refused. A game of another server is
        answered exactly like a game that does not exist."""
        if caller.guild_id is None and not decisions:
            raise ServiceError("guild_only")
        if game_id is not None:
            await self.pace()  # every request starts here: a burst is spread over the loop
            record = await self.storage.get_game(game_id) if 0 < game_id <= MAX_ID else None
            if record is None or not self._visible(record, caller):
                raise ServiceError("game_not_found", game=game_id)
            return record
        games = [g for g in await self.storage.games(("lobby", "active", "over"))
                 if self._visible(g, caller)]
        here = [g for g in games
                if caller.channel_id is not None and g.thread_id == caller.channel_id]
        if len(here) == 1:
            return here[0]
        # The games opened in this channel (not over): the one there, else the caller's one
        # among them; several: say which there are (issue 13).
        opened = [g for g in games if caller.channel_id is not None and g.status != "over"
                  and g.channel_id == caller.channel_id]
        mine_here = [g for g in opened if g.seat_of(caller.user_id)]
        for candidates in (opened, mine_here):
            if len(candidates) == 1:
                return candidates[0]
        if len(opened) > 1:
            raise ServiceError("several_games_here", games=_numbers(opened))
        mine = [g for g in games if g.status == "active" and g.seat_of(caller.user_id)]
        if len(mine) == 1:
            return mine[0]
        if len(mine) > 1:
            raise ServiceError("several_games_yours", games=_numbers(mine))
        raise ServiceError("no_game_here")

    async def games_of(self, caller: Caller) -> list[GameRecord]:
        """The running games the caller plays in on the server he asks from (none in DMs):
        what a `game:` option suggests."""
        if caller.guild_id is None:
            return []
        return [g for g in await self.storage.games(("active",))
                if g.guild_id == caller.guild_id and g.seat_of(caller.user_id) is not None]

    @staticmethod
    def _visible(record: GameRecord, caller: Caller) -> bool:
        if caller.guild_id is None:  # a DM: only a game he plays in
            return record.seat_of(caller.user_id) is not None
        return record.guild_id == caller.guild_id

    @staticmethod
    def require_admin(record: GameRecord, caller: Caller) -> None:
        """Administration is for the game's creator, or a manager of the game's own server
        (the game has been found from its server: `find` guarantees the guild matches)."""
        if caller.guild_id != record.guild_id:
            raise ServiceError("game_not_found", game=record.id)
        if caller.user_id != record.creator_id and not caller.manages_guild:
            raise ServiceError("not_admin", game=record.id)

    def owed_signature(self, record: GameRecord, state: Any) -> dict[str, str]:
        """What each player owes, as a fingerprint: a changed fingerprint is a new decision."""
        out: dict[str, list[Any]] = {}
        for p in self.game_of(record).engine.owed(state):
            out.setdefault(p.player, []).append([p.kind, p.data])
        return {player: orjson.dumps(v, default=str, option=orjson.OPT_SORT_KEYS).hex()
                for player, v in out.items()}

    def owed_players(self, record: GameRecord, state: Any) -> set[str]:
        return {p.player for p in self.game_of(record).engine.owed(state)}

    async def legal_for(self, game_id: int, user_id: int) -> tuple[GameRecord, str, list[Any]]:
        """(game, the user's seat, his legal actions now)."""
        record = await self.game(game_id)
        seat = self._seat(record, user_id)
        state = self.state_of(record)
        actions = self.game_of(record).engine.legal_actions(state, seat)
        return record, seat, list(actions)

    @staticmethod
    def _seat(record: GameRecord, user_id: int) -> str:
        """The seat the user plays in this game (refused when he plays none)."""
        mine = record.seat_of(user_id)
        if mine is None or mine.seat is None:
            raise ServiceError("not_in_game", game=record.id)
        return mine.seat

    # --- AI seats ------------------------------------------------------------------------
    def ai_level(self, record: GameRecord, seat: str | None) -> str | None:
        """The AI level playing `seat` now: an AI seat, a human's seat on autopilot, or the
        seat of a player away who chose the AI (`standard`, bot/away.py)."""
        user = record.user_of(seat) if seat is not None else None
        if user is None:
            return None
        auto = record.options.get("autopilot") or {}
        if seat in auto:
            return str(auto[seat])
        if record.status == "active" and self.away.mode(user) == "ai":
            return "standard"
        return str((record.options.get("ai") or {}).get(str(user)) or "") or None

    def away_seats(self, record: GameRecord) -> dict[str, float]:
        """The seats of this game whose players are away: seat -> when they are back."""
        out = {}
        for seat, user in record.seating().items():
            until = self.away.until(user)
            if until is not None:
                out[seat] = until
        return out

    def _away_defaults(self, record: GameRecord) -> set[str]:
        """The seats answered by their default at once: their players are away with
        `defaults` (an autopilot set by the creator plays them instead)."""
        auto = record.options.get("autopilot") or {}
        return {seat for seat, user in record.seating().items()
                if seat not in auto and self.away.mode(user) == "defaults"}

    async def away_sweep(self, game_id: int) -> Outcome:
        """Answer at once what the away players of a game owe now (their defaults; the AI
        ones are played by the notifier's AI driver, `ai_owed`)."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            owed = self.owed_players(record, self.state_of(record)) \
                if record.status == "active" else set()
            return await self._autoplay_after(Outcome(record, [], owed, owed, set()))

    @staticmethod
    def is_ai_user(user_id: int) -> bool:
        return user_id < 0  # AI seats get negative ids: never a Discord user

    async def add_ai(self, game_id: int, user_id: int, level: str = "standard") -> GameRecord:
        """The creator fills an empty seat with an AI player (one of the game's levels)."""
        def change(r: GameRecord) -> None:
            if level not in self.game_of(r).ai_levels:
                raise ServiceError("bad_ai_level", level=level)
            if user_id != r.creator_id:
                raise ServiceError("not_creator", game=game_id)
            if len(r.players) >= int(r.options["seats"]):
                raise ServiceError("game_full", game=game_id)
            ai_id = min([0, *(s.user for s in r.players)]) - 1
            r.players.append(Seat(ai_id))
            r.options.setdefault("ai", {})[str(ai_id)] = level
        return await self._edit_lobby(game_id, change)

    async def set_autopilot(self, game_id: int, user_id: int, target: int,
                            on: bool, level: str = "standard") -> GameRecord:
        """The creator lets an AI play an absent player's seat (on), or gives it back (off)."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise ServiceError("not_active", game=game_id)
            if user_id != record.creator_id:
                raise ServiceError("not_creator", game=game_id)
            seat = self._seat(record, target)
            auto = dict(record.options.get("autopilot") or {})
            if on:
                auto[seat] = level
            else:
                auto.pop(seat, None)
            record.options["autopilot"] = auto
            saved = await self.storage.save_game(record, record.version)
            self._states.pop(saved.id, None)
            return saved

    def ai_owed(self, record: GameRecord) -> list[str]:
        """The players an AI answers for who owe a decision now, in seat order."""
        if record.status != "active":
            return []
        state = self.state_of(record)
        engine = self.game_of(record).engine
        owed = self.owed_players(record, state)
        # A sealed answer already given stays owed until the others answer: no legal action.
        return [seat for seat in record.seating()
                if seat in owed and self.ai_level(record, seat)
                and engine.legal_actions(state, seat)]

    async def ai_move(self, game_id: int) -> tuple[Outcome, str, dict[str, Any]] | None:
        """One AI answer (the first AI-played seat that owes one), through `submit`;
        (outcome, player, action) or None when no AI owes anything. The AI is rebuilt for each
        move, seeded from the game and its version: reproducible and restart-proof."""
        from .ai import make_player

        record = await self.game(game_id)
        players = self.ai_owed(record)
        if not players:
            return None
        now = self.clock()
        if not await self.storage.claim_ai_turn(game_id, record.version, now,
                                                now + CLAIM_SECONDS):
            return None  # another process plays it (or the game is being saved right now)
        seat = players[0]
        user = record.seating()[seat]
        engine = self.game_of(record).engine
        state = self.state_of(record)
        legal = engine.legal_actions(state, seat)
        ai = make_player(self.ai_level(record, seat) or "standard",
                         (record.seed or 0) * 1009 + record.version, record.game)
        action = ai.choose(engine.view(state, seat), legal).to_dict()
        # submit() checks the seat: an autopiloted human's seat acts under his own id, logged
        # without it (an AI's answer is not his to undo).
        outcome = await self.submit(game_id, user, action, record.version, autopilot=user > 0)
        return outcome, seat, action

    # --- lobby ---------------------------------------------------------------------------
    async def create_lobby(
        self, guild_id: int, channel_id: int, creator_id: int, seats: int,
        language: str | None = None, deadline_hours: float | None = None,
        creator_language: str | None = None, game: str = DEFAULT_GAME,
        ruleset: str | None = None, modules: Sequence[str] = (), start: str | None = None,
        variants: Sequence[str] = (),
    ) -> GameRecord:
        """A lobby for `seats` players of a registered game, under one of its rulesets (None:
        its default) with some of that ruleset's optional modules, from one of its starts
        (None: its default), with some of its variants switched on."""
        hosted = games().get(game)
        if hosted is None:
            raise ServiceError("unknown_game", game=game)
        choice = hosted.ruleset(ruleset)
        if choice is None:
            raise ServiceError("unknown_ruleset", ruleset=str(ruleset))
        chosen = tuple(dict.fromkeys(modules))  # each once, in the order given
        for module in chosen:
            if module not in choice.modules:
                raise ServiceError("unknown_module", module=module)
        for variant in variants:
            if variant not in choice.variants:
                raise ServiceError("unknown_variant", variant=variant)
        if start is not None and start not in choice.starts:
            raise ServiceError("no_such_start" if choice.starts else "no_start_choice",
                               start=start)
        low, high = hosted.player_range(choice.name, chosen)
        if not low <= seats <= high:
            raise ServiceError("bad_player_count", min=low, max=high)
        if deadline_hours is not None:
            self.check_deadline_hours(deadline_hours)
        options: dict[str, Any] = {
            "seats": seats, "language": language or self.language,
            "deadline_hours": deadline_hours or self.deadline_hours,
            # Each player's own language, for his DMs (the game's language is for the thread).
            "langs": {str(creator_id): creator_language or language or self.language},
        }
        # The engine's options: left out at their defaults (stored games stay as they were).
        if choice.name != hosted.default_ruleset:
            options["ruleset"] = choice.name
        if chosen:
            options["modules"] = list(chosen)
        if start is not None:  # kept even at the default: the lobby says which was chosen
            options["start"] = start
        for variant in dict.fromkeys(variants):
            options[variant] = True
        # The engine's own refusal (a module's variant without its module: the Mythology's
        # long game) now, not once the lobby is full and starts: a trial set-up.
        engine_options = {k: v for k, v in options.items() if k not in BOT_OPTIONS}
        hosted.engine.new_game(hosted.seats(engine_options, low), engine_options, 0)
        record = GameRecord(id=0, guild_id=guild_id, channel_id=channel_id,
                            creator_id=creator_id, game=game, options=options,
                            players=[Seat(creator_id)])
        return await self.storage.create_game(record)

    async def _edit_lobby(self, game_id: int, change: Callable[[GameRecord], None]) -> GameRecord:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise ServiceError("not_a_lobby", game=game_id)
            change(record)
            return await self.storage.save_game(record, record.version)

    async def set_places(self, game_id: int, thread_id: int | None,
                         lobby_message_id: int | None) -> GameRecord:
        def change(r: GameRecord) -> None:
            r.thread_id, r.lobby_message_id = thread_id, lobby_message_id
        return await self._edit_lobby(game_id, change)

    async def join(self, game_id: int, user_id: int, language: str | None = None) -> GameRecord:
        def change(r: GameRecord) -> None:
            if r.seat_of(user_id):
                raise ServiceError("already_joined", game=game_id)
            if len(r.players) >= int(r.options["seats"]):
                raise ServiceError("game_full", game=game_id)
            r.players.append(Seat(user_id))
            if language:
                r.options.setdefault("langs", {})[str(user_id)] = language
        return await self._edit_lobby(game_id, change)

    async def claim_seat(self, game_id: int, user_id: int, seat: str | None) -> GameRecord:
        """A joined player claims a seat of the lobby's player count (None: dealt at random
        at the start). Two players cannot claim the same one."""
        def change(r: GameRecord) -> None:
            mine = r.seat_of(user_id)
            if mine is None:
                raise ServiceError("not_in_game", game=game_id)
            if seat is not None:
                if seat not in self.seats_offered(r):
                    raise ServiceError("seat_not_in_play", seat=seat, count=r.options["seats"])
                if any(s.seat == seat and s is not mine for s in r.players):
                    raise ServiceError("seat_taken", seat=seat)
            mine.seat = seat
        return await self._edit_lobby(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        def change(r: GameRecord) -> None:
            seat = r.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_in_game", game=game_id)
            if user_id == r.creator_id:
                raise ServiceError("creator_cannot_leave", game=game_id)
            r.players.remove(seat)
        return await self._edit_lobby(game_id, change)

    async def set_window_quiet(self, game_id: int, user_id: int, on: bool) -> GameRecord:
        """A player of the lobby chooses (on) or not to be asked only in the play windows
        where he holds something playable (ruling 17); kept until the start."""
        def change(r: GameRecord) -> None:
            if r.seat_of(user_id) is None:
                raise ServiceError("not_in_game", game=game_id)
            quiet = [u for u in r.options.get(QUIET_USERS) or [] if u != user_id]
            r.options[QUIET_USERS] = [*quiet, user_id] if on else quiet
        return await self._edit_lobby(game_id, change)

    async def start(self, game_id: int, user_id: int) -> Outcome:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise ServiceError("not_a_lobby", game=game_id)
            if user_id != record.creator_id:
                raise ServiceError("not_creator", game=game_id)
            rs = self.game_of(record)
            fewest, _ = rs.player_range(record.options.get("ruleset"),
                                        record.options.get("modules") or ())
            if len(record.players) < fewest:
                raise ServiceError("not_enough_players", min=fewest, count=len(record.players))
            seats = rs.seats(self._engine_options(record), len(record.players))
            chosen = record.seating()
            outside = [seat for seat in chosen if seat not in seats]
            if outside:  # claimed in a bigger lobby than the game that starts
                raise ServiceError("seat_not_in_play", seat=outside[0],
                                   count=len(record.players))
            # Claimed seats stay with their players; the others are dealt at random.
            free = [seat for seat in seats if seat not in chosen]
            dealt = sorted(free, key=lambda _: secrets.randbits(32))
            users = [s.user for s in record.players if not s.seat]
            owner = {**chosen, **dict(zip(dealt, users, strict=True))}
            record.players = [Seat(owner[seat], seat) for seat in seats]
            quiet = record.options.pop(QUIET_USERS, None) or []
            if quiet:  # an engine option from now on (replays read it)
                record.options["window_quiet"] = [s for s in seats if owner[s] in quiet]
            record.seed = secrets.randbits(63)
            state, events = rs.engine.new_game(seats, self._engine_options(record),
                                               record.seed)
            record.status = "active"
            record.snapshot = rs.engine.to_json(state)
            # In the same transaction: a crash cannot split them.
            due = self._arm(record, state, fresh=True)
            # Marked unpublished (set-up events included) in that transaction too: the notifier
            # clears the mark once the players are told, a later scan retries otherwise.
            saved = await self.storage.save_game(record, record.version, deadline=due,
                                                 clear_deadline=due is None,
                                                 unpublished_after=-1)
            self._states[saved.id] = (saved.version, state)
            # A set-up may already owe a single public answer: forced at once like any other.
            return await self._autoplay_after(
                Outcome(saved, list(events), set(), self.owed_players(saved, state)))

    @staticmethod
    def _engine_options(record: GameRecord) -> dict[str, Any]:
        """The game's options meant for the engine (the others are the bot's)."""
        return {k: v for k, v in record.options.items()
                if k not in BOT_OPTIONS}

    async def verify(self, game_id: int) -> bool:
        """Integrity: replaying the action log from the seed gives the stored snapshot."""
        record = await self.game(game_id)
        if record.snapshot is None or record.seed is None:
            return record.status == "lobby"
        engine = self.game_of(record).engine
        players = sorted(s.seat or "" for s in record.players)
        seats = engine.from_json(record.snapshot).players
        if sorted(seats) != players:
            return False
        log = [a.action for a in effective_log(await self.storage.actions(game_id))]
        state = engine.replay(seats, self._engine_options(record), record.seed, log)
        return bool(engine.to_json(state) == record.snapshot)

    async def abandon(self, game_id: int) -> GameRecord:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status not in ("lobby", "active"):
                raise ServiceError("game_over", game=game_id)
            record.status = "abandoned"
            return await self.storage.save_game(record, record.version, clear_deadline=True)

    # --- play ----------------------------------------------------------------------------
    async def submit(
        self, game_id: int, user_id: int, action: dict[str, Any], expected_version: int,
        *, autopilot: bool = False,
    ) -> Outcome:
        """Apply one player's answer, given on a page drawn at `expected_version`. Raises
        ServiceError (out_of_date, not_in_game, ...) or the engine's EngineError; nothing is
        saved then.

        Everything is decided under the game's lock, at the version current then: if every
        move since the page was drawn was another player's (sealed answers given side by
        side), the answer still stands and the engine checks it against the position now,
        like any answer; a move of his own since makes the page stale, so a double click never
        acts twice. `autopilot`: the AI answers for a human's seat (`/mn autopilot`, away): it
        is logged without his user id, so that it is never his to undo."""
        async with self.lock(game_id):
            for _ in range(RACE_RETRIES):
                record, seat = await self._answering(game_id, user_id, expected_version)
                # The acting player is the user's seat, whatever the dict says.
                data = {**action, "player": seat}
                try:
                    return await self._apply(
                        record, [(seat, None if autopilot else user_id, data)])
                except _Raced:
                    continue  # another process saved the game first: judged again on it
            raise ServiceError("out_of_date", game=game_id)

    async def submit_all(
        self, game_id: int, user_id: int, actions: list[dict[str, Any]], expected_version: int
    ) -> Outcome:
        """Several answers of one player given at once (`/mn military move count:3`): all of
        them or none. Under the lock, each is checked by the engine on a copy of the position
        the previous ones leave; only if every one passes are they saved (one transaction
        each), with one outcome for all. Same refusals as `submit`."""
        if len(actions) == 1:
            return await self.submit(game_id, user_id, actions[0], expected_version)
        async with self.lock(game_id):
            for _ in range(RACE_RETRIES):
                record, seat = await self._answering(game_id, user_id, expected_version)
                engine = self.game_of(record).engine
                state = self.state_of(record)
                answers: list[tuple[str, int | None, dict[str, Any]]] = []
                for action in actions:
                    data = {**action, "player": seat}
                    state, _ = engine.apply(state, engine.action_from_dict(data, state))
                    answers.append((seat, user_id, data))
                try:
                    return await self._apply(record, answers)
                except _Raced:
                    continue  # another process saved the game first: judged again on it
            raise ServiceError("out_of_date", game=game_id)

    async def _answering(self, game_id: int, user_id: int,
                         expected_version: int) -> tuple[GameRecord, str]:
        """(game, the user's player id) when he may answer on a page drawn at
        `expected_version` (called under the game's lock); else ServiceError."""
        record = await self.game(game_id)
        if record.status != "active":
            raise ServiceError("game_over" if record.status == "over" else "not_active",
                               game=game_id)
        seat = self._seat(record, user_id)
        if record.version != expected_version:
            since = await self._actions_since(record, expected_version)
            # Stale after a move of his own, or after a save that was no move (a start, a
            # pause, a replacement...): every save since must be another player's action.
            if any(a.player == seat for a in since) \
                    or len(since) != record.version - expected_version:
                raise ServiceError("out_of_date", game=game_id)
        self._refuse_paused(record)
        return record, seat

    # --- undo (rulings §13) ----------------------------------------------------------------
    async def undoable(self, game_id: int, user_id: int) -> ActionRecord | None:
        """The user's last action if he may take it back now (see `undo`), else None."""
        try:
            record = await self.game(game_id)
            return await self._undoable(record, self._seat(record, user_id), user_id)
        except ServiceError:
            return None

    async def _undoable(self, record: GameRecord, seat: str,
                        user_id: int) -> ActionRecord | None:
        if record.status != "active" or self.paused(record) or record.seed is None:
            return None
        log = await self.storage.actions(record.id)
        kept = effective_log(log)
        if not kept:
            return None
        last = kept[-1]
        # His own answer (not a default, an autopilot's or a forced one), and nothing after it
        # but his own earlier undos: no one else has acted since.
        if last.player != seat or last.user_id != user_id or any(
                not is_undo(a.action) or a.player != seat for a in log if a.seq > last.seq):
            return None
        engine = self.game_of(record).engine
        try:
            before = self._replayed(record, kept[:-1])
            action = engine.action_from_dict(last.action, before)
            after, _ = engine.apply(before, action)
            # A log that does not replay to the snapshot (an older process's bug, an edit by
            # hand) is never rewound: the replay would be another game.
            if engine.to_json(after) != record.snapshot:
                return None
            return last if engine.undoable(before, action) else None
        except engine.EngineError:
            return None

    def _replayed(self, record: GameRecord, log: list[ActionRecord]) -> Any:
        engine = self.game_of(record).engine
        assert record.seed is not None and record.snapshot is not None
        seats = engine.players(self.state_of(record))
        return engine.replay(seats, self._engine_options(record), record.seed,
                             [a.action for a in log])

    async def undo(self, game_id: int, user_id: int, expected_version: int) -> Outcome:
        """Take back the user's last action (rulings §13: "only while it revealed no hidden
        information and no other player has acted since"; the engine says what revealed
        something). The log keeps both: the action stays, an `undo` entry naming its seq
        follows it, and the game is the replay of the log without it. Refused with
        `not_undoable` (or `out_of_date` on a page drawn at another version)."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise ServiceError("game_over" if record.status == "over" else "not_active",
                                   game=game_id)
            seat = self._seat(record, user_id)
            self._refuse_paused(record)
            if record.version != expected_version:
                raise ServiceError("out_of_date", game=game_id)
            last = await self._undoable(record, seat, user_id)
            if last is None:
                raise ServiceError("not_undoable", game=game_id)
            engine = self.game_of(record).engine
            state_now = self.state_of(record)
            before_sig = self.owed_signature(record, state_now)
            kept = effective_log(await self.storage.actions(game_id))
            state = self._replayed(record, kept[:-1])
            record.snapshot = engine.to_json(state)
            due = self._arm(record, state, acted={seat})
            entry = {"kind": UNDO, "player": seat, "seq": last.seq}
            logged = await self.storage.action_count(game_id)
            try:
                saved = await self.storage.save_game(
                    record, record.version, (seat, user_id, entry), deadline=due,
                    clear_deadline=due is None, unpublished_after=logged)
            except VersionConflict:
                self._states.pop(game_id, None)
                raise ServiceError("out_of_date", game=game_id) from None
            self._states[saved.id] = (saved.version, state)
            after = self.owed_signature(saved, state)
            changed = {p for p, sig in after.items() if before_sig.get(p) != sig}
            # Public: who took back which kind of answer (never its content: it may be sealed).
            event = Event("action_undone", {"player": seat, "kind": last.action.get("kind")})
            return Outcome(saved, [event], set(before_sig), set(after), changed)

    async def _actions_since(self, record: GameRecord, version: int) -> list[ActionRecord]:
        """The actions logged after the game was at `version` (actions logged before their
        version was recorded count as older than any page)."""
        if record.version <= version:
            return []
        log = await self.storage.actions(record.id)
        return [a for a in log if a.version is not None and a.version > version]

    async def own_answer_since(self, record: GameRecord, seat: str,
                               version: int) -> dict[str, Any] | None:
        """The seat's own latest answer recorded after a page drawn at `version`, if any:
        a click on that page again is a re-click of an answer already saved."""
        mine = [a for a in await self._actions_since(record, version) if a.player == seat]
        return mine[-1].action if mine else None

    async def _apply(
        self, record: GameRecord, answers: list[tuple[str, int | None, dict[str, Any]]]
    ) -> Outcome:
        engine = self.game_of(record).engine
        state = self.state_of(record)
        before = self.owed_signature(record, state)
        events: list[Any] = []
        saved = record
        # The actions logged before these (a cached count): each save marks what follows as
        # unpublished, in its own transaction (see republish_outcome).
        logged = await self.storage.action_count(record.id) if answers else 0
        for i, (player, user_id, data) in enumerate(answers):
            parsed = engine.action_from_dict(data, state)
            state, new_events = engine.apply(state, parsed)
            events.extend(new_events)
            saved.snapshot = engine.to_json(state)
            if engine.is_over(state):
                saved.status = "over"
            version = saved.version
            # The last save also sets the deadlines: one transaction, one fsync per action.
            due = self._arm(saved, state, {a[0] for a in answers}) \
                if i == len(answers) - 1 else None
            try:
                saved = await self.storage.save_game(
                    saved, version, (player, user_id, parsed.to_dict()),
                    deadline=due, clear_deadline=i == len(answers) - 1 and due is None,
                    unpublished_after=logged + i)
            except VersionConflict:
                self._states.pop(saved.id, None)
                if i == 0:  # nothing of these answers saved
                    raise _Raced(saved.id) from None
                raise ServiceError("out_of_date", game=saved.id) from None
            self._states[saved.id] = (saved.version, state)
            self._keep_out_of_gc()
        await self.pace()  # the saves of a batch (group commit) all return together
        after = self.owed_signature(saved, state)
        changed = {p for p, sig in after.items() if before.get(p) != sig}
        outcome = Outcome(saved, events, set(before), set(after), changed)
        return await self._autoplay_after(outcome)

    async def republish_outcome(self, game_id: int, after_seq: int) -> Outcome | None:
        """What the players may not have been told since the game's action `after_seq` (-1:
        since before its set-up): the events of the later actions, replayed from the seed (the
        log keeps no events), and the players whose decisions changed since then (owed after
        `after_seq` vs now), as `_apply` computes them. None when the game is neither running
        nor over. A log that does not replay to the stored snapshot gives no events, only the
        decisions owed now: better than telling events of another game."""
        async with self.lock(game_id):  # the record and its log at one version
            record = await self.storage.get_game(game_id)
            if record is None or record.status not in ("active", "over") \
                    or record.seed is None or record.snapshot is None:
                return None
            logged = effective_log(await self.storage.actions(game_id))
        engine = self.game_of(record).engine
        now = self.state_of(record)
        after = self.owed_signature(record, now)
        events: list[Any] = []
        before: dict[str, str] | None = {} if after_seq < 0 else None
        try:
            state, setup = engine.new_game(list(now.players), self._engine_options(record),
                                           record.seed)
            if after_seq < 0:
                events.extend(setup)
            else:  # then after each action up to `after_seq` (undone ones leave gaps)
                before = self.owed_signature(record, state)
            for i, entry in enumerate(logged):
                state, new = engine.apply(state, engine.action_from_dict(entry.action))
                if entry.seq > after_seq:
                    events.extend(new)
                else:
                    before = self.owed_signature(record, state)
                if i % 50 == 49:
                    await asyncio.sleep(0)  # a long game's replay must not stall the loop
            if before is None or engine.to_json(state) != record.snapshot:
                raise ValueError("the action log does not replay to the snapshot")
        except Exception:
            log.exception("game %s: cannot replay what was not published", game_id)
            events, before = [], {}
        changed = {p for p, sig in after.items() if before.get(p) != sig}
        return Outcome(record, events, set(before), set(after), changed)

    # --- deadlines -----------------------------------------------------------------------
    async def scan_deadlines(self) -> list[Outcome]:
        """Apply the default answer (rulings §12) to every decision whose deadline passed."""
        outcomes = []
        now = self.clock()
        # Claimed: another process scanning at the same time gets other deadlines.
        for deadline in await self.storage.claim_deadlines(now, now + CLAIM_SECONDS):
            try:
                outcome = await self._expire(deadline.game_id, deadline.version)
            except _Raced:
                continue  # the game moved meanwhile: its save set its deadline
            except Exception:  # one broken game must not stop the others
                log.exception("deadline of game %s failed", deadline.game_id)
                await self.storage.set_deadline(deadline.game_id, deadline.version,
                                                self.clock() + 3600)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    def _late(self, record: GameRecord, version: int) -> set[str]:
        """The seats whose decision's own deadline has passed (rulings §12: only theirs take
        their default). The game's row is the earliest of them; a row brought forward by hand
        (or a game saved before per-decision deadlines: no dues) makes the earliest decisions
        late. A row behind the record (a save that set no deadline) names nobody."""
        owed = self.owed_players(record, self.state_of(record))
        now = self.clock()
        # A seat owing with no deadline of its own (a game saved before per-decision
        # deadlines, a position set by hand) has the game's, which has passed.
        dues = {seat: self.dues_of(record).get(seat, now) for seat in owed}
        late = {seat for seat, due in dues.items() if due <= now}
        if late or record.version != version or not dues:
            return late
        first = min(dues.values())
        return {seat for seat, due in dues.items() if due == first}

    async def _expire(self, game_id: int, version: int) -> Outcome | None:
        """The defaults of the late decisions of a game whose deadline row (set at
        `version`) is due."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "active" or self.paused(record):
                return None  # paused: resuming gives fresh deadlines
            late = self._late(record, version)
            if not late:  # the row is behind: set it again from the record's deadlines
                dues = self.dues_of(record)
                if dues:
                    await self.storage.set_deadline(game_id, record.version, min(dues.values()))
                else:
                    await self.storage.clear_deadline(game_id)
                return None
            answers = self._default_answers(record, late)
            outcome, kept = await self._apply_defaults(record, answers, late)
            outcome.by_default = list(dict.fromkeys(a[0] for a in kept))
            return outcome

    def _default_answers(
        self, record: GameRecord, seats: Collection[str]
    ) -> list[tuple[str, int | None, dict[str, Any]]]:
        """The documented default (rulings §12) of each decision these seats owe now and
        can answer: what a passed deadline plays, and what a player away with `defaults`
        has played at once."""
        engine = self.game_of(record).engine
        state = self.state_of(record)
        answers: list[tuple[str, int | None, dict[str, Any]]] = []
        for prompt in engine.owed(state):
            if prompt.player in seats and engine.legal_actions(state, prompt.player):
                action = engine.default_action(state, prompt)
                answers.append((prompt.player, None, action.to_dict()))
        return answers

    async def _apply_defaults(
        self, record: GameRecord, answers: list[tuple[str, int | None, dict[str, Any]]],
        late: Collection[str] = (),
    ) -> tuple[Outcome, list[tuple[str, int | None, dict[str, Any]]]]:
        """Apply the defaults one by one; a default that no longer fits (an earlier one
        changed the position) is skipped. When none fits, the `late` seats get a fresh
        deadline (saved, no action). Returns the outcome and the answers applied."""
        engine = self.game_of(record).engine
        kept = []
        state = self.state_of(record)
        for answer in answers:
            try:
                state, _ = engine.apply(state, engine.action_from_dict(answer[2], state))
            except engine.EngineError:
                continue
            kept.append(answer)
        if kept or not late:
            return await self._apply(record, kept), kept
        due = self._arm(record, self.state_of(record), late)
        saved = await self.storage.save_game(record, record.version, deadline=due,
                                             clear_deadline=due is None)
        self._states.pop(saved.id, None)
        owed = self.owed_players(saved, self.state_of(saved))
        return Outcome(saved, [], owed, owed, set()), kept

    async def due_reminders(self) -> list[tuple[GameRecord, set[str]]]:
        """The decisions in the last quarter of their own time and not yet reminded:
        (game, the seats to remind), each decision once (several processes)."""
        out = []
        now = self.clock()
        for d in await self.storage.deadlines():
            record = await self.storage.get_game(d.game_id)
            if record is None or record.status != "active" or self.paused(record):
                continue
            quarter = float(record.options.get("deadline_hours", self.deadline_hours)) * 900
            if DUES not in record.options:  # one deadline for the game, as games had before
                if d.reminded or record.version != d.version or now < d.due_at - quarter:
                    continue
                if await self.storage.mark_reminded(d.game_id, d.version):
                    out.append((record, self.owed_players(record, self.state_of(record))))
                continue
            soon = {seat: due for seat, due in self.dues_of(record).items()
                    if due - self.reminder_lead(record, seat) <= now < due}
            marked = await self.storage.mark_seat_reminders(record.id, soon) if soon else []
            if marked:  # the others were reminded already, or by another process
                out.append((record, set(marked)))
        return out

    # --- kicked players' seats (answered by their defaults, rulings §12) ----------------
    @staticmethod
    def kicked(record: GameRecord) -> list[str]:
        """The seats whose decisions are answered at once by their default."""
        return [str(seat) for seat in record.options.get("kicked") or []]

    def autopilot_action(self, record: GameRecord, state: Any, prompt: Any) -> Any:
        engine = self.game_of(record).engine
        if self.autopilot_policy is not None:
            return self.autopilot_policy(engine, state, prompt)
        return engine.default_action(state, prompt)

    async def _autoplay_after(self, outcome: Outcome) -> Outcome:
        """Answer every decision owed by a seat on autopilot, until none is owed (or the game
        is paused or over). Iterative: a game of autopilots plays itself without recursion."""
        game_id = outcome.game.id
        if game_id in self._autoplaying:
            return outcome
        self._autoplaying.add(game_id)
        try:
            for _ in range(AUTOPLAY_LIMIT):
                record = outcome.game
                if self.paused(record) or record.status != "active":
                    return outcome
                pilots = set(self.kicked(record))
                answers = self._autopilot_answers(record, pilots) if pilots else []
                forced = [] if answers else self._forced_answers(record)
                answers = answers or forced
                away: list[tuple[str, int | None, dict[str, Any]]] = []
                if not answers:
                    away_seats = self._away_defaults(record)
                    try:
                        away = self._default_answers(record, away_seats) if away_seats else []
                    except self.game_of(record).engine.EngineError:
                        away = []  # no default: his decision waits for its deadline
                    answers = away
                if not answers:
                    return outcome
                version = record.version  # _apply saves `record` in place
                try:
                    later, _ = await self._apply_defaults(record, answers)
                except _Raced:  # another process moved the game: its autopilots go on there
                    return outcome
                if later.game.version == version:
                    return outcome  # no default fitted: left to the deadline
                seats = [a[0] for a in answers]
                outcome = _merge(outcome, later, [] if forced or away else seats,
                                 seats if forced else [], seats if away else [])
            return outcome  # the rest is left to the deadline (never an endless loop)
        finally:
            self._autoplaying.discard(game_id)

    def _forced_answers(self, record: GameRecord) -> list[tuple[str, int | None, dict[str, Any]]]:
        """The single legal answers the engine says may be applied at once (issue 13)."""
        engine = self.game_of(record).engine
        state = self.state_of(record)
        answers: list[tuple[str, int | None, dict[str, Any]]] = []
        for seat in sorted({p.player for p in engine.owed(state)}):
            action = engine.forced_action(state, seat)
            if action is not None:
                answers.append((seat, None, action.to_dict()))
        return answers

    def _autopilot_answers(
        self, record: GameRecord, pilots: set[str]
    ) -> list[tuple[str, int | None, dict[str, Any]]]:
        engine = self.game_of(record).engine
        state = self.state_of(record)
        answers: list[tuple[str, int | None, dict[str, Any]]] = []
        for prompt in engine.owed(state):
            if prompt.player not in pilots:
                continue
            try:
                action = self.autopilot_action(record, state, prompt)
            except engine.EngineError:  # no default: left to the deadline
                continue
            answers.append((prompt.player, None, action.to_dict()))
        return answers

    # --- administration (the caller checks: creator or Manage Server) -------------------
    @staticmethod
    def paused(record: GameRecord) -> bool:
        return bool(record.options.get("paused"))

    def _refuse_paused(self, record: GameRecord) -> None:
        if self.paused(record):
            raise ServiceError("game_paused", game=record.id)

    async def _admin_save(
        self, game_id: int, change: Callable[[GameRecord], None], *, rearm: str = "keep",
    ) -> GameRecord:
        """Change a running game's record and save it. The deadline is then kept (same due
        time, new version), restarted from now ("reset"), or cleared ("clear")."""
        record = await self.game(game_id)
        if record.status != "active":
            raise ServiceError("game_over" if record.status == "over" else "not_active",
                               game=game_id)
        state = self.state_of(record)
        change(record)
        # Each decision keeps its own deadline unless they all start again ("reset").
        due = self._arm(record, state, fresh=rearm == "reset")
        if rearm == "clear" or self.paused(record):
            due = None
        saved = await self.storage.save_game(record, record.version, deadline=due,
                                             clear_deadline=due is None)
        self._states[saved.id] = (saved.version, state)
        return saved

    async def pause(self, game_id: int) -> GameRecord:
        """No action is accepted and no deadline fires until `resume`."""
        def change(r: GameRecord) -> None:
            if self.paused(r):
                raise ServiceError("already_paused", game=game_id)
            r.options["paused"] = True
        async with self.lock(game_id):
            return await self._admin_save(game_id, change, rearm="clear")

    async def resume(self, game_id: int) -> Outcome:
        """Play again: a fresh deadline for what is owed; autopilots answer at once."""
        def change(r: GameRecord) -> None:
            if not self.paused(r):
                raise ServiceError("not_paused", game=game_id)
            r.options.pop("paused", None)
        async with self.lock(game_id):
            saved = await self._admin_save(game_id, change, rearm="reset")
            owed = self.owed_players(saved, self.state_of(saved))
            return await self._autoplay_after(Outcome(saved, [], set(), owed, set()))

    def check_replace(self, record: GameRecord, old_user: int, new_user: int) -> str:
        """Whether `old_user`'s seat may go to `new_user` now; returns the seat.
        Checked before any side effect (the newcomer's welcome DM) and again under the lock."""
        if record.status != "active":
            raise ServiceError("game_over" if record.status == "over" else "not_active",
                               game=record.id)
        old = record.seat_of(old_user)
        if old is None or old.seat is None:
            raise ServiceError("not_a_player", game=record.id, user=f"<@{old_user}>")
        if record.seat_of(new_user) is not None:
            raise ServiceError("already_playing", game=record.id, user=f"<@{new_user}>")
        if self.is_ai_user(new_user):
            raise ServiceError("cannot_dm", user=f"<@{new_user}>")
        return old.seat

    async def replace(self, game_id: int, old_user: int, new_user: int,
                      language: str | None = None) -> tuple[GameRecord, str]:
        """The seat of `old_user` (its decisions and DMs) goes to `new_user`; an autopilot on
        that seat stops. Returns (game, seat)."""
        seat = ""

        def change(r: GameRecord) -> None:
            nonlocal seat
            seat = self.check_replace(r, old_user, new_user)
            old = r.seat_of(old_user)
            assert old is not None  # checked just above
            old.user = new_user
            if language:
                r.options.setdefault("langs", {})[str(new_user)] = language
            r.options["kicked"] = [k for k in self.kicked(r) if k != seat]
        async with self.lock(game_id):
            saved = await self._admin_save(game_id, change)
            return saved, seat

    async def kick(self, game_id: int, user_id: int) -> tuple[Outcome, str]:
        """An absent player's seat goes on autopilot: each of his decisions takes its default
        at once (rulings §12), now and from now on. Returns (outcome, seat)."""
        seat = ""

        def change(r: GameRecord) -> None:
            nonlocal seat
            absent = r.seat_of(user_id)
            if absent is None or absent.seat is None:
                raise ServiceError("not_a_player", game=game_id, user=f"<@{user_id}>")
            if absent.seat in self.kicked(r):
                raise ServiceError("already_autopilot", game=game_id, user=f"<@{user_id}>")
            seat = absent.seat
            r.options["kicked"] = [*self.kicked(r), seat]
            if all(s.seat in r.options["kicked"] for s in r.players):
                # Defaults alone may never end a game: somebody must still play.
                raise ServiceError("last_player", game=game_id)
        async with self.lock(game_id):
            saved = await self._admin_save(game_id, change)
            owed = self.owed_players(saved, self.state_of(saved))
            outcome = await self._autoplay_after(Outcome(saved, [], owed, owed, set()))
            return outcome, seat

    @staticmethod
    def check_deadline_hours(hours: float) -> None:
        """Discord does not enforce an option's range on arrival: the service does."""
        low, high = DEADLINE_HOURS
        if not low <= hours <= high:
            raise ServiceError("bad_deadline", min=low, max=high)

    async def set_deadline_hours(self, game_id: int, hours: float,
                                 window: float | None = None) -> GameRecord:
        """A new time per decision (and, with `window`, per play window: ruling 17); the
        decisions owed now get it from now."""
        self.check_deadline_hours(hours)
        if window is not None:
            self.check_deadline_hours(window)

        def change(r: GameRecord) -> None:
            r.options["deadline_hours"] = hours
            if window is not None:
                r.options["window_hours"] = window
        async with self.lock(game_id):
            return await self._admin_save(game_id, change, rearm="reset")


def _merge(first: Outcome, later: Outcome, pilots: list[str],
           forced: list[str] | None = None, away: list[str] | None = None) -> Outcome:
    """One outcome for an action followed by autopilot (or forced) answers."""
    changed = (first.newly_owed | later.newly_owed) & later.owed_after
    return Outcome(later.game, [*first.events, *later.events], first.owed_before,
                   later.owed_after, changed, [*first.by_default, *later.by_default],
                   [*first.autopiloted, *(p for p in pilots if p not in first.autopiloted)],
                   [*first.forced, *(forced or [])],
                   [*first.away, *(a for a in away or [] if a not in first.away)])


UNDO = "undo"


def _numbers(records: Sequence[GameRecord]) -> str:
    """The games of a "which one?" refusal: "#3 Neptun, #5 Mare Nostrum: Empires" (a game's
    name is the same proper noun in every language)."""
    def name(r: GameRecord) -> str:
        entry = games().get(r.game)
        key = f"{entry.catalog}.gamename.{r.game}" if entry is not None else ""
        return messages.t(key) if key and messages.has(key) else r.game

    return ", ".join(f"#{r.id} {name(r)}" for r in sorted(records, key=lambda r: r.id))


def is_undo(action: dict[str, Any]) -> bool:
    """An entry of the action log that takes back an earlier one (not an engine action)."""
    return action.get("kind") == UNDO


def effective_log(log: list[ActionRecord]) -> list[ActionRecord]:
    """The actions that make the game: the log without its undo entries and the actions they
    took back (rulings §13: the log keeps both, the replay skips them)."""
    undone = {int(a.action["seq"]) for a in log if is_undo(a.action)}
    return [a for a in log if not is_undo(a.action) and a.seq not in undone]
