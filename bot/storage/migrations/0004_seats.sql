-- Seats are generic: a game's seats may be empires (Mare Nostrum), merchants (Neptun)...
-- Each entry of a game's `players` list names its seat under "seat" instead of "empire":
-- {"user": id, "empire": str | null} becomes {"user": id, "seat": str | null}, in the same
-- order, with the same users (lobbies, running and finished games alike). Any other key of
-- an entry is kept. Stored as a BLOB, like the bot writes it.
-- (No semicolon in comments: the migration runner splits statements on them.)
UPDATE games SET players = CAST((
    SELECT json_group_array(json(json_remove(
               json_set(entry.value, '$.seat', json_extract(entry.value, '$.empire')),
               '$.empire')))
    FROM (SELECT value FROM json_each(CAST(games.players AS TEXT)) ORDER BY key) AS entry
) AS BLOB)
