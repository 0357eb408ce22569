"""Screenshots of the bot's embeds for the docs: `python scripts/embed_shots.py`.

The bot is run through the fake-Discord harness (tests/discord/harness.py): a 3-player game is
opened and started, `/mn status` asked, the game won; the messages it sent (their content,
embeds and buttons, the very payloads Discord would get) are drawn with Pillow the way a
Discord client in its dark theme lays them out, into docs/screenshots/*.png. The board picture
inside the turn page is the renderer's own picture of the same position. The seats are dealt
at random, so the pictures differ from run to run: they show the layout, not a fixed game."""

from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from bot.games.core.events import EventLog  # noqa: E402
from bot.games.mare_nostrum import from_json, to_json  # noqa: E402
from bot.games.mare_nostrum.flow import end_game  # noqa: E402
from bot.service import Outcome  # noqa: E402
from rendering.core.text import font  # noqa: E402
from tests.discord.harness import Harness, Sent  # noqa: E402
from tests.discord.test_flow import _started  # noqa: E402

WIDTH, MARGIN, AVATAR = 860, 16, 40
TEXT_X = MARGIN + AVATAR + 16
BG, EMBED_BG, TEXT, MUTED, WHITE = "#313338", "#2B2D31", "#DBDEE1", "#B5BAC1", "#F2F3F5"
MENTION_BG, MENTION = "#3C4270", "#C9CDFB"
BUTTONS = {1: "#5865F2", 2: "#4E5058", 3: "#248046", 4: "#DA373C"}
# Colour emoji are not in the font: the nearest signs it has.
EMOJI = {"🏆": "★", "👑": "♛", "🔁": "⟳", "📖": "", "🤖": "⚙", "📎": "▤"}
NAMES = {1: "Ana", 2: "Bruno", 3: "Chloé", 99: "Spectator"}
LINE = 20


def _plain(text: str) -> str:
    for emoji, sign in EMOJI.items():
        text = text.replace(emoji, sign)
    return re.sub(r"<@(-?\d+)>", lambda m: "@" + NAMES.get(int(m[1]), f"user{m[1]}"), text)


def _runs(line: str) -> Iterator[tuple[str, bool, bool]]:
    """(word, bold, mention) pieces of a line: **bold** and @mentions."""
    bold = False
    for part in re.split(r"(\*\*)", line):
        if part == "**":
            bold = not bold
            continue
        for word in re.split(r"(\s+)", part):
            if word:
                yield word, bold, "@" in word


class Canvas:
    """Draws top to bottom on a tall page, cropped at the end."""

    def __init__(self, width: int = WIDTH, bg: str = BG) -> None:
        self.image = Image.new("RGB", (width, 4000), bg)
        self.draw = ImageDraw.Draw(self.image)
        self.y = MARGIN if bg == BG else 12

    def text(
        self, text: str, x: int, width: int, size: int = 15, colour: str = TEXT, bold: bool = False
    ) -> None:
        """Wrapped lines with their **bold** words and mention pills."""
        for line in _plain(text).split("\n"):
            cx = x
            for word, strong, mention in _runs(line):
                face = font(size, bold or strong)
                w = int(self.draw.textlength(word, font=face))
                if not word.strip():
                    cx += w
                    continue
                if cx + w > x + width:
                    cx, self.y = x, self.y + LINE + (size - 15)
                if mention:
                    self.draw.rounded_rectangle(
                        (cx - 1, self.y, cx + w + 1, self.y + size + 4), 3, fill=MENTION_BG
                    )
                self.draw.text((cx, self.y), word, font=face, fill=MENTION if mention else colour)
                cx += w
            self.y += LINE + (size - 15)

    def author(self) -> None:
        self.draw.ellipse((MARGIN, self.y, MARGIN + AVATAR, self.y + AVATAR), fill="#1F6FB2")
        self.draw.text((MARGIN + 8, self.y + 10), "MN", font=font(16, True), fill=WHITE)
        self.draw.text((TEXT_X, self.y), "Mare Nostrum", font=font(16, True), fill=WHITE)
        self.draw.rounded_rectangle(
            (TEXT_X + 122, self.y + 2, TEXT_X + 156, self.y + 18), 3, fill="#5865F2"
        )
        self.draw.text((TEXT_X + 127, self.y + 3), "BOT", font=font(11, True), fill=WHITE)
        self.y += 24

    def embed(self, card: Mapping[str, Any], picture: bytes | None) -> None:
        """The embed's box (drawn on a layer of its own, then pasted): its colour bar, title,
        description, fields three to a row, picture and footer."""
        width = 620
        box = Canvas(width + 32, EMBED_BG)
        x = 16
        if card.get("title"):
            box.text(str(card["title"]), x, width, 16, WHITE, bold=True)
            box.y += 4
        if card.get("description"):
            box.text(str(card["description"]), x, width, 14)
            box.y += 6
        for row in _rows(list(card.get("fields") or [])):
            start = bottom = box.y
            column = width // max(len(row), 1)
            for i, f in enumerate(row):
                box.y = start
                box.text(str(f["name"]), x + i * column, column - 12, 14, WHITE, bold=True)
                box.text(str(f["value"]), x + i * column, column - 12, 14)
                bottom = max(bottom, box.y)
            box.y = bottom + 8
        if picture is not None:
            board = Image.open(io.BytesIO(picture)).convert("RGB")
            board = board.resize((width, int(board.height * width / board.width)))
            box.image.paste(board, (x, box.y + 4))
            box.y += board.height + 12
        if card.get("footer"):
            box.text(str(card["footer"]["text"]), x, width, 12, MUTED)
        layer = box.image.crop((0, 0, width + 32, box.y + 8))
        colour = int(card.get("color") or 0x1F6FB2)
        ImageDraw.Draw(layer).rectangle((0, 0, 3, layer.height), fill=f"#{colour:06X}")
        self.image.paste(layer, (TEXT_X, self.y + 4))
        self.y += layer.height + 14

    def buttons(self, rows: Sequence[Mapping[str, Any]]) -> None:
        for row in rows:
            x = TEXT_X
            for item in row.get("components", []):
                label = _plain(str(item.get("label") or ""))
                emoji = (item.get("emoji") or {}).get("name")
                if emoji:
                    label = f"{_plain(emoji)} {label}"
                w = int(self.draw.textlength(label, font=font(14, True))) + 28
                fill = BUTTONS.get(int(item.get("style", 2)), BUTTONS[2])
                self.draw.rounded_rectangle((x, self.y, x + w, self.y + 32), 4, fill=fill)
                self.draw.text(
                    (x + 14, self.y + 7),
                    label,
                    font=font(14, True),
                    fill=MUTED if item.get("disabled") else WHITE,
                )
                x += w + 8
            self.y += 40

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.crop((0, 0, self.image.width, self.y + MARGIN)).save(out, "PNG", optimize=True)
        return out.getvalue()


