-- The column naming the game a record plays (its registry id, "mare_nostrum") was called
-- `ruleset` when the bot hosted one game. A game's ruleset and modules are its options now.
ALTER TABLE games RENAME COLUMN ruleset TO game;
