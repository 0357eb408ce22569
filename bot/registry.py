"""The game registry: every game the bot hosts, with what the game-agnostic parts need of it.

The service, storage, lobby, deadlines, notifier and error handling know a game only through
its `Game` entry: its engine (the kit's `GameEngine` protocol), its rulesets and modules with
their player counts, its seats, which of its actions are secret, its presenter (its words and
components), its pictures, its AI levels, its Discord extensions (phase cogs), its catalog
namespace (with the directory of its part) and its help topics. They import no game: a game's
adapter package registers itself (`register`), and `load_games()` — called by the entry points —
imports the installed ones.

    from bot.registry import game, games, load_games
    load_games()
    mn = game("mare_nostrum")
    mn.engine.new_game(mn.seats({}, 3), {}, seed=1)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any, Protocol

from bot import catalog as messages
from bot.games.core import GameEngine
from bot.games.core.errors import EngineError

if TYPE_CHECKING:  # the presenters' specs (bot.presenters reads the catalog: not loaded here)
    from bot.presenters import Composed, Page

# The adapter packages of the installed games, imported by load_games(); a test may register
# its own game besides them.
INSTALLED = ("bot.adapters.mare_nostrum", "bot.adapters.neptun")
DEFAULT_GAME = "mare_nostrum"


class Renderer(Protocol):
    """A game's pictures, drawn from its per-viewer views (PNG bytes, pure)."""

    def board(self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
              lang: str = "en") -> bytes: ...

    def screen(self, view: Mapping[str, Any], lang: str = "en") -> bytes: ...

    def highlight(self, public_events: list[dict[str, Any]]) -> dict[str, Any] | None:
        """What the board picture highlights after these public events (None: nothing)."""
        ...


