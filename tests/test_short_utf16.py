"""Short notes in UTF-16 without a byte order mark (walk._bomless_utf16):
Chinese, Japanese and Korean ones of a few characters, and two-letter ones
in a small-block script, read as their text; binary files and ASCII with
NUL bytes still not."""

from __future__ import annotations

import json
import os
import random
import struct
import time

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
                   b"Li Hua\n\x00\x00\x00", b"the lazy dog\x00\x00", b"quick\x00brown\x00",
                   # a few characters whose one or two NULs are half their high bytes: were read as
                   # Latin UTF-16, "敹s", "扡c", "y敳", "潮te", "⼮a" (`find -print0`)
                   b"yes\x00", b"abc\x00", b"\x00yes", b"not\x00e\x00", b"./a\x00"]
BINARY = [b"\x00\x00\x00\x01", struct.pack("<2I", 7, 1700000000), struct.pack("<4H", 1, 2, 3, 4),
          b"A\x00\x00\x00B\x00\x00\x00", "东京".encode("utf-16-le") + b"\x00\x00",  # a NUL unit: binary
          # bytes that are "你好\n" in UTF-16 and also ASCII "`O}Y\n" with a stray NUL: which one? binary, as before
          "你好\n".encode("utf-16-le")]


@pytest.mark.parametrize("data", ASCII_WITH_NULS + BINARY)
def test_ascii_with_nul_bytes_and_short_binary_stay_binary(data):
    assert walk.sniff_note(data) == (True, None), read(data)


def test_random_short_bytes_with_a_nul_stay_binary():
    """Random bytes of 10 to 64 with a NUL among them (and no byte order
    mark): none reads as text (the short CJK rule needs every letter an
    everyday one and the NUL a line end's or a space's). From 32 bytes on, 16
    CJK letters need no line end: with this seed that rule read one of 36
    bytes as text ('徂孒䗸崀䴪䀵胩諾祉￨ᓫ虍꘠釟餾啘つ怘'); three in four of them must now
    be everyday letters (walk._UNSPACED_EVERYDAY_SHARE)."""
    rng = random.Random(20261205)
    for length in range(10, 65, 2):
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


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", ["李华\r\n", "周华\r\n", "吴华\r\n"])
def test_two_cjk_letters_of_ascii_bytes_with_a_crlf_are_read_as_utf16(text, codec):
    """"李华\r\n" in UTF-16 is `NgNS\r\0\n\0`: ASCII but two NULs, which readers 3
    took for ASCII with stray NULs (binary), as "yes\0". Its NULs are the high
    bytes of the CR LF pair that ends it, which no stray NUL of ASCII text is: read."""
    data = text.encode(codec)
    assert data.replace(b"\x00", b"").isascii()  # all ASCII but the NULs
    assert read(data) == text


@pytest.mark.parametrize("data", [b"abcd\r\x00\n\x00", b"TODO\r\x00\n\x00", b"\x00\r\x00\nnote",
                                  b"Ng\r\x00\n\x00NS", b"ok\r\x00\n\x00", b"yes\r\x00\n", b"id\r\n\x00\x00"])
def test_ascii_with_a_utf16_crlf_is_still_binary_unless_its_letters_are_everyday_cjk(data):
    """The CR LF rule reads only a CR LF that ends the file, after everyday
    CJK letters: "abcd" is 扡摣, no everyday letters; "ok" is one letter; a
    CR LF before the letters is not the note's last line end; NULs not
    those of a CR LF are stray."""
    assert walk.sniff_note(data) == (True, None), read(data)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", ["ab", "Hi!\n", "東京\r\n", "5€", "Łódź", "Да\r\n", "Li 李华", "用Python"])
def test_a_few_characters_of_utf16_that_are_no_ascii_with_nuls_read_as_before(text, codec):
    """The rule that keeps "yes\\0" out of UTF-16 (ASCII text but its one or
    two NULs) leaves the few-character UTF-16 notes whose bytes are not all
    ASCII text, or whose NULs are more, or which read as their ASCII letters."""
    assert read(text.encode(codec)) == text


def test_ascii_words_with_a_nul_or_two_are_never_read_as_other_letters():
    """ASCII (words, random letters and punctuation) with one or two NULs
    appended or put in: none is read as UTF-16 otherwise than its ASCII
    letters ("a\\0b\\0" is "ab" either way). Before, 3 in 100 of these
    (all of 4 to 8 bytes) were read as CJK or other letters ("敹s")."""
    rng = random.Random(20261205)
    words = "yes no ok done true false todo note milk abc hello id name key value test a b x".split()
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_!?/\n"
    for i in range(3000):
        if i % 3 == 0:
            text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4)))
        else:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(2, 41)))
        data = bytearray(text.encode())
        for _ in range(rng.choice((1, 1, 2))):
            data.insert(len(data) if rng.random() < 0.5 else rng.randrange(len(data) + 1), 0)
        wide = walk.sniff_note(bytes(data))[1]
        assert wide is None or wide == data.replace(b"\x00", b"").decode(), bytes(data)


