-- Document header for BM25 (issue 4): a chunk after the first loses its
-- note's opening line (the title, or a chat export's `Time: 20260204_15:00`)
-- and the people its note names (a chat's speakers). `chunks.header` holds
-- that context -- the document's first line, at most 120 characters, and the
-- names of the person entities it mentions -- and FTS5 indexes it as a
-- second column, so a question naming "Jennifer" matches every chunk of her
-- chats. `chunks.text`, what users see, is unchanged. store.document_header
-- computes it on write; this migration fills it for existing chunks.

-- Indexed by FTS5 besides `text`: the document's first line and the people it names.
ALTER TABLE chunks ADD COLUMN header TEXT NOT NULL DEFAULT '';

-- one header per document, then copied to its chunks (a correlated
-- subquery per chunk would re-read a long document once for each chunk)
CREATE TEMP TABLE doc_header(document_id INTEGER PRIMARY KEY, header TEXT NOT NULL);
INSERT INTO doc_header(document_id, header)
SELECT d.id, trim(
    coalesce((SELECT substr(CASE WHEN instr(f.text, char(10)) > 0
                                 THEN substr(f.text, 1, instr(f.text, char(10)) - 1) ELSE f.text END, 1, 120)
              FROM chunks f WHERE f.document_id = d.id ORDER BY f.seq LIMIT 1), '')
    || char(10) ||
    coalesce((SELECT group_concat(name, ', ') FROM (
                  SELECT DISTINCT e.name AS name FROM chunks c2
                  JOIN mentions m ON m.chunk_id = c2.id JOIN entities e ON e.id = m.entity_id
                  WHERE c2.document_id = d.id AND e.type = 'person' ORDER BY e.name)), ''),
    char(10) || ' ')
FROM documents d;
UPDATE chunks SET header = (SELECT h.header FROM doc_header h WHERE h.document_id = chunks.document_id);
DROP TABLE doc_header;

-- BM25 channel, now over two columns (text, header); still external content
-- kept in step by triggers, an update of either column included.
DROP TRIGGER chunks_ai;
DROP TRIGGER chunks_ad;
DROP TABLE chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, header, content='chunks', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text, header) VALUES (new.id, new.text, new.header);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, header) VALUES ('delete', old.id, old.text, old.header);
END;
CREATE TRIGGER chunks_au AFTER UPDATE OF text, header ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text, header) VALUES ('delete', old.id, old.text, old.header);
    INSERT INTO chunks_fts(rowid, text, header) VALUES (new.id, new.text, new.header);
END;
INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
