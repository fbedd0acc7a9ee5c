"""bench/blocks.py: how LiHua is cut into blocks of consecutive notes and
which questions each block can be asked (pure logic; the indexes are the
benchmark's)."""

from pathlib import Path

from bench.blocks import block_questions, note_blocks


def _notes(root: Path, names: list[str]) -> None:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")


def test_blocks_follow_the_dates_not_the_folders(tmp_path):
    # week10 sorts before week2 as a path; the file names (dates) decide
    _notes(tmp_path, ["week2/20260110_0900.txt", "week10/20260301_1000.txt", "week1/20260105_1100.txt",
                      "bakery/20260201.txt", ".mrag/index.sqlite"])  # an index beside the notes is no note
    blocks = note_blocks(tmp_path, 2)
    assert [[p.name for p in b] for b in blocks] == [["20260105_1100.txt", "20260110_0900.txt"],
                                                    ["20260201.txt", "20260301_1000.txt"]]


def test_a_short_tail_joins_the_block_before_it_and_every_note_is_kept_once(tmp_path):
    _notes(tmp_path, [f"w/2026010{d}_1000.txt" for d in range(1, 10)])  # 9 notes, blocks of 4: tail of 1
    blocks = note_blocks(tmp_path, 4)
    assert [len(b) for b in blocks] == [4, 5]
    assert sorted(p for b in blocks for p in b) == sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.txt"))


def test_a_tail_of_half_a_block_or_more_stays_a_block(tmp_path):
    _notes(tmp_path, [f"w/2026010{d}_1000.txt" for d in range(1, 9)])  # 8 notes, blocks of 3: tail of 2
    assert [len(b) for b in note_blocks(tmp_path, 3)] == [3, 3, 2]


def test_a_block_is_asked_only_what_it_holds_whole():
    block = [Path("w1/a.txt"), Path("w1/b.txt")]
    questions = [{"id": "one", "expected": ["w1/a.txt"]},
                 {"id": "both", "expected": ["w1/a.txt", "w1/b.txt"]},
                 {"id": "split", "expected": ["w1/a.txt", "w2/c.txt"]},
                 {"id": "none", "expected": []}]
    assert [q["id"] for q in block_questions(questions, block)] == ["one", "both"]
