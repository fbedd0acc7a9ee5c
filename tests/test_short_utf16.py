"""Short notes in UTF-16 without a byte order mark (walk._bomless_utf16):
Chinese, Japanese and Korean ones of a few characters, and two-letter ones
in a small-block script, read as their text; binary files and ASCII with
NUL bytes still not."""

from __future__ import annotations

import random
import struct

import pytest

from minirag_cli import walk
from minirag_cli.sync import sync_folders

SHORT_CJK = {
    "tokyo.md": "东京",  # two letters, no ASCII (so no NUL byte): was read as cp1252, "\x1cN¬N"
    "hello.md": "你好世界",  # its bytes were UTF-8 with a control character: "`O}Y\x16NLu"
    "hello-line.md": "你好世界\n",  # a line end's NUL: was a 'binary file'
    "memo.md": "日本語のメモ",
    "tower.md": "東京タワー\n",
    "greeting.md": "こんにちは\n",
    "korean.md": "안녕하세요\n",
    "notes.md": "李华的笔记\n",
    "meeting.md": "会议记录\n明天开会",
    "punctuated.md": "明天，开会！\n",
    "mixed.md": "买 iPhone 了\n",
}
SHORT_TWO_LETTERS = {"da.md": "Да", "da-line.md": "Да\n", "greek.md": "Ως\n"}


def read(data: bytes) -> str | None:
    """What a sync reads of `data`: None for a binary file."""
    binary, wide = walk.sniff_note(data)
    return None if binary else walk.decode_note(data, wide)[0]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", [*SHORT_CJK.values(), *SHORT_TWO_LETTERS.values()])
def test_a_short_cjk_or_two_letter_utf16_note_is_read_as_its_text(text, codec):
    assert read(text.encode(codec)) == text


def test_short_cjk_utf16_notes_are_indexed(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    root.mkdir()
    for name, text in {**SHORT_CJK, **SHORT_TWO_LETTERS}.items():
        (root / ("le-" + name)).write_bytes(text.encode("utf-16-le"))
        (root / ("be-" + name)).write_bytes(text.encode("utf-16-be"))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.skipped == [] and s.warnings == []
    texts = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
    for name, text in {**SHORT_CJK, **SHORT_TWO_LETTERS}.items():
        assert texts["le-" + name] == texts["be-" + name] == text.strip(), name


# ASCII with NUL bytes (a C string's terminator, NUL-padded fields) and short binary records: two
# ASCII bytes read as one UTF-16 unit spell a CJK letter ("abcd" is 扡摣), but hardly ever an
# everyday one, and a random NUL is no line end's
ASCII_WITH_NULS = [b"abcd\n\x00", b"hello world!\n\x00", b"notes\x00\x00\x00", b"id\x00\x00name\x00\x00",
                   b"TODO: buy milk\n\x00\x00", b"ab\x00\x00cd\x00\x00", b"meeting notes\n\x00",
                   b"Li Hua\n\x00\x00\x00", b"the lazy dog\x00\x00", b"quick\x00brown\x00"]
BINARY = [b"\x00\x00\x00\x01", struct.pack("<2I", 7, 1700000000), struct.pack("<4H", 1, 2, 3, 4),
          b"A\x00\x00\x00B\x00\x00\x00", "东京".encode("utf-16-le") + b"\x00\x00",  # a NUL unit: binary
          # bytes that are "你好\n" in UTF-16 and also ASCII "`O}Y\n" with a stray NUL: which one? binary, as before
          "你好\n".encode("utf-16-le")]


@pytest.mark.parametrize("data", ASCII_WITH_NULS + BINARY)
def test_ascii_with_nul_bytes_and_short_binary_stay_binary(data):
    assert walk.sniff_note(data) == (True, None), read(data)


def test_random_short_bytes_with_a_nul_stay_binary():
    """Random bytes of 10 to 30 with a NUL among them (and no byte order
    mark): none reads as text (the short CJK rule needs every letter an
    everyday one and the NUL a line end's or a space's). From 32 bytes on, 16
    CJK letters need no line end (the rule for a note's head, not this one's:
    with this seed it reads one of 36 bytes as text, as it did before)."""
    rng = random.Random(20261205)
    for length in range(10, 31, 2):
        for _ in range(300):
            data = bytearray(rng.randbytes(length))
            data[rng.randrange(length)] = 0
            if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # a byte order mark: UTF-16 by what it says
                continue
            assert walk.sniff_note(bytes(data))[0], bytes(data)


@pytest.mark.parametrize("text", ["Привет \x01Größe\n", "Москва \x07Größe Tom\n", "çà \x08Привет Café",
                                  "Ελλάδα Größe\x01 çà", "Café\x0bnaïve\n", "东京\x07李华\n"])
def test_a_short_utf8_note_with_a_stray_control_character_stays_utf8(text):
    """A short note's "no control character" rule (for UTF-16 CJK, whose
    bytes are ASCII) was applied to every UTF-8: a Word paste's vertical tab
    or a bell in "Привет Größe" made it UTF-16 garbage ('킟톀킸…'). Valid
    multi-byte UTF-8 is read as written, as before the rule."""
    data = text.encode()
    assert len(data) <= walk._SHORT_NOTE_BYTES
    assert read(data) == text
