"""What a sync's progress says while it embeds: the texts counted as each
batch is done, through the real sync and a fake embedder behind the
Embedder interface (a first sync's bar said `embedding 285 texts` at 0/60
files for 40 s, the model's load included, and then jumped to the end)."""

from __future__ import annotations

import numpy as np

from minirag_cli.embed import HashingEmbedder, SentenceTransformerEmbedder, embed_counting
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes


class PhaseRecorder:
    """A sync progress that keeps every phase it is told."""

    def __init__(self):
        self.phases: list[str] = []

    def start(self, total_files): pass
    def advance(self, n_files, n_chunks): pass
    def extracting(self, *args): pass

    def phase(self, text):
        self.phases.append(text)


class SlowModel(HashingEmbedder):
    """sentence-transformers' shape: a batch size, and a model that loads on
    the first call. Notes what the progress said when each call began."""

    batch_size = 4

    def __init__(self, progress: PhaseRecorder):
        super().__init__(dim=32)
        self.progress, self.loaded, self.said = progress, False, []

    def embed(self, texts):
        self.said.append(self.progress.phases[-1])
        self.loaded = True
        return super().embed(texts)


def test_embedding_phase_counts_the_texts_as_batches_finish(tmp_path, conn, extractor):
    notes = tmp_path / "notes"
    write_notes(notes, {f"n{i}.md": f"Wolfgang Schulz met Person{i} Moore in Berlin on day {i}.\n"
                        for i in range(12)})
    progress = PhaseRecorder()
    embedder = SlowModel(progress)
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor, options=SyncOptions(), progress=progress)
    first = next(p for p in progress.phases if p.startswith("embedding"))
    total = int(first.split("/")[1].split()[0])
    assert first == f"embedding {embedder.batch_size}/{total} texts"
    assert total > 2 * embedder.batch_size  # the test's point: several batches
    assert progress.phases[progress.phases.index(first) - 1] == "loading the embedding model"
    counted = progress.phases[progress.phases.index(first):progress.phases.index("writing")]
    assert counted == [f"embedding {min(n, total)}/{total} texts" for n in range(4, total + 4, 4)]
    # while the model works, the line already says how far it got
    assert embedder.said == ["loading the embedding model"] + counted[:-1]


def test_embed_counting_gives_the_vectors_of_one_call_in_the_model_s_batches():
    """The batches are the ones sentence-transformers makes of the whole list
    (longest first), so no text is padded with other texts than before: the
    real model's vectors are bit for bit those of one `encode` call of all the
    texts (batches of other texts pad them otherwise, which moves the last
    float bits), and the count goes up a batch at a time."""
    texts = [("word " * n).strip() + f" {n}" for n in (3, 9, 1, 7, 7, 2, 11, 5, 30, 4)]
    model = SentenceTransformerEmbedder("all-MiniLM-L6-v2", batch_size=3)
    done: list[int] = []
    got = embed_counting(model, texts, done.append)
    assert np.array_equal(got, model.embed(texts))  # one call: sentence-transformers' own batches
    assert done == [3, 6, 9, 10]
