-- Games, their action log, the current deadline of each game, and who accepts DMs.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    creator_id       INTEGER NOT NULL,
    ruleset          TEXT    NOT NULL,
    players          TEXT    NOT NULL DEFAULT '[]',   -- [{"user": id, "empire": str | null}]
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'active', 'over', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0,      -- bumped by every save (compare-and-set)
    snapshot         BLOB,                            -- engine to_json(state)
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX games_status ON games (status);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    player     TEXT    NOT NULL,                      -- the empire
    user_id    INTEGER,                               -- NULL when applied by a deadline
    action     TEXT    NOT NULL,                      -- action.to_dict() as JSON
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE deadlines (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,                        -- the game version it was set for
    due_at   REAL    NOT NULL,                        -- unix seconds
    reminded INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE dm_status (
    user_id    INTEGER PRIMARY KEY,
    ok         INTEGER NOT NULL,
    checked_at REAL    NOT NULL
);
