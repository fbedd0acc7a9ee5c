"""Chinese and Japanese notes get a graph from the heuristic extractor.

Its rules find names by capitals and blanks, which Han and kana have none
of: a Chinese meeting chat gave no speaker, a reading note no book. Now a
CJK `张伟：` (full width colon or ASCII, no blank after it) is a tag as
`LiHua: ` is (a chat's speaker, or a label; common labels, `时间：`, `结论：`,
name nothing), `《三体》` and `『ノルウェイの森』` are works (「」 is a quote),
a label that lists people (`参会人员：张伟、李娜`, `作者：刘慈欣`) names persons,
a name the rules found in a note is found again wherever the note's running
text holds it (`张伟说...`), a CJK file name or front matter title names its
note, and a Latin name written against CJK text (`和Alice讨论`) is a name.
A question's CJK characters are matched against entity names in the graph
(`张伟说了什么` seeds 张伟)."""

from __future__ import annotations

import pytest

from minirag_cli import retrieve
from minirag_cli.extract.heuristic import HeuristicExtractor, chat_speakers
from minirag_cli.extract.llm import model_view
from minirag_cli.graph import grounding
from minirag_cli.sync import SyncOptions, _sentences, sync_folders
from minirag_cli.text import find_dates, normalise_key
from tests.conftest import write_notes

# a renovation team's weekly meeting, kept as a chat log (speakers speak again)
MEETING = """# 装修周会

时间：2024-05-03 19:00
参会人员：张伟、李娜、王师傅

张伟：我们下周开始装修厨房，预算先按三万元算。
李娜：好的，我联系王师傅确认瓷砖的价格。
王师傅：瓷砖这周可以到货。
张伟：那周六开工。

结论：周六开工，详见 [[预算]]。
"""
BUDGET = "# 预算\n\n张伟说厨房预算是三万元，瓷砖另算。\n"
READING = """# 读书笔记

书名：《三体》
作者：刘慈欣

读《三体》时最喜欢的人物是罗辑。三体的结构很特别，“黑暗森林”一章最好。
"""
# a Japanese chat, ASCII colons without a blank; 「」 quotes words said
JAPANESE = """田中:おはようございます。今日の読書会は十時からです。
佐藤:了解です。『ノルウェイの森』の感想を話しましょう。
田中:「面白かった」と佐藤さんが言っていました。彼は『もう帰る。』とも言った。
"""


def typed(text, *args):
    return {(m.name, m.type) for m in HeuristicExtractor().extract_one(text, *args)}


def test_chinese_chat_speakers_are_persons_and_labels_name_nothing():
    found = typed(MEETING)
    assert chat_speakers(MEETING) == {"张伟", "李娜", "王师傅"}
    assert {("张伟", "person"), ("李娜", "person"), ("王师傅", "person"), ("预算", "name")} <= found
    # common labels (meeting time, attendees, conclusion) are no names, of any type
    assert not {n for n, _t in found} & {"时间", "参会人员", "结论"}
    # the same lines each said once: labels, names of no person (as `Tom: lunch?` / `Anna: yes` are)
    assert typed("张伟：我们下周开始装修厨房。\n李娜：好的。\n") == {("张伟", "name"), ("李娜", "name")}
    assert typed("状态：进行中\n负责人：张伟\n") == {("张伟", "person")}
    # "everyone" says it in a group chat: a word, no speaker (else every note writing 大家 would mention it)
    assert chat_speakers("张伟：开会了\n大家：好\n张伟：谢谢\n") == {"张伟"}
    # a Latin name's tag with a full width colon before Chinese words (`Tom：好的`) is a tag too; one before
    # English words is read as before (LiHua's `LiHua：Got it!`: its model view the same)
    assert chat_speakers("Tom：好的\nTom：嗯，明天见\n") == {"Tom"}
    assert chat_speakers("LiHua：Got it!\nLiHua：Fine\n") == frozenset()
    assert model_view("LiHua: Hi\nLiHua：Got it!\nLiHua: Bye") == "Hi\nLiHua：Got it!\nBye"
    assert model_view(MEETING.split("\n\n")[2]) == "我们下周开始装修厨房，预算先按三万元算。\n好的，我联系王师傅确认瓷砖的价格。\n" \
        "瓷砖这周可以到货。\n那周六开工。"  # a CJK chat's tags leave the model's view as `LiHua: ` ones do