def _rows(fields: list[Mapping[str, Any]]) -> Iterator[list[Mapping[str, Any]]]:
    """Inline fields three to a row, as Discord lays them out."""
    row: list[Mapping[str, Any]] = []
    for f in fields:
        if not f.get("inline", True):
            if row:
                yield row
            yield [f]
            row = []
            continue
        row.append(f)
        if len(row) == 3:
            yield row
            row = []
    if row:
        yield row


def shot(message: Sent, picture: bytes | None = None) -> bytes:
    canvas = Canvas()
    canvas.author()
    if message.content:
        canvas.text(message.content, TEXT_X, WIDTH - TEXT_X - MARGIN)
    for card in message.embeds:
        canvas.embed(card, picture if (card.get("image") or {}).get("url") else None)
    for name in message.files:
        if not name.endswith(".png"):
            canvas.text(f"📎 {name}", TEXT_X, 600, 13, MUTED)
    canvas.buttons(message.components)
    return canvas.png()


async def scenes(db: Path) -> dict[str, bytes]:
    """The messages, drawn: the game's opening page (with the board), a player's turn page, a
    status, an ending."""
    from bot.games.mare_nostrum.view import view
    from rendering.mare_nostrum import render

    out: dict[str, bytes] = {}
    async with Harness(db) as h:
        record, thread = await _started(h)
        page = next(m for m in h.api.in_channel(thread) if m.embeds)
        state = h.bot.service.state_of(await h.bot.service.game(1))
        picture = render(view(state, None)) if page.files else None
        out["opening-page"] = shot(page, picture)
        # Played on (the standard AI's choices, as clicks would be) to the first Build turn:
        # a page of one player's turn, in his colour.
        turn = await _first_turn_page(h, thread)
        if turn is not None:
            state = h.bot.service.state_of(await h.bot.service.game(1))
            out["turn-page"] = shot(turn, render(view(state, None)) if turn.files else None)
        iid = await h.command(99, "status", channel=thread)
        out["status"] = shot(h.api.responses(iid)[0])
        record = await h.bot.service.game(1)
        won = from_json(record.snapshot or b"")
        ev = EventLog()
        end_game(won, [won.players[0]], "conquest", ev)
        record.snapshot, record.status = to_json(won), "over"
        saved = await h.bot.storage.save_game(record, record.version, clear_deadline=True)
        h.bot.service._states.pop(1, None)
        await h.bot.notifier.publish(Outcome(saved, list(ev)), board=False)
        await h.settle()
        final = next(m for m in h.api.in_channel(thread) if "mn:1:rematch" in m.custom_ids())
        out["ending"] = shot(final)
    return out


async def _first_turn_page(h: Harness, thread: int) -> Sent | None:
    """Answer every decision with the standard AI's choice until a thread page of one
    player's turn is posted (at most 300 answers)."""
    from bot.ai import make_player
    from tests.discord.watch import next_owed

    for n in range(300):
        pages = [
            m for m in h.api.in_channel(thread) if any("—" in str(e.get("title")) for e in m.embeds)
        ]
        if pages:
            return pages[0]
        owed = await next_owed(h)
        if owed is None:
            return None
        state, engine, seat, user = owed
        record = await h.bot.service.game(1)
        action = make_player("standard", n, record.game).choose(
            engine.view(state, seat), engine.legal_actions(state, seat)
        )
        outcome = await h.bot.service.submit(1, user, action.to_dict(), record.version)
        await h.bot.notifier.publish(outcome, acted=seat)
        await h.settle()
    return None


def main() -> None:
    target = ROOT / "docs" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        pictures = asyncio.run(scenes(Path(tmp) / "shots.sqlite3"))
    for name, png in pictures.items():
        (target / f"{name}.png").write_bytes(png)
        print(f"docs/screenshots/{name}.png", len(png))


if __name__ == "__main__":
    main()