# random bytes with no NUL that the rule for unspaced CJK (16 letters, no space or line end needed)
# read as UTF-16, silently, where 8-bit text (cp1252 or replacement characters) with a warning is what they are
RANDOM_READ_AS_CJK = ["6e5f93fa69ea5f7e81439b4e68b8fe98a7af1a7361332bf124ef59218c54587378105e8b",  # 湟鏺槪彾…
                      "30541b953346a35245614387ba98b058736e7c2ce050484a563e0f631661f1755a745d94",  # 吰锛䘳劣…
                      "f87dc5078f3d2a9448922b788f53ec857c80b5a72b9cac8f6755a27d320a0c406c1ed49b48bd3295788b",
                      "fe5e869e6c70e23fa73fce498b93fe5ec859e67d7639bc08ce756c8b4994ac3ccd40caaec14df65f99738e83"]


@pytest.mark.parametrize("data", [bytes.fromhex(h) for h in RANDOM_READ_AS_CJK])
def test_random_bytes_of_a_few_dozen_are_no_unspaced_cjk(data):
    assert walk.sniff_note(data) == (False, None)
    assert walk.decode_note(data)[1] in (walk.CP1252, walk.REPLACED)


UNSPACED_CJK = ["李华周六去了北京的音乐节他和王芳听了三个乐队的演出",  # 25 letters, no space, no line end
                "王喆李华张伟刘洋陈静杨帆赵磊黄蕾",  # 16, one of them (喆) no everyday letter
                "今日は東京で会議がありました田中さんと話しました",
                "我哋今日去咗公園好開心你喺邊度冇問題"]  # Cantonese: 哋, 咗, 喺, 冇 (four of 18) are not everyday


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", UNSPACED_CJK)
def test_short_unspaced_cjk_utf16_is_read_with_a_rare_letter_or_a_few(text, codec):
    assert read(text.encode(codec)) == text


def test_an_upgrade_skips_the_few_characters_it_read_as_utf16_before(tmp_path, conn, embedder, extractor,
                                                                      monkeypatch):
    """An index synced by readers of version 2 holds `yes\\0` as the UTF-16
    "敹s" (its bytes unchanged since): the next sync re-reads it (the reader
    version is 3), removes it and lists it as a binary file; the short CJK
    note beside it reads as before."""
    from minirag_cli import db, sync as syncmod

    root = tmp_path / "notes"
    root.mkdir()
    (root / "yes.txt").write_bytes(b"yes\x00")
    (root / "tokyo.md").write_bytes("东京".encode("utf-16-le"))
    for note in root.iterdir():  # written well before the sync: unchanged since, by size and time too
        os.utime(note, (time.time() - 100, time.time() - 100))
    with monkeypatch.context() as m:  # version 2's reading of it
        m.setattr(syncmod, "sniff_note", lambda data: (False, "敹s") if data == b"yes\x00" else walk.sniff_note(data))
        first = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert first.skipped == []
    db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 2}))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.reread is not None and (s.reread["notes"], s.reread["checked"]) == (1, 2), s.reread
    assert s.skipped == [{"path": "yes.txt", "reason": "binary file"}]
    assert dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id")) \
        == {"tokyo.md": "东京"}


def test_a_cjk_crlf_note_skipped_as_binary_before_is_indexed_by_the_next_sync(tmp_path, conn, embedder, extractor,
                                                                               monkeypatch):
    """Readers 3 skipped "李华\\r\\n" in UTF-16 as a binary file; the next sync
    (its bytes and times unchanged) indexes it once the folder is recorded as read by readers 3 (a file
    the readers of this version skipped is passed over unopened while unchanged: readers 5)."""
    from minirag_cli import db, sync as syncmod

    root = tmp_path / "notes"
    root.mkdir()
    (root / "lihua.txt").write_bytes("李华\r\n".encode("utf-16-le"))
    (root / "tokyo.md").write_bytes("东京".encode("utf-16-le"))
    for note in root.iterdir():
        os.utime(note, (time.time() - 100, time.time() - 100))
    with monkeypatch.context() as m:  # readers 3's reading of it
        m.setattr(syncmod, "sniff_note", lambda data: (True, None) if data == b"NgNS\r\x00\n\x00"
                  else walk.sniff_note(data))
        first = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert first.skipped == [{"path": "lihua.txt", "reason": "binary file"}]
    db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 3}))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.added_paths == ["lihua.txt"] and s.skipped == []
    assert dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id")) \
        == {"tokyo.md": "东京", "lihua.txt": "李华"}