def test_titles_in_title_marks_are_works_and_corner_quotes_are_not():
    assert {("三体", "work"), ("刘慈欣", "person")} <= typed(READING)
    assert not {n for n, _t in typed(READING)} & {"书名", "作者", "黑暗森林"}  # “” quotes words: no capital, no work
    found = typed(JAPANESE)
    assert {("田中", "person"), ("佐藤", "person"), ("ノルウェイの森", "work")} <= found
    assert not {n for n, _t in found} & {"面白かった", "もう帰る。", "もう帰る"}  # a quote, and one inside it
    assert typed("「彼は『もう帰る』と言った」。『けいおん！』を見た。") == {("けいおん！", "work")}


def test_a_known_name_is_found_in_running_text_and_latin_names_beside_cjk():
    # 张伟 is a speaker of the note: `张伟说...` mentions him though no rule can cut the word out
    meeting = HeuristicExtractor().extract([MEETING, "张伟说厨房要先拆旧柜子。", "我们读了三体。"],
                                           speakers=[chat_speakers(MEETING)] * 3)
    assert ("张伟", "person") in {(m.name, m.type) for m in meeting[1]}
    assert meeting[2] == []  # a chunk is read for its note's speakers, not for the other chunks' names
    assert ("三体", "work") in typed("《三体》很好看。我又读了一遍三体。")
    # a Latin name against CJK characters is a whole word: not `和Alice讨论` swallowed, nor missed
    assert {("Alice", "name"), ("Berlin", "name")} <= typed("周末和Alice讨论了去Berlin的计划。")
    assert ("Bob", "name") in typed("昨天Bob说他会来。")
    # `。` and `：` end a sentence with no blank after them: its first word is capitalised as one
    assert typed("会议结束。Plays bass at night.\n张伟：Great") == {("张伟", "name")}


def test_a_relation_sentence_ends_at_a_cjk_full_stop():
    text = "张伟买了瓷砖。李娜说：「好的！」王师傅明天来？\nLiHua: ok. Fine"
    assert [text[a:b] for a, b in _sentences(text)] == ["张伟买了瓷砖。", "李娜说：「好的！", "王师傅明天来？",
                                                        "LiHua: ok.", "Fine"]


def test_cjk_file_names_and_titles_name_their_notes():
    extractor = HeuristicExtractor()
    assert extractor.note_name("家/预算.md").name == "预算"
    assert extractor.note_name("読書メモ.md").name == "読書メモ"
    assert extractor.note_name("todo.md") is None  # a lower-case file name still names nothing
    assert ("読書メモ", "name") in typed("---\ntitle: 読書メモ\n---\n本文です。\n")


def test_a_chinese_question_grounds_on_the_names_and_reaches_both_notes(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "notes", {"会议.md": MEETING, "预算.md": BUDGET, "读书.md": READING})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    for question in ("张伟", "张伟说了什么？", "What did 张伟 say?"):
        seeds = grounding.ground(conn, question)
        assert [(s.name, s.via) for s in seeds if s.via != "vector"] == [("张伟", "exact")], question
        result = retrieve.search(conn, question, embedder=embedder, mode="graph", k=5)
        assert {"会议.md", "预算.md"} <= {r["path"] for r in result.results}, question
    assert [s.name for s in grounding.ground(conn, "三体的作者是谁？") if s.via == "exact"] == ["三体"]
    # English spans are cut as before
    assert [s.text for s in grounding._spans("Who met Priya Shah?", 4)] == ["met", "Priya", "Shah", "met Priya",
                                                                         "Priya Shah", "met Priya Shah"]


def _mentions(conn):
    return sorted(conn.execute("SELECT d.path, e.name, e.type FROM mentions m JOIN entities e ON e.id = m.entity_id "
                               "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id"))


