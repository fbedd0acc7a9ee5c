-- Smaller vectors (issue 17). Float32 vectors were 71% of a LiHua index:
-- chunk and entity-name vectors become int8 vec0 tables sized to their rows,
-- relation vectors one 12-bit vector per distinct relation sentence in a
-- plain table instead of one float32 vec0 row per entity pair. Nothing is
-- re-embedded: the vectors are re-encoded from the float32 ones. The vec0
-- part depends on the embedder's dimension, so db._vectors_0004 (run by
-- db.apply_migrations in this migration's transaction, after this SQL)
-- rebuilds vec_chunks and vec_entity_names, fills relation_sentences from
-- temp.relation_texts and drops vec_relations.
PRAGMA defer_foreign_keys = ON;

-- One embedding per distinct relation text (two or more entity names and the
-- sentence that joins them); the relations of every pair in the sentence, in
-- every chunk that holds it, share it. A sentence no relation refers to is
-- deleted with its last relation (trigger relations_sentence_ad).
CREATE TABLE relation_sentences (
    id     INTEGER PRIMARY KEY,
    key    INTEGER NOT NULL UNIQUE,  -- blake2b of the relation text, 8 bytes, signed (vectors.sentence_key)
    vector BLOB NOT NULL             -- its embedding in 12-bit fixed point (vectors.Codec.pack12)
);

-- the distinct texts, numbered in the order of their first relation
CREATE TEMP TABLE relation_texts (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE, relation_id INTEGER NOT NULL);
INSERT INTO temp.relation_texts(text, relation_id) SELECT text, min(id) FROM relations GROUP BY text ORDER BY min(id);

-- Relations: a pair of entities joined by a sentence of a chunk, one row per
-- (chunk, pair). The sentence is chunk text [start_char, end_char) (what
-- `ask --explain` shows); its vector is the relation_sentences row.
CREATE TABLE relations_new (
    id          INTEGER PRIMARY KEY,
    chunk_id    INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
    a           INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    b           INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    sentence_id INTEGER NOT NULL REFERENCES relation_sentences(id),
    start_char  INTEGER NOT NULL,  -- 0-based character offset of the sentence in the chunk text
    end_char    INTEGER NOT NULL   -- end of the sentence (exclusive); start_char = end_char when unknown
);
-- the sentence is what follows the names: "A | B :: sentence" (cut at 400 characters)
INSERT INTO relations_new(id, chunk_id, a, b, sentence_id, start_char, end_char)
SELECT r.id, r.chunk_id, r.a, r.b, t.id,
       max(instr(c.text, substr(r.text, instr(r.text, ' :: ') + 4)) - 1, 0),
       CASE WHEN instr(c.text, substr(r.text, instr(r.text, ' :: ') + 4)) > 0
            THEN instr(c.text, substr(r.text, instr(r.text, ' :: ') + 4)) - 1
                 + length(substr(r.text, instr(r.text, ' :: ') + 4))
            ELSE 0 END
FROM relations r
JOIN temp.relation_texts t ON t.text = r.text
JOIN chunks c ON c.id = r.chunk_id;
DROP TABLE relations;  -- and with it the trigger that deleted its vec_relations rows
ALTER TABLE relations_new RENAME TO relations;
CREATE INDEX relations_chunk ON relations(chunk_id);
CREATE INDEX relations_sentence ON relations(sentence_id);
CREATE TRIGGER relations_sentence_ad AFTER DELETE ON relations BEGIN
    DELETE FROM relation_sentences WHERE id = old.sentence_id
        AND NOT EXISTS (SELECT 1 FROM relations WHERE sentence_id = old.sentence_id);
END;
