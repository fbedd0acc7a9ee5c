-- A form's label (entity_aliases.merge) that follows its occurrences. The
-- label was that of the first chunk that wrote the row (ON CONFLICT added
-- the count only), so a form first merged fuzzily that later became a
-- note's alias (or the reverse) kept its old label, and naming.chosen_key
-- and store.resolver_keys, which read it, keyed and resolved the entity
-- otherwise than `sync --rebuild` (reviewer revC's fuzzer). Now each
-- mention records which of its forms joined it as a note's alias
-- (`mentions.aliases`, {form: occurrences}) and entity_aliases counts them
-- (`alias_count`), kept exact on every write and delete as `count` is:
-- the row is labelled 'alias' while every occurrence of the form is a
-- note's alias (store.write._relabel), and naming.chosen_key counts a
-- form's other occurrences only (count - alias_count).
-- An older index's rows are taken as labelled: an 'alias' row's
-- occurrences are all a note's alias, another's none.

-- How many of the form's occurrences (of `count`) joined the entity as a note's alias; the row is labelled 'alias' when all did.
ALTER TABLE entity_aliases ADD COLUMN alias_count INTEGER NOT NULL DEFAULT 0;
UPDATE entity_aliases SET alias_count = count WHERE merge = 'alias';

-- The forms of this mention that joined the entity as a note's alias (sync.joined_names): {form: occurrences}.
ALTER TABLE mentions ADD COLUMN aliases TEXT NOT NULL DEFAULT '{}';
UPDATE mentions SET aliases = coalesce((
    SELECT json_group_object(j.key, j.value) FROM json_each(mentions.forms) j
      JOIN entity_aliases a ON a.entity_id = mentions.entity_id AND a.alias = j.key
     WHERE a.merge = 'alias'), '{}')
 WHERE EXISTS (SELECT 1 FROM entity_aliases a WHERE a.entity_id = mentions.entity_id AND a.merge = 'alias');