def test_a_name_another_note_makes_known_is_found_in_running_text_as_a_rebuild_finds_it(tmp_path, embedder,
                                                                                         extractor):
    """张伟 speaks in the meeting chat; the budget note writes 张伟说... A name
    another note makes known (a chat speaker, a listed person, a 《》 title, a
    link target: heuristic.known_cjk) is found in every note's running text
    (sync._add_known), and a sync that makes a name known or forgets it
    extracts anew the notes that write it (sync._know_anew), as a rebuild
    would have them. A label (`装修：`) is made known to no other note."""
    from minirag_cli import db

    notes = tmp_path / "notes"
    write_notes(notes, {"会议.md": MEETING, "预算.md": BUDGET, "日记.md": "装修：瓷砖已买\n今天装修很累。\n",
                        "随笔.md": "最近在读三体，也在忙装修。\n", "读书.md": READING})
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    def fresh():  # what a rebuild of the folder as it is makes
        other = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync_folders(other, [notes], embedder=embedder, extractor=extractor)
        return _mentions(other)

    first = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert first.known_names_changed == []  # every note was written by this sync: no news
    found = _mentions(conn)
    assert ("预算.md", "张伟", "person") in found and ("随笔.md", "三体", "work") in found
    assert not {m for m in found if m[0] == "随笔.md" and m[1] == "装修"}  # a label is no name elsewhere
    assert found == fresh()
    assert sync_folders(conn, [notes], embedder=embedder, extractor=extractor).known_names_changed == []

    (notes / "会议.md").unlink()  # nothing makes 张伟 known any more
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert summary.known_names_changed == ["预算.md"]
    assert ("预算.md", "张伟", "person") not in _mentions(conn) and _mentions(conn) == fresh()

    write_notes(notes, {"会议.md": MEETING})
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert summary.known_names_changed == ["预算.md"]
    assert ("预算.md", "张伟", "person") in _mentions(conn) and _mentions(conn) == fresh()

    # an index re-extracted for new rules finds them too
    with db.transaction(conn):
        conn.execute("UPDATE meta SET value = '6' WHERE key = 'heuristic_version'")
        conn.execute("DELETE FROM meta WHERE key = 'known_cjk_names'")
    assert sync_folders(conn, [notes], embedder=embedder, extractor=extractor).reextracted["notes"] == 5
    assert _mentions(conn) == fresh()


def test_a_sync_stopped_before_it_knew_the_names_anew_has_the_next_one_do_it(tmp_path, embedder, extractor,
                                                                            monkeypatch):
    from minirag_cli import db, sync

    notes = tmp_path / "notes"
    write_notes(notes, {"会议.md": MEETING, "预算.md": BUDGET})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    with monkeypatch.context() as m:
        m.setattr(sync, "_know_anew", lambda run: None)  # Ctrl-C once the notes are written
        sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert ("预算.md", "张伟", "person") not in _mentions(conn)
    assert db.get_meta(conn, db.KNOWN_CJK_PENDING_KEY) == "1"
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)  # no file changed
    assert (summary.added, summary.changed, summary.known_names_changed) == (0, 0, ["会议.md", "预算.md"])
    assert ("预算.md", "张伟", "person") in _mentions(conn)
    assert db.get_meta(conn, db.KNOWN_CJK_PENDING_KEY) is None
    assert sync_folders(conn, [notes], embedder=embedder, extractor=extractor).known_names_changed == []


# a Chinese diary: its days written as Chinese writes them
DIARY = """# 装修日记

2024年5月3日，张伟和李娜去建材市场看了瓷砖。
5月10号王师傅开工。
"""


def test_chinese_and_japanese_days_are_date_entities():
    found = typed(DIARY)
    assert {("2024年5月3日", "date"), ("5月10号", "date")} <= found
    assert normalise_key("2024年5月3日", "date") == normalise_key("2024-05-03", "date") == "date:2024-05-03"
    assert [iso for _s, iso in find_dates("在 2024 年 5 月 3 日和５月３日，令和6年は範囲外")] == ["2024-05-03", "--05-03"]
    assert find_dates("12月3日") == [("12月3日", "--12-03")]  # not the 2nd month's 3rd day
    assert find_dates("2024年13月3日") == [] and find_dates("2024年5月") == []  # no day, no date entity (as "May 2024")
    daily = HeuristicExtractor().note_name("日记/2024年5月3日.md")  # a daily note, named by its date
    assert daily.type == "date" and normalise_key(daily.name, "date") == "date:2024-05-03"


def test_a_chinese_question_on_a_day_grounds_on_its_date_and_searches_it(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "notes", {"日记.md": DIARY, "预算.md": BUDGET})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    day = conn.execute("SELECT id FROM entities WHERE key = 'date:2024-05-03'").fetchone()[0]
    for question in ("2024年5月3日做了什么？", "What happened on 2024-05-03?", "5月3日张伟做了什么？"):
        assert day in {s.entity_id for s in grounding.ground(conn, question) if s.via == "exact"}, question
    # the question's day (and month) are searched as its date, as "May 3, 2024" is
    assert retrieve.date_terms("2024年5月3日做了什么？") == retrieve.date_terms("What happened on May 3, 2024?")
    assert retrieve.date_terms("2024年5月去了哪里？") == ['"202405"*', '"2024 05"*']  # a month: as "May 2024"


