-- Zero width characters inside words, for the BM25 channel. Text pasted
-- from the web, a PDF or a chat carries invisible characters inside names
-- ("Li\u200bHua"), and FTS5's unicode61 tokenizer takes each for a word
-- break: the chunk held the words "li" and "hua", so a question naming
-- LiHua did not find it by BM25 (the extractor and the question's grounding
-- already read it as LiHua: text.without_invisibles). `chunks.bm25_text`
-- holds the chunk's text as BM25 reads it, without those characters (the
-- zero width non-joiner and joiner kept where they shape a Persian, Indic
-- or emoji sequence), only for a chunk where that differs; `chunks.text`,
-- what users see, stays as written. chunks_fts indexes the view
-- chunks_bm25 (bm25_text, else text) instead of chunks, so FTS5's
-- 'rebuild' and 'integrity-check' read what the triggers index. The
-- question is read the same way (retrieve.fts_query). store.write fills it
-- on write; db._bm25_text_0006 (run by db.apply_migrations in this
-- migration's transaction, after this SQL) fills it for the chunks an
-- older index holds, and drops the characters from their header (which
-- store.document_header now writes without them) and CJK bigrams.

-- The chunk's text without the invisible characters BM25 must not split words at; NULL when it has none (BM25 reads text).
ALTER TABLE chunks ADD COLUMN bm25_text TEXT;

-- What chunks_fts indexes: each chunk's text as BM25 reads it, and its header.
CREATE VIEW chunks_bm25 AS SELECT id, coalesce(bm25_text, text) AS text, header FROM chunks;

DROP TRIGGER chunks_ai;
DROP TRIGGER chunks_ad;
DROP TRIGGER chunks_au;
DROP TABLE chunks_fts;

-- It indexes the view chunks_bm25 (schema 6): each chunk's text as BM25 reads it (bm25_text, else text) and its header.
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, header, content='chunks_bm25', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text, header) VALUES (new.id, coalesce(new.bm25_text, new.text), new.header);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, header)
    VALUES ('delete', old.id, coalesce(old.bm25_text, old.text), old.header);
END;
-- an update of text, header or bm25_text re-indexes the chunk
CREATE TRIGGER chunks_au AFTER UPDATE OF text, header, bm25_text ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, header)
    VALUES ('delete', old.id, coalesce(old.bm25_text, old.text), old.header);
    INSERT INTO chunks_fts(rowid, text, header) VALUES (new.id, coalesce(new.bm25_text, new.text), new.header);
END;
INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
