-- Entity types that do not depend on sync order. An entity took the type
-- of its strongest mention, the first seen of that rank, and kept it: a
-- note deleted (or edited) left the type it gave, and two notes of
-- different types of one rank typed the entity as whichever was synced
-- first, so an incremental sync and `sync --rebuild` could type an entity
-- differently (and list it, or not, among the people of the chunk headers).
-- Now each mention records the type it gives (`mentions.type`) and
-- entity_types counts them per entity, kept exact on every write and delete
-- as entity_aliases is; store.refresh_entities types the entity from the
-- counts alone (naming.chosen_type: the strongest rank, then the most
-- mentions, then code point order), as it names it from the alias counts.
-- db._entity_types_0007 (run by db.apply_migrations in this migration's
-- transaction, after this SQL) fills both for an older index from what it
-- holds: it never recorded which type each mention gave, so every mention
-- is taken to give its entity's type as it stands (a mention by #tags
-- alone: `concept`), which types every entity as before; the counts become
-- exact as its notes are synced again (or at once with `sync --rebuild`).

-- The type this chunk's mention gives the entity: that of its highest-ranked form in the chunk (naming.type_rank).
ALTER TABLE mentions ADD COLUMN type TEXT NOT NULL DEFAULT 'concept';

-- How many mentions (the sum of mentions.count) gave an entity each type;
-- `tags` 1 for mentions whose forms are all #tags, whose type ranks lowest
-- (naming.given_rank). The entity's type is naming.chosen_type of its rows.
CREATE TABLE entity_types (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    type      TEXT NOT NULL,
    tags      INTEGER NOT NULL,  -- 1: given by mentions whose forms are all #tags, else 0
    count     INTEGER NOT NULL,  -- the mentions (sum of mentions.count) that gave it
    PRIMARY KEY (entity_id, type, tags)
) WITHOUT ROWID;
