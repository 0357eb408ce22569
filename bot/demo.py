"""Play one seeded AI game and write its pictures and public log into a directory.

    python -m bot.demo --out demo/ [--players 3] [--seed 1] [--ai standard,random]

After every round and at the end it writes `round-NN.png` (and `final.png`) drawn by
`rendering.mare_nostrum.render(view(state, None))` — the spectator's view, so no hidden
information. When the renderer is not available (it fails to import), the fallback is
explicit: it writes `round-NN.json` (the spectator view) next to a placeholder PNG and says so
in the log and on stderr. `log.txt` holds the public events, one per line.
"""

from __future__ import annotations

import argparse
import importlib
import json
import struct
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .ai.play import play_game, seat_levels
from .games.mare_nostrum.actions import Action
from .games.mare_nostrum.events import Event
from .games.mare_nostrum.state import GameState
from .games.mare_nostrum.view import view

Renderer = Callable[[Mapping[str, Any]], bytes]


def find_renderer() -> Renderer | None:
    """`rendering.mare_nostrum.render` if the rendering package provides it, else None."""
    try:
        module = importlib.import_module("rendering.mare_nostrum")
    except ImportError:
        return None
    render = getattr(module, "render", None)
    return render if callable(render) else None


def placeholder_png(width: int = 96, height: int = 64) -> bytes:
    """A plain grey PNG, written without Pillow: stands in for the board picture."""
    raw = b"".join(b"\x00" + b"\xc8" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def event_line(state: GameState, event: Event) -> str:
    data = json.dumps(event.data, ensure_ascii=False, sort_keys=True, default=str)
    return f"[round {state.round} {state.phase}] {event.kind} {data}"


class DemoWriter:
    """Writes the pictures and the log of one game as it is played."""

    def __init__(self, out: Path, renderer: Renderer | None) -> None:
        self.out = out
        self.renderer = renderer
        self.round = 1
        self.files: list[Path] = []
        out.mkdir(parents=True, exist_ok=True)
        self.log = (out / "log.txt").open("w", encoding="utf-8")
        if renderer is None:
            self.log.write("# rendering.mare_nostrum.render is not available: writing the view "
                           "JSON next to a placeholder picture\n")

    def picture(self, state: GameState, name: str) -> None:
        spectator = view(state, None)
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

    def observe(self, state: GameState, action: Action, events: list[Event]) -> None:
        for e in events:
            if e.audience is None:
                self.log.write(event_line(state, e) + "\n")
        if state.round != self.round and not state.over:
            # A new round began: picture the board as the previous one left it.
            self.picture(state, f"round-{self.round:02d}")
            self.round = state.round

    def close(self, state: GameState) -> None:
        self.picture(state, f"round-{self.round:02d}")
        self.picture(state, "final")
        self.log.write(f"# winners: {', '.join(state.winners)} by {state.victory}\n")
        self.log.close()


def run_demo(out: Path, players: int = 3, seed: int = 1, levels: Sequence[str] = ("standard",),
             renderer: Renderer | None = None, use_renderer: bool = True) -> DemoWriter:
    """Play the game and write everything into `out`; returns the writer (files written)."""
    if use_renderer and renderer is None:
        renderer = find_renderer()
    writer = DemoWriter(out, renderer if use_renderer else None)
    result = play_game(seat_levels(list(levels), players), seed, observer=writer.observe)
    assert result.state is not None
    writer.close(result.state)
    if result.error:
        raise RuntimeError(f"seed {seed}: {result.error}")
    return writer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.demo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", default="standard", help="levels by seat, comma-separated")
    parser.add_argument("--no-render", action="store_true",
                        help="skip the renderer: view JSON + placeholder pictures")
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    renderer = None if args.no_render else find_renderer()
    if renderer is None:
        print("rendering.mare_nostrum.render is not available: writing view JSON + placeholder "
              "pictures", file=sys.stderr)
    levels = [x.strip() for x in args.ai.split(",") if x.strip()]
    try:
        writer = run_demo(args.out, args.players, args.seed, levels, renderer,
                          use_renderer=renderer is not None)
    except (RuntimeError, ValueError) as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(writer.files)} files and log.txt into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