def test_a_tag_in_cjk_text_ends_at_a_blank_or_punctuation_as_obsidian_ends_it():
    """Checked, not changed: Obsidian ends a tag at a blank or a punctuation
    mark only, so `#装修计划很好` is one tag there too; a full width mark ends one."""
    assert {n for n, t in typed("今天 #装修计划，很好。 #装修计划很好 #設計メモ・二") if t == "concept"} == \
        {"#装修计划", "#装修计划很好", "#設計メモ"}
    assert not {n for n, _t in typed("今天#装修计划") if n.startswith("#")}  # mid-word, as in Obsidian


def test_the_notes_writing_many_changed_names_are_found_in_a_few_queries(tmp_path, conn, embedder, extractor):
    """A sync that made many CJK names known (or forgot them) asked chunks_cjk
    once a name for the notes that write it (sync._know_anew); now the names
    go in a few queries (store.documents_with_bigrams), which find the same
    notes; a name of no CJK character finds none."""
    from minirag_cli import store
    from minirag_cli.store.read import BIGRAM_PHRASES_PER_QUERY
    from minirag_cli.text import cjk_bigrams

    write_notes(tmp_path / "notes", {"会议.md": MEETING, "预算.md": BUDGET, "读书.md": READING})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    ids = {path: doc for doc, (_root, path) in store.document_paths(conn).items()}
    # names no note writes (a character twice: no bigram of these notes) beyond one query's worth
    absent = [chr(0x9F00 + i) * 2 for i in range(BIGRAM_PHRASES_PER_QUERY + 20)]
    names = ["张伟", "王师傅", "罗辑", "三体", "Alice", *absent]
    queries = []
    conn.set_trace_callback(lambda sql: queries.append(sql) if "MATCH" in sql else None)
    try:
        found = store.documents_with_bigrams(conn, [cjk_bigrams(name) for name in names])
    finally:
        conn.set_trace_callback(None)
    assert found == {ids["会议.md"], ids["预算.md"], ids["读书.md"]}
    assert len(queries) == 2
    assert store.documents_with_bigrams(conn, [cjk_bigrams("罗辑")]) == {ids["读书.md"]}
    assert store.documents_with_bigrams(conn, [cjk_bigrams("Alice"), []]) == set()


def test_a_chinese_question_written_without_blanks_finds_its_day_and_words_by_bm25(tmp_path, conn, embedder,
                                                                                   extractor):
    """`2024年5月3日做了什么` was one FTS5 word no note holds (CJK text has no
    blanks), and its bigrams (年, 月) are every Chinese diary's: the day is
    searched as the token a note writes it as, the CJK runs apart from
    Latin words (`和Alice讨论` searches alice)."""
    write_notes(tmp_path / "notes", {
        "日记.md": DIARY,
        # another day of the same diary: the same 年, 月 and 日 bigrams
        "日记2.md": "# 装修日记\n\n2024年5月4日，李娜去建材市场退了瓷砖。\n",
        "english.md": "# Kitchen\n\nAlice picked the tiles for the kitchen.\n",
        **{f"其他{i}.md": f"# 其他{i}\n\n第{i}次去超市买菜。\n" for i in range(8)}})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    paths = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    for question in ("2024年5月3日做了什么？", "5月3日做了什么？"):
        ranked = [paths[c] for c, _s in retrieve.bm25_channel(conn, question)]
        assert ranked[0] == "日记.md", (question, ranked)
    assert "english.md" in {paths[c] for c, _s in retrieve.bm25_channel(conn, "和Alice讨论的厨房")}
    assert retrieve.fts_query("和张伟讨论Alice的项目") == '"和张伟讨论" OR "alice" OR "的项目"'


def test_a_chinese_question_s_question_words_are_not_searched(tmp_path, conn, embedder, extractor):
    """`5月3日我做了什么？` searched its bigrams 做了, 了什, 什么 too: a note that
    writes 做了什么 (any diary asks it) outranked that day's note. A question's
    question words (retrieve.QUESTION_BIGRAMS) are not searched; a note's are
    indexed as before (a question that is only them finds it by them)."""
    write_notes(tmp_path / "notes", {
        "日记.md": DIARY,
        "反思.md": "# 反思\n\n今天做了什么？昨天做了什么？我到底做了什么？\n"})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    paths = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    for question in ("5月3日我做了什么？", "5月3日做了什么呢？"):
        ranked = [paths[c] for c, _s in retrieve.bm25_channel(conn, question)]
        assert ranked[0] == "日记.md", (question, ranked)
    assert retrieve.cjk_query("李华去了哪里？") == '"李华" OR "华去" OR "去了" OR "了哪"'
    assert retrieve.cjk_query("東京で何をしましたか") == '"東京" OR "京で" OR "で何" OR "をし" OR "しま"'
    assert retrieve.cjk_query("什么？") is None


