"""Play one seeded AI game of any registered game and write its pictures and public log into
a directory.

    python -m bot demo --out demo/ [--game mare_nostrum] [--ruleset R] [--modules M,...]
                       [--players 3] [--seed 1] [--ai standard,random]

After every round and at the end it writes `round-NN.png` (and `final.png`) drawn by the
game's renderer (its registry entry) from the spectator's view — so no hidden information.
When the game has no renderer (or `--no-render`), the fallback is explicit: it writes
`round-NN.json` (the spectator view) next to a placeholder PNG and says so in the log and on
stderr. `log.txt` holds the public events, one per line. Round, phase, winners and victory are
read from the spectator's view (every game's view has them).
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .ai.play import play_game, seat_levels
from .games.core import GameEngine
from .games.core.actions import Action
from .games.core.events import Event
from .registry import DEFAULT_GAME, game
from .tool_options import add_game_options, check_game_options

Renderer = Callable[[Mapping[str, Any]], bytes]


def find_renderer(game_id: str = DEFAULT_GAME) -> Renderer | None:
    """The game's board picture, if its registry entry has a renderer."""
    pictures = game(game_id).renderer
    if pictures is None:
        return None

    def render(view: Mapping[str, Any]) -> bytes:
        return pictures.board(view)
    return render


def placeholder_png(width: int = 96, height: int = 64) -> bytes:
    """A plain grey PNG, written without Pillow: stands in for the board picture."""
    raw = b"".join(b"\x00" + b"\xc8" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def event_line(public: Mapping[str, Any], event: Event) -> str:
    data = json.dumps(event.data, ensure_ascii=False, sort_keys=True, default=str)
    return f"[round {public.get('round')} {public.get('phase')}] {event.kind} {data}"


class DemoWriter:
    """Writes the pictures and the log of one game as it is played."""

    def __init__(self, out: Path, renderer: Renderer | None,
                 engine: GameEngine[Any] | None = None) -> None:
        self.out = out
        self.renderer = renderer
        self.engine = engine if engine is not None else game(DEFAULT_GAME).engine
        self.round = 1
        self.files: list[Path] = []
        out.mkdir(parents=True, exist_ok=True)
        self.log = (out / "log.txt").open("w", encoding="utf-8")
        if renderer is None:
            self.log.write("# no board renderer: writing the view JSON next to a placeholder "
                           "picture\n")

    def picture(self, state: Any, name: str) -> None:
        spectator = self.engine.view(state, None)
        png = self.out / f"{name}.png"
        if self.renderer is not None:
            png.write_bytes(self.renderer(spectator))
        else:
            png.write_bytes(placeholder_png())
            js = self.out / f"{name}.json"
            js.write_text(json.dumps(spectator, ensure_ascii=False, indent=1, sort_keys=True),
                          encoding="utf-8")
            self.files.append(js)
        self.files.append(png)

    def setup(self, state: Any, events: list[Event]) -> None:
        public = self.engine.view(state, None)
        for e in events:
            if e.audience is None:
                self.log.write(event_line(public, e) + "\n")

    def observe(self, state: Any, action: Action, events: list[Event]) -> None:
        public = self.engine.view(state, None)
        for e in events:
            if e.audience is None:
                self.log.write(event_line(public, e) + "\n")
        if public.get("round") != self.round and not public.get("over"):
            # A new round began: picture the board as the previous one left it.
            self.picture(state, f"round-{self.round:02d}")
            self.round = int(public.get("round") or 0)

    def close(self, state: Any) -> None:
        self.picture(state, f"round-{self.round:02d}")
        self.picture(state, "final")
        public = self.engine.view(state, None)
        winners = ", ".join(public.get("winners") or [])
        self.log.write(f"# winners: {winners} by {public.get('victory')}\n")
        self.log.close()


def run_demo(out: Path, players: int = 3, seed: int = 1, levels: Sequence[str] = ("standard",),
             renderer: Renderer | None = None, use_renderer: bool = True,
             game_id: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None,
             ) -> DemoWriter:
    """Play the game and write everything into `out`; returns the writer (files written)."""
    if use_renderer and renderer is None:
        renderer = find_renderer(game_id)
    writer = DemoWriter(out, renderer if use_renderer else None, game(game_id).engine)
    result = play_game(seat_levels(list(levels), players, game_id, options), seed,
                       observer=writer.observe, game_id=game_id, options=options,
                       on_setup=writer.setup)
    assert result.state is not None
    writer.close(result.state)
    if result.error:
        raise RuntimeError(f"seed {seed}: {result.error}")
    return writer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.demo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path)
    add_game_options(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", default="standard", help="levels by seat, comma-separated")
    parser.add_argument("--no-render", action="store_true",
                        help="skip the renderer: view JSON + placeholder pictures")
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    check_game_options(parser, args)
    renderer = None if args.no_render else find_renderer(args.game)
    if renderer is None:
        print("no board renderer: writing view JSON + placeholder pictures", file=sys.stderr)
    levels = [x.strip() for x in args.ai.split(",") if x.strip()]
    try:
        writer = run_demo(args.out, args.players, args.seed, levels, renderer,
                          use_renderer=renderer is not None, game_id=args.game,
                          options=args.options)
    except (RuntimeError, ValueError) as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(writer.files)} files and log.txt into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
