"""Issue 13: "`/mn games` as an embed (keep the 'your turn first' order and the thread links;
embed limits respected)"."""

from __future__ import annotations

from bot.embeds import FIELD_NAME, FIELD_VALUE, FIELDS, TOTAL, size
from bot.mygames import MyGame, listing_embed
from bot.storage import GameRecord


def _game(number: int, your_turn: bool) -> MyGame:
    record = GameRecord(
        id=number,
        guild_id=5,
        channel_id=6,
        creator_id=1,
        game="mare_nostrum",
        status="active",
        thread_id=700 + number,
    )
    return MyGame(
        record,
        "Mare Nostrum: Empires",
        "Rome",
        "Trade",
        your_turn,
        ["Rome"],
        [("Rome", 1), ("Greece", 2), ("", -1)],
    )


def test_a_field_per_game_in_order_with_its_link() -> None:
    card = listing_embed([_game(3, True), _game(1, False)], "en")
    assert card["title"] == "Your games (2):"
    names = [f["name"] for f in card["fields"]]
    assert names[0].startswith("#3 ") and "your turn" in names[0]
    assert names[1].startswith("#1 ") and "waiting for Rome" in names[1]
    assert "https://discord.com/channels/5/703" in card["fields"][0]["value"]
    assert "1 AI" in card["fields"][0]["value"]


def test_more_games_than_an_embed_holds_are_counted_in_the_footer() -> None:
    found = [_game(n, n % 2 == 0) for n in range(1, 41)]
    card = listing_embed(found, "fr")
    assert card["title"] == "Vos parties (40) :"
    assert len(card["fields"]) <= FIELDS and size(card) <= TOTAL
    assert all(
        len(f["name"]) <= FIELD_NAME and len(f["value"]) <= FIELD_VALUE for f in card["fields"]
    )
    more = 40 - len(card["fields"])
    assert card["footer"]["text"] == f"… et {more} de plus : voyez le fil de chaque partie."