def test_a_chinese_question_s_day_is_no_term_of_its_words():
    """`5月3日我做了什么` searched 月 and 日我 among its words' bigrams, pieces of
    the day any note of any day holds: a day (or a month) the question writes
    is searched as its date (fts_query, date_terms), not as characters."""
    assert retrieve.cjk_query("5月3日我做了什么？") == '"我做"'
    assert retrieve.cjk_query("2024年5月3日张伟说了什么") == '"张伟" OR "伟说" OR "说了"'
    assert retrieve.cjk_query("2024年5月我去了哪里") == '"我去" OR "去了" OR "了哪"'
    assert retrieve.cjk_query("5月3号") is None
    assert "2024年5月3日" in retrieve.fts_query("2024年5月3日我做了什么？")  # the day is still searched
    # and a day without its year as the token a note writes it with its year, for each year the index holds
    from minirag_cli.text import date_terms
    assert '"2024年5月3日"' in date_terms("5月3日我做了什么？", ["2023", "2024"])


def test_a_first_line_that_writes_a_chinese_day_dates_its_note(tmp_path, conn, embedder, extractor):
    """A note's first line dates it in Chinese and Japanese form too
    (`2024年5月3日 周五`, with a time or not), as `2024-05-03` does; a daily
    note so titled still gets the `date:` line BM25 finds `2024 05 03` in."""
    from minirag_cli.answer import note_date
    from minirag_cli.store.answers import note_heads

    assert note_date("2024年5月3日 周五") == "2024-05-03"
    assert note_date("2024年5月3日 19:00 装修周会", "x.md") == "2024-05-03 19:00"
    assert note_date("5月3日", "x.md") == "" and note_date("2024年13月3日", "x.md") == ""  # no year; no month 13
    assert note_date("# 2023-01-02 と 2024年5月3日") == "2023-01-02"  # the first date the line writes
    write_notes(tmp_path / "notes", {"装修.md": "2024年5月3日，晴\n\n张伟和李娜去建材市场看了瓷砖。\n",
                                     "2024-05-04.md": "2024年5月4日 周六\n\n王师傅开工。\n"})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    ids = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id"))
    heads = note_heads(conn, ids.values())
    assert {p: note_date(heads[c], p) for p, c in ids.items()} == {"装修.md": "2024-05-03", "2024-05-04.md": "2024-05-04"}
    assert conn.execute("SELECT header FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = '2024-05-04.md'").fetchone()[0].startswith("2024年5月4日 周六 · date: 2024-05-04")


def test_a_chinese_question_on_a_day_reads_that_days_notes(tmp_path, conn, embedder, extractor):
    """`2024年5月3日我做了什么？` asks about that day as "What did I do on May
    3, 2024?" does (answer.on_the_day), with no "on": its sources are that
    day's notes. A bound (`之前`, `5月3日起`, `从…`) or a day without its year
    (which year?) reads every note found, as in English."""
    from minirag_cli import answer as ans
    from minirag_cli.store.answers import note_heads

    write_notes(tmp_path / "notes", {"2024-05-03.md": "# 周五\n\n张伟和李娜去建材市场看了瓷砖。\n",
                                     "2024-05-04.md": "# 周六\n\n王师傅开工，瓷砖到货。\n",
                                     "杂记.md": "2024年5月3日\n\n晚上看了电影。\n"})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    results = retrieve.search(conn, "瓷砖 电影 开工", embedder=embedder, mode="bm25", k=10).results
    assert {r["path"] for r in results} == {"2024-05-03.md", "2024-05-04.md", "杂记.md"}
    heads = note_heads(conn, [r["chunk_id"] for r in results])
    for question in ("2024年5月3日我做了什么？", "我2024年5月3日做了什么", "2024年5月3日に何をしましたか",
                     "What did I do on May 3, 2024?"):
        assert {r["path"] for r in ans.on_the_day(question, results, heads)} == {"2024-05-03.md", "杂记.md"}, question
    for other in ("2024年5月3日之前做了什么？", "2024年5月3日起做了什么？", "从2024年5月3日到5月4日做了什么？",
                  "2024年5月3日から何をしましたか", "5月3日我做了什么？", "What did I do on May 3?",
                  "2024年5月5日做了什么？"):
        assert ans.on_the_day(other, results, heads) == [], other


