#!/usr/bin/env python
"""How often the file readers take bytes for text they are not (walk.sniff_note, BOM-less UTF-16),
and how often they read short UTF-16 notes whose bytes look like ASCII with NULs. Seeded, so a
rerun after a change of the rules gives comparable counts (BENCHMARKS.md, "File readers: sniffing"):

A  random bytes of 8..64 (seed 7, as files3 measured): read as BOM-less UTF-16, and those with a NUL;
B  ASCII of 2..41 characters (CR and LF among them) with one or two NULs put in: read as other
   letters than its ASCII ("yes\\0" as "敹s");
C  ASCII of 2, 4 or 6 characters with a UTF-16 CR LF (`\\r\\0\\n\\0` or `\\0\\r\\0\\n`) put in at a
   code-unit boundary: read as text (the price of D: nothing but the letters tells them apart);
D  two everyday CJK letters whose UTF-16 code units are two ASCII bytes each ("李华" is `NgNS`),
   then CR LF, in UTF-16 LE and BE: read as written.

    .venv/bin/python bench/readers_sniff.py [--samples 1000000]
"""

from __future__ import annotations

import argparse
import random
import time

from minirag_cli import walk


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=1_000_000, help="random byte strings for A (B, C: a tenth, a fifth)")
    n = ap.parse_args().samples
    started = time.perf_counter()
    rng = random.Random(7)
    read = with_nul = 0
    for _ in range(n):
        data = rng.randbytes(rng.randrange(8, 65))
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # a byte order mark says what it is
            continue
        if walk.sniff_note(data)[1] is not None:
            read += 1
            with_nul += b"\x00" in data
    print(f"A random bytes of 8..64 ({n:,}): {read} read as BOM-less UTF-16, {with_nul} of them with a NUL")
    rng = random.Random(20261205)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_!?/\n\r"
    other = 0
    for _ in range(n // 10):
        data = bytearray("".join(rng.choice(alphabet) for _ in range(rng.randrange(2, 42))).encode())
        for _ in range(rng.choice((1, 1, 2))):
            data.insert(len(data) if rng.random() < 0.5 else rng.randrange(len(data) + 1), 0)
        wide = walk.sniff_note(bytes(data))[1]
        other += wide is not None and wide != data.replace(b"\x00", b"").decode()
    print(f"B ASCII with one or two NULs ({n // 10:,}): {other} read as other letters")
    rng = random.Random(11)
    printable = [chr(c) for c in range(32, 127)]
    words = [w for w in "yes no ok done true false todo note milk abc hello id name key value test data".split()
             if len(w) % 2 == 0]
    for label, make in (("printable", lambda: "".join(rng.choice(printable) for _ in range(rng.choice((2, 4, 6))))),
                        ("letters and digits",
                         lambda: "".join(rng.choice(alphabet[:62]) for _ in range(rng.choice((2, 4, 6))))),
                        ("words", lambda: rng.choice(words))):
        text, examples = 0, []
        for _ in range(n // 5):
            ascii_ = make().encode()
            cut = 2 * rng.randrange(len(ascii_) // 2 + 1)
            data = ascii_[:cut] + rng.choice((b"\r\x00\n\x00", b"\x00\r\x00\n")) + ascii_[cut:]
            wide = walk.sniff_note(data)[1]
            if wide is not None:
                text += 1
                if len(examples) < 3:
                    examples.append(f"{data!r} as {wide!r}")
        print(f"C ASCII ({label}) with a UTF-16 CR LF ({n // 5:,}): {text} read as text", "; ".join(examples))
    units = [chr(high << 8 | low) for high in range(0x20, 0x7F) for low in range(0x20, 0x7F)]
    everyday = [u for u in units if u.isalpha() and walk._script(u) == "CJK" and walk._short_cjk_char(u)]
    rng = random.Random(3)
    notes = [rng.choice(everyday) + rng.choice(everyday) + "\r\n" for _ in range(n // 50)]
    both = sum(all(walk.sniff_note(t.encode(c))[1] == t for c in ("utf-16-le", "utf-16-be")) for t in notes)
    print(f"D two everyday CJK letters of ASCII bytes and CR LF ({len(everyday)} such letters; {len(notes):,} "
          f"notes): {both} read as written in both byte orders")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
