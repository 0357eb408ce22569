"""Mare Nostrum for Discord."""