# a class's group chat: the teacher speaks as a bare role, the class as a group
CLASS_CHAT = """老师：明天交作业。
同学们：收到！
张伟：老师，我能晚一天交吗？
老师：可以。
所有人：谢谢老师。
"""


def test_a_label_that_speaks_for_a_group_or_a_bare_role_links_no_other_note(tmp_path, conn, embedder, extractor):
    """`同学们：`, `所有人：`, `全体成员：` speak for a group: told by their form
    (a plural, a word of all first: heuristic.CJK_GROUP), they are labels,
    as `大家：` is, no speaker nor name. A bare role (`老师：`) speaks in its
    note but is made known to no other: there it is another teacher, or a
    word, and every note that writes 老师 would be linked to every other."""
    assert chat_speakers(CLASS_CHAT) == {"老师", "张伟"}
    assert chat_speakers("全体成员：收到\n张伟：开会\n各位同学：好\n张伟：散会\n学生たち：はい\n") == {"张伟"}
    assert chat_speakers("安達：おはよう\n田中：おはよう\n安達：またね\n") == {"安達", "田中"}  # 安達 is a family name
    found = typed(CLASS_CHAT)
    assert {("老师", "person"), ("张伟", "person")} <= found and not {n for n, _t in found} & {"同学们", "所有人"}
    write_notes(tmp_path / "notes", {
        "班级群.md": CLASS_CHAT,
        "日记.md": "今天老师表扬了张伟，同学们都很高兴。\n",
        "另一个班.md": "李老师说同学们下周考试，所有人都要复习。\n",
        "王老师.md": "王老师：周五开会\n李娜：好的\n王老师：记得带材料\n"})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor, options=SyncOptions())
    mentions = _mentions(conn)
    assert ("日记.md", "张伟", "person") in mentions  # a speaker's name is found in other notes' text, as before
    assert not {m for m in mentions if m[0] in ("日记.md", "另一个班.md") and m[1] in ("老师", "同学们", "所有人")}
    assert ("王老师.md", "王老师", "person") in mentions  # a role after a name names a person


def test_a_tag_is_read_whole_however_long():
    """A `#tag` longer than 41 characters was cut there (HASHTAG's {1,40}),
    a different tag, and such a front matter tag dropped; a CJK tag runs to a
    blank or a punctuation mark, so it is long more often."""
    long = "装修计划" * 12
    assert ("#" + long, "concept") in typed(f"今天 #{long} 很好。")
    assert ("#" + long, "concept") in typed(f"---\ntags: [{long}]\n---\n正文。\n")
    assert ("#" + "a" * 50, "concept") in typed("see #" + "a" * 50 + " here")


