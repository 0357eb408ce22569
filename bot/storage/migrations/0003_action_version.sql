-- The game version each logged action produced, so that "what happened since the page a
-- player clicked was drawn" is exact (NULL for actions logged before this migration).
ALTER TABLE actions ADD COLUMN version INTEGER;
