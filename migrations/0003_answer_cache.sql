-- Answer cache (issue 14): `mrag eval --answers` stores every answer a model
-- wrote, so a re-run after a change to the scoring rule, or of questions
-- already answered, costs no model call. Like extraction_cache it is not tied
-- to chunks by foreign keys (it outlives a re-sync), but its key is made of
-- this index's chunk ids, so it lives in the index, next to them.

-- Model answers for `mrag eval --answers` (and a judge model's verdicts), keyed by question x the chunks the model read (ids and the text it saw) x model identity x prompt version.
CREATE TABLE answer_cache (
    key TEXT PRIMARY KEY,        -- blake2b of the question, the sources (rank, chunk id, date, text), model and prompt version
    question TEXT NOT NULL,
    chunk_ids TEXT NOT NULL,     -- JSON list of the chunk ids the model read, in prompt order ([] for a verdict)
    model_id TEXT NOT NULL,      -- llm.model_identity of the GGUF file
    prompt_version TEXT NOT NULL,
    answer TEXT NOT NULL,        -- JSON: text, citations, removed citations, method, tokens, seconds
    created_at TEXT NOT NULL
);
