"""The store layer: every SQL statement mrag runs on an index, behind plain
functions that take a connection and return plain data (ids, tuples, dicts).

- `write`: documents, chunks, entities, edges and vectors in, kept exact
  (replacing or deleting a document leaves the numbers of never having
  synced it), or the whole graph remade from the chunks (a re-extraction);
  the extraction cache; sync bookkeeping.
- `read`: counts, status, entity lists, documents, entity pages, exports.
- `search`: the BM25 and dense channels and result rows of retrieval.
- `vectors`: KNN and point lookups on the int8 vec0 tables, their blocks
  fitted to their sizes (the encodings are vectors.py).
- `answers`: note headings for the answer's sources, the answer cache; notes'
  lines rebuilt from their chunks (answer lines, `mrag tasks`).

With db.py (the one function that opens a connection, migrations, meta) and
graph/sql.py (the graph channel's walk and votes), this is all the SQL there
is: a second backend (PostgreSQL + pgvector) would be a sibling of these
modules, chosen where db.connect is called (Index.open).
"""

from minirag_cli.store.answers import (cache_answer, cached_answer, keep_chunkless_answers, note_heads, note_lines,
                                      note_titles, notes_with_tasks, prune_answers)
from minirag_cli.store.read import (built_chunking, chunk_texts_holding, chunk_texts_with_links, chunks_writing_words, cjk_documents, document_paths, documents_writing_dated_slashes, documents_with_bigrams, documents_in_sync_order, entities_list,
                                    existing_documents, index_status, indexed_documents, indexed_paths, never_synced,
                                    holds_any_cjk, holds_cjk, holds_no_chunks, notes_mentioning, notes_writing,
                                    first_header, note_chunks, stored_chunks, stored_vector_hashes, table_counts,
                                    vectors_by_chunk_hash)
from minirag_cli.store.write import (DocumentRecord, NameVectors, PlannedChunk, PlannedEntity, PlannedRelation,
                                     cache_extraction, cached_extraction, clear_document_graphs, clear_graph,
                                     delete_document, document_header, empty_index, forget_kept_vectors, kept_vectors,
                                     merge_extraction_cache, move_root, note_head, purge_orphan_entities, refresh_entities,
                                     resolver_forms, resolver_keys, rows_by_key, set_sentence_vectors, totals,
                                     touch_documents, unembedded_sentences, UNEMBEDDED, write_document, write_graph)

__all__ = ["built_chunking", "cache_answer", "chunk_texts_holding", "chunk_texts_with_links", "cache_extraction", "cached_answer", "cached_extraction",
           "cjk_documents", "clear_document_graphs", "clear_graph", "delete_document", "document_header", "document_paths",
           "DocumentRecord", "documents_in_sync_order", "documents_with_bigrams", "chunks_writing_words", "holds_any_cjk", "holds_cjk",
           "empty_index", "entities_list", "existing_documents", "first_header", "forget_kept_vectors", "index_status",
           "indexed_documents", "indexed_paths", "keep_chunkless_answers", "kept_vectors", "merge_extraction_cache", "move_root",
           "NameVectors", "never_synced", "holds_no_chunks", "notes_mentioning", "notes_writing", "note_head", "note_heads", "note_lines", "note_titles", "notes_with_tasks",
           "PlannedChunk", "PlannedEntity",
           "PlannedRelation", "prune_answers", "purge_orphan_entities", "refresh_entities", "resolver_forms", "resolver_keys", "rows_by_key", "note_chunks", "stored_chunks", "documents_writing_dated_slashes",
           "set_sentence_vectors", "table_counts", "totals", "touch_documents", "unembedded_sentences", "UNEMBEDDED",
           "stored_vector_hashes", "vectors_by_chunk_hash", "write_document", "write_graph"]