def test_a_sync_reads_the_names_only_the_notes_it_writes_make_known_and_ends_as_a_rebuild(tmp_path, embedder,
                                                                                         extractor, monkeypatch):
    """The names each note makes known are recorded (meta known_cjk_notes):
    a sync reads them from the notes it writes (sync._note_known), not from
    every CJK note of the index again, and the notes it does not write are
    extracted anew only where they write a name that came or went; the graph
    is the rebuild's after every step. A note that no longer holds any CJK
    text (its chat rewritten in English) forgets the names it made known."""
    from minirag_cli import db
    from minirag_cli.extract import heuristic

    notes = tmp_path / "notes"
    others = {f"杂记{i}.md": f"第{i}天：张伟说厨房预算是三万元，李娜说{i}号去看瓷砖。\n" for i in range(6)}
    write_notes(notes, {"会议.md": MEETING, "预算.md": BUDGET, "读书.md": READING, **others})
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    def fresh():  # what a rebuild of the folder as it is makes
        other = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync_folders(other, [notes], embedder=embedder, extractor=extractor)
        return _mentions(other)

    read = []
    real = heuristic.known_cjk
    monkeypatch.setattr(heuristic, "known_cjk", lambda note: read.append(note.split("\n", 1)[0]) or real(note))
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert len(read) == 3 + len(others) and _mentions(conn) == fresh()

    # a new chat makes 老王 known: only it is read; the notes that write 老王 are extracted anew
    write_notes(notes, {"群聊.md": "老王：周末去钓鱼吗？\n小刘：好啊\n老王：那就说定了\n"})
    (notes / "杂记0.md").write_text("第0天：老王说周末去钓鱼。\n", encoding="utf-8")
    read.clear()
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert sorted(read) == ["第0天：老王说周末去钓鱼。", "老王：周末去钓鱼吗？"]
    assert ("杂记0.md", "老王", "person") in _mentions(conn) and _mentions(conn) == fresh()
    assert summary.known_names_changed == []  # no other note writes 老王

    # an edit that makes no name known or forgets none reads that note alone and extracts no other anew
    (notes / "杂记1.md").write_text("第1天：李娜说瓷砖到了。\n", encoding="utf-8")
    read.clear()
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert read == ["第1天：李娜说瓷砖到了。"] and summary.known_names_changed == [] and _mentions(conn) == fresh()

    # the meeting rewritten in English: 张伟 and 李娜 are no longer made known by any note
    (notes / "会议.md").write_text("# Renovation meeting\n\nWe start the kitchen next week.\n", encoding="utf-8")
    read.clear()
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert read == []  # no CJK text: nothing to read
    assert "预算.md" in summary.known_names_changed
    assert ("预算.md", "张伟", "person") not in _mentions(conn) and _mentions(conn) == fresh()

    (notes / "群聊.md").unlink()  # 老王 forgotten
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert summary.known_names_changed == ["杂记0.md"] and _mentions(conn) == fresh()

    # an index synced before the record was kept (or a sync stopped before it was written) reads every note once
    with db.transaction(conn):
        conn.execute("DELETE FROM meta WHERE key = 'known_cjk_notes'")
    write_notes(notes, {"群聊.md": "老王：周末去钓鱼吗？\n小刘：好啊\n老王：那就说定了\n"})
    read.clear()
    summary = sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert len(read) > 2 and summary.known_names_changed == ["杂记0.md"] and _mentions(conn) == fresh()
    assert db.get_meta(conn, db.KNOWN_CJK_NOTES_KEY) is not None


