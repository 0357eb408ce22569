"""One package per hosted game: what connects its pure engine to the bot (its registry entry,
pictures, AI levels, Discord extensions). The game-agnostic bot reaches them only through
`bot.registry`."""
