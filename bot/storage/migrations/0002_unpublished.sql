-- Games whose actions after `after_seq` (seq numbers of their action log, -1: the set-up
-- events too) may not have been told to the players yet. Written in the transaction of the
-- save that creates something to publish, deleted once it is published (cogs/notify.py): a
-- failure to publish, or a crash between the commit and the publishing, is retried.
-- (No semicolon in comments: the migration runner splits statements on them.)
CREATE TABLE unpublished (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    after_seq INTEGER NOT NULL
);