def test_cjk_notes_that_make_no_name_known_are_not_read_again_by_every_sync(tmp_path, embedder, extractor,
                                                                            monkeypatch):
    """A folder whose CJK notes make no name known is recorded so ({}):
    a later sync reads only the notes it writes, never every CJK note of the
    index again (sync.known_cjk_by_note)."""
    from minirag_cli import db, sync as syncmod

    notes = tmp_path / "notes"
    write_notes(notes, {"a.md": "今天天气很好，我们去公园散步。\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    scans = []
    real = syncmod.known_cjk_by_note
    monkeypatch.setattr(syncmod, "known_cjk_by_note", lambda c: scans.append(1) or real(c))
    for i in range(3):
        write_notes(notes, {f"b{i}.md": f"第{i}天，下雨了，在家看书。\n"})
        sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert scans == [] and db.get_meta(conn, db.KNOWN_CJK_NOTES_KEY) == "{}"


def test_a_rules_version_re_extraction_records_cjk_notes_that_make_no_name_known(tmp_path, embedder, extractor,
                                                                                 monkeypatch):
    """An index with no record of the CJK names each note makes known (synced
    before it was kept), re-extracted for a new version of the heuristic
    rules, records them ({}: its CJK notes make none) with the re-extraction:
    the next sync that writes a CJK note reads only that one, not every CJK
    note of the index (sync.known_cjk_by_note)."""
    from minirag_cli import db, sync as syncmod

    notes = tmp_path / "notes"
    write_notes(notes, {"a.md": "今天天气很好，我们去公园散步。\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    with db.transaction(conn):
        db.delete_meta(conn, db.KNOWN_CJK_NOTES_KEY)
        db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "1")
    assert sync_folders(conn, [notes], embedder=embedder, extractor=extractor).reextracted is not None
    scans = []
    real = syncmod.known_cjk_by_note
    monkeypatch.setattr(syncmod, "known_cjk_by_note", lambda c: scans.append(1) or real(c))
    write_notes(notes, {"b.md": "第二天，下雨了，在家看书。\n"})
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert scans == []


def test_cjk_notes_known_anew_are_extracted_with_their_own_folder_s_file_names(tmp_path):
    # a sync of two folders knows the CJK names anew after the last one: the notes of the first are
    # re-extracted with the first folder's linked file names (pages/garden.md, linked by [[Garden]],
    # is named "garden"), not with those of the last folder synced (an empty one, which links nothing)
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root, other = tmp_path / "vault", tmp_path / "vault2"
    write_notes(root, {"notes/z.md": "Jonas Berg met Jo at the [[Garden]].\n",
                       "pages/garden.md": "张伟说厨房预算要改。\n",
                       "pages/hackerspace.md": "李娜: 我明天去。\n张伟: 好的。 [[张伟]]和李娜讨论了预算。\n"})
    other.mkdir()
    q = "SELECT a.alias FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE e.key = 'garden'"
    graphs = []
    for roots in ([root], [root, other]):
        conn = db.connect(tmp_path / f"i{len(roots)}.sqlite", create=True)
        sync(conn, roots)
        assert sorted(a for (a,) in conn.execute(q)) == ["Garden", "garden"]
        graphs.append(graph(conn))
        conn.close()
    assert graphs[0] == graphs[1]


@pytest.mark.parametrize("edit", ["no CJK text left", "CJK text that makes no name known"])
def test_a_sync_that_leaves_no_known_cjk_name_has_the_records_a_rebuild_has(tmp_path, embedder, extractor, edit):
    """The CJK names known (meta known_cjk_names) are recorded while some are,
    and the names each note makes known (known_cjk_notes) while a note holds
    CJK text, by a sync as by a rebuild: a sync that left none kept `{}`."""
    from minirag_cli import db

    notes = tmp_path / "notes"
    write_notes(notes, {"会议.md": MEETING, "plain.md": "Beans go along the north fence.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    keys = (db.KNOWN_CJK_KEY, db.KNOWN_CJK_NOTES_KEY)
    assert all(db.get_meta(conn, key) not in (None, "{}") for key in keys)
    text = "# Meeting\n\nWe start the kitchen next week.\n" if edit.startswith("no") else "今天天气很好，我们去公园散步。\n"
    (notes / "会议.md").write_text(text, encoding="utf-8")
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync_folders(fresh, [notes], embedder=embedder, extractor=extractor)
    assert {key: db.get_meta(conn, key) for key in keys} == {key: db.get_meta(fresh, key) for key in keys}
    assert _mentions(conn) == _mentions(fresh)


@pytest.mark.parametrize("edit", ["deleted", "rewritten without CJK text"])
def test_the_last_cjk_note_that_makes_no_name_known_going_leaves_no_record(tmp_path, embedder, extractor, edit):
    """A folder whose only CJK note makes no name known records `{}` (meta
    known_cjk_notes: no CJK note is read again by every sync); that note
    deleted, or rewritten in English, leaves no CJK text, and the record goes,
    as a rebuild writes none (it was kept: no note making names known changed)."""
    from minirag_cli import db

    notes = tmp_path / "notes"
    write_notes(notes, {"a.md": "今天天气很好，我们去公园散步。\n", "plain.md": "Beans go along the north fence.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert db.get_meta(conn, db.KNOWN_CJK_NOTES_KEY) == "{}"
    if edit == "deleted":
        (notes / "a.md").unlink()
    else:
        (notes / "a.md").write_text("The weather is fine.\n", encoding="utf-8")
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync_folders(fresh, [notes], embedder=embedder, extractor=extractor)
    keys = (db.KNOWN_CJK_KEY, db.KNOWN_CJK_NOTES_KEY)
    assert {key: db.get_meta(conn, key) for key in keys} == {key: db.get_meta(fresh, key) for key in keys}


def test_a_sync_stopped_after_it_removed_the_last_cjk_note_leaves_no_record_after_the_next(tmp_path, embedder,
                                                                                           extractor, monkeypatch):
    """As above, the sync stopped (Ctrl-C) after it removed the note, before
    it recorded the CJK names anew: the next sync, which finds nothing
    changed, removes the record (the removal recorded that it was due)."""
    from minirag_cli import db, sync as syncmod

    notes = tmp_path / "notes"
    write_notes(notes, {"a.md": "今天天气很好，我们去公园散步。\n", "plain.md": "Beans go along the north fence.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    (notes / "a.md").unlink()
    monkeypatch.setattr(syncmod, "_know_anew", lambda *_a: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    monkeypatch.undo()
    sync_folders(conn, [notes], embedder=embedder, extractor=extractor)
    assert db.get_meta(conn, db.KNOWN_CJK_NOTES_KEY) is None and db.get_meta(conn, db.KNOWN_CJK_PENDING_KEY) is None
