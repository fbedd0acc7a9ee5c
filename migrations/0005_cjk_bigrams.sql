-- CJK text for the BM25 channel (QA session). Chinese and Japanese put no
-- spaces between words, and FTS5's unicode61 tokenizer takes a whole run of
-- such characters ("李华今天去北京了") for one token, so a question's word
-- ("北京") matched no chunk. `chunks.cjk` holds a chunk's runs of Han, kana
-- and Hangul characters as overlapping two-character terms ("李华 华今 今天
-- ..."; a lone character as itself: text.cjk_bigrams), and `chunks_cjk`
-- indexes them. The BM25 channel searches it only for a question that holds
-- such characters (retrieve.bm25_channel), so every other question ranks as
-- before. store.write fills it on write; db._cjk_0005 (run by
-- db.apply_migrations in this migration's transaction, after this SQL) fills
-- it for the chunks an older index holds.

-- The chunk's CJK runs as space-separated bigrams ('' when it has none), for chunks_cjk.
ALTER TABLE chunks ADD COLUMN cjk TEXT NOT NULL DEFAULT '';

-- BM25 over chunks.cjk (external content kept in step by triggers, as chunks_fts is).
CREATE VIRTUAL TABLE chunks_cjk USING fts5(
    cjk, content='chunks', content_rowid='id', tokenize='unicode61'
);
CREATE TRIGGER chunks_cjk_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_cjk(rowid, cjk) VALUES (new.id, new.cjk);
END;
CREATE TRIGGER chunks_cjk_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_cjk(chunks_cjk, rowid, cjk) VALUES ('delete', old.id, old.cjk);
END;
CREATE TRIGGER chunks_cjk_au AFTER UPDATE OF cjk ON chunks BEGIN
    INSERT INTO chunks_cjk(chunks_cjk, rowid, cjk) VALUES ('delete', old.id, old.cjk);
    INSERT INTO chunks_cjk(rowid, cjk) VALUES (new.id, new.cjk);
END;
INSERT INTO chunks_cjk(chunks_cjk) VALUES ('rebuild');
