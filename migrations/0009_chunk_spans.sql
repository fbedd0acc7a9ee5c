-- The spans of days a chunk writes (`Priya off 14–18 Dec`, `Marcus OOO from Dec 21 to Jan 4`: notespans.py, heuristic
-- rules 28), each its first and last ISO day, at most 31 days: the date channel reads a day inside one as a day the
-- chunk writes (graph/sql DATED_SQL, store/search.date_chunks). Its ends are date entities as before; the days
-- between are no entities, as 31 date nodes each joined to every name of the chunk would flood the graph.
CREATE TABLE chunk_spans (
    chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
    first    TEXT NOT NULL,  -- the span's first day (ISO)
    last     TEXT NOT NULL   -- its last day (ISO)
);
CREATE INDEX chunk_spans_chunk ON chunk_spans(chunk_id);
