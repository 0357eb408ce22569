"""My games (issue 13): "`/mn games` lists a user's games on every server, 'your turn' first,
with links to their threads; every `game` option autocompletes from the user's games; in a
channel with one game, that game is found"."""

from __future__ import annotations

from typing import Any

from bot.i18n import error_text
from tests.discord.harness import CHANNEL, GUILD, Harness, Sent

CREATOR, ANA, BOB, STRANGER = 1, 2, 3, 99
OTHER_CHANNEL = CHANNEL + 1


async def _open(h: Harness, number: int, channel: int = CHANNEL, **options: Any) -> int:
    """Game `number` opened in `channel` by CREATOR, joined by ANA and BOB, started: its thread."""
    iid = await h.command(CREATOR, "new", players=3, channel=channel, **options)
    lobby = h.api.responses(iid)[0]
    for user in (ANA, BOB):
        await h.click(user, lobby, f"mn:{number}:lobby:join")
    await h.click(CREATOR, lobby, f"mn:{number}:lobby:start")
    record = await h.bot.service.game(number)
    assert record.status == "active" and record.thread_id is not None
    return record.thread_id


def _reply(h: Harness, iid: int) -> Sent:
    (answer,) = h.api.responses(iid)
    return answer


async def _owed(h: Harness, game: int, user: int) -> bool:
    record = await h.bot.service.game(game)
    seat = record.seat_of(user)
    assert seat is not None
    return seat.seat in h.bot.service.owed_players(record, h.bot.service.state_of(record))


async def test_my_games_lists_every_server_your_turn_first_with_links(h: Harness) -> None:
    """ "lists a user's games on every server, 'your turn' first, with links to their
    threads"."""
    first = await _open(h, 1)
    second = await _open(h, 2, game="neptun")
    elsewhere = await h.bot.service.create_lobby(GUILD + 1, 7, CREATOR, 3)  # another server
    await h.bot.service.join(elsewhere.id, ANA)
    iid = await h.command(ANA, "games")
    answer = _reply(h, iid)
    assert answer.ephemeral
    text = answer.text  # an embed (issue 13): a field per game
    for _game, thread in ((1, first), (2, second)):
        assert f"https://discord.com/channels/{GUILD}/{thread}" in text
    assert f"https://discord.com/channels/{GUILD + 1}/7" in text  # the lobby, its channel
    assert "Mare Nostrum" in text and "Neptun" in text and "lobby (2/3)" in text
    # Order: the games awaiting her first, then her other running games, then lobbies.
    turns = {g: await _owed(h, g, ANA) for g in (1, 2)}
    expected = [*sorted((1, 2), key=lambda g: (not turns[g], -g)), elsewhere.id]
    positions = [text.index(f"#{g} ") for g in expected]
    assert positions == sorted(positions), (expected, text)
    for g in (1, 2):
        block = text[text.index(f"#{g} ") :].split("\n")[0]
        assert ("your turn" in block) == turns[g], block
        assert ("your turn" not in block) == ("waiting for" in block), block
    # In French, and nothing for someone who plays nowhere.
    iid = await h.command(ANA, "games", locale="fr")
    assert _reply(h, iid).text.startswith("Vos parties (3) :")
    iid = await h.command(STRANGER, "games")
    assert _reply(h, iid).content.startswith("You play in no game right now.")
    assert not h.api.refused


async def test_every_game_option_autocompletes_from_the_users_games(h: Harness) -> None:
    """ "every `game` option autocompletes from the user's games", labelled "#12 Mare Nostrum ·
    Trade · your turn"."""
    await _open(h, 1)
    await _open(h, 2, game="neptun")
    await h.bot.service.create_lobby(GUILD + 1, 7, CREATOR, 3)  # not on this server
    turns = {g: await _owed(h, g, CREATOR) for g in (1, 2)}
    for sub in ("status", "play", "abandon", "trade play"):
        choices = await h.autocomplete(CREATOR, sub, "game", "")
        assert sorted(c["value"] for c in choices) == [1, 2], (sub, choices)
        assert choices[0]["value"] == min((1, 2), key=lambda g: (not turns[g], -g))
        labels = {c["value"]: c["name"] for c in choices}
        assert labels[1].startswith("#1 Mare Nostrum: Empires · Trade · ")
        assert labels[2].startswith("#2 Neptun · ")
        for g in (1, 2):
            assert labels[g].endswith("your turn") == turns[g], labels[g]
    # A game's own command suggests that game's records only.
    neptun = await h.autocomplete(CREATOR, "/neptun voyage stay", "game", "")
    assert [c["value"] for c in neptun] == [2]
    # Typed words narrow the list; the French client reads French labels.
    assert [c["value"] for c in await h.autocomplete(CREATOR, "board", "game", "nept")] == [2]
    french = await h.autocomplete(CREATOR, "log", "game", "", locale="fr")
    assert any("Commerce" in c["name"] for c in french), french
    assert await h.autocomplete(STRANGER, "status", "game", "") == []  # he plays in none
    assert not h.api.refused


def test_every_game_number_option_has_its_autocomplete(h: Harness) -> None:
    """No command takes a game's number without suggesting the user's games."""
    seen = 0
    for command in h.bot.tree.walk_commands():
        if not hasattr(command, "parameters"):
            continue
        for param in command.parameters:
            if param.name == "game" and param.type.name == "integer":
                seen += 1
                assert param.autocomplete, command.qualified_name
    assert seen >= 20


async def test_one_game_in_a_channel_is_found_two_are_listed(h: Harness) -> None:
    """ "in a channel or thread with exactly one game, that game is found without the option;
    with two games there, a clear message listing them"."""
    first = await _open(h, 1)
    iid = await h.command(STRANGER, "status")  # the channel where game #1 was opened
    assert _reply(h, iid).text.startswith("Game #1 —")
    second = await _open(h, 2, game="neptun")
    for thread, game in ((first, 1), (second, 2)):  # a game's thread: that game
        iid = await h.command(STRANGER, "status", channel=thread)
        assert _reply(h, iid).text.startswith(f"Game #{game} —")
    iid = await h.command(STRANGER, "status")
    listed = "#1 Mare Nostrum: Empires, #2 Neptun"
    assert _reply(h, iid).content == error_text("several_games_here", "en", {"games": listed})
    iid = await h.command(STRANGER, "status", locale="fr")
    assert _reply(h, iid).content.startswith("Plusieurs parties sont ouvertes ici (#1")
    # A third game in another channel: there it is the only one.
    await _open(h, 3, channel=OTHER_CHANNEL)
    iid = await h.command(STRANGER, "status", channel=OTHER_CHANNEL)
    assert _reply(h, iid).text.startswith("Game #3 —")
    # Somewhere without a game, a player of several is told which ones are his.
    iid = await h.command(ANA, "status", channel=OTHER_CHANNEL + 1)
    answer = _reply(h, iid).content
    assert answer.startswith("You play in several games on this server (#1"), answer
    assert "#3" in answer
    assert not h.api.refused