class Presenter(Protocol):
    """A game's words and components for the Discord layer (pure: text and component specs,
    no Discord object). The notifier, the lobby, the decision pages (cogs/play.py) and the
    shared commands reach everything proper to a game through it; `bot.presenters` holds the
    generic machinery (limits, paging, custom ids, packing) and `CatalogPresenter`, the
    default a game's presenter builds on. Views are the engine's (`view(state, viewer)`)."""

    def names(self, view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
        """Each seat's name as the players read it (seat id -> name), in a language (a
        message read by several players names them in English)."""
        ...

    def seat_name(self, seat: str, lang: str) -> str:
        """A seat's name before the game starts (the lobby's claims), in this language."""
        ...

    def event_text(self, kind: str, data: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> str:
        """One event as a line of the thread (public) or of a DM (private)."""
        ...

    def action_label(self, action: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> str:
        """An answer as a button, option or log line says it (a hidden one by its kind)."""
        ...

    def status_lines(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        """The public facts `/mn status` adds under round, phase and players (spectator
        view)."""
        ...

    def screen_text(self, game: int, view: Mapping[str, Any], lang: str) -> str:
        """A player's private screen as text (his own view: sent only to him)."""
        ...

    def page_lines(self, view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
        """What a decision page adds under the decisions owed (his hand, a turn's summary):
        private, from his own view."""
        ...

    def turn_key(self, view: Mapping[str, Any]) -> tuple[Any, ...]:
        """The thread page a public view is on (a phase step, a player's turn): the notifier
        edits one message per page (docs/discord.md "The thread's rhythm")."""
        ...

    def changes_board(self, kind: str) -> bool:
        """Whether a public event of this kind changes the board (else no new picture)."""
        ...

    def thread_lines(self, events: Sequence[Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        """A thread page's lines for its events so far (public ones only), folded where one
        move makes several events (a purchase bought then placed is one line)."""
        ...

    def decision_page(self, game: int, version: int, actions: Sequence[Mapping[str, Any]],
                      page: int, lang: str, names: Mapping[str, str], header: str,
                      view: Mapping[str, Any], only: Sequence[str] | None = None) -> Page:
        """The components of a player's legal `actions` (private, from his own `view`);
        `only`: the values a composition was narrowed to (`compose`)."""
        ...

    def compose(self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
                values: Sequence[str]) -> Composed | None:
        """What the values chosen in one of the game's composition selects name (an answer,
        or a narrower page); None when they are not of its form (an altered select)."""
        ...

    def final_lines(self, view: Mapping[str, Any], lang: str,
                    names: Mapping[str, str]) -> dict[str, list[str]]:
        """The ending's table (issue 13): each seat's final standing as short lines (Mare
        Nostrum's titles, levels and heroes and wonders; Neptun's points, gold and temples),
        from the spectator view of the finished game."""
        ...

    def victory_text(self, condition: str, lang: str) -> str:
        """How the game ended: the victory condition its engine named (`view["victory"]`, the
        `game_won` event's `condition`), in words."""
        ...

    def seat_colour(self, view: Mapping[str, Any], seat: str) -> int | None:
        """A seat's colour (0xRRGGBB) for the embeds; None: the bot's own."""
        ...

    def page_heading(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> tuple[str, str | None]:
        """A thread page's heading (its embed's title: the round, the phase, whose turn) and
        the seat whose turn it is (its colour), None when the page is everyone's."""
        ...


class AIPlayer(Protocol):
    """An AI seat: picks one of the legal actions from what its viewer may see."""

    def choose(self, view: Mapping[str, Any], legal: list[Any]) -> Any: ...


@dataclass(frozen=True, slots=True)
class RulesetChoice:
    """A ruleset a lobby may choose, the optional modules it may add, the starts it may be
    played from (the engine option `start`; the first is the engine's default; none: the
    ruleset has one start and the lobby offers no choice), and its variants (engine options
    a lobby may switch on: `{variant: True}`)."""

    name: str
    modules: tuple[str, ...] = ()
    starts: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Topic:
    """One help topic: its name and its text (public data only) in a language."""

    id: str
    name: Callable[[str], str]
    text: Callable[[str], str]


@dataclass(frozen=True, slots=True)
class GameHelp:
    """A game's help (bot/help.py serves it): its rules topics, and the powers of its pieces
    (Mare Nostrum's heroes and wonders) with the catalog key that answers an unknown name."""

    rules: Callable[[], Sequence[Topic]]
    pieces: Callable[[], Sequence[Topic]] = tuple
    unknown_piece: str = "help.unknown_piece"


@dataclass(frozen=True, slots=True)
class CommandGroup:
    """A game's own top-level slash command (Neptun's `/neptun`), the parent of its phase cogs'
    groups: its name and the catalog keys of its translated name and of its description. The
    bot adds it to the command tree before loading the game's extensions."""

    name: str
    name_key: str
    description_key: str


@dataclass(frozen=True, slots=True)
class Game:
    id: str
    engine: GameEngine[Any]
    rulesets: tuple[RulesetChoice, ...]
    # The player counts a choice of ruleset and modules allows, in increasing order.
    player_counts: Callable[[str, tuple[str, ...]], tuple[int, ...]]
    # The seat ids (empires, merchants...) for n players under these engine options, in seat
    # order.
    seats: Callable[[Mapping[str, Any], int], list[str]]
    # Its words and components; None: the catalog's common keys (`CatalogPresenter`).
    presenter: Presenter | None = None
    renderer: Renderer | None = None
    ai_levels: dict[str, Callable[[int], AIPlayer]] = field(default_factory=dict)
    # Checks of the state's consistency (messages; empty: sound), run by simulations after
    # every action.
    invariants: Callable[[Any], list[str]] | None = None
    # Action kinds whose content is hidden from the other players (sealed or private): the
    # log shows only their kind to others.
    secret_actions: frozenset[str] = frozenset()
    # The Discord extensions of the game's phases (cogs), loaded by the bot at start.
    extensions: tuple[str, ...] = ()
    # The top-level command its phase cogs' groups go under when the game has its own
    # (`/neptun`: /mn is shared and nearly full); None: /mn.
    commands: CommandGroup | None = None
    # The game's part of the message catalog: its keys are `<catalog>.<key>`, read from the
    # directory `locales` (`<lang>.json`).
    catalog: str = ""
    locales: Traversable | None = None
    # Its help topics (/mn rules) and the powers of its pieces (/mn hw).
    help: GameHelp | None = None

    @property
    def words(self) -> Presenter:
        """The game's presenter, or the default one reading the catalog's common keys."""
        if self.presenter is not None:
            return self.presenter
        from bot.presenters import CatalogPresenter

        return CatalogPresenter()

    @property
    def default_ruleset(self) -> str:
        return self.rulesets[0].name

    def ruleset(self, name: str | None) -> RulesetChoice | None:
        """The ruleset of this name (None: the default), or None when the game has none."""
        wanted = name or self.default_ruleset
        return next((r for r in self.rulesets if r.name == wanted), None)

    def player_range(self, ruleset: str | None = None,
                     modules: Sequence[str] = ()) -> tuple[int, int]:
        counts = self.player_counts(ruleset or self.default_ruleset, tuple(modules))
        return counts[0], counts[-1]


_GAMES: dict[str, Game] = {}


def register(entry: Game) -> Game:
    """Add a game (a second registration of the same id replaces the first: a reloaded
    adapter, or a test's toy game)."""
    _GAMES[entry.id] = entry
    if entry.catalog and entry.locales is not None:
        messages.add_namespace(entry.catalog, entry.locales)
    return entry


def unregister(game_id: str) -> None:
    entry = _GAMES.pop(game_id, None)
    if entry is not None and entry.catalog and entry.locales is not None and not any(
            other.catalog == entry.catalog for other in _GAMES.values()):
        messages.remove_namespace(entry.catalog)


def load_games() -> dict[str, Game]:
    """Import the installed games' adapters (each registers itself); the registry."""
    for name in INSTALLED:
        importlib.import_module(name)
    return dict(_GAMES)


# Whoever reads the catalog first finds the installed games' parts in it.
messages.discover_with(load_games)


def games() -> dict[str, Game]:
    if not _GAMES:
        load_games()
    return dict(_GAMES)


def seat_range() -> tuple[int, int]:
    """The fewest and the most players of any installed game's rulesets, with none, each one
    or all of their modules (a module may change the counts alone: the Punic Wars' 2)."""
    counts: list[int] = []
    for g in games().values():
        for r in g.rulesets:
            for chosen in ((), r.modules, *((m,) for m in r.modules)):
                try:
                    counts += g.player_range(r.name, chosen)
                except EngineError:  # a module that needs another one first
                    continue
    return min(counts), max(counts)


def game(game_id: str) -> Game:
    """The game of this id; KeyError when no such game is installed."""
    if game_id not in _GAMES:
        load_games()
    return _GAMES[game_id]
