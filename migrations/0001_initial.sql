-- mrag schema, version 1: documents, chunks, FTS5, entity graph, caches.
-- The sqlite-vec tables (vec_chunks, vec_entity_names, vec_relations) depend
-- on the embedding dimension, so db.ensure_vec_tables() creates them when the
-- embedder is first known; their rowids are chunks.id, entities.id and
-- relations.id.

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT
);

-- One row per synced file. `root` is the absolute folder given to `mrag sync`,
-- `path` is relative to it (what eval's golden files name).
CREATE TABLE documents (
    id        INTEGER PRIMARY KEY,
    root      TEXT NOT NULL,
    path      TEXT NOT NULL,
    hash      TEXT NOT NULL,
    size      INTEGER NOT NULL,
    mtime     REAL NOT NULL,
    n_lines   INTEGER NOT NULL DEFAULT 0,
    synced_at TEXT NOT NULL,
    UNIQUE (root, path)
);
CREATE INDEX documents_path ON documents(path);

CREATE TABLE chunks (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    text        TEXT NOT NULL,
    start_char  INTEGER NOT NULL,
    end_char    INTEGER NOT NULL,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL,
    n_tokens    INTEGER NOT NULL,
    hash        TEXT NOT NULL
);
CREATE INDEX chunks_document ON chunks(document_id, seq);
CREATE INDEX chunks_hash ON chunks(hash);

-- BM25 channel. External-content FTS5 kept in step by triggers, so a chunk
-- deleted by any path (cascade included) leaves nothing in the index.
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, content='chunks', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

-- Canonical entities. `key` is the normalised form (resolve.normalise_key);
-- `mentions` is the sum of mention counts, `chunks` the number of chunks that
-- mention it (the hub measure used by the walk).
CREATE TABLE entities (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL,
    key      TEXT NOT NULL UNIQUE,
    type     TEXT NOT NULL DEFAULT 'concept',
    mentions INTEGER NOT NULL DEFAULT 0,
    chunks   INTEGER NOT NULL DEFAULT 0
);

-- Surface forms merged into an entity, with how often each was seen and how
-- it was merged ('exact' key match, 'fuzzy' rapidfuzz match, or, since
-- heuristic rules 7, 'alias': a note's front matter alias joined to its entity;
-- since schema 8 a row is 'alias' while every occurrence of the form is a
-- note's alias, so the label follows the notes as `sync --rebuild` gives it).
CREATE TABLE entity_aliases (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    alias     TEXT NOT NULL,
    key       TEXT NOT NULL,
    count     INTEGER NOT NULL DEFAULT 0,
    merge     TEXT NOT NULL DEFAULT 'exact',
    PRIMARY KEY (entity_id, alias)
);
CREATE INDEX entity_aliases_key ON entity_aliases(key);

-- Entity <-> chunk edges (MiniRAG's E_beta). `forms` is a JSON object
-- {surface form: count} so alias counts can be undone exactly on delete.
CREATE TABLE mentions (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    chunk_id  INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
    count     INTEGER NOT NULL,
    forms     TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (entity_id, chunk_id)
);
CREATE INDEX mentions_chunk ON mentions(chunk_id);

-- Entity <-> entity edges (E_alpha), stored once per pair with a < b.
-- weight = number of chunks in which both are mentioned.
CREATE TABLE cooccurrence (
    a      INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    b      INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    weight INTEGER NOT NULL,
    PRIMARY KEY (a, b),
    CHECK (a < b)
) WITHOUT ROWID;
CREATE INDEX cooccurrence_b ON cooccurrence(b, a);

-- Relation texts: two entity names plus the sentence that joins them, one row
-- per (chunk, pair); embedded into vec_relations.
CREATE TABLE relations (
    id       INTEGER PRIMARY KEY,
    chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
    a        INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    b        INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    text     TEXT NOT NULL
);
CREATE INDEX relations_chunk ON relations(chunk_id);

-- Model output per text the model read (a note window, extract/llm.py; a
-- chunk before prompt version w1), keyed by that text's hash (the column
-- keeps its first name): re-syncs and rebuilds never pay twice.
-- Deliberately not tied to chunks: it outlives them.
CREATE TABLE extraction_cache (
    chunk_hash     TEXT NOT NULL,
    model_id       TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    output         TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    PRIMARY KEY (chunk_hash, model_id, prompt_version)
) WITHOUT ROWID;
