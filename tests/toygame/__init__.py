"""A test-only second game, "toy" (issue 12: the bot hosts any game of its registry).

Built on the engine kit alone (`bot.games.core`), importing nothing of Mare Nostrum: its own
engine (`engine.py`: rules composed from modules, prompts, actions, the dispatcher, the
`GameEngine` protocol), its presenter (`present.py`), a trivial renderer, seats, AI levels and
one phase cog extension per phase (`cogs.py`). `entry.GAME` is its registry entry;
`tests/discord/test_toy_game.py` plays it through the unchanged service, storage, lobby and
notifier.

The rules, two phases a round:
- **Bid**: every player bids 0 to his coins, sealed (a secret action: only its kind is shown to
  the others until all have bid); the bids are then revealed, the highest wins (a tie is
  broken by the seeded generator, the draw in the event) and pays his bid.
- **Claim**: the winner takes a point, or two coins.
After the last round (2; 3 with the `storms` module) the most points win (ties share).
Everyone starts with 3 coins. `fog` reveals only the winning bid.
"""
