"""The no-model extractor: capitalised spans, chat speakers, CamelCase handles,
quoted titles, #tags, @handles and dates. What a fresh machine uses until a
GGUF model is configured.

A line that opens with `Name:` is a chat line only in a note that reads
like a chat (`chat_speakers`): one whose tags recur (`LiHua:` speaks twice)
or that holds a chat export's time stamp (`Time: 20260105_11:00`).
Elsewhere it is a label line (`Goal: migrate billing`, `Owner: Priya`):
its label names no one (a one-word label reads as a sentence's first word;
a common one, LABEL_WORDS, or a role, ROLE_WORDS: `Husband: Arjun`, is never a
speaker nor a name), and a value
that lists capitalised words names them (`Owner: Priya`, `Attendees:
Priya, Tom`). Sync decides per note, not per chunk (a chunk of a chat may
hold two lines): `extract(texts, matters, speakers)`.

A text that opens with front matter (frontmatter.py) is read without its
keys (`title:`, `Tags:` name nothing): its `tags:` are the #tags they would
be in the text; a `title:` or `aliases:` value names the note, and is a name
when a quoted title would be a work (1 to 8 words, one capitalised; of a kind
the heuristics cannot tell: a person's page, a trip, a project); the other
values are read as text (a `date:` is a date, `author: Jane Doe` a name;
an author key's "Last, First" people are First Last: `authors: [Smith,
Jonathan]` is Jonathan Smith, _authors).
Logseq's `key:: value` property lines, wherever they are, mean the same
(`title:: Gardening`, `tags:: hobby, garden`: _read_properties).
Sync gives each chunk the part of its note's block it holds (`extract`'s
`matters`): a chunk is never read for a block of its own.

A wikilink (Obsidian, Logseq, Foam: `[[Trip to Lisbon]]`, `![[...]]`
embeds, in the text or a front matter value, not in code) names the note it links to,
whole and as a name: its target as written, without folder, `#heading`,
`^block`, `|shown text` (its label, naming nothing, after a target written
as a name: rules 22) or `.md`. A Markdown note's own file name, when it
is a title as a front matter title must be, is the same name
(`note_name`: sync adds it to the note's first chunk), so the link and the
note it targets share an entity and the graph joins them. A date is left to
the date rules (`[[2024-05-01]]`, Logseq's `[[May 1st, 2024]]`), and a daily
note whose file name is a date (`2024-05-01.md`, Logseq's
`journals/2024_05_01.md`, Dendron's `daily.journal.2024.05.01.md`, Obsidian's
`2024-05-01 Wednesday.md`: text.daily_date; Obsidian's year, month and day
folders `2024/05/01.md`: text.file_date) is named by that date entity, as a
link to such a name (`[[2024/05/01]]`) is; no note is named by its timestamp (`20260922_1700.txt`)
or a single lower-case word (`todo.md`), unless a link of its folder names that word (Logseq's
`pages/hackerspace.md` and `[[Hackerspace]]`: linkable_name); a lower-case name of two words or more names it
(`kitchen-renovation.md`: "kitchen renovation"). A note's aliases (`aliases: [Jo]`,
`alias:: Jo`: note_aliases) are names of the note's own entity, in every note of its
folder (sync.joined_names). A note of Joplin's RAW export or sync target (`973f….md`) is
named by its title, its first line (joplin_title), and its id is an alias of it, which Joplin's
`[Boiler service](:/973f…)` links write (JOPLIN_LINK: sync counts it a mention of the note).

Chinese and Japanese have no capitals and no blanks between words: a CJK
`张伟：` tag is read as a `Name:` one is, 《》 and 『』 mark works, a CJK file
name or title names its note, and a CJK name found in a text is found again
wherever the text writes it (`张伟说...`: _add_known_cjk)."""

from __future__ import annotations

import bisect
import collections
import functools
import itertools
import re
import unicodedata
import urllib.parse
from pathlib import PurePosixPath
from typing import Collection, Iterable, Iterator, Sequence

from minirag_cli import frontmatter
from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.mdcode import ORG, Ranges, code_kind, code_ranges, without_code
from minirag_cli.monthnames import month_numbers
from minirag_cli.shortnames import WEEKDAY_SHORT
from minirag_cli.walk import NOTE_EXTENSIONS
from minirag_cli.text import (BUNDLE_SUFFIX, CJK_CHARS, CJK_NAME, CJK_RUN, ENGLISH_WORDS, GERMAN_DATE,
                              GERMAN_DAY_ABBREVIATIONS, GERMAN_DAY_SHORT, GERMAN_WORDS, MONTH_ALT, MONTH_WORDS,
                              NUMBER_WORDS, WEEKDAY_NAMES, bundle_path, daily_date, file_date, file_period, find_dates,
                              fold, folder_date, german, normalise_key, weekday_plural, without_invisibles,
                              without_notion_ids)

# The version of what this extractor outputs, recorded in the index (meta
# `heuristic_version`) by every sync that builds it. Bump it with ANY change to
# the names or types `extract_one` returns for some text, here or in what it
# calls (text.find_dates, MONTH_WORDS, COMMON_WORDS...); a change that returns
# the same names for every text (speed, refactoring) keeps it. A sync of an
# index built with another version re-extracts every note's entities
# (sync.py, `_reextract`), so an upgrade gives the whole graph the new rules.
# The llm extractor reads SPEAKER, speaker_tag and COMMON_WORDS too
# (extract/llm.py: model_view, complete): an index it built is re-extracted
# when the model's cache holds every window as the rules cut them now, else
# told to rebuild (sync._check_heuristic_version).
# 1: names start with a capital of any cased script ("Émile Zola"); indexes
#    that record no version were built before it.
# 2: a note's YAML front matter is read for its values (keys are no names,
#    `tags:` are #tags, a `title:` is one name); `2024-05-01T14:30` is a date;
#    a name is read without the zero width characters pasted into it. (A
#    front matter's title and date line head its chunks' header,
#    store.document_header, in place of `---`: the re-extraction rewrites
#    headers too.) A `[[wikilink]]` names its target, whole (no fragments,
#    no #tag from `[[#Heading]]`), and a Markdown note's first chunk names
#    the note by its file name when that is a title (`note_name`, added by
#    sync).
# 3: a note's front matter is read once, from the note (sync.chunk_parts), not
#    from each chunk: a block longer than a chunk is front matter in every
#    chunk it covers (its keys no names, its tags #tags, the header its title
#    and date), and a later chunk that opens with `---`, `key: value` lines and
#    `---` is text (its keys, chat speakers, are names again). A `[[link]]` in
#    an inline code span, a fenced block or a Markdown note's indented block
#    (read in the note's context, sync.read_in_context) is no link (mdcode.py), and a note
#    whose file name is a date (`2024-05-01.md`) carries that date (note_name),
#    as do other tools' daily notes (text.daily_date: Logseq's 2024_05_01,
#    Dendron's daily.journal.2024.05.01, a weekday with the date), which a
#    link to such a name is too.
# 4: a `Name:` tag is a chat speaker only in a note that reads like a chat
#    (chat_speakers: a tag recurs, or a `Time: 20260105_11:00` stamp; sync
#    reads it from the whole note, sync.note_speakers); a label line's label
#    is no person, a common label (LABEL_WORDS) no name either, and a label's
#    value that lists capitalised words names them (`Owner: Priya`).
# 5: a daily note filed in year, month and day folders (Obsidian's
#    `2024/05/01.md`: text.file_date) is named by its date, and the link
#    `[[2024/05/01]]` is that date (text.folder_date).
# 6: a `[[link]]` in a raw HTML block of code (`<pre>`, `<script>`, `<style>`,
#    `<textarea>`, `<!-- -->`, to the line that ends it) or a `<code>` element
#    is no link, nor is one in a Markdown note's indented code right after a
#    heading, a thematic break or a fenced or HTML block (no blank line
#    between: mdcode.py); front matter opens only on a note's first line (a
#    note that opens with blank lines and then `---` holds none: its `key:
#    value` lines are text, no title, date or tags; frontmatter.of_note); a
#    chunk that starts or ends inside an inline span of three backticks or
#    more reads its links after the span (mdcode.chunk_readings). A daily
#    note (its path a date: text.file_date) carries that date in its chunks'
#    header as a front matter date does (`# Friday · date: 2024-05-03`,
#    store.note_head; a front matter date line, or a first line that holds
#    a date, comes first): the re-extraction rewrites headers.
#    A list item's or a quote line's first word starts a sentence as a line's
#    does (after `- `, `1) `, `- [ ] `, `> `, a Logseq bullet's indentation:
#    LINE_MARKS), so a lone capitalised word there is a name only when the
#    text capitalises it mid-sentence too (`- Plays bass` names no Plays),
#    and an item that opens with a label (`- Jonas: boat time`) is a label
#    line (ITEM_LABEL: its label a name unless common, a value listing
#    capitalised words names them).
#    Logseq's `key:: value` properties (frontmatter.properties) are read as
#    front matter keys are: `title::` and `alias::` name the note, `tags::`
#    are #tags (a `[[page of words]]` a link), another key names nothing and
#    its value is read as text.
# 7: a note's aliases (front matter `aliases:`/`alias:`, Logseq's `alias::`:
#    note_aliases) are names of the note's own entity wherever the folder's
#    notes mention them (sync.joined_names: `[[Jo]]` is `[[Jonas Berg]]`),
#    and a lower-case file name of two words or more names its note, its
#    words apart (`kitchen-renovation.md` is "kitchen renovation": note_name).
#    Also, a lone capitalised word opening a sentence or a list item (rule 6) is a
#    name too when the text opens a longer name with it: `Attendees: Jonas
#    Berg` then `- Jonas re-lays the mooring.` names Jonas.
#    And a daily note in year, month and day folders is dated (named, headed) by
#    its path with the synced folder's own folders above it (text.dated_path:
#    `01.md` of a synced `journal/2024/05` is `2024/05/01.md`), not only by
#    the folders inside the synced one.
#    A Markdown section heading's first word starts a sentence as a list item's
#    does (after `## `, `- ## `: HEADING_MARKS; a note's `# ` title is read as
#    before), so a lone capitalised word there is a name only as rules 6 and 7
#    say (`## Goal`, `## Decisions` name nothing); and a word capitalised only as
#    a sentence's first opens no name with `the` (`- Designed the HeronBoard`
#    names HeronBoard, not "Designed the HeronBoard": VERB_THE).
# 8: Chinese and Japanese notes: a line opening with 2 to 12 Han, kana or
#    Hangul characters and a colon (full width `：` or ASCII, no blank needed;
#    a capitalised tag with `：` before CJK words too) is a tag (SPEAKER), common CJK labels
#    (LABEL_WORDS) name nothing, a people label's list names persons
#    (CJK_PEOPLE_LABELS), 《》 and 『』 hold works (CJK_TITLE; 「」 quotes as
#    `"` does), a CJK file name or front matter title names its note
#    (_names_note), a CJK name found in a text is found wherever it holds it
#    (_add_known_cjk), and a Latin name ends and starts against CJK text
#    (`和Alice讨论`: _WORD_CHAR). English text reads as before (LiHua's graph
#    is the same).
# 9: a day as Chinese and Japanese write it (2024年5月3日, 5月3日, 5月3号:
#    text.CJK_DATE) is a date entity as 2024-05-03 and May 3 are, and a note
#    whose file name is one (2024年5月3日.md) is named by it.
# 10: a CJK label that speaks for a group (a plural, `同学们`, `老师们`, `みんなたち`,
#    or a word of all, `所有人`, `全体成员`, `各位同学`: CJK_GROUP) is a common label,
#    no speaker and no name, as `大家` is; a bare role (`老师`, `师傅`, `客服`, `先生`:
#    CJK_ROLES; not `王老师`) speaks in its note but is made known to no other note
#    (known_cjk), where it is some other teacher, or a word. A `#tag` is read whole
#    (HASHTAG): one longer than 41 characters was cut there (a CJK tag runs to a
#    blank or a punctuation mark, so often is), and such a front matter tag dropped.
#    And: a name's mentions are counted where the text writes it as a whole word
#    (sync._occurrences: an alias "Jo" is not in "Jonas", "major" or "#jo";
#    "Adam" not in "AdamSmith"), and a #tag is no mention of the note an alias
#    names (`#jo` is a topic of its own, not Jonas Berg: sync._plan_entities).
#    A word shaped as a verb (VERB_NAME: `Leads`, `Runs`, `Founded`, `Exploring`)
#    capitalised only as a sentence's first opens no name of two words or more,
#    nor one the text capitalises mid-sentence too, as `Designed the` opens none
#    (rule 7): `Leads Project Heron.` names Project Heron; not after a colon
#    (`Sekiro: Shadows Die Twice`).
#    A note's `# ` title that is a common-noun phrase opening with a common word
#    (NOUN_TITLE, _common_noun: a label's, `# Meeting notes`, or one the text
#    writes in lower case too) starts a sentence with it: `Meeting` is a name
#    only as rules 6 and 7 say.
#    A label that counts (`Line 12:`, `Step 3:`, `Room 101:`, `Q1:`: NUMBERED) and a log's
#    level (`INFO:`, `DEBUG:`: LABEL_WORDS) is a common label, no speaker and no name (a
#    log of `Line N:` lines made an entity of every line); an `@handle` is read whole
#    (HANDLE: one longer than 32 characters was cut there); and a key folds case, so `ß`
#    is `ss` (text.fold: "Größe" and "GROSSE" are one key; stored keys change).
#    A note whose file name is a single lower-case word (Logseq's `pages/hackerspace.md`) is
#    named by it when a wikilink of its folder names it, case aside (`[[Hackerspace]]`:
#    linkable_name, sync.linked_names); alone it still names none (`ideas.md`). Its aliases
#    (`alias:: HS`) are joined to it as a titled note's are (sync.joined_names) when a link names it.
#    The common irregular verbs (IRREGULAR_VERBS: `Met`, `Went`, `Told`, `Ask`) are verbs as
#    VERB_NAME's shapes are: `Met Grete Größe at the fair.` names Grete Größe.
# 11: a label in bold or italics (`**Attendees:** Priya, Tom Baker`, `- **Owner**: Priya`, `*Status:*
#    done`: _EMPH) is the label it would be without them: a common one names nothing (`**Attendees:**`
#    in each meeting note of an Obsidian vault was a hub joining them), its value's list names names
#    (its first too), and a word after the emphasis closing it, or a word an emphasis opens where a
#    sentence starts (`- **Flood** alert`), starts a sentence. So does a Markdown table header cell's
#    first word (after a `|` in a line that opens with one and is followed by the `|---|` line):
#    `| Milestone | Date | Status |` names nothing; a body cell's is a value (`| Fix login | Priya |`).
#    And an Obsidian callout's title (`> [!note] Goal`, LINE_MARKS): `Goal` names nothing.
#    The Excalidraw plugin's banner line (EXCALIDRAW_BANNER) names nothing.
#    And an entity whose forms fuzzy resolution merged ("Bluebell" x4, "Bluebells" x1) is keyed by
#    its most-mentioned form, then the shorter, then code point order (naming.chosen_key), not
#    by the first note synced: `bluebell`, whichever note came first (store.refresh_entities
#    renames it in place when the counts change). LiHua: bluebells -> bluebell, camellias -> camellia.
#    A verb that takes a person, a place or a work as its object (ONE_NAME_VERBS: `Met`, `Called`,
#    `Visited`, `Watched`), capitalised only as a sentence's first word, opens no name of one word
#    either: `Met Grete at the fair.` names Grete, not "Met Grete" (rule 10 split only a name of
#    two words or more, or of a word the text capitalises mid-sentence too).
#    A German text (`german`: its German function words outnumber its English ones) capitalises
#    every noun: a word it uses as one (after an article or another determiner, `der Käse`, `im
#    Kino`, or a number, `1 kg Birnen`: german_nouns; a day or a month) is no name of one word anywhere
#    in it unless it opens a longer name; a sentence's leading article or function word is dropped
#    as `The` is (`Die Deutsche Bahn`, `- Mit Thomas`), and a noun's `von` joins no name (`ein Buch
#    von Daniel Kehlmann`). No time's minutes, year or ordered list's number counts a noun (`09:00
#    Anna`, `2024 Tobias`, `1. Anna`), no word in capitals is one (`dem ADAC`), nor a word the text
#    also writes right after a preposition (`mit der Anna` and `mit Anna`), nor one in an English
#    line of the note (`I am Sam`). English text reads as before (LiHua's graph is the same).
# 12: a French, Spanish, Italian, Portuguese or German day or month (`Mardi`, `Lunes`, `Martedì`,
#    `Segunda-feira`, `Dienstag`, `Janvier`, `Enero`, `März`: CALENDAR_WORDS), capitalised where a
#    line, a sentence, a heading or a label starts, is no name of one word, as English's are none,
#    nor a speaker; a label of days, months and numbers names nothing (`Lunes 5 de mayo:`, `Monday 5
#    May:`: _calendar_label), nor a day and its time of day (`Sonntag Morgen`, `Lunes Tarde`,
#    `Montag Abend:`: _day_and_time). One that is a name too (CALENDAR_NAMES: `Julio`, `Mars`, `Marco`) reads as
#    before. A German line or sentence opening with a common adjective and its noun (`Nächstes
#    Treffen`, `## Offene Fragen`: GERMAN_ADJECTIVE) names neither, unless the text capitalises the
#    adjective mid-sentence too. English text reads as before (LiHua's graph is the same).
#    And a note's `@handle` of a first name (`@elena`, `@elena.v`) joins the one name of the note
#    that opens with it (`Elena Vasquez`: handle_names, applied by sync._note_handles).
# 13: an English day and its time of day (`Monday Morning:`, `Tuesday evening:`, `Sunday night:`) is
#    a label that names nothing, as a foreign one is (_day_and_time): a diary of them is no chat. A
#    day's label (`Dienstag Abend:`, `Lunes:`, `Monday:`: _day_label) heads a sentence, not a list of
#    names: its value's first word is a name only as a sentence's first is (`Dienstag Abend: Sport`
#    names nothing; `Samedi soir: Cinéma avec Paul` names Paul). The adjectives that open places'
#    names open headings too (`Neue Ideen`, `Alte Rezepte`, `Großer Plan`: GERMAN_ADJECTIVE now holds
#    neu, alt, groß, klein), and any of them before a kind of place names that place (`Neues Museum`,
#    `Alter Markt`: GERMAN_PLACE). A drawing, `Plan.excalidraw.md` (or `Plan.excalidraw`), is the note
#    named Plan, and `[[Plan.excalidraw]]` links to it (DRAWING_SUFFIX: the note was "Plan.excalidraw",
#    the link an attachment's). And a chat's `@elena` is its speaker `Elena:` (handle_names), not a
#    longer name the note writes (`Elena Vasquez`). LiHua's graph and golden/'s are the same.
#    Code names nothing (mdcode.without_code): a fenced block, a raw HTML block, a Markdown note's
#    indented block, a code span, a `<code>` element (a pasted log made INFO, DEBUG, WARN and its day
#    a journal's top entities); sync reads every chunk of a note after the fence it starts in, not
#    only one with a link (mdcode.chunk_readings). A title's full stop ends no sentence (`Dr.
#    Hoffmann`, `St. Mary's`: TITLES); a person's title is no part of the name (`Dr. Hoffmann`, `Dr
#    Hoffmann` name Hoffmann: PERSON_TITLES), a saint's or a mountain's is (`St. Mary's`, `Mt. Fuji`),
#    and none alone is a name. A label that is a phrase (`Guitar lesson with Carlos:`, `What went
#    well:`: _phrase) names what its sentence would (Carlos; nothing), not itself, and never speaks.
# 14: a role label (`Husband: Arjun`, `Mom:`, `Boss: Tom Baker`: ROLE_WORDS) names no one and speaks
#    in no chat, its value's list names its people; a journal's past tense or imperative opening a line
#    (`Planned Aisha's party`, `Booked Lisbon`, `Drove Tom`: ONE_NAME_VERBS) is no part of the name
#    after it (one name, no verb after it: `Book Club met`, `Plan B Cafe` stay whole: JOURNAL_VERBS); a
#    street's `St.` after a name ends the place where a sentence's subject follows (`Baker St. Priya
#    Raman joined`: _cap_spans), not a saint's or a kind of place (`Fort St. John`, `Main St. Diner`); the
#    Admonition plugin's ```` ```ad-note ```` fences hold prose, whose names count (mdcode); a canvas
#    (`[[Board.canvas]]`) is the note named Board, and the Excalidraw plugin's default drawing name
#    (`Drawing 2026-11-03 10.15.22`) names nothing (DEFAULT_DRAWING); a name's mentions in a chunk
#    are counted in its prose, not its code (sync._plan_entities).
#    names9's part: a name's particle (`dos`, `ter`, `bin`, `y`: NAME_PARTICLES) between two
#    capitalised words makes no label a phrase (_phrase): `Maria dos Santos:` speaks and names Maria dos
#    Santos (rules 13 named Santos, and a chat of it and `Tom Baker:` was none); a part of such a
#    speaker's or label's name is no name of its own (`Santos`). Code hides no prose
#    (mdcode.reads_as_prose): a fence nothing closes ends before the first paragraph of prose after
#    a blank line (it hid every later name of the note), and a Markdown note's indented paragraph
#    of prose is text, not code (`\tToday I met Maria Lopez in Berlin.`: a plain editor's paragraph).
#    names10's part: speech is no title (`"Why do you want it?" Aëlys asked.` was a work: SAID_AFTER,
#    SAID_BEFORE, _title_cased), and a note's alias names it wherever it stands as a whole word
#    (standing_alias, sync._standing: `Jo said the boat leaks.`, `- Jo brings rope`).
# 15: an author key's "Last, First" people (`authors: [Smith, Jonathan]`, `author: "Smith, Jonathan and
#    Okafor, Ngozi"`, `- Keller, Dorothea`: AUTHOR_KEYS, _authors) are Jonathan Smith, Ngozi Okafor and
#    Dorothea Keller, not Smith and Jonathan; a Pandoc citekey outside a chat (`@smith2021attention`:
#    CITEKEY) is no person, it links to the note its key names as a wikilink would.
# 16: a middle initial is a part of its name (`Matthew E. Peters`, `Peters, Matthew E.`: _INITIAL; was
#    "Matthew E"), not after a word that labels with a letter (`Plan B. Tom came`: LETTERED); an
#    author-year citation of a note's own author (`Müller 2019`, `(Müller, 2019)`, `Müller et al. (2019)`
#    beside `authors: [Müller, Jürgen]`: CITATION, cited_authors, applied by sync._cite_authors) mentions
#    that author; a German text's nouns by their shape (`Zusammenfassung`, `Besprechung`: a noun's suffix;
#    `Kapitel 2`, `Abschnitt 2.3`: a word before a number that is no year) are no names of one word, nor
#    labels that name; `Great St. Mary's` keeps its `Great` (SAINT_PLACE_OPENERS); a base whose object is
#    a person (`Invite`, `Ping`, `Remind`: PERSON_BASES) is cut from a full name after it, as `Email` is;
#    a quote of one word and `!` or `?` (`"Stop!"`: EXCLAIMED) is a word said, no work.
#    names14's part (a student's Zettelkasten): a link by a Zettelkasten ID alone (`[[202611031015]]`:
#    ZETTEL_ID) names the ID, which sync joins to the note whose file name opens with it (zettel_id,
#    sync.joined_names), and a note named by its ID alone (`202611031015.md`) is named by it; TeX math names
#    nothing (without_math: `$Av = \lambda v$` made Av); the weekdays abbreviated are common words
#    (WEEKDAY_WORDS: `Tue`, `Wed`); a heading's generic word before a number names nothing
#    (HEADING_LABELS: `## Lecture 7 - 2026-11-10`) and opens a `# ` title as a common word (`# Office hours`);
#    `Yo:` and the other languages' "I" never speak (FIRST_PERSON); a label that reports (`Prof. Alvarez
#    announced:`: REPORTING_VERBS) or a possessive before a common noun (`Lena's rules:`) is a phrase, one
#    after a sentence ending in a figure is the last sentence's (`Written 2026-11-13. Questions:`:
#    _FIGURE_STOP), a plural label's word before a name and a verb is dropped (`Topics Alvarez listed`),
#    `Related:` is a common label; a person's title before a name says person (`Dr. Chen`, `Professor
#    Alvarez`: SPELLED_TITLES), in a label too, and a file name's or a link's title is dropped (`Dr Chen.md`
#    is Chen: without_person_title).
#    Also (files5, with readers 5): an Obsidian comment (`%% hidden %%`, inline or on lines of its own) is read
#    as an `<!-- -->` comment is: no name, no link (mdcode: Obsidian links nothing there either); a
#    raw HTML block nothing closes (a `<pre>` left open) ends before the first paragraph of prose
#    after a blank line, as a fence nothing closes does, and no longer hides the rest of the note.
#    zettel's part: a note dated by its file name that is no daily note (a Zettelkasten ID's or a
#    timestamp's date and time, `202610191400 Intro and Big-O.md`, `20260922_1700.txt`; a name holding a
#    date, `Chat 2026-11-10.md`: text.name_date) carries that date in its chunks' header as a daily note
#    does (`# Intro · date: 2026-10-19 14:00`, store.note_head; a first line that holds a date still
#    comes first, so LiHua's `Time:` notes keep theirs): the re-extraction rewrites headers.
#    names15's part (an engineer's work log, qa20): a log record or a test report's line pasted with no
#    fence names nothing (mdcode.LOG_RECORD: `2026-11-28T14:02:11Z INFO ...`, `E       AssertionError`;
#    INFO had 2062 mentions); a name's two blanks are one, a run of three or a tab parts no name
#    (_named); a work log's past tenses open no name (`Opened PR`, `Merged`, `Ran`: ONE_NAME_VERBS) and
#    label nothing (`Ran:`, `Shipped:`: _common_label), nor does a label with a sentence's verb after
#    its first word (`Architecture review went well:`: _CLAUSE_VERB); `Priya's PR` is Priya
#    (_THEIR_CHANGE); a chat export's `[10:14] priya.r:` is the handle @priya.r (STAMPED_HANDLE); a
#    lower-case file name with blanks keeps its hyphens (`billing-api v3.md`: note_name).
# 17: names16's part (the QA vaults of the thirtieth session): an imperative's `# ` title (`# Rotate the
#    Stripe keys`, or `# Rotate billing-api keys` beside `Rotate the Stripe secret key`: VERB_TITLE) opens
#    a sentence with its verb, which VERB_THE cuts (was `Rotate the Stripe`); a German text's word written
#    as a person's (`Frau Hartung`, `Hartung 2019`, `Anna Hartung`: _german_persons) is no noun by its
#    -ung shape, `Herr`/`Frau` are titles (GERMAN_TITLES), and a one-word heading (`## Methode`) and an
#    -nis word (`Ergebnisse`) are nouns. With it, resolve.py: a #tag and a name a word apart merge no
#    more (`#flashcards`, `DS flashcards`), and `@priya.r` joins the one `Priya R...` known.
#    17, qa23's part (an Emacs Org-mode user): an Org note's markup names nothing (extract/orgmode.py, read
#    by sync.note_readings): `#+TITLE:` (its value still read), `#+STARTUP:` lines, `:PROPERTIES:` /
#    `:END:` drawers, `SCHEDULED:` / `CLOSED:` (persons: they opened lines as a chat's speakers do),
#    `CLOCK:`, `#+BEGIN_QUOTE`, a timestamp's `Sun`, a headline's `TODO` keyword (`WAITING Tomás`); its
#    `#+TITLE:` and `#+DATE:` head its chunks as a front matter's title and date do (store.note_head): the
#    re-extraction rewrites the headers of `.org` notes (an org-roam note's was `:PROPERTIES:`).
#    17, qa22's part (a Logseq graph): a Logseq (or Org-mode) task's planning and drawer lines name nothing
#    (mdcode.LOG_RECORD: `SCHEDULED: <2026-11-20 Fri>`, `DEADLINE:`, `CLOSED:`, `CLOCK: [...]`,
#    `:LOGBOOK:`, `:END:`, `:PROPERTIES:`): CLOCK was a person, SCHEDULED, LOGBOOK and END names;
#    a Logseq namespace page's file name (`Work___Project Alpha.md`, older `Work%2FProject Alpha.md`) is
#    the page its links name (`[[Work/Project Alpha]]`: Project Alpha, NAMESPACE_SEPARATOR), not the name
#    `Work___Project Alpha`, so the page joins the notes that link to it, and its `alias::` with it.
#    17, fix15's part: a Markdown link to a note is read where a wikilink is for the notes a note links
#    to (link_targets, links_in): a lower-case page's file name it links to names that note
#    (`[the space](../pages/hackerspace.md)`, as `[[Hackerspace]]`: sync.note_link_keys), and the llm
#    extractor adds its note as it adds a wikilink's (llm.complete); a link to a note of any kind sync
#    reads (`[the log](notes/log.txt)`, `[b](Board.canvas)`, `[[runbook.rst]]`: PLAIN_SUFFIXES) links to
#    it, and a `.txt`, `.org`, `.rst` note is named by its file name while a link of its folder names
#    it (linkable_name); a note named by its Zettelkasten ID alone (`202611031015.md`) whose first line
#    is a heading (`# Eigenvalues`) has the heading as its alias (zettel_title, note_aliases).
#    17, files6's part (readers 6): an Org-mode, rST or AsciiDoc note's own code blocks (`#+BEGIN_SRC` ...
#    `#+END_SRC`, `#+BEGIN_EXAMPLE`, `: ` fixed-width lines; `.. code-block::` and a `::` literal
#    block; `----` and `....` blocks, `[source,python]`: mdcode.kind_blocks) name nothing and link
#    nothing, as a Markdown fence (sync.read_in_context fences them); the llm extractor's windows and
#    `complete` read `%%` as a comment only in a note Obsidian writes (mdcode.reads_comments).
#    17, logseq2's part (qa22's Logseq graph): a block reference `((6543a1b2-...))` (and `{{embed ((...))}}`)
#    is a mention of the page holding the block whose `id::` it is (note_aliases reads the ids, sync
#    joins them as aliases: alias_forms; a journal page's block is its day); a `{{query ...}}` names and
#    links nothing (mdcode.LOGSEQ_QUERY: it linked its own page and named TODO); a namespaced
#    `title:: Work/Project Alpha` is Project Alpha, the page its links and file name name (_namespaced_title).
#    17, org2's part: an Org note's link to a note by a relative path (`[[file:meetings.org][meetings]]`,
#    `[[file:people/priya.org::*Budget][...]]`, `[[./garden.org]]`) links to it as a Markdown link does
#    (orgmode.file_links, sync.note_link_keys): it named nothing and joined no note; its path, or that of a
#    `file:` link to no note, names nothing (`*Budget` was a name). org-roam's `[[id:3f2a…][Eigenvalues]]`
#    links to the note whose drawer before its first headline holds `:ID: 3f2a…` (org_aliases: the
#    alias `id:3f2a…` of the note, which such a link names by its slug, `eigenvalues` for
#    `20261103101500-eigenvalues.org`: linkable_name, sync._id_keys); `:ROAM_ALIASES:` are aliases.
#    17, fix18's part (a review's findings): only a line of planning stamps alone is a planning line
#    (mdcode.PLANNING_STAMPS; `SCHEDULED: [2026-11-20] call with Marta Silva` is prose, read whole);
#    a German one-word heading's word is a noun only where the text also writes it after an adjective
#    (`## Methode`, `mit neuer Methode`; `## Hamburg` over `und Hamburg ist schön` names Hamburg again);
#    a Markdown link to a `.txt`/`.org`/... file right in a folder above (`../requirements.txt`) names
#    nothing (markdown_link_target: it named requirements, LICENSE, CMakeLists); a namespace page's file
#    name is read so only in a `pages/` folder (`Budget___Draft.md` was named Draft); an Org note's own
#    `#+TODO:` keywords are blanked as the usual ones are (orgmode.note_keywords: `PLAN Tomás Ferreira`);
#    a preposition opens no imperative title (TITLE_PREPOSITIONS: `# Across the Stars notes` named Stars).
# 18: names17's part (the naming errors rules 17 left): a `# ` title of a work and a word of what is written
#    on it (`# Into the Woods review`, `# The Name of the Wind notes`, `# Notes on Gone with the Wind`:
#    WORK_TITLE, work_titles) is one work, whole (it named Woods, Name, Wind); an imperative title's verb
#    before a lower-case object (`# Deploy billing-api`) is a verb where the text opens a sentence with it and
#    `the` (`Deploy the service`: _BEFORE_THE, a capital after `the` no longer asked) and no mid-sentence
#    capital for a lone word's test (it named Deploy, Migrate); a German text's label of one capitalised word
#    opening a line, no list item's (`Methode:`, `Fazit:`: german_label), names nothing unless the text
#    writes it mid-sentence too, and a German chunk's nouns are its note's too (note_nouns, given by
#    sync.note_nouns_of: `die Methode` in one chunk, `Methode` bare in the next named it); a Logseq
#    page's block markers (`- WAITING Tomás Ferreira`, `- LATER Priya Raman`) are blanked for naming
#    (tasks.without_logseq_markers, read by sync.note_readings) as an Org headline's are.
# 18, qa27's part (an Obsidian plugin power user): an emoji between a line's marks and its first word
#    (`## 🏆 Wins`, `- [ ] ☕ Set up ...`, `## 🔗 Quick links`) leaves that word a sentence's first
#    (_is_emoji): it named Wins, Set, Quick, Recently, Due; and a label after emoji is the label it is
#    without them (ITEM_LABEL, fixM2: `- 👩‍💻 Priya: backend`, `🎨 Marta: design` named nobody); a Templater
#    tag (`<% tp.date.now("YYYY-MM-DD") %>`, a `<%* ... %>` block) is code (mdcode.templater_tags): `YYYY-MM-DD`
#    was a work's title; a weekly or quarterly note (`2026-W45.md`, `2026-Q4.md`: text.file_period) is named
#    as `[[2026-W45]]` links it (note_name: the link named a `2026-W45` no note carried, so a homepage's link
#    joined no note).
# 18, fix19's part (Org and Logseq leftovers): a link in code names no note for the folder's naming as it
#    names nothing for the extractor (sync.note_link_keys: an Org `#+BEGIN_SRC` block's `[[file:x.org]]`
#    and `[[id:…]]`, a Markdown note's indented code block's `[[Hackerspace]]` named their notes); an Org
#    note's `#+title:` before its first headline is read as a front matter title (orgmode.titled: a name,
#    whole; `Eigenvalues and eigenvectors` named nothing, and the org-roam note was its slug, lower case);
#    a property's unbracketed time's weekday names nothing (orgmode._PROPERTY_WEEKDAY: an Org archive's
#    `:ARCHIVE_TIME: 2026-11-01 Sun 10:00`, read since walk readers 7, named Sun); a Markdown link to a
#    `.txt`/`.org`/... file right in a folder above that stays in the synced folder (`[log](../log.txt)` in
#    `sub/a.md`) links to it again, as before 17's fix18 part (within_folder_links, read by sync from the note's path).
# 18, qa28's part (a Dendron and a Foam user): Dendron's `[[Alpha meetings|proj.alpha.meetings]]`
#    links the note after its `|` (DENDRON_NAME: it named `Alpha meetings` and not the note); a dot inside
#    a #tag is the tag's (`#proj.alpha`, Dendron's: it was `#proj`); a link reference definition line
#    (LINK_DEFINITION: Foam's `[tom-becker]: people/tom-becker.md "Tom Becker"`) names nothing and counts
#    no mention (its title was a work, `Priya Raman` one, and each line counted its wikilink's name again);
#    a Dendron note's file name is its hierarchy whole (`ref.vendors.helix-data`, was `ref.vendors.helix data`).
# 18, resolve3's part (order-dependent merges): a #tag come after a name it is a word apart from joined
#    another key's group (`#flashcards` after `Flashcards` joined `DS flashcards`) splits the group, and a
#    name that makes a first name and initial known (`Priya Raman`) has a handle of a note written before
#    (`priya.r:`) join it: the notes of those keys are extracted anew (resolve.Resolver.stale,
#    sync._resolve_anew), so a fresh sync groups as a sync after each note does.
# 18, qa26's part (readers 7): an MDX page's (`.mdx`) `import`/`export` lines, lines of JSX tags and
#    `{/* ... */}` expressions name and link nothing (mdcode.kind_blocks: `Tabs`, `TabItem` and `@theme` were
#    a Docusaurus site's top names); a link to one (`[pagination](./pagination.mdx)`) links to it as to a
#    `.txt` note (PLAIN_SUFFIXES, from walk.NOTE_EXTENSIONS).
# 18, qa26's Hugo part: TOML front matter (`+++` ... `+++`: frontmatter._parse_toml) is read as the YAML
#    block is: its keys name nothing, `title = "..."` is a name, `tags = [...]` #tags (`author = "Ines Okafor"`
#    was a work, `title =` text, every header `+++`).
# 18, qa26's admonition part: MkDocs' `!!! note "Title"`, `??? tip`, `=== "Tab"` and Docusaurus' `:::tip Title`
#    lines are read as their title alone (ADMONITION_LINE: `New`, `Exceeding`, `Rate` were names).
# 18, dendron2's part (qa28's leftovers): Dendron's shown-text-first links only in a note Dendron wrote
#    (dendron_note: its `id:` and epoch-millisecond `created:`/`updated:`; sync reads its links with
#    dendron_links): Obsidian's `[[JavaScript runtime|node.js]]` linked `node.js`; a Dendron note's
#    generated `title:`, its file name's last part (generated_title: `Meetings` of `proj.alpha.meetings.md`,
#    `Root`), names nothing: every `Meetings`, `Root`, `Journal` was a name, `Alpha` one beside `proj.alpha`.
# 18, dup2's part (notes synced between devices): git's conflict marker lines (`<<<<<<< HEAD`,
#    `>>>>>>> feature/x`, diff3's `||||||| base`) name nothing (without_merge_markers): HEAD was a name.
# 18, fixM1's part (review revM of names17's): a `# ` work title's words hide only the title's own
#    occurrences, not the body's names (title_occurrences: `the Alps` in the body was hidden); a title joined
#    by `to`/`at`/`and` (`Trip to the Alps`, `Dinner at the Harbour Hall`, `Tomás Ferreira and the Board`:
#    _PLACE_JOINERS), opened by a first and last name (`Priya Raman of the Finance Team`) or with a part the
#    text names elsewhere (_named_elsewhere) is no work, read as before; a German label names nothing only
#    when its word is a label's (GERMAN_LABEL_WORDS: `Fazit:`, `Methode:`), so `Anna:`, `Hamburg:` name again.
# 18, docs2's part (docs sites' naming): a `# ` title in sentence case (`# Rate limits`, `# Cooking tips`:
#    SENTENCE_TITLE) opens a sentence with its first word; a Markdown link's shown text that is its target's
#    name by key (`[Rate limits](rate-limits.md)`) is the link, read whole; Hugo's `{{< ref "..." >}}` and
#    `relref` targets link (HUGO_REF); a folder's `index.md` / `_index.md` names no `index` (FOLDER_PAGE); a
#    CamelCase name is shown as written but a person's (naming.display_name: `JavaScript`, was "Java Script").
#    docs3: the sentence-case title's first word names nothing only on the note's evidence that it is a common
#    word (_common_title_words: written in lower case, `the rate limit`, `cooking`, or as a verb opening a
#    sentence, `Deploy the service`); with none it names as before (`# Hamburg trip`, `# Priya notes`).
# 19: names18's part (qa30's leftovers, a researcher's paper notes and notebooks): a link to a Jupyter notebook
#    (`[run](nb/a.ipynb)`, `[[a.ipynb]]`; readers 8 read it) links to its note as one to a `.txt` note does
#    (PLAIN_SUFFIXES; it was an attachment's, joining nothing); a label that is a common label's plural or a
#    sentence-case phrase ending in one (`Authors:`, `Key idea:`, `Open questions:`: _label_kind) names nothing,
#    an -ies/-es plural and a plural word for people too (fixQ1: `Summaries:`, `Key people:` were names);
#    the word after a Pandoc citation opening a line or a list item (`- [ ] [@he2016] Deep residual learning`:
#    _CITED_MARKS) starts a sentence (Deep, Dropout were names); an all-capitals word the text writes only in
#    square brackets (`[MASK]`, `[CLS]`: _placeholder_tokens) names nothing; a sentence-case `# ` title may end
#    in a bracketed aside and a citation (`# Decoupled weight decay (AdamW) [@loshchilov2019]`: SENTENCE_TITLE).
# 19, joplin2's part (qa29's Joplin leftovers): a note of Joplin's RAW export or file-system sync target
#    (`973f….md`, notekinds.joplin_note) is named by its title, its first line, as the Markdown export's
#    `Boiler service.md` is (joplin_title: its 32-hex file name named nothing), and its id is an alias of it
#    (note_aliases), by which a link in a note of the folder, `[Boiler service](:/973f…)`, mentions it
#    (JOPLIN_LINK, sync.alias_forms: the link joined nothing).
# 19, fixP1's part: a stray fence ends before a heading after a blank line, and a list item's fence closes at its
#    indented closing line (mdcode, readers 8): the names after them are read (they were code).
# 20, qa31's part (a reader of Kindle and Readwise highlights): a link to a highlight's place in its source,
#    Readwise's `([Location 1234](https://readwise.io/…))`, `[View Highlight](…)`, `[View Tweet](…)`, and the Kindle
#    Highlights plugin's `[Kindle link](kindle://…)`, names nothing (SOURCE_LABEL: `Location` was the top name,
#    68 mentions); nor do a bare URL's words (BARE_URL: a cover's `._SY400_.jpg` named `SY400`), an ASIN
#    (`B00X47ZVXM`: _ASIN) or the labels `Full Title:`, `Document Tags:`, `ASIN:`, `ISBN:` (LABEL_WORDS); a
#    Kindle clippings entry's title line and Readwise's `- Full Title:` name the book whole, by its title before
#    a subtitle, and its authors (without_book_lines: `Fast`, `Slow`, `Proven Way` were names).
# 20, qa34's part (a todo.txt user): a todo.txt file's (`todo.txt`, `done.txt`, `work.todo.txt`) lines are named
#    without their heads (their dates read after the description) and `@context` words (todotxt.readable, read by
#    sync.note_readings): `(C) 2026-10-30 Buy a drill` named Buy, `2026-11-07 Email Sofia Lindqvist` `Email Sofia
#    Lindqvist` (and `@email` its alias), and `@phone`, `@home` were persons; the description's first word now
#    opens a sentence, `+Flat` still names Flat.
# 20, qa33's part (Bear, Ulysses, iA Writer): a TextBundle's text (`Trip to Lisbon.textbundle/text.md`) is named
#    by its bundle, `Trip to Lisbon` (text.bundle_path: it was `text`, named by nothing, and `[[Trip to Lisbon]]`
#    joined no note), and a link to the bundle or its text links to it; Bear's tag of several words,
#    `#reading list#`, is that tag whole (BEAR_TAG: it was `#reading`); the marks of a `::highlight::` and a
#    `==mark==` name nothing and hide no sentence's start (without_highlight_marks: `::Ask about the tiles::`
#    named Ask); iA Writer's content block of a note, a line `/Chapter 2.md`, links to it, and its path names
#    nothing (IA_BLOCK: it named Chapter; a block's `"title"` was a work).
# 20, fixR1's part: a fence in a block quote (`> ```python` ... `> ````, `> ~~~`) is code (mdcode, readers 9),
#    closed at its closing line in the quote or where the quote ends: its comments' and classes' names are
#    no names (a `~~~` one was read as text; a backtick one as an inline span, which a backtick in it broke).
#    A Joplin title two notes of a folder share (each notebook its "Meeting notes") names neither, as a file
#    name two notes share does (sync.shared_note_names): the two notes were one entity.
# 20, names19's part (two naming leftovers): a sentence-case `# ` title that repeats its note's file name or front
#    matter title (`# Hiring plan` in `Hiring plan.md`: note_titles, _repeated_titles, given by sync.run_chunks)
#    opens a sentence with its first word (`Hiring`, `Offsite` were names of their titles alone; `# Project Alpha`,
#    `# Meeting with Priya` name as before); a Markdown table's body cell's first word starts a sentence as a header
#    cell's does (_table_rows: `| Export | done | 3 |` named Export, Blocked, Backend), but in a column of names
#    (TABLE_NAME_COLUMNS: `| Owner |`, `| City |`), whose cells name as a label's value does (`Owner: Priya`).
# 20, qa32's part (Denote, jrnl): a Denote note (`20261201T093000--meeting-with-priya__work_project.org`,
#    DENOTE_FILE) is named by its title (its `#+title:`, front matter `title:`, or a `.txt` note's `title:` line;
#    else its file name's title part: denote_title), and its identifier is an alias of it (note_aliases), by
#    which a `denote:` link,
#    `[[denote:20261201T093000][Meeting with Priya]]` or `[...](denote:20261201T093000)`, mentions it
#    (DENOTE_LINK, sync.alias_forms): the links joined nothing, and `[[denote:…]]` alone was a name. A jrnl
#    entry's title, after its time (`[2026-11-03 09:15] Lunch with Jonas.`, _after_jrnl_time), starts a sentence:
#    `Ran`, `Lunch`, `Signed` were names; and in a text with such an entry, an `@run` is a tag (a concept, as a
#    `#tag` is), no person (_JRNL_LINE).
# 20, fixS2's part (review revS): blanks alone before a word from the text's start make it a sentence's start, as
#    the text's start does (_sentence_start: a highlight opening a note or chunk, `==Must visit Sintra==`, `::Ask
#    about the tiles::`, blanked to blanks, named Must and Ask; so did `  Must try`). Obsidian's link to a bundle's
#    text by path, no extension (`[[Trip to Lisbon.textbundle/text]]`: text._BUNDLE_TEXT), joins the bundle's note
#    (it named `text`, one entity every such link joined). A fence in a quote in a list item (`- > ```) is code.
# 20, fixS1's part: Bear's link to a heading of another note, `[[Project Alpha kickoff/Attendees]]`, is a link
#    to that note (its heading Attendees) when no note of the folder is at that path and the note's name is its
#    first part (heading_links, given the folder's notes by sync: it named Attendees and joined no note);
#    `[[folder/note]]` to a note and a Logseq page's namespace links are as before. A done todo.txt line's
#    priority after its completion date, `x 2026-11-04 (A) Call Priya`, is read past as its head
#    (todotxt._LINE_HEAD: `(A) Call Priya` named Call Priya).
# 20, fixS3's part (review revR): a file named `todo.txt` is read past as one (todotxt.readable) only when it is
#    written as one (todotxt.reads_as_todo_txt: a Markdown checklist or a prose `TODO.txt` is read as any note); a
#    Kindle's clippings keep a highlight no later one replaces (notekinds._replaced) and read `PM` in lower case.
# 20, fixS4's part (review revT): a chat speaker's `Name:` after a line's time (`[2026-11-03 09:15] Priya: can you
#    ...`, `2026-11-05 20:01 Oskar: dinner?`) is named as an undated chat line's is (_stamped_speaker,
#    STAMPED_SPEAKER: a person where a speaker speaks again, chat_speakers): read as a jrnl entry title's first
#    word, a timestamped chat log named none of its speakers; its `@marcus` is a handle, no jrnl tag.
# 20, fixS5's part (review revT): a table body cell's lone word starts a sentence only when it is a common word
#    (_common_cells: the lexicon, TABLE_COMMON_WORDS; a verb's ending, VERB_FORM; the text writing it in lower case;
#    a phrase in sentence case, `| Fix login |`), not by its column's header: `| Friends |`'s Oskar, `| Hotel |`'s
#    Vander, a header-less contact list's Tanaka name again (Export, Backend, Docs with no such evidence do too); a
#    title repeating its note's name keeps such a first word (`# Berlin trip` in `Berlin trip.md` names Berlin).
#    A Denote link's description names nothing (DENOTE_DESCRIBED: `[[denote:20990101T000000][Old retro]]` named
#    Old); a Denote title two notes share names neither, as a Joplin one does, and each is named by its
#    identifier, which its links write (sync._shared_denote_id: two `Standup` notes were one entity).
# 21, names20's part (task lists and surnames): a to-do item's verb (TASK_VERBS: `- [ ] Send Priya the budget`,
#    `- [ ] Finish Harbor docs`, `TODO: Call Mom`, `- [ ] Email Jonas re: invoice`) opening a line or after a task
#    label (_task_opening) is no part of the name after it (Send Priya, Finish Harbor, Call Mom were names), nor is
#    one at a sentence's start before a name the text capitalises mid-sentence too. A surname written alone in a
#    note after its full name (`Kahneman`, `Daniel Kahneman`: surname_names, applied by sync._note_name_parts) is
#    that person, where the index knows no other full name of it (resolve.Resolver.lone_surname) and the note
#    writes no word of the full name in lower case (`Baked Salmon`, `baked`): it was an
#    entity of its own; it counts where it stands alone. A table body cell's word common by its -ing/-ed ending
#    alone (`Reading`, `Fleming`) is a value, a name, in a column holding a full name (`| Lake Como |`: _name_cell).
# 21, fixV1's part (review revV of names20's): a task's verb goes on a task's line alone (a checkbox item, after a task
#    label, a todo.txt line), before a name by evidence (_task_object: `Send Priya the budget`); a heading's or a
#    plain bullet's (`## Help Center`, `- Finish Line`) names whole as at rules 20, and `- [ ] Buy Milk` names
#    nothing (it named `Milk`). An -ing/-ed cell names in a column of full names only where the text writes it
#    mid-sentence too (`in Reading`: a day plan's `Hiking` under its `Lake Como` was a name). A surname joins no
#    place's full name (`New York`) nor one after a place's preposition (`to London`, `at Morgan Stanley`:
#    _introduced); surname_names reads the note once per surname and full name (it read it per mention).
# 21, qa36's part (VimWiki, Zim, TiddlyWiki): a link to a `.wiki` or `.tid` page by its file name (`[[Contacts.wiki]]`)
#    names the page, and such a page is named by its file name when a link of its folder names it (linkable_name),
#    as a `.txt` or `.org` note is (PLAIN_SUFFIXES, from walk.NOTE_EXTENSIONS; readers 10 walks them).
# 21, qa35's part (a Roam Research user): a Roam page's components (roam.readable, read by sync.note_readings)
#    name nothing: a task's `{{[[TODO]]}}` / `{{[[DONE]]}}` checkbox (the word after it starts a sentence: `Write`,
#    `Fix`, `Send`, `Discuss Marcus`, `Renew the TLS` were names), a search whole, `{{[[query]]: {and: [[TODO]]
#    {not: [[someday]]}}}}` and `{{[[mentions]]: ...}}` (`query`, `someday`, `last week` were names, and a query
#    linked its own page), a widget (`{{[[table]]}}`, `{{[[POMO]]}}`: `table`, `POMO`); an embed's argument links.
#    A time opening a line or a list item (`- 11:00 Call with [[Ines Duarte]]`, _after_line_time), as a daily page's
#    log writes it, is read past as a jrnl entry's is: the word after it starts a sentence (Call, Design were names).
#    Roam's highlight marks, `^^...^^`, name nothing and hide no sentence's start, as Bear's `::...::` (_MARKS: `^^Ask
#    about the tiles^^` named Ask).
# 21, fixT2's part: a Denote note's file name keywords (`__finance_planning`) are its #tags, as a front matter's
#    `tags:` are (denote_keywords, added by sync._name_notes: they were no entity). A TiddlyWiki table's header
#    cell (`|!Ingredient |!Grams |`) is a header cell, its first word a sentence's start (Ingredient, Grams were
#    names), and a row of them a header row (TW_HEADER_ROW): the rows below it are its body (_table_rows), as a
#    Markdown table's below its `|---|` line.
# 21, fixU1's part (review revU): the word after a line's time names unless it is a common word (_common_after_time:
#    a verb, a log's LOG_WORDS, the lexicons', one the text writes in lower case): `09:30 Priya presented`, `- 15:00
#    Bob`, `- 2:30pm Berlin office review` named nothing, as qa35 read every such word as a sentence's start; a time
#    bracketed, in bold, a span or with a dash after it (`[09:30]`, `- 09:30 - Priya`) is read as the bare one. A
#    re-extraction finds a VimWiki page's `%title`/`%date` lines and a Zim page's header as front matter
#    (frontmatter.may_open: `Content-Type`, `Wiki-Format` were names again, `%title Grout` the header), and a
#    tiddler's fields of any name (`tmap.id`, `_canonical_uri`) are its front matter (the block was text).
# 21, qa38's part (LaTeX and BibTeX, Zotero): a literature note named by its citation key, `@vaswani2017attention.md`
#    (Zotero Integration's, the Citations plugin's), is named by the key (note_name, link_target; `[[@key]]` too), as
#    a Pandoc citation `[@vaswani2017attention]`, a `.tex` file's `\cite{}` and a `.bib` entry's heading name it: the
#    note stood apart, named by nothing. A link to a `.tex` page by its file name (`\input{chapters/method}`, read as
#    `[[chapters/method.tex]]`) names it as a `.txt` note's does (PLAIN_SUFFIXES; readers 10 walks `.tex`, `.bib`).
#    A key of any shape holding a figure in a Pandoc citation's brackets (`[@Vaswani2017]`, `[see @vaswani:2017, p.
#    3]`: bracketed_citation), as JabRef and Google Scholar write keys, cites a work as a Better BibTeX key does: it
#    was the person `@Vaswani2017` (or `@vaswani`); a bracketed `[cc @tom]`, no figure, stays a handle. A front
#    matter's `citekey:` (`citation-key:`) is an alias of its note (ALIAS_KEYS): `Attention Is All You Need.md` is
#    the entity its key's citations mention.
# 22, fixW's part (review revW): a Roam task's `{{[[TODO]]}}` / `{{[[DONE]]}}` and a Logseq block's `TODO`, `LATER`,
#    `NOW`, `DONE` ... are read as Markdown's box, `- [ ]` (roam.readable, tasks.without_logseq_markers: they were
#    blanks), so their line is a task's to _task_opening: `- {{[[TODO]]}} Send Priya the doc` named Send Priya (Buy
#    Milk, Review Tomasz), and names Priya as `- [ ] Send Priya the doc` does.
# 22, names22's part (everyday names): a plain list item's or a line's own task verb goes before a name the line
#    addresses (_addressed_object: a possessive, or a determiner opening the verb's second object: `- Send Priya the
#    budget` named Send Priya; `- Finish Line`, `- Buy Milk`, `- Sign Language class` name whole as before); a line of
#    its own is a task's in a todo.txt file alone (todo_txt, given by sync: `Sign Language class` named Language); a
#    word after a line's time before a lower-case noun is a sentence's first, named only with such a word's evidence
#    (_modifies_next: `- 10:00 Board meeting` named Board, and so does `- 2:30pm Berlin office review` now; `- 15:00
#    Bob`, `09:30 Priya presented`, `10:30 Peter und Maria` name), and a colon after the time is no label's (`09:30:
#    Call Marta` named Call Marta: _time_colon); a surname joins its full name after `to`, `from`, `via` or
#    `visiting` (`Talked to Ada Lovelace. Lovelace said`: _WHERE_BEFORE), not after `at`, `in`, `near`, nor where it
#    stands alone after a place's preposition (`flight to London`); `Later`, `Earlier`, `Afterwards`, `Eventually`
#    open a sentence (COMMON_WORDS: `Later Lovelace` was a name); a wikilink's shown text names nothing
#    (`[[Sourdough|Bread Notes]]` named Bread: its target names and joins the note).
# 22, fixX's part (review revX: names rules 21 gave that names22 lost): the word after a line's time names before a
#    lower-case word as rules 21 had it (`- 10:00 Priya sync`, `- 15:00 Heron kickoff` named nobody; Board in `Board
#    meeting` names again, nothing tells it from Priya); lines of their own a task verb opens, one under another, are
#    a to-do list's (_task_run: `Pay Marco back` over `Return Ines book` named Pay Marco), a line standing alone no
#    task's still (`Sign Language class`); a plain bullet's possessive is no person addressed (`- Help Scout's pricing
#    page` named Scout, `- Review Tomasz's PR` names Review Tomasz as in rules 21); a wikilink's shown text is a label
#    only after a target written as a name (_written_name: `[[202310031200|Priya Raman]]`, `[[tomasz|Tomasz
#    Nowak]]` named nobody; a target in a script without capitals, `[[李华|Li Hua]]`, is a name's: revZ); a
#    Logseq task's `[#A]` cookie is blanked with its marker (`- TODO [#A] Send Priya`
#    named Send Priya); a task label's colon lets its task's evidence cut any task verb, as docs/models.md says
#    (`TODO: Send Oskar the slides` named Send Oskar; `TODO: Call Mom` named Mom already); an Org headline is a task's
#    line with a TODO keyword alone, read as `- [ ]` (orgmode._headline_read; blanks alone made `* Help Center docs`
#    a task's and named Center), and an indented line of its own as a line of its own (_task_run).
# 23, names23's part (name leftovers): a lone surname after a verb of writing's or speaking's `to`, ending its phrase,
#    joins its full name (_SPOKEN_BEFORE, _SPOKEN_AFTER: `I wrote to Lovelace.` stood apart from Ada Lovelace; `flight
#    to London`, `wrote from London`, `talked to Washington officials`, `at Morgan Stanley` ... `Stanley` still do); a
#    wikilink's shown text after a name's target names where it opens in lower case before a name of two capitalised
#    words (_shown_label: `[[Trip to Lisbon|the trip with Maria Silva]]` lost Maria Silva), but for the names
#    repeating the target's words (`[[Lisbon Trip 2023|our Lisbon Trip]]`); a plain bullet's task verb goes before a
#    name a phrasal particle ends the line after (_PARTICLE_END: `- Pay Marco back` named Pay Marco). fixA (review
#    revA) took out names23's `the X and Y Organization` join and lower-case table items' rule: they joined two names
#    (`the Tate and Royal Academy`) and lost real ones (`| Netflix |` over `| rent |`).
# 23, formats' part (jrnl journals): a jrnl entry's 12-hour time (`[2026-10-03 09:15 PM] Dinner with Jonas.`) is a
#    jrnl time with its `PM` blanked (_JRNL_TIME: Dinner was a name) and a time's seconds before AM/PM (`09:15:00 PM`:
#    _MERIDIEM; PM was a name). (A rule naming a person before her verb opening a title, `Marta called.`, is out again,
#    fixB: it named `Everyone came over`, `Police came by`, `Bank sent a letter`; the title's first word is a
#    sentence's, named where its entry writes it mid-sentence too.)
# 23, fixG (review revH): blanking a strikethrough's marks (formats) and a mark with a thin space (fixB) were tried
#    and taken out: a struck or highlighted word opening a line then opened its sentence and named nothing (`- [ ]
#    ~~Marta~~ Jonas`, `==Lisbon== Porto` lost Marta, Lisbon); marks read as in rules 22 (`~~Cancel~~` names Cancel).
# 23, formats' part (CSV): a `.csv` is a note (readers 12, csvnotes.py), so a link to one (`[list](books.csv)`, iA
#    Writer's content block `/assets/Budget Table.csv`) links to it as to a `.txt` note (PLAIN_SUFFIXES). Its cells
#    are read for no names, by no extractor (fixB: csvnotes.names_nothing, sync's _Extraction; a bank statement's
#    payee, `EUR` and `EC` were the top names): it is named by its file name alone, as links name it.
# 23, qa39's part (a German vault): a German day is a date (text.german_dates: `3. Oktober 2026`, `5. Okt.`, `14.
#    Februar`, `03.10.2026`; a daily note named `05.10.2026.md`, a link `[[05.10.2026]]`): they were no date entities,
#    so `am 3. Oktober` reached no note of the day; a numbered list's or a heading's `1. August` opening its line is
#    none. German's reporting verbs are REPORTING_VERBS (`Jürgen sagte:` named Jürgen sagte); a German day abbreviated
#    before a German day names nothing (`# Mo., 5. Okt.` named Mo); a short text of two German function words and no
#    English one is German (german: `meine Notizen` named Notizen); a role before a person's title is no part of the
#    name (`Zahnarzt Dr. Schäfer`, `Mein Nachbar Herr Öztürk`, `Board Chair Dr. Lee` name Schäfer, Öztürk, Lee, persons).
# 23, fixE's part (review revE of qa39: English notes as before it): a short text is German only with a word English
#    never writes, a name's `von der`/`van der` no German words (`Ursula von der Leyen, Olaf Scholz` lost Leyen); in
#    English text a title cuts a name only after a role (TITLE_ROLES: `Keurig Dr Pepper`, `Fantastic Mr. Fox` named
#    Pepper, Fox) and a name keeps its last `Dr` (`Sunset Dr.`); `Mo`, `Di` are German days only in German text or
#    opening a line, before a German day (`Coffee with Mo 2026-10-05`, `Paid Di 20.50` lost Mo, Di); a day without its
#    year needs German text, `am`/`vom` before it or a month English never writes (`Ranking: 1. Mai Nguyen 2. Jun
#    Park`, `until 5. Jan left` held days); a date entity `3. August` is keyed by its day (it was `3august`).
# 24, names24's part (everyday names of session 37's reviews): a wikilink's target that is an address (`[[mailto:ana@
#    example.com|mail]]`, `[[https://...|wiki]]`, `tel:`: _WEB_TARGET) names no note (it was one; its shown text is read);
#    a struck task opening a line or an item, a to-do's verb before a lower-case word, reads as the task (STRUCK_TASK:
#    `- [x] ~~Cancel the hotel~~` named Cancel; `~~Lisbon~~ Porto`, `~~Marta~~ Jonas` name both as before); a
#    meeting's kind after a line's time names nothing (LOG_WORDS' board, staff, all-hands: `- 10:00 Board meeting`);
#    a German label word alone on its line heads a list and names nothing in a note not read as German too
#    (_heading_label: `Termine:`). fixB (review revB): a struck task keeps its closing marks (`~~Email the deck to
#    Priya~~ Jonas` named Priya Jonas). Tried and taken out after reviews: a highlight's mark parting two names
#    (`==Braga== Coimbra`: it parted a partly highlighted name more often, `The ==Eiffel== Tower`), and a particle of
#    two words joining a name (`Ursula von der Leyen`: opening a line it glued a noun, `Reunión de la Junta
#    Directiva`, and mid-sentence only it made one person two entities, `- Maria de la Cruz` beside `with Maria de
#    la Cruz`: revE).
# 24, fields' part (session 49's reviews): a whole struck task reads as the task unstruck before a capitalised word
#    too (STRUCK_TASK: `- [x] ~~Call Marta about Lisbon~~`, `~~Email Priya~~` named Call Marta, Email Priya; `~~Review
#    Board~~ met`, `- ~~Help Scout~~ pricing`, words after the marks, name as before); an hour before am or pm
#    opening a line is its time (_CLOCK: `- 9am Board meeting`, `- 9am Lunch with Priya`, `9.30pm` named Board, Lunch),
#    and a log's label after a time no chat's speaker (_timed_speaker: `- 10:00 Board review: Q3 numbers` named Board).
#    Tried and taken out after review (revH): an inline field's value read as a label's (`Owner:: Marta`): in
#    brackets it glued the words beside it (`- [ ] Email Priya [project:: Apollo]` named Priya Apollo), and
#    Dataview's lower-case keys named their common values (`type:: Book`, `mood:: Happy`, `genre:: Fantasy`).
# 25, names25's part (agenda leftovers): an upper-case meridiem of a line's opening time reads as a lower-case one, and
#    `a.m.` is a meridiem (without_meridiems, _CLOCK: `- 9AM Board meeting`, `- 9 PM Board meeting`, `- 9 A.M. Board
#    meeting` named Board; `- 9 a.m. Bob` named nobody); a meeting's kind alone before a colon after a time is a log's
#    label, no speaker, and the words after it read as after the time (_timed_speaker, _log_label_colon: `- 10:00
#    Standup: Priya presented the roadmap` named Standup, not Priya; `- 10:00 Priya: ...` speaks as before); a struck
#    task before a tag or a context is struck whole (STRUCK_TASK: `- [ ] ~~Call Marta~~ #errand` named Call Marta).
# 25, labels' part (qa's consultant vault): a line's tag holding a sentence before its label reads from the label on
#    (label_sentence: `Met Marcus. Insurer: Hiscox` named `Met Marcus. Insurer`; rules 16's `Written 2026-11-13.
#    Questions:` is one case); a verb that gives (RECIPIENT_VERBS) before a name and `the` ends the name there
#    (_second_object: `Sent Dana the Q1 estimate` named `Dana the Q1`, now Dana and Q1; `Watched Winnie the Pooh`
#    whole). fixC (review revD): an abbreviation's stop inside a name ends no sentence there (NAME_ABBREVIATIONS:
#    `Warner Bros. Discovery:`, `Acme Inc. Board:` were split at the dot), and a tag after a sentence makes no note a
#    chat (_opening_tag: `Broker: Marsh` then `Called Fiona. Broker: Lockton` made Broker a speaker and named neither
#    broker). Tried and taken out after review revD: a label's value of one name before a comma named (_field_value:
#    `Insurer: Hiscox, policy PI-88231.`; it named a log's everyday values, `Weather: Sunny, 24 degrees`, `Run: Easy,
#    5 km`, and no word check of the extractor's tells them from `Hiscox`), and a task's first word before its own
#    project read as its verb (_task_project: `Chase Initech ... +Initech`; it cut full names, `- [ ] Sarah Connor
#    intro call #Connor` named Connor).
# 25, known's part (qa's consultant vault): a lone capitalised word opening a sentence or a list item is a name too
#    when another note of the index names it, one word, a person or a name, no common word nor verb (makes_known:
#    `Called`, `Sent`, `Meeting`, `Sundays`, `Will` never), on the evidence of a name (written_as_name: mid-sentence
#    after a lower-case word, no capital after it; a chat's speaker, its note's file name, an alias; a heading's or a
#    label's word, `Dinner`, `Hydration`, spread to LiHua's chat lines): `- Initech invoice still unpaid.` beside
#    `We work for Initech and Acme.` names Initech (known_openers, applied by sync._add_known_words; the words each
#    note makes known are recorded, meta known_words_notes, and the notes that open a sentence with one that
#    became known or stopped being are extracted anew, sync._words_anew, so a sync after each note equals a
#    rebuild). A first name known only inside a full name (`Sofia` of `Sofia Alvarez`) is not made known: measured,
#    the first words of full names added 55 wrong of 56 mentions on LiHua (Imagine, Like, Quick), 13 of 20 on qa's
#    vault (Weekly, Product, Data). The heuristic extractor's only (a model names a sentence's first word itself).
#    Mended after review revE: a note's file name alone is no evidence (topic pages `Home.md`, `Work.md` named
#    `- Home by 6.` in daily notes), written_as_name wants the whole word before in lower case (`via Amazon Travel`,
#    `with Will Turner`), and the notes read anew are picked on their prose, code left out, as they are named.
# 25, notedates' part (qa50, a consultant's vault): a day written with its month's word after a word and a number
#    is a date (text.WORD_DATE reads only month words: `We meet 4 December`, `Due 27 December 2026`, `Friday 4
#    December`, `Thursday 3 Dec` were none, `meet 4` read as a month's day had consumed the number); a number's
#    lower-case `may` before a word is the verb's (`Only 3 may attend`), unless a day's preposition is before it.
# 25, firstname's part (qa session 50): a first name alone beside the one full name of two to four words in the note
#    that opens with it joins it (extract/firstnames.first_names, applied by sync._note_name_parts as a surname's: `From:
#    Elena Rossi` and `Thanks,\nElena` were two entities), where the note writes either as a person's (PERSON_CUES: `Hi
#    Elena`, `Ask Raj`, `Priya thinks`, `he`, `Attendees: Tom Becker`) and neither as a thing's (`the Berlin Marathon`, `at
#    Globex`, a word of it in lower case: `Sweet Potatoes`); not two full names of it (`Elena Vasquez` too), nor a
#    chat's speaker. The note alone decides: no other note's names, so a sync of any order joins as a rebuild does.
# 25, fixF's part (review revF of firstname, before release): a first name joins its full name only where the note
#    writes both as a person's, each its own way (PERSON_CUES of the full name: no thanks or ask, `Ask Google Maps`;
#    FIRST_NAME_CUES of the first name alone: no people line, not where it opens the full name), and not after a
#    place's word (_PLACE_BEFORE: `fly to Sydney`, `visited Jordan`): one name's cue joined `Google Maps`/`Google
#    thinks`, `From: Spotify Premium`/`Spotify raised`, the city of `Flights to Paris` to `Attendees: Paris Hilton`.
# 25, fixA's part (review revB of names25, before release): a chat line's speaker after its time speaks whatever ends
#    the time (_sentence_start: `- 2 P.M. Quentin: wrap-up`, `- 9 a.m. Tom: hi`, `- 14:00: Quentin: ...` named nobody:
#    the meridiem's stop or the colon ended a sentence); the word after a log label's colon starts a sentence, named
#    by the note's evidence only, as at rules 24 (`- 10:00 Standup: Mostly fine`, `- 13:00 Lunch: Ramen`, `- 15:10 Went
#    well: Deploys` named Mostly, Ramen, Deploys read as after the time; `- 10:00 Standup: Priya presented` names
#    Priya only where the note writes her mid-sentence too); the kind itself names nothing as names25 had it.
# 25, fixE's part (review revF of notedates): a yearless day after a word that is no day's preposition nor weekday,
#    its month's word followed by a capitalised word or `'s`, is a count and a name, no date (text._count_before_a_name:
#    `My top 5 March Madness picks`, `Page 4 May Chen signed`, `Room 12 Jan's desk` were 5 March, 4 May, 12 Jan).
# 25, review revH's part (a family vault, before release): a one-word label after a sentence of words names nothing
#    alone, as that sentence's next word (`Took Emma to the GP. Diagnosis: ear infection`, `Called the garage.
#    Mechanic: Dave` named Diagnosis, Mechanic; `Principia 1687. Okafor:`, a figure's sentence, speaks as before); a
#    weekday's three letters are never made known (`Sun 14 Feb: boat`: `the Sun` of a book's title made it a name);
#    a day without its year after a noun that takes a number as its name is none (text._NUMBERED_NOUNS: `Year 2 March
#    assembly`, `Bus 7 August timetable` were dates since notedates).
# 26, aliases' part (qa session 51, a PhD student's vault): a note's front matter aliases join its `title:`'s entity
#    where its file name names no note (NOTE_TITLE, sync._titled: `people/keller.md` with `title: Prof. Anna Keller`
#    and `aliases: [Keller, Anna Keller]` left Keller, Anna Keller and Prof. Anna Keller three entities), the title
#    without its honorific one of them (`Anna Keller`); an alias with a person's title (`Prof. Keller`, `Dr. Brandt`:
#    _honorific) joins as written, as the front matter names it whole, beside the bare name (`Dr. Brandt` was an
#    entity apart). A surname after a person's title in any note (`Dr. Brandt`, `Prof Keller`, the extractor's Brandt
#    and Keller) joins the one note of the folder whose names (title, aliases, file name) end with it, where the chunk
#    writes it after a title only (honorifics.py; a bare `Keller` stays its own).
# 26, fixA's part (review revA of aliases): any note of the folder bears the surnames of its names, a file name
#    (`Sarah Green.md`), a title or aliases, and so does a full name known from any note's text (the rules-21 check,
#    resolve.Resolver.lone_surname: `title: Dr. Sarah Green`): `Dr. Green` joined tom.md's Tom Green, the one note
#    with aliases, beside them. A common or label word title (`title: Meeting`, LABEL_WORDS) names no aliases.
# 26, dates6's part (a PhD student's vault): a day written with slashes is a date (text.slashed_dates): the year first
#    (`2027/05/15`) always, the year last when only one order makes a date (`15/05/2027` day first, `05/15/2027` month
#    first), an ambiguous `05/06/2027` never (fixD, below: no setting says which a vault writes); not in a path or an address (`/2026/05/15/`). `15/05/2027` was no date entity, so `what is
#    due on May 15, 2027?` reached no note writing it. A day written without its year in a dated note (its file name,
#    front matter `date:`, head or dated section: sync._chunk_dates) is the nearest such day to the note's
#    (text.nearest_year: `20 Dec` in `daily/2026-12-07.md` is 2026-12-20, `3 Jan` in a note of 2026-12-28 2027-01-03),
#    an entity named by its ISO date (sync._plan_entities): it was a yearless `20 Dec`, so `what is due on December
#    20, 2026?` grounded on no entity of the note; an undated note's stays a day of every year.
# 26, names26's part (qa's PhD vault): a research log's verbs open no name of one word (ONE_NAME_VERBS: `Promised
#    Chiara the warmup code`, `- Suggested RMSNorm as an arm`, `Recommended RMSNorm paper` named Promised Chiara,
#    Suggested RMSNorm; `Promised` gives, RECIPIENT_VERBS); a paper's part before its number names
#    nothing (DOCUMENT_PARTS: `in their Table 1` named Table); an author line's full names are names, whole
#    (_author_names: a `.bib`'s `author: ..., Di He, ...` named Di); `-like`, `-style`, `-based` after a name are no
#    part of it (_MADE_LIKE: `Post-LN-like`); a paper note's labels `Abstract:`, `Main claim:`, `Metric:`, `Sizes:`
#    (LABEL_WORDS) and a course's `Lecturer:` (ROLE_WORDS) name nothing, nor does a `# ` title's first word of a
#    meeting's period (PERIOD_WORDS: `# Weekly meeting with Prof. Keller` named Weekly).
# 26, fixD's part (review of dates6): an ambiguous slashed day (`05/06/2027`) is no date even where its text's other
#    slashed days show an order: its entity is keyed by its name alone (normalise_key), which read no day, so it was
#    the entity `05062027`, one for a UK note's 5 June and a US note's May 6 (text.slashed_dates).
# 26, fixN's part (review revC of names26): two of names26's rules withdrawn, as they lost real names: a number with a
#    dot before a list item's first word opened no sentence again (`- 4.5 Arrival`, `- 1.5 Priya onboarding`, `- 7.4
#    Jonas`, `## 1.1 Berlin` had named nothing; `- 3.1 Problem statement` names Problem again), and a label's verb with
#    `the` is a name again (`Alfred the Great:` named nothing, `Charles the Bald:` Bald; `Introduces the Transformer:`
#    is one again). An author line's name after a person's title or `The` is left to the text's rules
#    (_author_names: `Author: Dr. Sarah Chen, Prof. Tim Lee` named `Dr. Sarah Chen`, `Prof. Tim Lee`, names apart from
#    the notes' persons Sarah Chen and Tim Lee; `Author: The Economist` kept its `The`).
# 27, dates7's part: a note whose head opens with a day written in words or with slashes (`# 15/05/2027`, `# May 15,
#    2027`, `# Sat, 15 May 2027`: text.head_date) is dated by it as `# 2027-05-15` dated it, so a day it writes without
#    its year takes its year (sync._chunk_dates: `20 May` under `# 15/05/2027` was the yearless `20 May`); an
#    ambiguous `# 05/06/2027` dates nothing. A slashed day whose two figures are one, `05/05/2027`, is a date
#    (text.slashed_dates: either order is the same day; it was none). An LLM's entity that is a bare slashed day is
#    its date when unambiguous (`15/05/2027 | event`), dropped when ambiguous (`05/06/2027`: an event keyed
#    `05062027`, extract/llm.complete), as the heuristic reads no date in it (fixD).
# 27, names27's part (qa's journalist vault): a capital's stop before a sentence's first word (COMMON_WORDS, a journal's
#    verb) ends the sentence, no middle initial's (_initials_cut: `with Source B. Drove to Vila Real`, `Source A. The
#    Ministério` named `Source B. Drove`, `Source A. The Ministério`; `John F. Kennedy`, `Anna M. Keller` whole), a
#    lettered label's `A` is its letter (`Source A`, `Plan A` named Source, Plan; LETTERED has Source, Witness ...);
#    Portuguese's `do`, `dos`, `das`, Italian's `di`, Dutch's `ter` join a name as `da`, `de` did (_CONNECTORS: `José
#    dos Santos`, `Ministério do Ambiente`, `Rua dos Anjos` named José and Santos; a German text's `das` joins none); a
#    regular past tense or a contact's third person (`Prefers`: THIRD_PERSON_VERBS) opening a sentence is no part of
#    the one name after it (LONE_NAME_PASTS: `Pitched Claire`, `Prefers Signal`, `Arrived Rome`; `Alfred Hitchcock`,
#    `United Kingdom` whole); a journal verb's label before lower-case words names nothing (`Met twice:`);
#    a role before a full name is no part of it (LEAD_ROLES: `said CEO Rui Almeida`); a first name joins its note's
#    full name addressed in a pitch's or a letter's `(to Tom Hadley)` (firstnames._ADDRESSED), whose `to` is no
#    place's before the first name (`Hi Tom` beside `(to Tom Hadley)` joined nothing). After review revA (fixN): `do`
#    joins only Portuguese (_portuguese_do: `Can Priya do Berlin?` named `Priya do Berlin`), the past tenses before one
#    name are a list (LONE_NAME_PASTS: the -ed shape cut `Fareed Zakaria`, `Sacred Heart` to Zakaria, Heart), a third
#    person's line of two words is a title (`Lives Matter.`), and only a bracket's `(to Tom Hadley)` addresses a name
#    (`Dear Tom,` beside `I wrote to Tom Smith` joined Tom to Tom Smith).
# 27, future's part (a journalist's vault), narrowed by fixF (review revC): a day written without its year in an
#    undated note takes the year of the heading in force over it that names its month with a year (`- 1 Dec: Bus to
#    Braga` under `# Expenses — December 2026` is 2026-12-01; yearless.py, sync._chunk_dates): it was a yearless
#    `1 Dec`, a day of every year, which `what did I spend in December?` missed. A day of another month under it
#    (`- 4 Jan`), under a year alone (`# Q4 2026`, `# 2025 review`, `# Top 2000 countdown`) or written with its
#    weekday only (`Friday 18 December` beside `net zero in 2050`) stays yearless, as in rules 26.
# 27, aliases2's part (a note's title and its file name): a note's `title:` is recorded with its names without
#    aliases too (note_aliases: `people/keller.md` with `title: Prof. Anna Keller` alone left the folder's `Anna
#    Keller` apart), and where its file name names the note the title is an alias of it, as `aliases:` are
#    (sync.joined_names: `Anna Keller.md` with `title: Prof. Keller` kept Prof. Keller an entity apart); a Logseq
#    page's `title::` is its title as front matter's is (`title:: Hackerspace Berlin` with `alias:: HS` in
#    `pages/hs.md` were three entities). `Frau`/`Herr`/`Herrn` before a name are a person's title in any text, not
#    only a German one (`Met Frau Keller` named Frau Keller, apart from the notes' Keller).
#    After review revD (fixI): in English text only before a capitalised word (`Herr der Ringe` named the
#    person `der Ringe`); a note whose file name is in lower case or digits (`pasta-recipe.md`, `202612071045.md`)
#    is shown by its `title:`, the file's name an alias (sync._retitled), unless the title has an honorific.
# 27, ids' part (qae's on-call engineer's vault): a ticket's id, capitals, a dash and a number (`OPS-1423`,
#    `INC-2026-109`) or `#` and a number (`PR #839`: TICKET_ID) is one name wherever it is written (after a label's colon, `Open tickets: OPS-1450`, in
#    brackets, `(OPS-1432)`, it was none; after a capitalised word glued to it, `Ticket OPS-1398`, `Finished OPS-1432`:
#    _ticket_ids); a time zone (`14:32 UTC`, `09:10 CET`), an HTTP method (`GET, PUT, DELETE`) and `@here`, `@me`
#    name nothing (NON_NAMES); an on-call note's labels `Severity:`, `Ticket:`, `Verify:`, `Escalation:`, `Standup:`,
#    `Runbook:`, `Known flaky:` (LABEL_WORDS) and a phrase's label ending in a time word (`Closed this week:`:
#    _label_kind) name nothing, nor a common label in bold mid-line (`SEV1  **Ticket:** OPS-1423  **Author:** me`:
#    without_inline_labels); a Java stack frame's line and a package-qualified class name (`java.sql.SQLException`,
#    `c.a.p.PaymentController`: without_stack_frames) are code.
#    After review revD (fixI): a ticket's id has two capitals or more before its dash (`B-52`, `F-35` are planes), is
#    no file's name (`IMG-2041.jpg`, `attachments/DOC-2026-12-01.pdf`), `#` makes one only after PR, MR or CR
#    (`NYT #1` is a rank), and the word before it is cut only when a label, common word, verb's past or capitals
#    (`Ticket OPS-1398`, `Finished OPS-1432`, `SEV1 OPS-1423`; `Airbus A320-200` stays whole).
# 28, tables2's part: a yearless day's heading is found on its file line after a long table (yearless.chunk_years
#    read a chunk led by its table's head, readers 14, with its lines one or two too far: `- 3 Dec` under
#    `## December 2027` took 2026 from the `# Expenses — December 2026` above the table).
# 28, notedays' part (a UK family's, a manager's vaults): an ambiguous slashed day (`11/12/2026`: text.slashed_dates
#    reads none) is the day its note settles (dayorder.py, sync._plan_entities): a weekday written with it (`Friday
#    11/12/2026` is 2026-12-11; a weekday neither reading falls on, none), the heading's month and year in force
#    over it (`## December 2026` over `- 01/12/2026`, and `- 01/12: Xmas tree` there too), the note's own
#    unambiguous slashed days (`20/11/2026` and no `11/20/2026`: day-first), else the index's day order (setting
#    day_order, MRAG_DAY_ORDER); it was no date, 40 % of a UK user's days. A heading naming a year alone (`# Holidays
#    and OOO 2026`, not `v2026`, `2026-27`, `# Top 2000 countdown`, `# Q4 2026`, `# 2025 review`) gives the days under
#    it without their year that year (yearless.py: they stayed yearless), a span across the new year ending the next
#    (`Dec 21 to Jan 4`: dayorder._new_years_span). A written span of days (`Priya off 14–18 Dec`, `19 Dec – 3 Jan`,
#    `26/10/2026 - 30/10/2026`, at most 31 days) is recorded as its chunk's (first, last) in chunk_spans (notespans.py,
#    migration 0009) for the date channel: only its ends were dates; its inner days are no entities.
# 28, names28b's part (session 53's GM, manager and family vaults): a shorter name written inside a longer one its
#    chunk names is counted no mention of its own there (sync._occurrences: `Dunmere` in `House Dunmere`, `Lady Ysolde
#    Dunmere` made `mrag entity Dunmere` 20 mentions); written bare, or inside a longer form of its own key (`Sunken
#    Library` in `the Sunken Library`), it counts as before.
#    A title before a note's alias (honorifics.ALIAS_TITLES: `Lord Varric`, `Ser Ilsa`, `Captain Vaun`, beside
#    `aliases: [Varric]` in `Lord Varric Dunmere.md`) names that note (honorifics.titled_alias): Lord Varric was an
#    entity of its own; not a note's own name after its title (sync._names_a_note: `title: Prof. Anna Keller`).
#    A WhatsApp export's line (`[12/11/2026, 18:04] Sarah Mum: ...`, Android's `12/11/2026, 18:04 - Sarah Mum: ...`)
#    is a timestamped chat line (_STAMP): it named no speaker; `Sarah Mum` speaks as saved.
# 28, names28c's part (names28a's safe part, after review revD): `Bought`, `Ordered` open no name (ONE_NAME_VERBS:
#    `Bought Epaderm` is Epaderm); a label of a weekday's three letters or plural, alone or before a day, names no
#    weekday (_weekday_label: `- Sun: Roast beef`, `- Wednesdays:`, `- Tue 10th Nov:`; `Sun Li:` as before) and its
#    value names as after any label (`Mon: Priya`: no _day_label); a work calendar's `OOO`, `OOF`, `WFH`, `PTO`
#    (STATUS_WORDS) name nothing, as a label too, and end the name before them, named as the longer span was
#    (`- Priya OOO next week.` names Priya); opening a longer name they are its (`OOO Bakery`).
# 28, fixL's part, taken out after review revH: a yearless day under a month's heading written only as a date
#    is (`- 01/12: Xmas tree`) lost the commonest list form, `- 15/12 9am dentist`; `- 12/12 tickets sold` is
#    December 12 again, as notedays read it.
# 28, fixB's part (review revG: names28b's rules that misnamed ordinary notes, taken out; no number of its own, as
#    no release recorded 28): a trailing kinship word is a chat speaker's again (`Arlo Mum:`, `Leo Dad:` of a school
#    group merged into the children Arlo and Leo); a person's full name makes no first name known (`**Herb Alpert**
#    (neighbour)` made `Herb garden needs weeding.` a person, `Florence Pugh` the city of `Florence: hotel booked.`);
#    a lower-case page is named by no alias's word (`aliases: [Apple Inc]` in `notes/apple.md` named `apple` and took
#    a recipe's every apple), Falcon and Project Falcon two entities as before.
# 29, citekeys' part (session 54's PhD vault): a literature note named by its citation key and its title, `KEY -
#    Title` (`Papers/Nguyen2025 - Load Balancing Loss Revisited.md`, `nguyen2025loadbalancing - ...`, `Smith et al.
#    2020 - ...`: cited_key), is named by the key as by an alias (note_aliases): the notes' `Nguyen2025` and
#    `[@nguyen2025]` were an entity apart from the paper's note ("summary of Nguyen2025" ranked it 12th); and the key
#    heads its chunks when its title does not write it (store.note_head: `Riquelme2021 - Scaling Vision with ...`;
#    "what did riquelme2021 get on imagenet" ranked it 5th). Not a client's, a person's, a dated or a numbered note
#    (`Acme - Kickoff call`, `Jen - Bloom Studio`, `2026-11-24 - Standup`, `Session 03 - ...`): Acme is the client of
#    every Acme note, not its kickoff call. Only a literature note's (literature_note: an author, citekey, doi... in
#    its front matter, or a folder of papers, `Papers/`, `Literature notes/`, `zotero/`): `Daily/Wedding2026 -
#    Venues.md` took the daily notes' `Wedding2026`, `Mum and Dad 2025 - Christmas.md` was keyed (fixC); the key
#    heads a title, not markup (`---` that opened no front matter, a bare `#`, a code fence, a table row), and never
#    where it changes the note's date (`Zhou2022 - Sat, 15 March 2025` dated none: text.head_date reads a day in words
#    opening the line).
# 29, weeklabels' part (a family's meal plans, a manager's rota, a student's week): a weekday's label (`Thu: curry`,
#    `Tue – fish pie`, `**Fri**: takeaway`, `Sun lunch: roast`, `| Wed | Sam |`, `## Monday`) under a note, heading or
#    line that names its week is that week's day, a date mention of its chunk (weeklabels.py, sync._settled_days):
#    `w/c 7 Dec`, `Week of 7 December`, `week commencing Monday 7th December 2026` begun on a Monday (a Sunday
#    written so or with its year), `week ending 20/12/2026` on a Sunday (a Friday or Saturday so), `Rota
#    2026-W50.md`, a label before it `Mon 7 Dec 2026:` (the labels after it in the order of the days), its year as
#    the note's other days take theirs; it was no day, so "what's for dinner on Thursday?" missed the plan by its
#    date. A list naming no week (`Wednesdays: swimming`, opening hours' `Mon: 9–5`, a timetable, `# Template: week
#    of ____`, a diary's `Mon:`, a Monday's note saying `week`: `# Gym: 3 times a week`, `# A week in Lisbon (2019
#    trip)`), a heading or a line saying another week or a recurring list under it (`## Last week`, `Next week:`,
#    `Availability next week:`, `Standups are recurring:`), a paragraph opening with no label after a line naming a
#    week, a label going back after `Mon 7 Dec 2026:` (`Sun:` then `Mon:`), a week the note gives no year, begun
#    mid-week, or after a label whose day its weekday does not fall on (`Tue 7 Dec 2026:`) dates none; `Mon – Fri:
#    9–5` is no label (fixW: a Monday's note saying `week` dated its recurring lists, a body's `Next week:` did not
#    end the week; one walk over the note: 40,000 labels took 3 to 18 s).
# 29, alias1's part (session 54's health vault; names29's one-letter alias alone): a person's title before one
#    letter is no title to take off (without_person_title): `alias:: Dr Ngozi Okafor, Dr O` made `O` an alias of
#    the GP's note, every `O` of the folder hers (`Grade O`, `O-levels`, `got an O`); `Dr O` is the alias now, `Mr
#    X`, `Ms K.` names whole, `Dr Jo`, `Dr. J. Berg` lose their title as before (no CJK name is of one character:
#    _named).
# 30, labels' part (session 54's freelancer, PhD and health vaults): a record's field label of one word names nothing
#    where the word is a common one by the lexicon (_field_label: TABLE_COMMON_WORDS, and LABEL_WORDS' record fields
#    now: `Amount:`, `Rate:`, `Terms:`, `Confirmation:`, `Allergies:`; a column head's `Presenter:`, `Venue:`) or a
#    record's participle (RECORD_PARTICIPLES: `Issued: 4 Dec 2026`, on each of a vault's seven invoices); a name as
#    the text writes it mid-sentence too; `Priya:`, `Lisbon:`, `Alfred: 3 May`, `Kit:` over `the kit`, `VAT:` name as
#    before (fixLB: neither an `-ed` ending nor the text's lower-case word says field, names have both). A status in
#    capitals is none (_shouted: `IN PROGRESS`, `NOT ANSWERED YET`, as the whole span: `DEAR JOHN`, `MATCH OF THE DAY`
#    stay), as a common word in capitals is (`IMPORTANT`, `PROGRESS`) and `URGENT`, `FYI`, `WIP`, `TBC`, `TBA`
#    (NON_NAMES; `ASAP` left: it moved LiHua's graph MRR 0.4072 -> 0.4069, one question's rank 20 -> 21). `X & Sons`,
#    `X & Partners` are one firm (_firms_joined); `Priya & Tom`, `Priya & Co.`, `Marks & Spencer` as before.
# 30, ukdates' part (session 55's UK teacher's vault): the dates a teacher writes with their weekdays. `Weds` is a
#    weekday (WEEKDAY_WORDS, text._WEEKDAY_WORDS): `Weds 16 Dec P1` was no date and `Weds` a name of 10 mentions. A
#    weekday settles what its day leaves out (weekdaydays.py, sync._settled_days): under a school year's heading of
#    an undated note, a yearless day's year, the next one when only it makes the weekday true (`Mon 4 Jan` under `#
#    Autumn term 2026 – planner` was 2026-01-04, a Sunday: 2027-01-04; never in a dated note nor under `# 2027`: fixU);
#    in a note of a day, a weekday and an ordinal (`Friday 11th`, `Thurs 10th`) or a span's ends (`Tue 15 – Thu 17`),
#    the nearest such day within six weeks (none in an undated note, none for a count's ordinal, `Wed 3rd lesson`,
#    `Thurs 10th anniversary`, `Wed 16th century`, `Fri 13th again`: a day's word, a mark, a time or a capital after
#    it, fixU; a time, a slashed day). A span's days may carry their weekdays (notespans: `Mon 23 – Fri 27 Nov`, `from
#    Mon 30 Nov to Fri 11 Dec`), checked against the days. `FRİDAY`, `ſun` are their weekdays
#    (shortnames.weekday_number: their lower case was no weekday's, a KeyError stopped the sync, fixU).
#    A month's word and its day are split by no line break before a list's item (text.WORD_DATE: `not till Feb` over
#    a list's `4. ProRoof` was the date `Feb\n4`; a hard-wrapped `born on 12 March` / `1990` holds, fixU).
# 30, notionprops' part (session 55's consultant's Notion export): a Notion page's property block is read whole
#    (frontmatter.notion_properties: keys as users name them, `Amount (HT)`, `Budget (days)`, `% complete`, `📅 Date`,
#    `status`, `Related to Projects (Tasks)`; the block stopped at the first and its `Created:` below was unread, so
#    its keys and values named: `Overdue`, `Paid`, `Sent`, `VAT`). A relation property's `Title (../Projects%20….md)`
#    links to its page as `[Title](…)` does (notion_relation_links: `Projects` 16 mentions and `Contacts` 13 were
#    the database folders' words in every path, the related page had no link from its 5 meetings and invoice).
#    Its `Date:` (`When:`, `Meeting date:`, a trip's `Dates:`; frontmatter.notion_day) heads it as a front matter's
#    `date:` does, before its `Created:` (a meeting's row made on Dec 2 for Dec 15 was of Dec 2). fixN: a day no
#    calendar has (`Date: February 31, 2026`) dates nothing, its `Created:` does; a person with their title
#    (`Dr. Chen: review Friday` under `Created:`) ends the block and is named; a relation's pages are read from
#    its `, `-separated pieces (51 s on a 60 KB value); `👤 Assignee:` names its people as `Assignee:` does.
# 30, dayorder's part (session 55's landlord and UK teacher): an ambiguous slashed day (`01/11/2026` in a rent table,
#    a meter log) no note evidence settles is read in the vault's order when no day_order is set: its notes'
#    unambiguous slashed days, 3 or more in 2 notes or more, all one way (dayorder.vault_evidence; sync reads the
#    vault anew when notes change and extracts every note anew when its order turns); 39 of the landlord's days were
#    no date. A day without its year outside a month's heading (`22/11 - first noticed`) stays none (fixDO: the
#    first reading made `- 1/2 day off`, `- 10/10 would recommend`, `- 24/7 support` dates).
# 30, notionids' part (session 55's consultant's Notion export): a Notion database's row (a page with Notion's
#    property lines in a folder named by the database and its id: text.notion_database) is headed by its title and
#    the database's name (store.write._written_head: `# Sofia check-in · Meeting notes · created: 2026-12-02 17:28`):
#    the folder was all that said it is a meeting, and "who did i meet in november" ranked other November notes above
#    the four meetings (one in the top 8; now the first three and the fifth). A database's CSV is headed by its name without
#    Notion's id (`Meeting notes`, not `Meeting notes ebc1…`, a `_all.csv`'s `Projects`). A plain note's folder
#    heads nothing, nor does a page without the ids (`notes/Standup.md` with a `Created:` line).
# 30, noise2's part (session 55's homeowner's vault): a weekday's three letters before its day of the month name
#    nothing (_weekday_before_day: `# Sun 15 Nov`, `on Sun 15th`, `Sun 15/11`, `Sun, 15 Nov 2026`, `Sun Nov 15`: a
#    journal's headings made Sun a name; `Sun Li`, `Dr Sun 2019`, `met Sun 15 minutes later` name as before). (A tax
#    year's `(Apr 25 - Apr 26)` stays two yearless April days: read as a year span it would also take a US note's two
#    days `Apr 25 - Apr 26` away; left after the lead's review.) A record's status in
#    capitals (SHOUTED_STATUS_WORDS: a rent table's `LATE 8 days`, `NOT RECEIVED yet`, a receipt's `PAID CASH WITH
#    THANKS`, `- SATISFACTORY.`) names nothing and ends the name before it (`HMRC RECEIVED my return` names HMRC);
#    `NHS`, `HMRC`, `BRITISH GAS`, `TESCO` as before. (`Leaning Jim - did a good job` left: the verb rule cuts it when
#    the note writes Jim mid-sentence, and its `(Jim)` is no such evidence.)
# 31, codefence's part (session 56's software lead's Logseq graph): a fence on a line of a list item's own, indented
#    to the item's text (`\t  ```` under `\t- stack trace from checkout-api pods:`, `      ```` under `    - step`) is
#    the item's fenced block (mdcode._blocks, as CommonMark reads it; it was a code span to the next fence's), and a
#    fence in a list item is read, chunk by chunk, in a `~~~` fence of its own (mdcode.chunk_readings): a chunk that
#    started at `\t- ```yaml` after its tab was taken to start inside it, and an incident's action items after its
#    two fences (`owner Priya, PAY-1201`, `Diego, PAY-1202`, `PR #4530`) were read as code. Fences at column 0 and
#    code spans are read as before.
# 31, fixCF's part (review of codefence): a bare fence line closes a list item's fence whatever its indentation
#    (`\t```` under `\t- trace:` + `\t  ````: it ended the item and opened a fence that hid the siblings' names
#    after it); a list item's own-line fence opens only with no other fence run on its line (`\t~~~ that was a
#    joke ~~~ said Anna Berg.`, a paragraph after a list, is text); a listed fence's `~~~` wrapper is longer than
#    any tilde run a chunk may start at (`\t  ~~~` read alone closed it).
# 31, logsched's part (session 56's software lead's Logseq graph): a task's planning line (mdcode.PLANNING_LINE:
#    `SCHEDULED: <2026-12-08 Tue>`, `DEADLINE: <2026-12-18 Fri 10:00 +1w>`, `CLOSED: [2026-12-02 Wed 16:10]`, one or
#    several, active or inactive) writes its days, as a Tasks plugin's `📅 2026-12-08` does (mdcode._planning_days): the
#    line was blanked whole, so "what's scheduled for tomorrow?" found no note writing the day `mrag tasks` lists three
#    tasks on, and "what's due next week" ranked a deadline of next week 9th. Its keywords, weekdays, times and
#    repeaters still name nothing (rules 17); a `CLOCK:` line and a drawer's stay blank (a work session, no day the
#    task is of). An `.org` note's stamps were read so already (orgmode.readable). The note's own date and `mrag tasks`
#    are as before. Each day is left in angle brackets, `<2026-12-08>` (fixLS, review of logsched): a bare day on its
#    own line joined the dates of the lines around it (`3 May` above took its year, 2026-05-03; `June Carter` below
#    was `08\nJune`), as find_dates reads across a line end.
# 31, names31b's part (session 56's novelist's, software lead's and expat's vaults): a work's part before its number
#    (WORK_PARTS: `Ch 3`, `Ch. 11`, `Book 2`, `Chapter 8`, `Episode 12`, `Act 2`) names nothing, as a paper's `Table 1`
#    (Ch was a hub of 62 mentions joining every chapter's note, Book one of 22); a sprint's number is its name
#    (_SPRINT_NUMBER: plain `in Sprint 50` named Sprint, one with the `#sprint` tag; now Sprint 50, as `[[Sprint 50]]`);
#    an era after its year (ERAS: `300 BC`, `1066 AD`) names nothing; `API`, `PRs`, `MRs` name nothing (NON_NAMES); a
#    German letter's pronouns, address and closing (GERMAN_LETTER_WORDS: `Sie`, `Ihnen`, `Mit freundlichen Grüßen`,
#    `Viele Grüße`, `in Höhe von`) name nothing and open no name in German text and in a letter's greeting or closing
#    line (`Liebe Lena,` names Lena). LiHua's and golden/'s extraction unchanged.
# 31, fixNB's part (review of names31b): any two or three capitals after a number, written nowhere else without one,
#    named nothing (`412 AR`, `40 EUR`), and `## Day 2 SFO`, `Bought 15 AMD`, `Liverpool 2 PSG 1`, `Born 1990 NYC.`,
#    `Called 3 NHS.` lost real names (and a 2,000-line order log took 16 s to check each word): only a closed list of
#    eras remains (a novelist's in-world `412 AR` names AR again). A sprint's number has 1-4 figures and no version's
#    dots (`Sprint 1.2.3` names Sprint as before); `Milestone 3`, `Iteration 2` name nothing, as before. German letter
#    words in English text name as before (`Ihr Platz`, `Sehr Gut Bakery`, `Lieber Augustin`, `Met Sie Kim`).
# 31, dedates' part (session 56's Berlin expat and software lead): a German day in figures without its year, closed by
#    its dot, is a day where its text says so (text._dotted_days: after a weekday, `Do 17.12. um 09:40`, `Di 1.12.`,
#    `Sun 11.10.`, or a preposition of days, `bis 18.12.`; in a list with one such, `am 17.11., 24.11. und 1.12.`),
#    with a year of two figures after a weekday or a preposition (`Mo 7.12.26`); a reference's or an outline's number
#    is none (`see 3.2.`, `Section 1.12.`, `1.2. Scope`, `v2.14.`, `1.12.0`, `grew by 12.5.`). The Bürgeramt's `Do
#    17.12.` was no day, so "what is on next week" ranked it 19th. A German weekday abbreviated before such a day, in
#    English text too, or in a span of them (`Mo–Fr`) or a list before hours (`Di+Do 15–18`) names nothing (`Mo
#    11.01.2027`, `Sprechstunde Mo–Fr 8–12`: `Mo`, `Di`, `Sprechstunde Mo` were names). A day's number right after a
#    colon after a figure is a ratio's or a time's (text.WORD_DATE: `1:1 Dec 3 with Wen`, `ratio 3:1 Nov 23`, `09:30
#    Dec 3` were the 1st and the 30th). fixDE (review of dedates) removed what read numbers as days with no word
#    saying so: a list alone (`Hausaufgaben: 3.1., 3.2., 3.5.`, `Matthew 5.3., 5.4.`), a text writing a German day
#    elsewhere (`Upgraded Node to 20.11.`, `der Zug fährt um 8.10.`), a two-figure year as a name's whole
#    (`Releases/4.2.16.md`, `[[4.2.16]]` were 2016-02-04); `So`, `Do`, `am` are English too (`So 1.2. was wrong`,
#    `I am 6.2.`): before a month of one figure only with their dot; `Call Mo/Di`, `Mo + Di are coming` name Mo, Di.
# 31, names31a's part (session 56's novelist's and running club's vaults): a character sheet's third person before the
#    one name after it (`- Hides Maren and Wren after the fire`, `Meets`, `Finds`, `Keeps`: THIRD_PERSON_VERBS) is no
#    part of it (`Hides Maren` ranked a sheet first on every question of Maren); a quote of one word broken off
#    (`"Four—"`, `"Wait..."`: CUT_OFF) is a word said, no work; a label in sentence case of three words or more or with
#    a title's small word (`Death scene draft:`, `2. Argument on the quay:`, `Prices to members:`, `Orders in:`:
#    _sentence_case_label) names nothing but its first word, when that is no common word or the text writes it
#    mid-sentence too (two words name as before: rules 11's `Flood alert:`, `Club subsidy:`, `Invoice date:`); a
#    writing of a person's thing opening a line names the person alone (`Summary of Jo Fenwick's letter:`, `Draft of
#    Tam's death`: _COPY_OF); `- Maren Vosk: the heir`, `"Sweet Caroline"`, `Maria dos Santos:` as before.
#    fixNA (review of names31a) removed what split ordinary names: a task list's initials as its owners' (`- [ ] BBC
#    Radio 4 interview prep` beside `- [ ] NHS App login` named Radio and App; `UK Visa`, `TK Maxx`, `GP appointment`
#    lost their capitals), a firm of two words after `&` joined to the word before (`Emailed Sarah & Bloomsbury
#    Publishing` was one name), a one-word quote's full stop opening a line (`"Wonderwall." Oasis, 1995`, `"Beloved."
#    Toni Morrison` named no work), the verbs that are plural nouns too (`Hunts Point`, `Guards Chapel`, `Nurses
#    Station`, `- Trusts Manager at Barclays`, `Trains`, `Raises` named Point, Chapel, Station, Manager); and a label's
#    first word is kept as a name (`Paris with kids:`, `Priya to do:`, `1. Maren at the quay:` named nothing), but for
#    an institution's of a particle (`Agenzia delle entrate:` whole, as before).
# 32, wdyear's part (session 57's parent's Joplin export): a note last edited after its day by its front matter
#    (frontmatter.EDITED_KEYS: `created: 2026-01-04`, `updated: 2026-11-29`) was written on both (weekdaydays.py 3): a
#    yearless day after its weekday whose nearest year to the note's day makes the weekday false takes the nearest
#    year to the last edit when that makes it true (a custody rota's `Sun 22 Nov` .. `Sun 17 Jan` were 2025-11-22 ..
#    2026-01-17, each a Saturday: 2026-11-22 .. 2027-01-17, and its rows `Sat 21 - Sun 22 Nov` are spans again,
#    notespans reading the end as settled); a weekday and an ordinal no day within six weeks of the note's day makes
#    true, the nearest within six weeks of the last edit (`party Sat 19th?` in a note of 2026-02-10 edited 2026-11-30:
#    2026-12-19). A weekday true as read holds (a 2025 diary's `Sat 22 Nov`; `Fri 11th` in a note of 2026-09-01
#    edited 2026-12-07 stays September's: December's is one too), a slip true by neither holds (`Fri 22 Nov`), a note
#    of one day holds (fixU's `INSET Mon 5 Jan`), as does a dated section's day.
# 32, fixWY's part (review of wdyear): the last edit reads a note's days only when its front matter's date line dates
#    it (not a daily note's file name, `Daily/2025-11-20.md` touched in 2026, nor its title), it was edited at most
#    400 days after (weekdaydays.EDIT_GAP_DAYS: a 2024 list ticked in 2026 holds), and it lists three weekday-days or
#    more (each surface once), 80% of them false by its day and true by the edit (weekdaydays._edit_reads: a rota;
#    a trip's one slip `back Tue 16 Jun?` beside a true `Sun 15 Jun`, a meeting's `next review Tue 10 Mar`, a chat's
#    `can you do Sun 22 Nov`, one `party Sat 19th?` hold, as before 32). A day no calendar has (`updated: 2026-02-29`)
#    is no last edit (it stopped the whole sync).
# 32, fixSD's part (slashdays, session 57's UK parent, mended by its review): a yearless slashed day written with
#    its weekday (`- Tue 8/12: past paper`, `End of unit test: Friday 11/12`, `| Sun 22/11 |`, `22/11 (Sun)`), in a
#    dated note whose day order is settled (the note's, the setting's, the vault's), is the day of its chunk's date's
#    year when the weekday is that day's (dayorder.chunk_weekday_slashed_days); in a note its front matter dates and
#    says was edited later (sync._edited_days), the edit's nearest when three such or more are, 80% of them set right
#    so (a rota), as wdyear/fixWY read `Sun 22 Nov`. A weekday the day does not fall on reads none, as does a short
#    name in lower case (`sat 3/4 papers`). The review dropped the branch's log rule (two or more figures opening
#    lines in date order) and label rule (`28/11: dripping`): they read film ratings (`- 7/10 Wicked / - 8/10
#    Conclave`), marks (`- 7/10: spelling`), a thread (`1/3: why`), a score table, half tablets, recipes' halves,
#    betting odds (`- 5/1 Corach Rambler`), nursery rooms (`- 2/3 year olds`), tennis scores, aspect ratios, dice as
#    dates; a figure without its weekday is no day, as in rules 30 (the inhaler and reading logs' `14/11`, `30/11` stay
#    figures: no rule told a log from a list of ratings).
# 32, fuzzchain's part (session 57's journalist: `Source D` was Source A), mended by fixFC: the members of a series
#    never merge fuzzily, nor a lettered label and a member of it (resolve.series_members: a last word of one letter or
#    a roman numeral in capitals, `Source A`/`Source D`/`Source`, `Witness B`, `Hepatitis B`/`C`, `Final Fantasy
#    XV`/`XVI`; `Source`, of a `# Source list` title, merged into Source A at 92, then `Source D` joined at 92 to
#    `source`). A letter and no code are a label and its member only after a word that labels with a letter
#    (text.LETTERED, which has `Site` and `Hepatitis` now) or for a numeral of two letters (`Elizabeth II`): a
#    person's initial and what the extractor keeps of a company's suffix merge as before (`Jessica M`/`Jessica`,
#    `Banco Santander S`, of `S.A.`); a dotted abbreviation's letter is no code (`Washington D.C.`). A key merged
#    fuzzily still bridges to the next (fixFC dropped fuzzchain's "close to every key", which split typos: `Blubell`).
# 32, names32a's part (session 57's zettelkasten and parent's vaults): a label line names nothing when it is a log's
#    past tense (`Counted:`, `Pasted:`, `Replied 4 Dec:`: LOG_PASTS; a journal verb before a date too, `Called 3
#    Nov:`), a common label (`Admin:`, `Bad news:`, `Structure note:`: LABEL_WORDS), a phrase of two words ending in a
#    list's noun (`One thing:`, `Entry points:`, `Key points:`: LABEL_HEAD_NOUNS; its first word a name only where the
#    text writes it mid-sentence too: `Tokyo plan:` names Tokyo beside `fly to Tokyo`, `Lisbon plan:` alone nothing),
#    a phrase addressed to its writer (`Rule for myself:`, `Note to self:`: SELF_WORDS) or a day's recurrence
#    (`**Every Wednesday**:`, `Each Friday:`); `Cf.` before a label's name, `Compare` before one name alone, are no
#    part of it (`Compare Murdoch:` names Murdoch: _CROSS_REFERENCE). A weekday's three letters before a time (`-> Sun
#    6pm`, `Sat 10.30am`) or in a table column of weekdays (a meal plan's `| Sun | roast chicken |`) name nothing
#    (`Sun Li`, `Sunny`, `Sun 3.5` as before); a school's `Year 9` ends the name before it (`Sele School Year 9`: `Sele
#    School`; after a school's word only, SCHOOL_NAME_ENDS). `EVERY` shouted (SHOUTED_ADVERBS) and `They're`
#    (COMMON_WORDS) name nothing. A first name's possessive before capitals names both where the note writes the name
#    alone too (`Maya's GP` beside `take Maya to football`: Maya and GP; _OWNED_ACRONYM), and `RSVP` is a task's verb
#    before the one name it answers (`- [ ] RSVP Jess`: Jess).
# 32, fixNA's part (review of names32a): its rules that took main's names are gone or narrowed, main's names back: a
#    school's year cuts only after a school's word (`Chinese New Year 1 Feb`, `Gap Year 2`, `Tax Year 2` whole); no
#    shout is dropped for its word in lower case elsewhere (`the SEND team` beside `send the form`, PIP, CAT: `Ellie is a
#    SHEEP` names SHEEP again), nor a phrase in capitals with a function word (`RAGE AGAINST THE MACHINE`, `JOHN LEWIS
#    AT WESTFIELD`; `LEFT AT TOM'S` names as before); `every` is no common word (`Every Brilliant Thing`, `Every Child
#    Matters`); `See`, `Contra`, `Contrast`, `vs` open no cross-reference (`See Tickets:`, `Contra Costa:`, `Compare The
#    Market:` whole); a possessive splits only a first name the note writes alone (`Guy's ICU`, `Domino's UK`, `Levi's
#    UK`, `St John's ENT` as before).
# 32, names32b's part (session 57's journalist's and Zettelkasten vaults), as fixNB left it: the British office
#    titles are a person's titles as `Dr` is (text.OFFICE_TITLES: `Cllr Priya Patel`, `Cllr Patel`, `Chair Cllr Tom
#    Greaves`, `Supt Jane Hill`, `Revd Sue Pike`, `HHJ Lowe` name Priya Patel, Patel, Tom Greaves, ..., persons), and
#    with their full stop only `Rev.`, `Rep.`, `Gov.`, `Sen.`, `Hon.`, `Rt.`, `Mx.`, `Insp.` (text.STOPPED_TITLES:
#    `Sen. Warren`); not Sir, Lord, Lady, Dame, Sgt, DCI. A to-do's `Chase`, `Ring`, `Pitch`, `Invoice` are task verbs
#    (TASK_VERBS: `- [ ] Chase HMRC re refund` names HMRC), not before a road's word (`Ring Road`, `Chase Lane`:
#    _ROAD_NEXT), and a task's verb is dropped before a name of two words and a lower-case aside too (`- [ ] Ring Ken
#    Moss (retired surveyor)`: _ASIDE_NEXT). A straight quote glued to a Latin letter, a digit or a stop before it
#    opens no quote, nor closes one glued to a Latin letter or a digit after it (QUOTED: `"…by the object." — Weil,
#    "Reflections on…"` made Weil a work), a title-cased quote of 9 to 20 words is a work; a title's inner single
#    quote closes it (`On 'God' and 'Good'`). `van der`, `van den`, `von der` join a first name of one word after a
#    lower-case word, a comma or `&` to the one word after (`tr. Emma Crawford & Mario von der Ruhr`:
#    _particles_joined; `von der` not in German text). `Oct. 1,000 words` is no date (text.WORD_DATE); `Co` alone
#    names nothing (`Quinn & Co`).
# 32, fixNB's part (review of names32b): main's names back where the branch took them: `Rev Ops`, `Gov Cloud`, `Rep
#    Max`, `Hon Hai Precision`, `Sen Gupta`, `Mx Master`, `Insp Gadget`, Notion's `Rep Owner:`, `Rev Share:` (a title
#    that is a word needs its stop), `DCI P3`; a quote glued to Chinese or Japanese (`我读了"The Great Gatsby"，`); the
#    postcode rule is gone (`Manchester M1 1AE` opening a line named nothing, `ThinkPad X1 8GB` nothing); `van de`,
#    `von dem` and a particle after a line's or a sentence's first word join nothing (`Brief van de
#    Belastingdienst`, `Rechnung von der Telekom.`, `Met Jan van der Berg`); the rules dropping a prose sentence's
#    task verb before an acronym or `re` are gone (`Help UK charity run`, `Walk MS event`, `Check HMO licence`).
# 32, slash2y's part (session 57's journalist: `Sent: 16/11/26`, `Due: 14/12/26`, `- 22/10/26 — first hearing` were
#    no dates): a slashed day's year last may have two figures (text.SLASHED_DATE; `16/11/26` 2026-11-16, the US's
#    `11/16/26` too), 00-68 the 2000s and 69-99 the 1900s as `%y` and the dotted `4.2.16` read them
#    (text.two_figure_year); an ambiguous `05/06/26` is settled by a weekday, the heading's month or the vault's
#    order, else none; a year of one or three figures (`1/2/3`, `24/7/365`), one in a path or a longer number as before.
# 32, fixS2's part (review of slash2y: a gym log's `- Bench press: 15/12/10`, `Score: 13/11/20`, `Loan terms
#    12/24/48` were days, and unsettled a US vault's order): a two-figure year is read only within 3 years of this
#    year (text._a_day_year: `15/12/10`, `20/10/70`, `22/11/16` no day in 2026), and is never day-order evidence
#    (dayorder._unambiguous: a note's or vault's order from four-figure years alone, as before); slash2y's word lists
#    and its run rule are gone (`It's 16/11/26`, `## 16/11/26 Week 47 review`, `Flight 10/18/26` read).
# 32, samenote2's part (session 57's journalist and job seeker: one person was several entities in one note): a
#    transcript's speaker label of 2 or 3 capitals at a line's start, after its time if any (`[00:00:16] JO: ...`,
#    on two lines or more), joins the one full name of those initials the note writes above its first label (`#
#    Interview - Janet Okoro (tenant)`); a first name and a surname's initial (`Tom B`) the one full name of that
#    first name whose last word opens with it (`Tom Becker`, beside `Tom Hughes` too; `Man U` is its note's Man
#    United) (firstnames.short_names, applied by sync._note_name_parts as a first name's). A sign-off and the first
#    name on one line is a first name's cue (`> Best, Hannah` under `> From: Hannah Clarke`: firstnames._SIGNED_LINE).
#    Not two full names that fit, a label once, an acronym's label with no full name above it, nor across notes.
# 32, fixSN's part (review of samenote2): a speaker label of initials joins only where the other side speaks as an
#    asker (`Me:`, `Q:`, `I:`, `Interviewer:`, `Host:`; not `QA:` beside `Q:`) or as initials of another full name
#    (`TB:`, `SC:` of a meeting's attendees): beside other acronyms only it is a log's (`HR:` / `IT:` under `# 1:1 -
#    Helen Ross`, `PR:` / `CI:`, `UK:` / `US:`, `BA:` / `AA:`); the labels are read of the note laid once
#    (sync._laid_readable: a label on two chunks' shared line is one); `Tom B` joins only a full name typed a person's
#    (a title: `Mr Tom Becker`; `Team A`, `Studio B`, `Vitamin D`, LiHua's `Man U` join nothing); a name after `at
#    the`, `in the`, `in a` is a thing's (`in the Janet Okoro Room`); a short form written outside its full name is
#    counted each time (`JO` twice is twice).
# 32, fixTN2's part (second review of topicnote): a `title:` of a note kind's name names no note, as a common or
#    label word's does not (sync._naming, wordlists.GENERIC_TITLES: `Untitled`, `Inbox`, `Draft`, `Work log`, `Quick
#    notes`, `Today I learned`); the word lists moved to wordlists.py, which `mrag ask` reads without these rules.
# 33, slashdays2's part (session 58's carer, a Simplenote export typed on a UK phone): a yearless slashed day with a
#    weekday in lower case (`fri 27/11`, `tues 1/12`, `next DN visit tues 8/12`, `thurs 3/12`) or spelt `Weds` is
#    read as its Capitalised form was (rules 32; `sat`, `sun`, `wed` only opening their line: `Maya sat 3/4 papers`
#    stays a verb's); a dated note's own yearless days that one order alone reads (`27/11` opening a line or with its
#    weekday), all that way, settle its order where neither it, the setting nor the vault does. A column of yearless
#    slashed days opening three lines or more (`4/11 - bathroom`, `18/11 - garden step`, `2/12 - hallway`; `6/12
#    8.10am 9.4`) is a log (dayorder._log_days): every such line's figure a day in the order, in the order of their
#    days from the note's date on (the first on its day or within a week before it, each next within two months,
#    across one new year at most); not a column of shares of ten or less (`9/10 - Dune`, `1/2 cup`), a count's
#    (`3/12 chapters`), nor figures out of order. Her falls, blood-sugar, BP, weight and sleep logs were no dates.
# 33, fixSD2's part (the review of slashdays2): a log is read whatever other words its note writes (it was read only
#    where a chunk held a weekday's letters, `created:`'s `ted`); it needs a day past the 12th (`18/11`): numbered
#    parts `1/12 intro` … `5/12 now`, ratings `7/10` … `10/11`, odds `5/1`, a tracker's `2/8` … `4/11` were days, so a
#    log of the first twelve days (`1/12` … `6/12`) is no log now; shares of one whole (month first `1/15` … `5/15`)
#    neither. Lower-case `sat`, `sun`, `wed` are words' opening a line too (`sat 5/12 papers`, `wed 3/2 done`), and a
#    lower-case short weekday before a count's word (`by fri 4/12 of us are off`) reads none; a note of year 1 (a
#    Hugo page's zero date) no longer stops sync.
# 33, wdpin's part (session 57's journalist: a pasted e-mail's `received Mon 7 Dec 08:14` was a yearless day, and
#    "when did I last talk to hannah" did not count it): in an undated note (no chunk of it dated), a yearless day
#    after its weekday (`Sent: Tues 1 Dec`, `on Thursday 26 November`, `Fri 4th Dec`) is of the one year from 3
#    before this year to 1 after in which it is that weekday (text.pinned_year, weekdaydays.pinned_days: five years
#    never hold two); none for a weekday no such year makes true, or another year the chunk or the path writes does
#    (`Lisbon 2019: Mon 7 Oct`); a dated note's days as before (`Mon 7 Dec` in a note of 2025 is 2025-12-07).
# 33, fixWP's part (review of wdpin): that year only from 3 back to six weeks past the sync's day (an old note's
#    `Deadline Thu 9 Dec` is no 2027 day); none when the day's nearest to the sync, within six weeks, is another
#    weekday (a to-do's `dentist Wed 10 Dec` in a week whose 10 Dec is a Thursday: a slip, yearless as before, so
#    "what's on this week?" still finds it), nor when a two-figure year follows it (`Sat 5 Dec '15`, `Mon 7 Dec 20`).
# 33, dates34's part (session 58's grower and chef): a log's yearless slashed days in its headings and its tables'
#    date columns are days (dayorder._headed_days): a heading whose whole text is one, a label after a dash (`##
#    25/7`, `## 15/8 — honey off` under `# Inspections 2026`), read where one of the note's such headings at least is
#    past the 12th and they run one way; a cell whose whole text is one under a date's head (`| Date |`, `| w/c |`:
#    a honey harvest's `| 13/6 |`, a GP tracker's `| 30/11 |`); the year a heading names alone over it, else its
#    chunk's date's; the order the note's, the setting's, the vault's, else the column's own figures'. A list log
#    (rules 33's `_log_days`) under a heading naming its year alone (`## 2026` over `- 14/3 broad beans`) is that
#    year's, in order. Chapters `## 1/2`, scores under `Score`, ratings under `Rating`, an undated note's column
#    (`# Fridge temps — December`) stay figures. fixD34 (review): the headings and a date column are read by the list
#    log's one reader (dayorder._column_days: three or more, one past the 12th, no shares of one whole, going forward
#    from the note's day or in order within the year named over them all): numbered weeks under `| Week |`, `| Wk |`
#    (`1/9` … `9/9`) are no days (a week's day only under `w/c`, `w/e`, `Week commencing`), nor a `Day` column, parts
#    `## 1/15` … `## 3/15`, one heading (`## 24/7 — what the contract covers`), a front-matter-dated log's `20/11`
#    in a year before it; `| When |` and `| Dates |` columns are read, and a list log under `## 2026` in a note
#    its front matter dates after the log's first day (`created: 2026-05-01` over `- 3/3 tomatoes`).
# 33, names34's part (session 58's landlord's, grower's, Logseq and chef's vaults): a firm whose first word is a common
#    adjective keeps it where a name's word and a trade's follow (_common_firm, FIRM_OPENERS, TRADE_WORDS: `Cool Breeze
#    HVAC`, `First Choice Roofing`, `Good Neighbor Heating` named Breeze HVAC, Choice Roofing, Neighbor Heating; `Also
#    Smith Plumbing`, `Good Health` as before), and a log's verb before such a firm is no part of it (`Called Cool
#    Breeze HVAC`, `Paid Great Lakes Plumbing` were names). A log's pasts of money and listings open no one name
#    (LONE_NAME_PASTS: `Deposited Derek's ck`, `Listed Zillow`, `Borrowed Dev's ladder`); `Rang` is cut from a full
#    name as `Invite` is (PERSON_BASES: `Rang Pete Ashworth`), and a log's verb before a name and `re:` makes a
#    sentence, no label (_phrase: `Rang Pete Ashworth re` was a name). `Drop`, `Prep`, `Use` are to-do verbs
#    (TASK_VERBS: `- TODO Drop SSO from Billing`, `- [ ] Use WorkOS for SSO`). A numbered unit is named with its number
#    as a sprint is (SERIES_UNITS: `Hive 2 swarmed`, `Bed 3`, `Plot 14b`, `Room 12`, `Unit 4` named Hive, Bed, ...),
#    after a task's verb too (`- TODO Prep Sprint 25 planning`), and its measure's label names it (`Hive 1 total:`,
#    `Hive 2 temper:` name Hive 1, Hive 2, not the label; `Hive 2:` alone names nothing, as `Room 101:` (rules 10)).
#    A recipe's, a daily note's and a supplier's field of one word names nothing (RECORD_FIELDS: `Yield:`,
#    `Allergens:`, `Weather:`, `Serves:`, `Rep:`), nor `Sun. Weather:` (label_sentence ends a sentence at `Sun.` as at
#    `Sat.`), nor a verb's label of two words (VERB_LABEL_TAILS: `Went well:`, `Went badly:`, `Cares about:`).
#    `Candidate`, `OT`, `DN` before a full name are roles (LEAD_ROLES: `Candidate Marcus Odum`, `OT Gemma Lowe` were
#    names apart from Marcus Odum, Gemma Lowe).
# 33, fixN34's part (review of names34): a unit's number is no time's, date's, stay's or count's (_UNIT_NUMBER,
#    _COUNT_BEFORE: a sleep log's `Bed 10:30`, `Bed 22:30.`, `Bed 10 pm`, `Room 12/4 booked`, `Room 2 nights`, a
#    listing's `3 Bed 2 Bath` named Bed 10, Room 12, Bed 2). A ledger's past is cut only before a name, not a field's
#    or a table column's (LEDGER_PASTS, _FIELD_NAME_END: `Invoiced Total:`, `| Refunded Amount |` named Total,
#    Amount); `Listed` is no log's verb (`Listed Building consent`, `Listed Price:` named Building, Price; `Listed
#    Zillow` is one name again), `Use` no task's (`- [ ] Use Case review` named Case; `- [ ] Use WorkOS` is one name
#    again), `Rang` is kept before a particle (`Rang De Basanti`). `Candidate`, `OT` are no roles (`Candidate
#    Experience Survey`, `OT Bible Study` lost their first word; `Candidate Marcus Odum` is one name again); `DN` is
#    one. A firm keeps a common first word only where its trade's word follows the name's word right after, and not
#    `Plus`, `Sure`, `First` (sentences' openers: `Plus Acme Supplies sent`, `First Tom Services came` were firms;
#    `First Choice Roofing` names Choice Roofing again).
# The number is set in rules_version.py (bump it there): `mrag status` reads it without these rules' regexes.
# 33, names33's part (session 57's testers' leftovers; narrowed by fixN33 after review): a word in capitals of four
#    letters or more shaped as an adjective (`-ENT`, `-OUS`, `-ECT`, `-IVE`, ...), written once in its note, right
#    after a copula (`is`, `was`, `are`, `they're`) or a degree's adverb (`so`, `very`, `really`: there a participle's
#    `-ED`, `-ING` too), and before no figure nor capital, is a word shouted for stress and names nothing
#    (_predicate_shout: `They're DIFFERENT again`, `the leaf is PERFECT now`, `so EXCITED` were names). Acronyms name
#    as before: after `them`, `it`, `am`, `I'm`, a conjunction's `so` (`send them UCAS references`, `is it ULEZ
#    compliant`, `9 am UCAS deadline`, `Boiler broke, so AVIVA sent`), a name's -ING or -ED after a copula (`Client is
#    BOEING`, `the school is OFSTED outstanding`), `Ellie is a SHEEP`, `Mon 4 Jan is INSET`, `my employer is HMRC`.
#    `bring them BACK` still names BACK. A sentence's first adverb that says how sure or glad its writer is
#    (STANCE_WORDS: `Probably`, `Apparently`, `Hopefully`, `Unfortunately`) is no part of the name after it, which
#    opens the sentence in its place (`Probably Marta`, `Unfortunately Thames Water` were names); titles as before
#    (`Possible Worlds`, `Likely Lads`, `Surely You're Joking`). `X & Y Co.`, `X & Y Ltd` are one firm (COMPANY_ENDS:
#    `Procter & Gamble Co.` named Procter and Gamble Co); `Marks & Spencer`, `Priya & Tom`, `Priya & Co.` as before.
from minirag_cli.extract.rules_version import VERSION, rules_update  # noqa: E402,F401

MONTHS = MONTH_WORDS  # full names, abbreviations and "sept" (text.py)

# A work calendar's statuses, as written (`- Marcus OOO from Dec 21`, `WFH Friday`, `PTO approved`): no names, and
# no common words either (a common word's line opener names alone only by evidence: `- Priya OOO next week.` lost
# Priya so, review revD). The cap-span loop cuts them (rules 28)
STATUS_WORDS = frozenset("OOO OOF WFH PTO".split())
from minirag_cli.wordlists import COMMON_WORDS, LABEL_WORDS, WEEKDAY_WORDS  # noqa: E402,F401
# The roles a journal's or a contact list's label gives the person it names (`Husband: Arjun`, `Mom:
# call back`, `Boss: Tom Baker`), lower-cased: the role is no name and no chat speaker (a note of two
# `Husband:` lines was a chat whose person was Husband), its value lists the names (heuristic rules
# 14). A chat whose lines open with a person's name (`LiHua:`) speaks as before; CJK_ROLES are a chat's.
ROLE_WORDS = frozenset(w.replace("_", " ") for w in """
husband wife spouse partner boyfriend girlfriend fiance fiancé fiancee fiancée ex hubby wifey
mom mum mommy mummy mama mother dad daddy papa father parents son daughter brother sister bro sis sibling
grandma grandpa granny grandmother grandfather nana aunt auntie uncle cousin niece nephew stepmom stepdad
mother-in-law father-in-law sister-in-law brother-in-law in-laws kid kids baby
boss manager supervisor colleague coworker co-worker teammate mentor mentee intern
teacher tutor coach doctor dentist therapist nurse vet landlord landlady neighbour neighbor roommate flatmate
housemate friend bestie client customer nanny babysitter
lecturer instructor professor advisor adviser
""".split())
_LABELS_AND_ROLES = LABEL_WORDS | ROLE_WORDS
# "I" in the languages a note of English may hold a chat of (Spanish `Yo:`, German `Ich:`, French `Moi:`,
# Italian `Io:`, Portuguese `Eu:`, Dutch `Ik:`): the writer, no speaker's name, as `Me:` is none
# (COMMON_WORDS). Heuristic rules 16: `Yo: ¿y el parcial?` made a person Yo.
FIRST_PERSON = frozenset("yo ich moi io eu ik jeg jag".split())
# The verbs a label's sentence reports with (`Prof. Alvarez announced:`, `Dr. Chen said:`): such a
# label is a sentence, which names its subject, not itself (_phrase; heuristic rules 16); German's too (`Jürgen
# sagte:`, `Zoë meinte:` named `Jürgen sagte` and `Zoë meinte`: rules 23, qa39)
REPORTING_VERBS = frozenset("""
said says asked told added wrote writes announced announces explained explains mentioned mentions noted notes
stressed stresses listed lists recommended recommends suggested suggests emphasized emphasised replied answered
sagt sagte meint meinte fragt fragte schreibt schrieb erklärt erklärte antwortet antwortete erzählt erzählte betont
betonte ruft rief findet fand
""".split())
# The generic words a heading labels a part of a course, a book or a series with (`## Lecture 7 -
# 2026-11-10`, `# Data Structures - Lecture 1`, `## Week 3`), lower-cased: before a number in a heading
# such a word names nothing (heuristic rules 16: `Lecture` was a vault's third most mentioned entity); and a
# `# ` title that opens with one before a lower-case word (`# Office hours with Dr. Chen`) opens it as a
# common noun does (NOUN_TITLE, _common_noun)
HEADING_LABELS = frozenset("""
lecture lectures lesson lessons week session seminar tutorial class chapter part section unit module lab exercise
exercises assignment homework sprint episode talk round exam quiz midterm office workshop practical
""".split())
# The parts a paper or a thesis numbers (`Table 1`, `Figure 3`, `Theorem 2`, `Appendix 4`), lower-cased: before its
# number such a word names nothing, in a heading or mid-sentence (heuristic rules 26: a PhD vault's `in their Table 1`
# named Table, which then opened the graph walk of `what does Table 2 show?`)
DOCUMENT_PARTS = frozenset("""
table tables figure figures fig appendix equation eq theorem lemma corollary proposition definition algorithm listing
""".split())
# A book's, a serial's or a play's part before its number (`Ch 3`, `Chapter 8`, `Book 2`, `Part II` not: figures only,
# `Vol. 4`, `Episode 12`, `Act 2`, `Scene 3`): no name, as a paper's `Table 1` (rules 31: a novelist's `Ch 3`..`Ch 14`
# made Ch a hub of 62 mentions joining every chapter's note). A sprint's number is its name (_SPRINT_NUMBER)
WORK_PARTS = frozenset("ch chap chapter chapters book books part vol volume episode ep act scene".split())
# A team's sprint and its number (`Sprint 49`, `in Sprint 50.`): one name, as a page `[[Sprint 49]]` names it, not the
# bare word (rules 31: plain `in Sprint 50` named Sprint, one with the `#sprint` tag). A number of 1-4 figures, no
# version's (`Sprint 1.2.3`, `Sprint 1,000` name Sprint as before); no `Milestone 3`, `Iteration 2` (fixNB: they
# named nothing before and no vault links such a page)
_SPRINT_NUMBER = re.compile(r"[ \t]+(\d{1,4})(?![.,]?\d|\w)")
# ... and so is a numbered unit's of a garden's, an apiary's, a building's or a ward's (`Hive 2 swarmed`, `Bed 3`,
# `Plot 14b`, `Room 12`, `Unit 4`): rules 33, `Hive 2 swarmed` named the generic Hive (52 mentions) beside `Hive 2`
# (3); its number may carry a letter (`Plot 14b`), a sprint's not. No time's, date's or stay's number (fixN34, review
# of names34: a sleep log's `Bed 10:30`, `Bed 10 pm`, `Room 12/4 booked`, `Room 2 nights` named Bed 10, Room 12),
# nor a date's after it (a todo.txt line's `+Flat` before the next line's `2026-11-05` named Flat 2026)
SERIES_UNITS = frozenset("sprint hive bed plot room unit ward bay tunnel paddock pen coop tank flat apt".split())
_UNIT_NUMBER = re.compile(r"[ \t]+(\d{1,4}[a-z]?)(?![.,:/\u2013-]?\d|\w"
                          r"|[ \t]*(?:[ap]\.?m\b|nights?\b|hrs?\b|hours?\b|mins?\b|minutes\b))")
# a count before the unit's word: a listing's `3 Bed 2 Bath` counts rooms, no Bed 2 (fixN34)
_COUNT_BEFORE = re.compile(r"\d[ \t]+$")


def _series_number(word: str) -> re.Pattern[str]:
    """The pattern of the number after a series' word (SERIES_UNITS): a sprint's figures, or a unit's with a letter."""
    return _SPRINT_NUMBER if word.lower() == "sprint" else _UNIT_NUMBER
# An era after its year (`300 BC`, `1066 AD`, `1200 CE`), a closed list: no name (fixNB: any two or three capitals
# after a number were none, and `Day 2 SFO`, `Bought 15 AMD`, `Liverpool 2 PSG 1` lost real names)
ERAS = frozenset("BC BCE AD CE".split())
_YEAR_BEFORE = re.compile(r"(?<![\w.,:/-])\d{1,4}(?:[\u2013-]\d{1,4})?[ \t]+$")
# A German letter's forms of address, pronouns and closing formulas (`Liebe Lena,`, `Sehr geehrte Frau Keller`,
# `Bitte überweisen Sie`, `von Ihnen angegebene`, `Mit freundlichen Grüßen`, `Viele Grüße`, `in Höhe von`): no name
# in German text, nor in a letter's salutation or closing line in any (_LETTER_FORMULA: a note of English quotes
# such letters; rules 31: `Sie`, `Ihnen`, `Grüßen`, `Höhe`, `Liebe Lena` were names). Dropped before a name as a
# common word is (`Liebe Lena` names Lena); English text's `Ihr Platz`, `Sehr Gut Bakery`, `Met Sie Kim` name (fixNB)
GERMAN_LETTER_WORDS = frozenset("""
Sie Ihnen Ihr Ihre Ihren Ihrem Ihrer Liebe Lieber Liebes Sehr Geehrte Geehrter Grüße Grüßen Gruß Viele Herzliche
Herzlichen Freundliche Freundlichen Höhe
""".split())
# a German letter's salutation (`Liebe Lena,`, `Sehr geehrte Frau Müller,` at a line's start, its greeting closed by
# a comma) or closing line (`Mit freundlichen Grüßen`, `Viele Grüße aus Wien`, `Gruß, Thomas`), with the `Ihr`,
# `Ihre` that signs it (`Freundliche Grüße, Ihr Team`)
_LETTER_FORMULA = re.compile(
    r"^[ \t>]*(?:(?:Liebe[rs]?|Sehr[ \t]+geehrte[rs]?)[ \t]+[^\n,]{1,40},"
    r"|(?:(?:Mit[ \t]+)?(?i:freundlichen|herzlichen|besten|lieben|vielen)[ \t]+Grüßen"
    r"|(?:Viele|Liebe|Herzliche|Freundliche|Beste|Schöne)[ \t]+Grüße|(?:Herzlichen|Freundlichen|Besten|Lieben)?[ \t]*Gruß)"
    r"(?=[ \t]*(?:[,!.]|$)|[ \t]+aus[ \t])(?:(?:,[ \t]*|[ \t]*\n[ \t>]*)(?:Ihr|Ihre|Euer|Eure)\b)?)", re.M)


def _letter_formulas(text: str) -> list[tuple[int, int]]:
    """Where `text`'s German letter salutations and closings stand (_LETTER_FORMULA), start and end."""
    if "Lieb" not in text and "Sehr" not in text and "Gr" not in text:
        return []
    return [m.span() for m in _LETTER_FORMULA.finditer(text)]


# the suffix that makes an adjective of a name (`Post-LN-like`, `Excel-style`, `Python-based`): no part of the name
_MADE_LIKE = re.compile(r"(?<=\w)-(?:like|style|based|esque)$")
# A label that counts (`Line 12:`, `Step 3:`, `Room 101:`, `Q1:`, `A2:`, `Chapter 4.2:`): its last
# word a number, or one or two letters and a number (`Q1`, `A2`, `P0`). A log's or a
# recipe's lines, one label each, which as speakers made an entity of every line (a log of
# `Line 1:` to `Line 3000:`); neither LiHua's notes nor golden/'s open a line so, nor does a chat
# speak so. A speaker whose name holds figures inside it (`R2D2:`, `Player1:`) may still speak.
# Heuristic rules 10.
NUMBERED = re.compile(r"(?:^|[\s#№])[#№]?\d+(?:[.,:/-]\d+)*[a-z]?$|^[^\W\d_]{1,2}\d+(?:[.-]\d+)*$")
# A Chinese or Japanese label that speaks for a group, told by its form rather
# than listed word by word: a plural (`同学们`, `老师們`, `学生たち`, `社員達`, `家族一同`)
# or a word of all, each or every first (`所有人`, `全体成员`, `全班`, `各位同学`, `每个人`);
# 達 after two characters or more (`安達`, `伊達` are family names).
# It is a common label (as `大家：` in LABEL_WORDS): a group chat's `同学们：收到` is no
# person, and made known it would be found in every note that writes the word.
CJK_GROUP = re.compile(r"(?:[们們]|たち|一同)$|(?<=..)達$|^(?:所有|全[体體员員班组組部]|各位|诸位|諸位|每[个個位])")
# Bare roles, which a chat's line opens with for whoever holds the role (`老师：`,
# `客服：`, `先生：`): a speaker of its note, but no name another note's 老师 is
# the same one of (known_cjk). A role after a name (`王老师`, `田中先生`) names a person.
CJK_ROLES = frozenset("""
老师 老師 同学 同學 学生 學生 家长 家長 医生 醫生 大夫 护士 護士 经理 經理 老板 老闆 客服 司机 司機 师傅 師傅 群主 管理员
管理員 班主任 班长 班長 组长 組長 队长 隊長 服务员 服務員 店员 店員 顾客 顧客 客户 客戶 先生 女士 小姐 教练 教練 领导 領導 房东
房東 快递员 快遞員 助教 教授 主任 秘书 秘書 前台 保安 物业 物業 销售 銷售 面试官 面試官
部長 課長 社長 係長 店長 先輩 後輩 担任 お客様 お客さん 店員さん 先生方 上司 部下 同僚
""".split())


def _group_label(tag: str) -> bool:
    """Is `tag` a CJK label that speaks for a group (CJK_GROUP)?"""
    return CJK_RUN.fullmatch(tag) is not None and CJK_GROUP.search(tag) is not None


# The labels of a line that lists people (`参会人员：张伟、李娜`, `参加者：田中、佐藤`, `作者：刘慈欣`):
# a value of CJK names apart by `、`, `，` or `,` (CJK_PEOPLE) names persons.
CJK_PEOPLE_LABELS = frozenset("""
参会人 参会人员 参与人 参与者 出席 出席人员 与会者 与会人员 缺席 主持 主持人 记录人 负责人 參會人 參會人員 與會者 負責人
参加者 出席者 欠席者 担当 担当者 司会 書記 メンバー 成员 成員 作者 译者 著者 訳者 翻訳者
""".split())
# The values of those labels that are no names (`Status: Blocked`, `Priority:
# High`), lower-cased: a label's value that lists capitalised words names
# them (`Owner: Priya`), but a state or a level is no thing a note is about.
LABEL_VALUES = frozenset("""
open opened closed blocked pending done draft active inactive high low medium mid urgent none n/a na yes no wip
complete completed cancelled canceled started ongoing paused approved rejected true false ok todo doing new later
""".split())

# German capitalises every noun (`Ich muss noch Birnen und Käse kaufen.`): a capitalised word of a
# German text (text.german) is a name only when the text does not use it as a noun. A noun
# is a word the text writes after a determiner (GERMAN_DETERMINERS: an article, a possessive, a
# demonstrative, `im`, `zum`...; adjectives between: `die neue Architektur`) or a number (`1 kg
# Birnen`, `um 9 Uhr`) anywhere: `der Käse vom Markt` makes a noun of `Birnen und Käse` too. Heuristic
# rules 11.
GERMAN_DETERMINERS = frozenset("""
der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines mein meine
meinen meinem meiner meines dein deine deinen deinem deiner deines sein seine seinen seinem seiner seines ihre
ihren ihrem ihrer ihres unser unsere unseren unserem unserer unseres euer eure euren eurem eurer eures dieser
diese dieses diesen diesem jeder jede jedes jeden jedem jene jenes jenen jenem welche welches welchen welchem
im am vom zum zur beim ins ans aufs fürs ums
""".split())
# German's days abbreviated before a date (`# Mo., 5. Okt.`, `Di. 13.10.2026`, `Sa, 3. Oktober`): no name (`Mo`, `Di`
# were, rules 23, qa39); `Mo` alone is a name's (Mo Farah), so only before a German day (text.GERMAN_DATE, or its
# figures with their dots: a decimal's `10.5`, `20.50` or an ISO day is none), and in German text or opening a line
# (fixE, review revE: `Coffee with Mo 2026-10-05`, `Ran the loop with Mo, 10.5 km`, `Paid Di 20.50` lost Mo, Di)
_GERMAN_DAY_BEFORE_DATE = re.compile(r"\.?,?[ \t]+(?=(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.)")
_GERMAN_DAY_BEFORE_WORDS = re.compile(r"\.?,?[ \t]+")
# ... and in English text too before a day in figures closed by its dot (`**Termin:** Do 17.12. um 09:40`, `München Hbf,
# Mo 11.01.2027 06:29`: a Berlin expat's notes named Do, Mo; rules 31, dedates), or in a span or a list of German days
# (`Sprechstunde Mo–Fr 8–12, Di+Do 15–18`, `Di + Do 18:00–21:00`: `Sprechstunde Mo`, `Di`): a span of days (`Mo–Fr`),
# or a list before a span of hours (`Mo, Mi 9–12`); `Mo & Di`, `Mo and Di`, `Call Mo/Di about it`, `Mo + Di are
# coming`, `Dinner with Mo, Di 8:00` are names (Mo Farah, Princess Di: fixDE, review of dedates)
_GERMAN_DAY_BEFORE_DOTTED_DAY = re.compile(
    r"\.?,?[ \t]+(?=(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:(?:19|20)?\d\d)?(?!\w|[.,]\d))")
_GERMAN_DAY = rf"{GERMAN_DAY_SHORT}\.?"
_GERMAN_DAYS_RUN = re.compile(rf"(?<![\w.-]){_GERMAN_DAY}(?:[ \t]*(?:([–—-])|[+/,&]|und)[ \t]*{_GERMAN_DAY})+"
                              r"(?!\w)(?=([ \t]*:?[ \t]*\d\d?(?:[:.]\d\d)?(?:[ \t]*Uhr)?[ \t]*(?:[–—-]|bis)[ \t]*\d)?)")


def _in_german_days_run(text: str, start: int, end: int) -> bool:
    """Is the German day abbreviated at `start`..`end` of `text` one of a span or a list of days (above)?"""
    for m in _GERMAN_DAYS_RUN.finditer(text, max(0, start - 30), min(len(text), end + 30)):
        if m.start() <= start and end <= m.end() and (m.group(1) or m.group(2)):
            return True
    return False
_LINE_OPENING = re.compile(r"[ \t#>*+-]*")  # what opens a line before its first word: a heading's, a list's marks
# the days and months, which German capitalises as nouns: never a name of one word in a German text
GERMAN_CALENDAR = (frozenset("Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag Sonnabend".split())
                   | frozenset(m.capitalize() for m in month_numbers("de", variants=True)))
# a relative pronoun after a comma is no article: `der Kollege, den Anna empfahl`
_RELATIVES = frozenset("der die das den dem".split())
# The days of CALENDAR_WORDS (below), and the times of day that follow one (`Sonntag Morgen`,
# `Lunes Tarde`, `Samedi Soir`, `Sabato Sera`, `Domingo Noite`), folded: a day and its time of day
# name nothing, in a sentence or as a label (`Montag Abend:` is no speaker), as English's do
# (COMMON_WORDS: `Sunday Morning`; as a label, `Monday Morning:`, by the English times of day here
# with WEEKDAY_NAMES, rules 13: a diary of them was a chat of `Monday Morning` and `Tuesday
# evening`). Heuristic rules 12.
CALENDAR_DAYS = frozenset("""
lundi mardi mercredi jeudi vendredi samedi dimanche
lunes martes miercoles jueves viernes sabado domingo
lunedi martedi mercoledi giovedi venerdi sabato domenica
segunda-feira terca-feira quarta-feira quinta-feira sexta-feira
montag dienstag mittwoch donnerstag freitag samstag sonntag sonnabend
""".split())
# The days and months of French, Spanish, Italian, Portuguese and German, folded (text.fold: no
# accents, `martedi` is Martedì, `marz` März), which a note capitalises where a line, a sentence, a
# heading or a label starts (`Mardi : réunion`, `# Lunes`, `- Martedì: palestra`, `Dienstag treffe
# ich Anna`): no name of one word, as English's are none (COMMON_WORDS), nor a speaker, and no name
# either a label of such words and numbers (`Lunes 5 de mayo:`, `Montag, 3. März:`: _calendar_label).
# A longer name keeps them (`Viernes Santo`, `Mardi Gras`, `Juli Zeh`), unlike English's (`Monday
# Standup` is Standup). Heuristic rules 12.
CALENDAR_WORDS = CALENDAR_DAYS | (frozenset(fold(m) for m in month_numbers("fr", "es", "it", "pt", "de", variants=True))
                                  - frozenset(month_numbers("en")))  # (`April`, `August`: English's too)
TIMES_OF_DAY = frozenset("""
matin matinee midi apres-midi soir soiree nuit
manana mediodia tarde noche madrugada
mattina mattino mezzogiorno pomeriggio sera serata notte
manha noite
morgen vormittag mittag nachmittag abend nacht fruh mitternacht
morning afternoon evening night noon midday midnight lunchtime
""".split())
# Those that are names too, as written (`Marco`, not `Março`): of a person (`Julio`, `Avril`,
# `Domingo`, `Mai`, `Juli`, `Marco`), a planet or a singer (`Mars`), a clinic (`Mayo`). They are
# read as before (a lone one opening a sentence names nothing unless the text capitalises it
# mid-sentence too: rule 6; `# Marco`, `Owner: Julio`, `Julio: ya llegué` name Marco and Julio), as
# `May` is, but in a day's label of several words (`Mai 2024:`) and in a German text (GERMAN_CALENDAR).
CALENDAR_NAMES = frozenset("mars mai juli julio junio avril abril domingo domenica mayo marco".split())

# German capitalises a sentence's first word and every noun, so a heading, a label or a sentence
# that opens with an adjective and its noun (`Nächstes Treffen am Dienstag`, `## Offene Fragen`,
# `Weitere Infos:`) reads as a name of two words. The adjectives that open such lines (what comes
# next or last, what is open, important, other, regular: GERMAN_ADJECTIVE, inflected -e, -es, -er,
# -en, -em) open no name there, their noun neither, unless the text capitalises the adjective
# mid-sentence too (`im Ersten Weltkrieg`), as a proper name's is. Heuristic rules 12 (and 13: before
# the same noun, `ins Neue Museum` leaves `## Neue Ideen` no name).
# Those a place's name opens as often (new, old, big, small: `Neues Museum`, `Alter Markt`, `Großer
# Garten`, `Neue Wache`) open headings too (`## Neue Ideen`, `Neuer Plan:`, `Alte Rezepte`): they are
# among them (rules 13), and whichever adjective opens it, a phrase whose noun is a kind of place
# (GERMAN_PLACE: `Museum`, `Markt`, `Garten`, `Wache`, a compound ending so, `Nationalgalerie`,
# `Hauptbahnhof`) names that place, as a name does. The adjectives of peoples (deutsch, englisch:
# `Deutsche Bahn`, `Englischer Garten`) open institutions' names more than headings: not among them.
# Nor is `Alter`, an English verb (a heading's `Alter Bridge`, `Alter Ego` named nothing): `Alte`,
# `Altes`, `Alten` are.
GERMAN_ADJECTIVE = re.compile(
    "(?!Alter$)(?:Nächst|Letzt|Erst|Zweit|Dritt|Viert|Weiter|Offen|Wichtig|Dringend|Kurz|Allgemein|Ander|Sonstig|Übrig"
    "|Restlich|Aktuell|Bisherig|Heutig|Morgig|Gestrig|Kommend|Vorig|Vorherig|Folgend|Geplant|Erledigt|Gemeinsam"
    "|Wöchentlich|Monatlich|Täglich|Jährlich|Regelmäßig|Gut|Schön|Toll|Spannend|Interessant|Einfach|Eigen"
    "|Schnell|Ganz|Neu|Alt|Groß|Klein)(e|es|er|en|em)")
_ADJECTIVE_ENDINGS = ("e", "es", "er", "en", "em")
_NOUN_ENDINGS = ("", "s", "es", "n", "en")  # a noun's case endings: `des Ersten Weltkriegs`
# The kinds of place a German place's name ends with (folded: text.fold), the noun itself or a
# compound's last part (`Neues Museum`, `Alter Markt`, `Neue Nationalgalerie`, `Alter Friedhof`);
# `Tor` only alone (`Motor`, `Autor`, `Direktor` end so). Heuristic rules 13.
GERMAN_PLACE = re.compile(
    r"(?:museum|markt|garten|platz|strasse|gasse|allee|weg|damm|ufer|brucke|kirche|dom|munster|kapelle|kloster"
    r"|schloss|burg|palais|palast|haus|hof|oper|theater|galerie|pinakothek|bibliothek|wache|park|see|berg|wald"
    r"|hafen|stadt|viertel|insel|turm|halle|saal|zoo)$|^tor$")

# kept at the end of a span: "Lunar New Year", "Independence Day"
TIME_WORDS = frozenset("day week month year night morning evening weekend".split())
# (the common words a name's last word may not be, made once: extract_one made it for each span it trimmed)
_COMMON_NOT_TIME = COMMON_WORDS - TIME_WORDS

# Every cased letter lies in planes 0 and 1 (planes 2 and 3 hold CJK ideographs,
# 14 tags, 15 and 16 private use); tests/test_bad_input.py checks this against the
# running Python's Unicode database.
CASED_PLANES_END = 0x20000


def letter_classes(*groups: frozenset[str]) -> list[str]:
    """One regex character class per group of Unicode general categories
    (`re` has no \\p{Lu}): ranges of the code points below CASED_PLANES_END
    in those categories, found at import (20-60 ms on these machines)."""
    categories = list(map(unicodedata.category, map(chr, range(CASED_PLANES_END))))
    classes = []
    for group in groups:
        spans: list[list[int]] = []
        for cp in [cp for cp, cat in enumerate(categories) if cat in group]:
            if spans and spans[-1][1] == cp - 1:
                spans[-1][1] = cp
            else:
                spans.append([cp, cp])
        classes.append("[" + "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                                     for a, b in spans) + "]")
    return classes


# Capitals and small letters of every script that has case: "Émile Zola",
# "Ødegaard", "Łódź" and "Ärzte" start names as "Bob" does. Titlecase letters
# (Lt: the digraph "ǅ") start a capitalised word too.
UPPER, LOWER = letter_classes(frozenset({"Lu", "Lt"}), frozenset({"Ll"}))
# A word character of a script that puts blanks between its words: a name's
# neighbour that makes it a part of a longer word. Han, kana and Hangul
# (text.CJK_CHARS) are none: Chinese and Japanese write a Latin name right
# against their own words (`和Alice讨论`, `Alice说`), which go on no Latin name.
_WORD_CHAR = rf"[^\W{CJK_CHARS}]"
_LETTER = rf"[^\W_{CJK_CHARS}]"
_CAP_WORD = rf"{UPPER}{_WORD_CHAR}*(?:['’&-]{_WORD_CHAR}*)*"
# a name's lower-case words; Portuguese's `do`, `dos`, `das`, Italian's `di`, Dutch's `ter` too (heuristic rules 27:
# `José dos Santos`, `Ministério do Ambiente`, `Rua das Flores` named José and Santos), as `da` and `de` were. An
# English `do` is a verb (`Can Priya do Berlin?`: cut, _do_cut), and a German text's `das` an article before a noun
# (`Heute bringt Jonas das Paket`: cut in the extractor's loop)
_CONNECTORS = frozenset("of de da del van von der la le du the do dos das di ter".split())
_CONNECT = rf"(?:{'|'.join(sorted(_CONNECTORS))})"
# The lower-case particles of names that CAP_SPAN does not join (`Maria dos Santos`, `Pieter ter
# Horst`, `Abdullah bin Zayed`, `Ortega y Gasset`): between two capitalised words of a label they
# are a name's, not a phrase's (_phrase; heuristic rules 14: `Maria dos Santos:` named Santos and
# spoke in no chat)
NAME_PARTICLES = frozenset("dos das do di della delle dei ter ten den bin ibn bint al el zu y e".split())
# A name starts where `\b` would start it, or after Markdown's `_` or `__`
# emphasis (`_Bob Marley_`: `_` is a word character, so `\b` saw no start
# there), but not inside an identifier (`snake_Case`).
_NAME_START = rf"(?<!{_LETTER})(?<!{_LETTER}_)(?<!{_LETTER}__)"
_NAME_END = rf"(?!{_LETTER})"
# Between a name's words: spaces and tabs, and the no-break spaces (U+00A0, narrow U+202F)
# that text pasted from the web, Word or Apple Notes puts there ("Rosa\u00a0Diaz")
_GAP = "[ \t\u00a0\u202f]+"
# Abbreviated titles and saints before a name (`Dr. Hoffmann`, `Prof. Dr. Weber`, `St. Mary's`,
# `Mt. Everest`; German's `Hr.` and `Fr.`, Herr and Frau): their full stop ends no sentence and
# cuts no name (heuristic rules 13: `Dr. Hoffmann` named Dr and lost Hoffmann, a sentence's first
# word). A person's title is dropped as a sentence's `The` is (PERSON_TITLES: `Dr. Hoffmann` and
# `Dr Hoffmann` name Hoffmann, the name the note writes elsewhere without it); a saint or a
# mountain is part of its place's name (`St. Mary's`, `Mt. Everest`). Alone, none is a name.
# (the titles live in text.py: frontmatter's Notion properties read a speaker's title too, and the extractor imports
# frontmatter)
from minirag_cli.text import (GERMAN_TITLES, PERSON_TITLE_WORD, PERSON_TITLES, PLACE_TITLES,  # noqa: E402
                              SPELLED_TITLES, STOPPED_TITLES, TITLES, abbreviated_person_title)


def person_title(word: str, german: bool) -> bool:
    """Is `word` a person's title before a name: abbreviated (`Dr.`, `Dr`, `Prof`: PERSON_TITLES), spelled out
    (`Professor`: SPELLED_TITLES) or, where `german` (a German text's), `Herr`, `Herrn`, `Frau` (GERMAN_TITLES)?"""
    return abbreviated_person_title(word) or word in SPELLED_TITLES or (german and word in GERMAN_TITLES)


# The roles a note writes before a person's title (`CEO Dr. Smith`, `Senator Dr. Rand Paul`, `Zahnarzt Dr. Schäfer`,
# `Mein Nachbar Herr Öztürk`), lower-cased, with ROLE_WORDS: no part of the name the title opens (rules 23, qa39).
# Only they: a title after other words is part of a name (`Keurig Dr Pepper`, `Fantastic Mr. Fox`, `Lakeview Dr Park`,
# `Martin Luther King Dr.`: fixE, review revE of qa39, they lost their words before the title or their `Dr`)
TITLE_ROLES = ROLE_WORDS | GERMAN_TITLES | frozenset(w.lower() for w in """
ceo cfo cto coo cio cmo cso vp svp evp president vice chair chairman chairwoman chairperson board director head
senator congressman congresswoman representative governor mayor minister secretary ambassador judge justice
professor lecturer dean principal chancellor provost rector officer captain commander general colonel lieutenant
sergeant sheriff detective inspector chief surgeon physician pastor reverend bishop rabbi imam founder cofounder
co-founder host speaker moderator editor advisor adviser counselor counsellor pharmacist instructor trainer lead
researcher scientist engineer lawyer attorney consultant assistant associate deputy senior junior acting interim
former team
Arzt Ärztin Zahnarzt Zahnärztin Hausarzt Hausärztin Tierarzt Tierärztin Kinderarzt Kinderärztin Frauenarzt
Frauenärztin Augenarzt Augenärztin Hautarzt Hautärztin Facharzt Fachärztin Chefarzt Chefärztin Oberarzt Oberärztin
Orthopäde Orthopädin Nachbar Nachbarin Chef Chefin Kollege Kollegin Vermieter Vermieterin Lehrer Lehrerin Professorin
Anwalt Anwältin Rechtsanwalt Rechtsanwältin Notar Notarin Steuerberater Steuerberaterin Therapeut Therapeutin
Physiotherapeut Physiotherapeutin Psychologe Psychologin Betreuer Betreuerin Doktorvater Doktormutter Bürgermeister
Bürgermeisterin Direktor Direktorin Geschäftsführer Geschäftsführerin Vorstand Leiter Leiterin Abteilungsleiter
Abteilungsleiterin Teamleiter Teamleiterin Pfarrer Pfarrerin Trainerin Herrn
""".split())
# The roles that stand before a full name as a title does (`CEO Rui Almeida`, `Mayor Carlos Moedas`, `Minister Ana
# Costa`), lower-cased: no part of the name of two words or more after them (heuristic rules 27); not TITLE_ROLES'
# words that open names too (`Team Rocket`, `General Electric Company`, `Head Start Program`)
LEAD_ROLES = frozenset("""
ceo cfo cto coo cio cmo cso vp svp evp president mayor minister senator governor ambassador congressman
congresswoman chancellor spokesperson spokesman spokeswoman councillor councilor commissioner
dn
""".split())
# ... and a carer's district nurse (`DN Sue Hart`: rules 33, a name apart from Sue Hart); not `Candidate`, `OT`, which
# open things' names too (fixN34: `Candidate Experience Survey`, `OT Bible Study` lost their first word)
# The common words a saint's place's name opens with (`Great St. Mary's`, `Great St. Bernard`): kept before
# its `St.`, where a sentence's `Great` (`Great, thanks`) is dropped (heuristic rules 16: rules 14 named
# `St. Mary's`)
SAINT_PLACE_OPENERS = frozenset("great".split())
_TITLED = rf"(?:(?:{TITLES})\.{_GAP}){{0,2}}"
# A middle initial and its full stop inside a name (`Matthew E. Peters`, `George R. R. Martin`, an author
# key's `Peters, Matthew E.` read as Matthew E. Peters: _authors) is a part of the name, kept as written
# (its key drops the stop: `matthewepeters`); its stop ended the name (rules 15: "Matthew E", and Peters
# a sentence's first word). Heuristic rules 16. Only between two capitalised words, and not after a word
# that labels with a letter (text.LETTERED: `Plan B. Tom came`, `Section C. Maria`), where the stop ends a
# sentence.
from minirag_cli.text import LETTERED  # noqa: E402
# (the initial's shape looked for first: the label words are looked back for only before one)
_INITIAL = (rf"(?={_GAP}{UPPER}\.{_GAP}{UPPER})" + "".join(rf"(?<!\b{w})" for w in sorted(LETTERED))
            + rf"(?:{_GAP}{UPPER}\.){{1,2}}(?={_GAP}{UPPER})")
# ... and two or three initials opening a name (`J. R. R. Tolkien`, `C. S. Lewis`, `T. S. Eliot`): a name whole, as a
# middle initial's is (heuristic rules 27: `Tolkien` after `R.` was a sentence's first word, and nothing was named).
# Not one (`Grade: A. Maria passed`); before a sentence's first word the last stop ends the sentence (_initials_cut)
_OPENING_INITIALS = rf"(?:{UPPER}\.{_GAP}){{2,3}}(?={_CAP_WORD})"
CAP_SPAN = re.compile(rf"{_NAME_START}(?:{_OPENING_INITIALS})?{_TITLED}{_CAP_WORD}"
                      rf"(?:{_INITIAL}|{_GAP}(?:{_CONNECT}{_GAP})?{_TITLED}{_CAP_WORD}){{0,4}}")
# Inside a span, `St.` after a name's word not opening a sentence is a street's (`at Baker St. Priya
# Raman joined`): it ends the place, and the capital after it starts a new name (rules 14: `Baker St.
# Priya Raman` was one). Not after a connector (`Church of St. Mary`), nor after a sentence's first
# word (`Visited St. Paul's`: a verb's object); `Mt.` opens its mountain (`Climbed Mt. Fuji`).
_STREET_CUT = re.compile(rf"(?<={_WORD_CHAR})(?<!\bof)(?<!\bde)(?<!\bthe){_GAP}St\.(?={_GAP})")
# ... but only where what follows reads as a new sentence's subject: names then a verb (`Priya Raman
# joined`, `Priya was`, `Tom Baker and Priya Raman came`: SUBJECT_VERB), or a name the note writes
# elsewhere too. A saint's name (SAINT_NAMES: `Fort St. John`, `King's Cross St. Pancras`), a saint's
# possessive (`Great St. Mary's`, `Old St. Paul's Church`) or a kind of place (STREET_PLACES: `Main St.
# Diner`, `Bleecker St. Café`) is the place's own name (rules 14 cut all six; a reviewer's finding).
SAINT_NAMES = frozenset("""
mary marys paul pauls peter peters petersburg john johns james george michael patrick francis thomas
andrew andrews helens helen louis lucia lucie kitts albans ives moritz tropez pancras lawrence augustine
catharines catherine gallen pauli martin mark luke matthew anne annes anthony clair joseph nicholas
stephen bernard denis etienne malo cloud leonards austell davids agnes bride bartholomew giles jude
vincent germain gotthard kilda lucy margaret edmunds neots barts kilian leger vitus ursula
""".split())
STREET_PLACES = frozenset("""
diner cafe café coffee bakery bar pub deli grill bistro kitchen tavern inn hotel hall library park
garage pizza pizzeria books bookshop church cathedral chapel abbey station stop market school hospital
clinic gym studio theatre theater cinema museum gallery shop store mall bridge square tower pharmacy
laundromat brewery apartments lofts house records
""".split())
# the verbs a journal's sentence takes after its subject (a past tense in -ed too)
SUBJECT_VERBS = ("is|was|are|were|has|had|have|will|would|can|could|should|did|does|came|comes|went"
                 "|goes|met|meets|said|says|got|left|took|gave|made|sat|ran|told|brought|showed|paid|sent"
                 "|kept|won|lost|knew|thought|found|saw|bought|wrote|drove|ate|spoke|felt|stood|crashed"
                 "|[a-z]{2,}ed")
# from a capitalised span's end: more names (`and Priya Raman`), then such a verb
# (one capitalised word a repeat, so a failing match is tried in linear time, not in every grouping)
SUBJECT_VERB = re.compile(rf"(?:(?:,|{_GAP}(?:and|&))?{_GAP}{_CAP_WORD}(?!{_WORD_CHAR}))*"
                          rf"{_GAP}(?:{SUBJECT_VERBS})(?!{_LETTER})")
_STREET_WORD = re.compile(rf"(?<!{_LETTER}){_CAP_WORD}")
_STREET_SPAN = re.compile(rf"(?:{_CAP_WORD}(?:{_GAP}(?:{_CONNECT}{_GAP})?{_TITLED}{_CAP_WORD}){{0,4}})?")
# a street's abbreviation after a capitalised word, whose full stop may end a sentence (`Went to
# Baker St. Priya was there.`: rules 14)
_PLACE_STOP = re.compile(rf"{UPPER}{_WORD_CHAR}*{_GAP}St\.$")
# a title's full stop, which ends no sentence (read back from the word after it: _sentence_start)
_TITLE_STOP = re.compile(rf"(?<!{_LETTER})(?:{TITLES})\.$")
# a saint's place keeps its possessive (`St. Mary's` is the hospital or the church, not Mary)
_SAINTS = re.compile(rf"(?<!{_LETTER})(?:St\.?|Saint){_GAP}\S+['’]s$")
# a capitalised word and the connector `the` opening a span (`Designed the HeronBoard`)
VERB_THE = re.compile(rf"{_CAP_WORD}{_GAP}the{_GAP}")
# a word shaped as an English verb's third person or past (`Leads`, `Runs`, `Plays`, `Teaches`,
# `Founded`, `Seeing`: not the -as, -is, -os, -us, -ss of `Jonas`, `Boris`, `Marcus`, `Ross`; -ed
# and -ing after three letters or more: not `Red`, `Ted`, `King`) before a name of two words or
# more, its first not a common word (`Shake It Off` stays whole). `Hans Christian Andersen` has the
# shape too: read so only when the text capitalises the first word nowhere mid-sentence.
# Irregular verbs have no such shape: the common ones that open a note's sentences (`Met Grete
# Größe at the fair.`), past tenses and bases (`Ask Jonas Berg about it`), are listed.
IRREGULAR_VERBS = ("Met|Meet|Went|Saw|Told|Tell|Took|Gave|Made|Got|Had|Ate|Left|Sent|Spoke|Bought|Brought"
                   "|Found|Heard|Kept|Lost|Paid|Ran|Sat|Thought|Wrote|Drove|Ask|Call|Email|Visit|Sold"
                   "|Taught|Caught|Felt|Knew|Led|Began|Came|Did|Held|Read|Rang|Babysat|Forgave"
                   "|Plan|Book|Text|Ping|Remind|Thank|Invite|Congratulate")
VERB_NAME = re.compile(rf"((?:{IRREGULAR_VERBS})|[A-Z][a-z]*(?:[bcdefghjklmnpqrtvwxyz]s|[a-z]{{2}}(?:ed|ing))){_GAP}")
# The verbs whose object a note names with one word (`Met Grete at the fair.`, `- Called Priya`,
# `Watched Inception`), which open no name of one word either: a person met, called or written to, a
# place visited, a work watched, played or read. A list, not VERB_NAME's -ed shape: a name's or a
# title's first word has that shape too (`Alfred Hitchcock`, `Jared Harris`, `Ahmed Khan`, `United
# Kingdom`, `Limited Edition`) and would lose it, as would an irregular verb's titles (`Lost Ark`).
# Heuristic rules 11.
ONE_NAME_VERBS = re.compile(
    "Met|Meet|Saw|Told|Tell|Paid|Taught|Ask|Asked|Call|Called|Email|Emailed|Texted|Messaged|Phoned|Pinged"
    "|Visit|Visited|Invited|Thanked|Helped|Hugged|Joined|Hired|Interviewed|Contacted|Reminded|Watched|Played"
    "|Read|Finished|Started"
    # a journal's lines drop their `I` (`Planned Aisha's farewell party.`, `Booked Lisbon for May.`,
    # `Drove Tom to the airport.`): the past tenses and imperatives that open them (rules 14: "Planned
    # Aisha" was the name)
    "|Planned|Booked|Hosted|Surprised|Celebrated|Picked|Dropped|Drove|Walked|Greeted|Welcomed|Introduced"
    "|Congratulated|Missed|Kissed|Forgave|Followed|Mentored|Coached|Tutored|Trained|Supported|Skyped"
    "|Facetimed|Rang|Wrote|Sent|Gave|Took|Brought|Showed|Comforted|Babysat|Dated|Married|Remembered"
    "|Informed|Warned|Updated|Discussed|Toured|Explored|Reached|Organized|Organised|Scheduled|Rescheduled"
    "|Plan|Book|Text|Ping|Remind|Thank|Invite|Congratulate"
    # an engineer's work log drops its `I` too (`Opened PR #4521`, `Merged PAY-1423`, `Paired with Tomasz`):
    # the past tenses of its work (rules 16: "Opened PR" was the name, in four notes)
    "|Opened|Merged|Deployed|Reviewed|Fixed|Rotated|Paired|Filed|Pushed|Shipped|Reverted|Investigated"
    "|Debugged|Reproduced|Released|Closed|Approved|Tested|Migrated|Ran|Agreed|Committed|Decided"
    # a research log's promises and advice (`Promised Chiara the warmup code.`, `- Suggested RMSNorm as an arm`,
    # `Recommended RMSNorm paper`: rules 26, they named Promised Chiara, Suggested RMSNorm)
    "|Promised|Suggested|Recommended"
    # a family's diary buys and orders things (`Bought Epaderm.`, `Ordered Lego treehouse for Maya.`: rules 28, they
    # named Bought Epaderm, Ordered Lego; `Order of the Phoenix` is no such verb)
    "|Bought|Ordered"
    # ... and answers an invitation (`- [ ] RSVP Jess`, `RSVP Oliver's party`: rules 32, RSVP Jess was a name)
    "|RSVP")
# Rules 14's journal verbs (ONE_NAME_VERBS' last lines, IRREGULAR_VERBS' bases) are nouns and names'
# first words too (`Book Club`, `Missed Connections`, `Text Editor Pro`, `Plan B Cafe`): they open no name
# of one word only where no verb follows it (`Book Club met`: the sentence's subject, SUBJECT_VERB), and
# a base opens one of two words or more only where the text writes its first word mid-sentence too
# (as before rules 14: `Invite Priya Raman` is the name, unless the note writes `Priya` elsewhere).
JOURNAL_VERBS = frozenset((
    "Planned|Booked|Hosted|Surprised|Celebrated|Picked|Dropped|Drove|Walked|Greeted|Welcomed|Introduced"
    "|Congratulated|Missed|Kissed|Forgave|Followed|Mentored|Coached|Tutored|Trained|Supported|Skyped"
    "|Facetimed|Rang|Wrote|Sent|Gave|Took|Brought|Showed|Comforted|Babysat|Dated|Married|Remembered"
    "|Informed|Warned|Updated|Discussed|Toured|Explored|Reached|Organized|Organised|Scheduled|Rescheduled"
    "|Plan|Book|Text|Ping|Remind|Thank|Invite|Congratulate").split("|"))
# The past tenses a journal opens a line with before the one person or place it met, wrote to or reached, beside
# ONE_NAME_VERBS' (`Pitched Claire.`, `Arrived Rome.`), or one of these third persons of a contact's page (`Prefers
# Signal.`), are no part of the one name after them either, where no verb follows that name (heuristic rules 27:
# `Pitched Claire`, `Prefers Signal` were names). A list, not the -ed shape names27 read: `Fareed Zakaria`, `Khaled
# Hosseini`, `Sacred Heart`, `Twisted Sister` have it (fixN, review revA: they lost their first word)
# ... and a landlord's and a grower's logs' (`Deposited Derek's ck`, `Borrowed Dev's ladder`: rules 33, they were
# names), but not before a field's or a table column's name, which they open too (fixN34: `Invoiced Total:`, `|
# Refunded Amount |` named Total, Amount). No `Listed` (`Listed Building consent`, `Listed Price`)
LEDGER_PASTS = frozenset("Deposited Borrowed Posted Advertised Refunded Reimbursed Invoiced".split())
LONE_NAME_PASTS = frozenset("Pitched Arrived Landed Briefed Quoted Chased Nudged".split()) | LEDGER_PASTS
# a field's name ends before its colon (bold or not: `**Invoiced Total:**`) or a table's cell's bar
_FIELD_NAME_END = re.compile(r"[ \t]*(?:\*\*|__)?[ \t]*[:|：]")
THIRD_PERSON_VERBS = frozenset("""
Prefers Likes Loves Hates Wants Needs Knows Owns Speaks Lives Works Uses Runs Leads Manages Covers Edits Writes
Hides Meets Finds Keeps Saves Kills Betrays Marries Rescues Shelters Protects Fears Blames
Warns Serves Owes Visits Helps Joins Follows Teaches Sends Tells Takes Leaves Adopts
""".split())
# ... (rules 31: a novelist's character sheet, `- Hides Maren and Wren after the fire`, named Hides Maren, ranked
# first on every question of Maren)
# a line of two words alone (`Lives Matter.`, `- Speaks Volumes`), its list marks and stop aside: a title's
_OWN_LINE = re.compile(r"[ \t>*+#-]*[^\s.!?]+[ \t]+[^\s.!?]+[ \t]*[.!?]?[ \t]*")


def _line_at(text: str, pos: int) -> str:
    """The line of `text` holding `pos`."""
    end = text.find("\n", pos)
    return text[text.rfind("\n", 0, pos) + 1:end if end >= 0 else len(text)]


JOURNAL_BASES = frozenset("Rang Babysat Forgave Plan Book Text Ping Remind Thank Invite Congratulate".split())
# ... but the bases whose object is a person, not a thing (`Invite Priya Raman to the review.`, `Ping Tom
# Baker`, `Remind Aisha Khan about the keys`), are cut from a full name of two or three words after them
# as `Email`, `Ask` and `Call` are (IRREGULAR_VERBS), where no verb follows it (`Ping Pong Club met`: the
# subject). Heuristic rules 16: rules 14's names11 kept `Invite Priya Raman` whole, `Plan B Cafe`'s cost.
PERSON_BASES = frozenset("Invite Ping Remind Thank Congratulate".split()) | {"Rang"}
# ... and `Rang`, a past the list of bases holds, whose object is a person too (`Rang Pete Ashworth re: queens`, `- Rang
# Karen Smith about the deposit`: rules 33, they were names), not before a particle (`Rang De Basanti`, a film: fixN34)
# A to-do item's imperative (heuristic rules 21, names20): the verb opening a task line, `- [ ] Send Priya the
# budget`, `- [ ] Finish Harbor docs`, `TODO: Call Mom`, a todo.txt line, is no part of the name after it
# (`Send Priya`, `Finish Harbor` were names), where no verb follows that name (`- Review Board met`: the subject).
# Only where a line or a task label opens with it (_task_opening), or where the text capitalises the name after it
# mid-sentence too (`Send Priya the budget.` beside `with Priya`): these bases name nothing in a task, but a
# title may open with one (`Clean Code`, `Make Time`, `Get Out`: such bases are left out, as are JOURNAL_BASES,
# which rules 14 read). Those that are verbs at any sentence start already (IRREGULAR_VERBS' `Call`, `Email`,
# `Ask`) are listed for a task label's colon (`TODO: Call Mom` named Call Mom).
TASK_VERBS = frozenset("""
Send Forward Finish Email Mail Call Ask Tell Message Pay Repay Reply Contact Meet Visit Schedule Reschedule Prepare
Draft Update Review Submit Fix Check Buy Order Cancel Renew Sign Help Pick Confirm Follow Interview Hire Introduce
Write Read Watch Return Bring Collect Wish Greet Hug Feed Walk Deploy Merge Ship Phone Nudge Notify RSVP
Chase Ring Pitch Invoice
Drop Prep
""".split())
TASK_VERB = re.compile(rf"({'|'.join(sorted(TASK_VERBS))}){_GAP}")
CAMEL = re.compile(rf"{_NAME_START}{UPPER}{LOWER}+(?:{UPPER}{LOWER}+)+{_NAME_END}")
# A line's blanks before its tag are spaces and tabs: a run of blank lines
# before a line (`^\s*` spanned them) was read again from each of its line
# starts, time growing with the square of the run; the tags found are the same.
# A tag is a capitalised one followed by `: ` (or by a full width `：` before
# Chinese or Japanese words: `Tom：好的`; LiHua's one `LiHua：Got it!` line is
# read as before, its model view the same), or 2 to 12 Han, kana or Hangul
# characters (`张伟`, `田中さん`, `王师傅`; their parts apart by a blank or a
# middle dot: `田中 太郎`) followed by either colon, with or without a blank:
# Chinese and Japanese write none after one, and have no capitals to tell a
# name by.
_CJK_TAG = rf"[{CJK_CHARS}](?:[{CJK_CHARS}]|[ ·](?=[{CJK_CHARS}])){{1,11}}"
_TAG = (rf"({UPPER}(?:{_WORD_CHAR}|[.'’ -]){{0,40}}?(?=:\s|：[ \t]*[{CJK_CHARS}])|{_CJK_TAG}(?=[ \t]*[:：]))"
        r"(?::\s|[ \t]*[:：])")
SPEAKER = re.compile(rf"^[^\S\n]*{_TAG}", re.MULTILINE)
# A chat log's line that opens with its day and time (`[2026-11-03 09:15] Priya: can you look ...`, `2026-11-05
# 20:01 Oskar: dinner?`, a jrnl entry's time: _JRNL_TIME) and then a speaker's tag: read as SPEAKER's (rules 20,
# fixS4: such a log named none of its speakers, read as a journal whose entry titles open sentences)
# ... and a WhatsApp export's (rules 28: `[12/11/2026, 18:04] Sarah Mum: ...` pasted from iOS, `12/11/2026, 18:04 -
# Sarah Mum: ...` from Android, the day first or the month, the year of two figures or four), which named no speaker
_STAMP = (r"(?:\[\d{4}-\d\d-\d\d \d{1,2}:\d\d(?::\d\d)?(?: ?[AaPp][Mm])?\]"
          r"|\d{4}-\d\d-\d\d \d{1,2}:\d\d(?::\d\d)?(?: ?[AaPp][Mm])?"
          r"|\[\d{1,2}/\d{1,2}/\d{2,4},? \d{1,2}:\d\d(?::\d\d)?(?:[ \u202f]?[AaPp]\.?[Mm]\.?)?\]"
          r"|\d{1,2}/\d{1,2}/\d{2,4},? \d{1,2}:\d\d(?::\d\d)?(?:[ \u202f]?[AaPp]\.?[Mm]\.?)? [-–])")


def _may_stamp(text: str) -> bool:
    """Can a line of `text` open with a chat log's day and time (_STAMP: an ISO day's `-` or a WhatsApp one's `/`)?
    A cheap test before STAMPED_SPEAKER looks."""
    return "-" in text or "/" in text


STAMPED_SPEAKER = re.compile(rf"^[^\S\n]*{_STAMP}[ \t]+{_TAG}", re.MULTILINE)
# A Markdown note writes its labels in bold or italics as often as not (`**Attendees:** Priya`,
# `- **Owner**: Priya`, `*Status:* done`): the emphasis around a tag, before or after its colon,
# is no part of it (heuristic rules 11). Such a tag labels a line, and never speaks: a chat's
# message that lists a recipe's `**Ingredients:**` (LiHua's) names no person.
_EMPH = r"(?:\*\*?|__?)"
# What _is_emoji reads as an emoji: a symbol, a skin tone (So, Sk), the variation selector U+FE0F, the joiner U+200D
_EMOJI_CATEGORIES = ("So", "Sk")
_EMOJI_JOINERS = "\ufe0f\u200d"


def _emoji_class() -> str:
    """The characters _is_emoji takes in the blocks emoji are drawn from (Latin-1's `©`, U+2000 to U+2BFF's
    arrows, symbols and dingbats, the CJK symbols' `㊗`, U+1F000 to U+1FAFF's pictographs and flags' letters),
    as a regex class's ranges: scanned from the Unicode database once, so a label's emoji (ITEM_LABEL) is
    the sentence start's (_sentence_start); a symbol of another block is not skipped before a label."""
    ranges, first, last = [], None, None
    for code in itertools.chain(range(0xA0, 0x100), range(0x2000, 0x2C00), range(0x3000, 0x3300),
                                range(0x1F000, 0x1FB00)):
        if unicodedata.category(chr(code)) not in _EMOJI_CATEGORIES:
            continue
        if last is not None and code == last + 1:
            last = code
            continue
        if first is not None:
            ranges.append((first, last))
        first = last = code
    ranges.append((first, last))
    return "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in ranges) + _EMOJI_JOINERS


# emoji after a line's marks, apart by blanks or not (`- 👩‍💻 Priya: backend`, `- ⭐ ⭐ Marta:`): read past
# before a label (ITEM_LABEL) as a sentence's start reads past them (_sentence_start, rules 18: the item's
# label, no longer a label, named nobody); runs apart by a blank at least, so a long run is read once, not
# split every way
_EMOJI_CHARS = _emoji_class()
_EMOJI = rf"[{_EMOJI_CHARS}]+(?:[ \t]+[{_EMOJI_CHARS}]+)*[ \t]*"
_LABEL_TAG = (rf"({UPPER}(?:{_WORD_CHAR}|[.'’ -]){{0,40}}?(?={_EMPH}?:{_EMPH}?\s|：[ \t]*[{CJK_CHARS}])"
              rf"|{_CJK_TAG}(?=[ \t]*[:：]))(?:{_EMPH}?:{_EMPH}?\s|[ \t]*[:：])")
LABEL = re.compile(rf"^[^\S\n]*{_EMPH}{_LABEL_TAG}", re.MULTILINE)
# the emphasis that closes a label after its colon (`**Attendees:** Priya`): its value starts after it
_CLOSE = re.compile(rf"{_EMPH}?")
# a sentence's end or a label's colon, and the emphasis closing it (`**Status:** Blocked`)
_CLOSED = re.compile(rf"[.!?:;]{_EMPH}$")
_OPENED = re.compile(rf"(?<![*_\w]){_EMPH}$")
_COLON = re.compile("[:：]")
CJK_PEOPLE = re.compile(rf"[ \t]*({_CJK_TAG}(?:[ \t]*[、，,/][ \t]*{_CJK_TAG})*)[ \t]*[。.]?[ \t]*$", re.MULTILINE)
# a chat export's header: a date and a time of day on a line of their own
# (LiHua's `Time: 20260105_11:00`); a meeting note's `Date: 2024-05-01` is none
CHAT_STAMP = re.compile(r"^[ \t]*(?:time|date)[ \t]*:[ \t]*\d{4}-?\d{2}-?\d{2}[_ T]\d{1,2}:\d{2}(?::\d{2})?[ \t]*$",
                        re.IGNORECASE | re.MULTILINE)
# a label's value that lists capitalised words (`Priya`, `Priya, Tom Baker`,
# `Ana & Bo`), names and nothing else, up to the end of its line (matched after the label's colon).
# Its end, blanks and a full stop, has one way to match blanks (`[ \t]*\.?[ \t]*` had as many as
# the blanks, tried for each of them: a line of spaces took time growing with their square).
NAME_LIST = re.compile(rf"[ \t]*({_CAP_WORD}(?:{_GAP}{_CAP_WORD})*(?:(?:[ \t]*[,/][ \t]*|[ \t]+(?:&|and)[ \t]+)"
                       rf"{_CAP_WORD}(?:{_GAP}{_CAP_WORD})*)*)[ \t]*(?:\.[ \t]*)?$", re.MULTILINE)
# A straight quote glued to the word or the stop before it closes a quote, and one glued to the word after it opens
# one: neither pairs with the next quote (`"…by the object." — Weil, "Reflections on the Right Use of School Studies
# with a View to the Love of God"` quoted ` — Weil, `, a work Weil: heuristic rules 32, names32b). A title-cased
# quote of 9 to 20 words is a title too (LONG_TITLE_WORDS: that essay's words named Use of School Studies, View).
# Glued to a Latin letter or a digit only: Chinese and Japanese write no blank around a quote (`我读了"The Great
# Gatsby"，`, `東京で"Spirited Away"を見た`: fixNB, review of names32b; they named Gatsby, nothing)
_LATIN_ALNUM = r"A-Za-z0-9\u00c0-\u024f"
QUOTED = re.compile(rf"(?:(?<![{_LATIN_ALNUM}.!?…])\"|“)([^\"“”\n]{{2,150}})(?:\"(?![{_LATIN_ALNUM}])|”)"
                    r"|「([^「」\n]{2,60})」")
LONG_TITLE_WORDS = range(9, 21)
# Chinese title marks 《》 and Japanese 『』 say that what they hold names a work
# (a book, a film, a song, a game: `『けいおん！』`), capitals or none. A 『』
# inside a 「」 quote, or holding a sentence (`。`), is a quote in a quote,
# which Japanese marks so too (_in_corner_quote). 「」 is a quotation mark
# (Japanese, and Chinese as Taiwan and Hong Kong write it), read as `"..."`
# is (QUOTED: a work when it has a capital): what it holds is mostly words
# said, not a name.
CJK_TITLE = re.compile(r"《([^《》\n]{1,60})》|『([^『』\n。]{1,60})』")
# Speech is no title (rules 14): a novel's dialogue, `"Why do you want it?" Aëlys asked.`, `"Tommy-Fish,"
# he said`, was a work, and a character a quoted name of theirs joined was one too. A quote is said when a
# verb of speech stands next to it (SAID_AFTER: `," he said`, `" Aëlys asked`, `," said the Captain`;
# SAID_BEFORE: `Hale said, "`, `asked: "`), or when it is written as a sentence is, not as a title
# (_title_cased: `"My mother,"`, `"K'tara waited,"`, `"the Captain"`). Its closing punctuation alone
# says nothing: LiHua's chats quote titles American style (`"Wonderwall," "Hey Jude," and "Come
# Together."`, `"Hotel California!"`). `called` names (`a café called "The Java Spot."`): no verb of speech.
SPEECH_VERBS = ("said|says|say|asked|asks|ask|whispered|whispers|replied|replies|answered|answers|shouted|"
                "shouts|muttered|mutters|murmured|murmurs|added|adds|cried|cries|snapped|snaps|yelled|yells|"
                "hissed|hisses|sighed|sighs|laughed|laughs|growled|growls|breathed|breathes|demanded|demands|"
                "insisted|insists|repeated|repeats|warned|warns|admitted|admits|continued|continues|began|"
                "begins|told|tells|exclaimed|exclaims|protested|protests|agreed|agrees|offered|offers|"
                "interrupted|interrupts|called out|calls out")
_SPEAKER = r"(?:[Hh]e|[Ss]he|[Tt]hey|I|[Ww]e|[Yy]ou|[Ii]t|(?:the|[Hh]is|[Hh]er|[Mm]y|[Oo]ur|[Tt]heir)\s+[\w'’-]+|[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)"
SAID_AFTER = re.compile(rf"[ \t]*,?[ \t]*(?:{_SPEAKER}[ \t]+)?(?:{SPEECH_VERBS})\b")
SAID_BEFORE = re.compile(rf"\b(?:{SPEECH_VERBS})(?:[ \t]+[\w'’-]+){{0,3}}[ \t]*[,:][ \t]*$")
# the words a title writes in lower case (`Life is Strange`, `Viva la Vida`, `Hymn for the Weekend`)
TITLE_SMALL_WORDS = frozenset("""
a an the and but or nor for so yet of to in on at by up as is are was be vs via with from into onto over per
out off de del la le les el los las du da di des von van der den dem zu und y e et o
""".split())
# how far back on its line a quote looks for a verb of speech before it
SAID_REACH = 60
# A quote of one word and an exclamation or a question mark (`"Stop!"`, `"Really?"`, `"Anna?!"`) is a
# word cried or asked, no title of a work (heuristic rules 16: a novel's lone `"Stop!"` was a work). A
# title of two words or more keeps its mark (`"Hotel California!"`, `"Mamma Mia!"`); the cost: a one-word
# title that ends so (`"Oklahoma!"`, `"Help!"`) is no work either.
EXCLAIMED = re.compile(r"[^\s!?]+[!?]+")
# ... and so is a quote of one word broken off (`"Four—"`, `"Wait…"`, `"But-"`): no title ends with a dash (heuristic
# rules 31). A one-word title with its full stop is one still (`"Wonderwall." Oasis, 1995`, `I love "Yesterday."`).
CUT_OFF = re.compile(r"[^\s—–…-]+(?:[—–…-]+|\.\.\.)")
# how far back on its line a 『』 looks for the 「 of a quote it is inside
QUOTE_REACH = 200

# a tag or handle starts with a letter of any script ("#Zürich", "@Øyvind")
# (whole, however long: Obsidian's are; a chunk's runs of over LONGEST_EXTRACTABLE_WORD
# characters never reach the extractor, sync.extractable_text)
# A dot inside a tag is the tag's (Dendron's hierarchy tags, `#proj.alpha`, heuristic rules 18: it was
# `#proj`, joined to every `Proj` of the vault); one ending it is the sentence's (`about #python.`)
HASHTAG = re.compile(r"(?<![\w#])#([^\W\d_][\w/-]+(?:\.[\w-][\w/-]*)*)")
HANDLE = re.compile(r"(?<![\w@])@([^\W\d_][\w.-]*[^\W_])")
# Bear's tag of several words, closed by a `#` (`#reading list#`, `#work/big plans#`), on one line: the tag
# whole (heuristic rules 20, qa33: it was `#reading`, its other words text). Up to six words; a last word of
# one character is a language's name, no tag's end (`#dotnet in C#`)
BEAR_TAG = re.compile(r"(?<![\w#&/])#([^\W\d_][^\s#]*(?:[ \t]+[^\s#]+){1,5})(?<![ \t][^\s#])#(?![\w#])")
# Bear's highlight, `::Remember the card::`, and the `==mark==` of Bear, Obsidian and iA Writer: their marks
# name nothing, and a sentence opened inside one opens as it would without them (rules 20: `::Ask about the
# tiles::` named Ask, `==Must try the nata==` Must). A mark closes on its line, before no blank, as it opens
# before none; `title:: Gardening` (Logseq's property) and `a == b` open none. Roam's `^^highlight^^` too (rules
# 21, qa35: `^^Ask about the tiles^^` named Ask). Not a strikethrough's `~~...~~`, `~...~` (rules 23 tried it and
# took it out, fixG: a struck word opening a line then opened its sentence, and `~~Marta~~ Jonas` named Jonas alone).
_MARKS = re.compile(r"::|==|\^\^")
_MARK_EDGE = frozenset(":=^")


# iA Writer's content block: a line of its own holding a path from the note's folder, `/Chapter 2.md`, `/assets/
# budget.csv`, `/assets/photo.jpg "The view"` (a title after it), which its preview replaces with that file (a note
# transcluded, a table, an image). One to a note links to it, as `![[Chapter 2]]` would; the path names nothing
# by its words and the title is read as a caption's text (rules 20, qa33: `/Chapter 2.md` named Chapter, a
# caption in quotes was a work's title)
IA_BLOCK = re.compile(r"^([ \t]{0,3})(/[^\s/\"'()][^\n\"'()]*?\.[^\W_]{1,10})"
                      r"(?:([ \t]+)([\"'(])([^\n\"'()]*)([\"')]))?[ \t]*$", re.MULTILINE)


def ia_blocks(text: str) -> tuple[str, list[EntityMention]]:
    """`text` with its iA Writer content blocks' paths (IA_BLOCK) blanked, and their titles' quotes (their
    offsets kept), and the notes the blocks of notes link to (link_target)."""
    if "/" not in text:
        return text, []
    found = []

    def blank(m: re.Match) -> str:
        path = m.group(2)
        if path.lower().endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES):
            target = link_target(path[1:])
            if target is not None:
                found.append(target)
        title = "" if m.group(3) is None else m.group(3) + " " + m.group(5) + " "
        return m.group(1) + " " * len(path) + title + " " * (len(m.group()) - len(m.group(1)) - len(path) - len(title))

    return IA_BLOCK.sub(blank, text), found


def without_highlight_marks(text: str) -> str:
    """`text` with the marks of its highlights (`::...::`, `==...==`, `^^...^^`: above) blanked, each a blank, so the
    rest keeps its offsets and reads as the text they mark. In one pass: a mark opens before no blank
    nor word character ahead of it (a `:`, `=` on neither side), and closes the first one of its kind
    opened on its line, after no blank and before no word character (a regex's lazy search from each
    opener to its line's end took 80 s on a 120,000-character line of `a ==b`)."""
    if "::" not in text and "==" not in text and "^^" not in text:
        return text
    opened: dict[str, tuple[int, int]] = {}  # mark -> (where the open one is, where its line ends)
    blank = []
    n = len(text)
    for m in _MARKS.finditer(text):
        mark, at = m.group(), m.start()
        before = text[at - 1] if at else "\n"
        after = text[at + 2] if at + 2 < n else "\n"
        waiting = opened.get(mark)
        if waiting is not None and at > waiting[1]:
            del opened[mark]  # its line ended unclosed
            waiting = None
        if waiting is not None and not before.isspace() and before not in _MARK_EDGE \
                and not (after.isalnum() or after == "_") and after not in _MARK_EDGE:
            blank += [opened.pop(mark)[0], at]
            continue
        if waiting is None and not (before.isalnum() or before == "_") and before not in _MARK_EDGE \
                and not after.isspace() and after not in _MARK_EDGE:
            end = text.find("\n", at)
            opened[mark] = (at, n if end < 0 else end)
    if not blank:
        return text
    out, last = [], 0
    for at in sorted(blank):
        out += [text[last:at], "  "]
        last = at + 2
    out.append(text[last:])
    return "".join(out)


# A chat export's speaker by their handle after the line's time (`[10:14] priya.r: ...`, `[14:26] sam.okafor:`,
# Slack's copy): a handle of two parts or more, lower-case, apart by `.` or `_` (`me:`, `pagerduty:` are none),
# read as `@priya.r` is, so it joins the person it names (handle_names; `sam.okafor` is Sam Okafor's key).
# Heuristic rules 16: an engineer's Slack exports named neither Priya Raman nor Sam Okafor.
STAMPED_HANDLE = re.compile(r"^[ \t]*\[\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp][Mm])?\][ \t]+"
                            r"([a-z][a-z0-9]*(?:[._][a-z0-9]+)+):[ \t]", re.MULTILINE)
# A Pandoc citekey as Zotero's Better BibTeX makes it: lower-case surname, year, lower-case title
# word (`smith2021attention`, `mueller2019`); in a chat, `@tom2024` is still someone's handle
CITEKEY = re.compile(r"[a-z]+(?:1[5-9]|20)\d\d[a-z]*")
# A Pandoc citation key after its `@`: letters, digits, `_` and the punctuation Pandoc allows inside a key
# (`vaswani:2017`, `Smith.2020a`, `doe/2019`), ending with a letter or a digit (bracketed_citation)
_PANDOC_KEY = re.compile(r"[^\W_](?:[\w:.#$%&+?<>~/-]*[^\W_])?")


def bracketed_citation(text: str, at: int) -> str | None:
    """The key of the Pandoc citation whose `@` is at `at` in `text` when it stands in a citation's brackets
    on one line (`[@a; @b]`, `[see @a, p. 3]`, `[-@a]`: after the `[`, a `;` or a blank, a `-`) and holds a
    figure, as a key holds its year, else None."""
    open_at = text.rfind("[", max(0, at - 200), at)
    if open_at < 0 or "]" in text[open_at:at] or "\n" in text[open_at:at]:
        return None
    if at > 0 and text[at - 1] not in "[ \t;-":
        return None
    m = _PANDOC_KEY.match(text, at + 1)
    if m is None or not any(c.isdigit() for c in m.group()):  # a key holds its year: `[cc @tom]` is a handle
        return None
    close = text.find("]", m.end(), m.end() + 200)
    return m.group() if close >= 0 and "\n" not in text[m.end():close] and "[" not in text[m.end():close] else None


# a Logseq property's page link, `[[Veg patch]]` or `#[[Machine Learning]]` (_read_properties)
LOGSEQ_PAGE = re.compile(r"#?\[\[([^\[\]\n]+)\]\]")
# Logseq's block id, the `id::` property of a block another block refers to (`id:: 6543a1b2-...`), and a
# block reference, `((6543a1b2-...))` (an embed's too: `{{embed ((6543a1b2-...))}}`): the reference
# links to the page that holds the block (note_aliases, sync.alias_forms; rules 17, logseq2's part)
BLOCK_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
BLOCK_REF = re.compile(r"\(\((" + BLOCK_UUID.pattern + r")\)\)", re.IGNORECASE)
BLOCK_ID_KEY = "id"
# A Joplin item's id (a UUID without dashes), its RAW export's or sync target's file name (`<id>.md`), and a
# link to a note by it, `[Boiler service](:/973f…)` (`![photo](:/…)` of a resource: its id is no note's),
# Joplin's own link form, with a `#heading` or not: the link mentions the note with that id (rules 19)
JOPLIN_FILE = re.compile(r"([0-9a-f]{32})\.md")
JOPLIN_LINK = re.compile(r"\]\(\s*:/([0-9a-f]{32})(?:#[^)\s]*)?\s*\)")
# A Denote note's file name, `IDENTIFIER==SIGNATURE--TITLE__KEYWORDS.EXT`: its identifier, the time it was made
# (`20261201T093000`), then its signature, title and keywords, each optional; and a link to it by the identifier,
# Org's `[[denote:20261201T093000][Meeting with Priya]]` (`::search` after it or not) or Markdown's
# `[Meeting with Priya](denote:20261201T093000)`: the link mentions the note of that identifier (rules 20)
DENOTE_ID = re.compile(r"\d{8}T\d{6}")
DENOTE_FILE = re.compile(r"(\d{8}T\d{6})(?:==[^.]*?)?(?:--(?P<title>[^.]*?))?(?:__[^.]*)?\.[^.]+")
DENOTE_LINK = re.compile(r"(?:\[\[|\]\(\s*)denote:(\d{8}T\d{6})(?=[\]):\s])")
# a Denote link with its description, Org's `[[denote:…][Old retro]]` or Markdown's `[Old retro](denote:…)`: the
# link mentions its note by the identifier (sync); its description names nothing of its own (review revT: a link
# to an identifier no note has named its first word, `Old`), so the extractor reads it as blanks
DENOTE_DESCRIBED = re.compile(r"\[\[[ \t]*denote:[^\[\]\n]*\]\[[^\[\]\n]*\]\]|\[[^\[\]\n]*\]\([ \t]*denote:[^()\s]*[ \t]*\)")
# how note_aliases writes a Joplin note's title among its aliases: the name the note's own entity has
# (sync.joined_names, sync._name_notes read it there, for every note of the folder, as recorded), no alias
JOPLIN_TITLE = "joplin-title:"
# how note_aliases writes a note's front matter `title:` among its aliases when the note has aliases: the name their
# entity has when the note's file name names it not (`people/keller.md`, `title: Prof. Anna Keller`: sync.joined_names;
# rules 26, its aliases joined nothing); no alias itself
NOTE_TITLE = "note-title:"
# front matter keys whose values are the note's tags, and its names
TAG_KEYS = ("tags", "tag")
TITLE_KEYS = ("title", "aliases", "alias")
# the note's other names (note_aliases); a literature note's citation key (Zotero Integration's and the Citations
# plugin's `citekey:`) is one, by which `\cite{}`, `[@key]` and a `.bib` entry name it (rules 21, qa38)
ALIAS_KEYS = ("aliases", "alias", "citekey", "citation-key")
# `[[target#heading^block|shown text]]`, `![[...]]` an embed: one line, no
# brackets inside (Obsidian allows none of `[ ] | # ^` in a note's name). A
# target longer than any file name is no link.
WIKILINK = re.compile(r"!?\[\[([^\[\]\n]{1,255})\]\]")
# A Dendron note's name: a lower-case hierarchy of dotted parts, the first a word (`proj.alpha.meetings`,
# `daily.journal.2026.11.03`, `ref.vendors.helix-data`), maybe in another vault (`dendron://work/proj.alpha`)
# and with its heading (`#decisions`); its file name is one name, whole (note_name). Not a file name with
# its extension (`notes.md`) nor a version (`v1.2`: no word first).
DENDRON_NAME = re.compile(r"(?:dendron://[\w.-]+/)?[a-z][a-z_-]*(?:\.[a-z0-9_-]+)+(?<!\.md)(?<!\.markdown)(?<!\.txt)"
                          r"(?:#[^\s|#]*)?")
# Dendron's epoch milliseconds (`created: 1793696400000`): 13 digits, 2001 to 2286
EPOCH_MS = re.compile(r"[1-9]\d{12}")


def dendron_note(matter: frontmatter.FrontMatter | None) -> bool:
    """Is the note whose front matter is `matter` one Dendron wrote? Dendron opens every note it makes
    with `id:`, `title:`, `desc:`, `updated:` and `created:`, the times in epoch milliseconds
    (`updated: 1793705400000`), which no Obsidian or Foam note writes: the note's own sign, read
    from its text, so a re-extraction (which reads no file) and a rebuild read the note alike, and
    a vault synced without the workspace's `dendron.yml` above it is known too."""
    if matter is None or matter is frontmatter.OWN:
        return False
    keys = {e.key.lower(): e.values for e in matter.entries}
    return "id" in keys and "title" in keys and all(
        len(keys.get(k, ())) == 1 and EPOCH_MS.fullmatch(keys[k][0]) for k in ("created", "updated"))


def dendron_links(text: str) -> str:
    """`text` (a Dendron note's: dendron_note) with each wikilink's two parts written the other way
    round, as Obsidian and Foam write them: Dendron writes a link's shown text before its `|`, the note
    after it (`[[Alpha meetings|proj.alpha.meetings]]`), read so the link is to `proj.alpha.meetings`
    and `Alpha meetings` is text (heuristic rules 18: the link named `Alpha meetings`). Only in a
    Dendron note: Obsidian's `[[JavaScript runtime|node.js]]` links its note, `JavaScript runtime`.
    Each link keeps its length and place, so the text around it keeps its offsets."""
    if "|" not in text or "[[" not in text:
        return text

    def swapped(m: re.Match) -> str:
        target, bar, shown = m.group(1).partition("|")
        if not bar:
            return m.group()
        return m.group()[:m.start(1) - m.start()] + shown + bar + target + "]]"
    return WIKILINK.sub(swapped, text)


def generated_title(path: str, title: str) -> bool:
    """Is `title` the one Dendron writes for the note at `path`, its file name's last hierarchy part
    capitalised (`proj.alpha.meetings.md`: `Meetings`, `root.md`: `Root`, `ref.vendors.helix-data.md`:
    `Helix Data`), case and `-` aside? Such a title names nothing of its own (heuristic rules 18: every
    `Meetings`, `Root`, `Journal` was a name, `Alpha` one apart from `proj.alpha`): the note is its file
    name's entity."""
    stem = path.rsplit("/", 1)[-1]
    stem = stem.rsplit(".", 1)[0] if stem.lower().endswith(MARKDOWN_SUFFIXES) else stem
    last = stem.rsplit(".", 1)[-1]
    folded = lambda s: " ".join(re.split(r"[\s_-]+", s.casefold())).strip()
    return bool(last) and folded(title) == folded(last)
# an embed's target that is a file, not a note
ATTACHMENT = re.compile(r"\.(?:png|jpe?g|gif|bmp|svg|webp|avif|tiff?|heic|pdf|mp[34]|m4a|wav|ogg|flac|webm|mov|mkv|"
                        r"avi|base)$", re.IGNORECASE)
# the notes wikilinks link to (a `.txt` note is named by no link)
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
# An Excalidraw drawing: Obsidian's plugin saves `Plan.excalidraw.md` (a plain `Plan.excalidraw` is
# the same drawing without its Markdown) and links it `[[Plan.excalidraw]]`. Both are the note
# named Plan (note_name, link_target), never a date (`2024-05-01.excalidraw.md` is no daily note,
# text.file_date). Heuristic rules 13: the note was "Plan.excalidraw" and the link an attachment's.
# An Obsidian canvas, `Board.canvas`, linked `[[Board.canvas]]`, is the note named Board too (sync
# indexes a canvas's text: notekinds.py); the link was an attachment's, reaching nothing (rules 14).
DRAWING_SUFFIX = re.compile(r"\.(?:excalidraw(?:\.md)?|canvas)$", re.IGNORECASE)
# the other kinds of note sync reads as text (walk.NOTE_EXTENSIONS: `.txt`, `.org`, `.rst`, ...): a link
# to one (`[log](notes/log.txt)`, `[[log.txt]]`) names it by its file name without the extension, which
# names the note only when a link of its folder does so (linkable_name; heuristic rules 17: the link
# named `log.txt` or nothing, and no link joined such a note)
# Not an Org archive (`notes.org_archive`): no note links to one, and its name would be `notes.org`'s.
# A Jupyter notebook (readers 8) is such a note (heuristic rules 19): `[run](nb/a.ipynb)`, `[[a.ipynb]]` and,
# while one of those names it, `[[a]]` link to `nb/a.ipynb` as to a `.txt` note (under rules 18 the link was an
# attachment's, reaching nothing).
PLAIN_SUFFIXES = tuple(sorted(s for s in NOTE_EXTENSIONS
                              if s not in MARKDOWN_SUFFIXES and DRAWING_SUFFIX.search(s) is None
                              and s != ".org_archive"))
# The name the Excalidraw plugin gives a new drawing (`Drawing 2026-11-03 10.15.22.excalidraw.md`):
# a time stamp, no title, which names nothing (rules 14: the note and its links were "Drawing
# 2026-11-03 10.15.22"), as a timestamped `.txt` note is named by nothing.
DEFAULT_DRAWING = re.compile(r"Drawing[ _-]\d{4}-\d{2}-\d{2}[ _-]\d{1,2}\.\d{2}(?:\.\d{2})?", re.IGNORECASE)
# What a line opens with before its first word when it is a list item or a
# quote: blanks (a Logseq outline's indentation), `>` quote marks, then a
# bullet (`-`, `*`, `+`) or a number (`1.`, `1)`) with a task's box (`[ ]`,
# `[x]`) or not; one mark at least. The word after it starts a sentence, as
# the line's first word does (`- Plays bass on Thursdays.` names no Plays).
# A quote's marks may open an Obsidian callout, whose title's first word starts a sentence as a
# heading's does (`> [!note] Goal`, `> [!warning]- Risks`: heuristic rules 11).
LINE_MARKS = (r"[ \t]*(?=[>*+\d-])(?:>[ \t]*)*(?:\[![\w-]{1,40}\][+-]?[ \t]+)?"
              r"(?:(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[^\]\n]\][ \t]+)?)?")
# A struck task, a strikethrough opening a line or a list item whose first word is a to-do's verb
# (TASK_VERBS) before a lower-case word (`~~Cancel the hotel~~`, `- [x] ~~Email the bank~~`): read as the line
# without its opening marks, the verb a line's first word (rules 24, names24: Cancel, Email were names), its closing
# ones kept to end a name (fixB). A struck name keeps its marks (`~~Marta~~ Jonas`, `~~Lisbon~~ Porto` name both).
# Before a capitalised word only when the strike ends its line's words, the whole task struck (`- [x] ~~Call Marta
# about Lisbon~~`, `~~Email Priya~~`, `~~Call Marta~~ ✅ 2026-05-01`: rules 24, fields; they named Call Marta, Email
# Priya): a word after the marks is the struck words' correction, and they may be a name (`~~Review Board~~ met`,
# `- ~~Help Scout~~ pricing`); a tag or a context after the marks is none (`- [ ] ~~Call Marta~~ #errand`, `~~Email
# Jonas~~ @home`: rules 25, they named Call Marta, Email Jonas).
# Group 2: the task and its closing marks.
STRUCK_TASK = re.compile(rf"^((?:{LINE_MARKS})?[ \t]*)~~((?:{'|'.join(sorted(TASK_VERBS))})[ \t]+"
                         r"(?:[a-z][^~\n]*?[^\s~]~~|[^\s~](?:[^~\n]*?[^\s~])?~~(?=(?:[ \t][#@][\w/-]+|[^\w\n]|[\d_])*$)))",
                         re.MULTILINE)
# What a Markdown section heading opens with before its first word: `##` to `######` and a blank
# (ATX, CommonMark's; `#tag` has none), in a list item or a quote too (Logseq's `- ## Goals`). Its
# first word starts a sentence, as a line's does: `## Goal`, `## Decisions`, `## Money` name nothing
# (Setext's `Goal` over `---` opens a line already). A note's title, `# ` alone, is read as before:
# it names the note's topic and is often the only place the note writes it (golden/'s `# Heron buoy
# — hardware notes`, `# Wolfgang — to do`); read as a sentence start it dropped those names with
# `Book`, `Grafting` and `Dr`, and graph retrieval lost more than it gained (heuristic rules 7).
HEADING_MARKS = rf"(?:{LINE_MARKS})?[ \t]*#{{2,6}}[ \t]+"
# A note's `# ` title that is a common-noun phrase, a capitalised word and a lower-case one (`# Meeting
# notes`, `# Book club`, `# Heron buoy — hardware notes`), whose first word is a common one (a label's,
# LABEL_WORDS: `Meeting`, `Budget`, `Ideas`; or one the text writes in lower case too: `# Grocery
# list` and `the grocery run`): that word is capitalised as a sentence's first is, a name only as
# rules 6 and 7 say (capitalised mid-sentence too, or opening a longer name). Another such title
# names its topic as before (`Book`, `Grafting`, `Heron`: golden/'s graph retrieval lost MRR
# 0.6038 -> 0.5881 when every such first word was read so), as does a title of names (`# Kestrel
# Café`, `# Wolfgang — to do`). Heuristic rules 10.
NOUN_TITLE = re.compile(rf"^[ \t]*#[ \t]+({_CAP_WORD})[ \t]+(?={LOWER})", re.MULTILINE)
# A `# ` title in sentence case, a capitalised word then lower-case words alone to the line's end (`# Rate
# limits`, `# Cooking tips`, `# API reference`: a docs site's page titles, heuristic rules 18, docs2): where the
# note gives evidence its first word is a common word (_common_title_words, docs3: the word in lower case or a
# form of it, `the rate limit`; or a verb opening a sentence, `Deploy the service`), that word is capitalised as a
# sentence's first is, a name only as rules 6 and 7 say (`Rate` was a name 9 times in a docs site). The page is
# named whole by its file name (`rate-limits.md`: note_name) and the links to it (`[[Rate limits]]`). With no
# evidence the word is read as before (`# Hamburg trip` over `We flew in.`: a place, written only in its title),
# as is a title with a capital, a number or anything else after its first word (`# Heron buoy — hardware notes
# (Wolfgang)`, `# Orchard harvest 2025`, `# Project Alpha`, `# Lisbon`)
# A paper note's title ends so too with an aside in brackets and its Pandoc citation (`# Decoupled weight decay
# (AdamW) [@loshchilov2019]`: heuristic rules 19, `Decoupled` was a name over `AdamW decouples weight decay`)
SENTENCE_TITLE = re.compile(rf"^[ \t]*#[ \t]+({_CAP_WORD})(?:[ \t]+{LOWER}+(?:['’-]{LOWER}+)*)+"
                            r"(?:[ \t]+\([^()\n]{1,80}\))?(?:[ \t]+\[-?@[^\[\]\n]{1,200}\])*[ \t]*$",
                            re.MULTILINE)
# A note's `# ` title that opens with an imperative (a work log's runbook: `# Rotate the Stripe keys`, `#
# Restart the Redis cluster`): its first word, then `the`, a name and lower-case words; or its first word and
# lower-case words (`# Rotate billing-api keys`) where the text opens a sentence with that word, `the` and a
# name too (`Rotate the Stripe secret key ...`: _verb_title). Told by the title's shape and the text's use of
# the word, no list of verbs: that word is capitalised as a sentence's first is (`Rotate the Stripe` was a
# name, and `Rotate`), and the title's word is no mid-sentence capital for the text's sentences (VERB_THE cuts
# `Rotate the` there). `# Across the Stars`, a title of names, stays whole. Heuristic rules 17.
# A preposition opens no imperative (TITLE_PREPOSITIONS, a closed class): a work's title with a word after
# it (`# Across the Stars notes`, `# Into the Woods review`) stays whole (it named `Stars`, `Woods`)
TITLE_PREPOSITIONS = frozenset("""
aboard about above across after against along amid among around as at before behind below beneath beside
besides between beyond by despite down during except for from in inside into like near of off on onto out
outside over past per since through throughout till to toward towards under underneath unlike until up upon
via with within without
""".split())
VERB_TITLE = re.compile(rf"^[ \t]*#[ \t]+(?!(?i:{'|'.join(sorted(TITLE_PREPOSITIONS))})(?!{_LETTER}))({_CAP_WORD})[ \t]+"
                        rf"(?:(the){_GAP}{_CAP_WORD}(?:{_GAP}{_CAP_WORD})*{_GAP}{LOWER}|{LOWER})", re.MULTILINE)
# A `# ` title that names a work and what the note is of it (heuristic rules 18): a title-case run whose
# capitalised words small words join (TITLE_SMALL_WORDS: `Into the Woods`, `The Name of the Wind`, `Gone with
# the Wind`), then a word of what is written on it (`review`, `notes`, `summary`: WORK_NOTE_WORDS), or after
# such a word and a preposition (`# Notes on Gone with the Wind`). Told by the shape, no list of titles: the
# run is one title, a work, whole (it named `Woods`, `Name` and `Wind`: a sentence's `Into`, `The`, `Gone`
# dropped, and two small words in a row part a capitalised span). A run with no article or `of` inside is read
# as before (`# Kestrel Café notes`, `# Call with Priya Raman notes`), and so is one whose first word is a
# label's (`# Meeting with the Board notes`)
WORK_NOTE_WORDS = frozenset("""
review reviews notes note summary recap thoughts reflections analysis essay reread rewatch reading
""".split())
_WORK_INNER = frozenset("the a an of".split())  # what a work's title holds inside, a call's or a meeting's not
_TITLE_SMALL = "|".join(sorted(TITLE_SMALL_WORDS, key=len, reverse=True))
_TITLE_RUN = rf"{_CAP_WORD}(?:{_GAP}(?:(?:{_TITLE_SMALL}){_GAP})*{_CAP_WORD})*"
WORK_TITLE = re.compile(
    rf"^[ \t]*#[ \t]+(?:({_CAP_WORD})[ \t]+(?:on|of|about|for)[ \t]+)?({_TITLE_RUN})"
    rf"(?:[ \t]+(?:[-–—:][ \t]+)?({LOWER}+))?[ \t]*$", re.MULTILINE)


def work_titles(text: str) -> list[tuple[int, str]]:
    """(start, title) of the works `text`'s `# ` titles name (WORK_TITLE): a title-case run with a small
    word inside, before a word of WORK_NOTE_WORDS or after one and a preposition, whose first word labels
    nothing (LABEL_WORDS, HEADING_LABELS: `# Meeting with the Board notes` is no work)."""
    out = []
    for m in WORK_TITLE.finditer(text):
        lead, title, tail = m.group(1), m.group(2), m.group(3)
        if (lead is None) == (tail is None):
            continue  # a word of what is written on it either before the title or after it, not both or neither
        if (lead or tail).lower() not in WORK_NOTE_WORDS:
            continue
        words = title.split()
        if not any(w in _WORK_INNER for w in words[1:-1]):
            # `# Kestrel Café notes`: a span of names; `# Call with Priya Raman notes`: a call with a
            # person, no work (an article or `of` inside a title, not `with` alone): read as before
            continue
        first = words[0].lower().replace("’", "'")
        if first in LABEL_WORDS or first in HEADING_LABELS or first in ROLE_WORDS:
            continue
        parts, joins = _title_parts(words)
        if any(join[0] in _PLACE_JOINERS for join in joins):
            continue  # `Trip to the Alps`, `Tomás Ferreira and the Board`: a thing and a place or a party, read as before
        if 1 < len(parts[0]) <= 3 and parts[0][0] == words[0]:
            continue  # `Priya Raman of the Finance Team`: a first and a last name open it, a person's, read as before
        at = title_occurrences(text, title)
        if any(_named_elsewhere(text, " ".join(part), at) for part in parts):
            continue  # `the Alps` in the body: a name of the text, which the title's words stay (read as before)
        out.append((m.start(2), title))
    return out


# The small words that join a thing to a place or a person to a party (`Trip to the Alps`, `Dinner at the
# Harbour Hall`, `Tomás Ferreira and the Board`): the article after them is the place's or the party's, not
# a work's title's own, as in `The Name of the Wind`, `Into the Woods` (rules 18, fixM1: each was a work,
# whole, and hid Alps, Harbour Hall, Tomás Ferreira). `with` joins no place (`Gone with the Wind`).
_PLACE_JOINERS = frozenset("to at and".split())


def _title_parts(words: Sequence[str]) -> tuple[list[list[str]], list[list[str]]]:
    """The runs of a title's capitalised words (`The Name of the Wind`: Name, Wind), and the runs of small
    words (TITLE_SMALL_WORDS) between two of them (`of the`), lower-cased; leading small words (`The`,
    `Into the`) join nothing."""
    parts: list[list[str]] = []
    joins: list[list[str]] = []
    small: list[str] = []
    for word in words:
        if word.lower() in TITLE_SMALL_WORDS:
            small.append(word.lower())
            continue
        if small and parts:
            joins.append(small)
        if not parts or small:
            parts.append([])
        parts[-1].append(word)
        small = []
    return parts, joins


def title_occurrences(text: str, title: str) -> list[tuple[int, int]]:
    """Where `text` writes a work's `title` (`The Name of the Wind`, or with no leading article: `Name of the
    Wind`), as (start, end): the title's own words, which name no part of it alone."""
    forms = {title}
    first, _sep, rest = title.partition(" ")
    if rest and first.lower() in ("the", "a", "an"):
        forms.add(rest)
    out = []
    for form in forms:
        out.extend((m.start(), m.end()) for m in _whole_word(form).finditer(text))
    return out


def _named_elsewhere(text: str, part: str, titles: Sequence[tuple[int, int]]) -> bool:
    """Does `text` write `part` of a work's title outside the title's own occurrences (`titles`): a part of
    two words or more anywhere (`Harbour Hall was great`), a word mid-sentence (`the Alps`) or opening a
    longer name (`Priya Raman was there`: Priya)?"""
    for m in _whole_word(part).finditer(text):
        if any(start <= m.start() < end for start, end in titles):
            continue
        if " " in part or not _sentence_start(text, m.start()) or _NEXT_CAPITAL.match(text, m.end()):
            return True
    return False


_NEXT_CAPITAL = re.compile(rf"{_GAP}{UPPER}")


# What a text ends with when its next word starts a sentence (`_sentence_start`
# reads it from the position back, not searching the text up to it); or, a table's
# cell (TABLE_CELL), when its line is followed by a separator line (TABLE_SEPARATOR).
SENTENCE_START = re.compile(rf"(?:^\s*|[.!?:;]{_EMPH}?\s+|[。！？：；]\s*|\n\s*|[\"“(]\s*|(?:^|\n)(?:{LINE_MARKS}|{HEADING_MARKS})"
                            rf")(?:(?<![*_\w]){_EMPH})?$")
TABLE_CELL = re.compile(rf"(?:^|\n)[ \t]*\|(?:[^\n]*\|)?[ \t]*(?:(?<![*_\w]){_EMPH})?$")
_LINE_MARKS = re.compile(LINE_MARKS)
# a task label before a task's verb: `TODO: `, `- [ ] **Next step:** `, `Action item: `
TASK_LABEL = re.compile(rf"(?:{LINE_MARKS})?[ \t]*[*_]{{0,2}}(?:to-?do|to do|tasks?|action(?: items?)?|next(?: steps?)?"
                        r"|reminders?|follow[- ]?ups?)[*_]{0,2}[ \t]*[:：][*_]{0,2}[ \t]*", re.IGNORECASE)
# A line or a list item that opens with a Pandoc citation (`- [ ] [@he2016] Deep residual learning`, a
# reading list's; `[@vaswani2017; @devlin2019] Attention ...`): the word after it starts a sentence, as
# the word after the item's marks does (heuristic rules 19: `Deep`, `Dropout` were names). The citation
# is read as before (CITEKEY links its note). Not a label's opening (ITEM_LABEL): `[@srivastava2014]
# Dropout: a simple way ...` is the cited work's title, a sentence, no `Dropout:` label.
_CITED_MARKS = re.compile(rf"(?:{LINE_MARKS})?(?:\[(?:[^\[\]@\n]{{0,80}}[ \t])?-?@[^\[\]\n]{{1,200}}\][ \t]+)+")
_HEADING_MARKS = re.compile(HEADING_MARKS)
# a list item or quote line that opens with a label (`- Jonas: boat time`, `> Owner: Priya`): read as
# a label line (SPEAKER) is, never a chat line (chat_speakers reads only lines that open with their tag);
# and a label after emoji, in an item, in its emphasis or opening a line (`- 🎨 Marta: design`, `- **🎨
# Marta:**`, `🎨 Marta: design`: _EMOJI, rules 18), as it is without them
ITEM_LABEL = re.compile(rf"^(?:{LINE_MARKS}(?:{_EMOJI})?|[ \t]*{_EMOJI})(?:{_EMPH}(?:{_EMOJI})?)?{_LABEL_TAG}",
                        re.MULTILINE)
# how far back a line's start is looked for from a word after `-`, `>`, `)` or `]`: further than
# any line's marks reach (a long line of ` - ` dashes read back to its start for each word was
# quadratic); a line's marks longer than that (no note's) start no sentence
MARKS_REACH = 120
# The banner Obsidian's Excalidraw plugin opens each drawing's Markdown with (`==⚠  Switch to
# EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠==`, in newer versions followed on its
# line by how to decompress the drawing): the same words in every drawing, which made Switch,
# EXCALIDRAW VIEW and OPTIONS hubs joining them (heuristic rules 11). Its line names nothing.
EXCALIDRAW_BANNER = re.compile(r"^[ \t]*==⚠[^\n]*EXCALIDRAW VIEW[^\n]*$", re.MULTILINE)
# A docs site's admonition and content tab lines (rules 18, qa26): MkDocs' `!!! note "Rate limits"`,
# `??? tip "Checking your quota"` (`???+` open), `=== "Python"`, Docusaurus' `:::warning Over the limit`,
# `:::tip[New here?]` and its closing `:::`. The marker and its type are blanked and the title is read
# as a heading is, its first word a sentence's (`Rate` of `"Rate limits"`, `New`, `Exceeding` were
# names, a quoted title a work's: `Deprecated`, `Idempotency`).
# Only a lower-case type (`note`, `tip`, `danger`, MkDocs' `inline end` after it): `!!! IMPORTANT Maria
# left` is a shout, read as written.
ADMONITION_LINE = re.compile(r"""^([ \t]*(?:(?:!!!|\?\?\?\+?)[ \t]+[a-z][\w-]*(?:[ \t]+inline(?:[ \t]+end)?)?"""
                             r"""(?:[ \t]+"|[ \t]*$)|===\+?[ \t]+"|:::[ \t]*(?:[a-z][\w-]*)?[ \t]*\[?))"""
                             r"""([^"\n]*?)(["\]]?[ \t]*)$""", re.MULTILINE)
# how far back a table row's opening pipe is looked for from a cell's first word: a row longer than
# that (no table's) opens no sentence in its later cells
TABLE_REACH = 2000
# a Markdown table's separator line (`|---|:--:|`): the row above it is the header, whose cells are
# column names (`| Milestone | Date |`); a body row's cell is a value (`| Fix login | Priya |`)
TABLE_SEPARATOR = re.compile(r"[ \t]*\|[ \t:|-]*-[ \t:|-]*(?:\n|$)")
# a TiddlyWiki table's header row (`|!Ingredient |!Grams |`: each cell opens with `!`, its header cell's mark, and
# no separator line follows), as a Markdown table's header row is; a `!` cell of any row is a header cell (rules 21)
TW_HEADER_ROW = re.compile(r"[ \t]*(?:\|[ \t]*![^|\n]*)+\|[ \t]*(?:\n|$)")
_WORD_RUN = re.compile(r"\w+")
_ONE_WORD_CHAR = re.compile(r"\w")
_BLANKS = re.compile(r"[ \t]*")
# Trimmed off both ends of a name: spacing and punctuation no name starts or
# ends with. The backslash is an escaped quote's (`"Bobby \"Tables\""` quoted
# `Bobby \`), `*`, `_` and `` ` `` are Markdown's (`_Bob Marley_` spanned
# `Marley_`). Brackets are not, as a title may end in one ("Songs (Live)").
NAME_EDGES = " \t-–—'’.,;:!?\\/*_|~`"


def speaker_tag(line: str) -> re.Match | None:
    """The `Name:` that opens a line ("LiHua: ..."), when it may name a chat
    speaker: not a common word ("Note:") nor a common label ("Status:"),
    at most 4 words. Whether it does is the note's to say (`chat_speakers`);
    timeline.py takes it for a reply's speaker in the chat it reads."""
    m = SPEAKER.match(line)
    if m and _may_speak(m.group(1).strip()):
        return m
    return None


@functools.lru_cache(maxsize=1 << 16)  # pure, and a folder's tags repeat (`Time:`, `LiHua:`): each note's chat_speakers
def _may_speak(tag: str) -> bool:
    return (tag.lower().replace("’", "'") not in COMMON_WORDS and not _common_label(tag) and len(tag.split()) <= 4
            and not _phrase(tag) and tag.lower() not in FIRST_PERSON)


# a sentence's verb after a label's first word (SUBJECT_VERBS: `went`, `is`, `needed`): the label is a clause
_CLAUSE_VERB = re.compile(SUBJECT_VERBS)


def _series_number_at(text: str, word: str, start: int, end: int) -> re.Match[str] | None:
    """The number written after a series' word (`Sprint 25`, `Hive 2`: SERIES_UNITS) at `start`..`end`, or None; none
    after a count (`3 Bed 2 Bath`)."""
    counted = _COUNT_BEFORE.search(text, max(0, start - 8), start) is not None
    if word.lower() not in SERIES_UNITS or (word.lower() != "sprint" and counted):
        return None
    return _series_number(word).match(text, end)


def _unit_label(tag: str) -> bool:
    """Is `tag` a numbered unit (SERIES_UNITS and its number: `Hive 2`, `Bed 3`, `Plot 14b`), named as it is written?"""
    words = tag.split()
    return (len(words) == 2 and words[0][:1].isupper() and words[0].lower() in SERIES_UNITS
            and _series_number(words[0]).fullmatch(" " + words[1]) is not None)


def _phrase(tag: str) -> bool:
    """Is `tag`, a label's, a sentence's words rather than a name: a lower-case word (not a name's
    connector, `of`, `de`, `van`: `Game of Thrones`) followed by a capitalised one (`Guitar lesson
    with Carlos`, `Call with Priya Raman`, `Treffen mit Anna`), or after a common word (`What went
    well`), or a sentence's verb after its first word (`Architecture review went well`, rules 16)? Such a label names what a sentence would (Carlos; nothing), never itself, and speaks in
    no chat, as a label of more than four words did not (heuristic rules 13: `Guitar lesson with
    Carlos:` was one name). `Flood alert:`, of no name, is a name as before."""
    words = [w.strip(",.;'’()-") for w in tag.split()]
    if any(_CLAUSE_VERB.fullmatch(w) for w in words[1:]):
        return True  # `Architecture review went well:`, `Config change needed in:` (rules 16)
    raw = tag.split()
    if len(raw) > 1 and re.search(r"\w['’]s$", raw[0]) and raw[1][:1].islower():
        return True  # `Lena's rules:`: a possessive before a common noun names its owner (rules 16)
    lower = next((i for i, w in enumerate(words) if w[:1].islower() and w not in _CONNECTORS
                  and not _particle(words, i)), None)
    if lower is None:
        return False
    if lower == 2 and _unit_label(" ".join(raw[:2])):
        return True  # `Hive 1 total:`, `Hive 2 temper:`: the unit's measure, a phrase naming the unit (rules 33)
    if lower == len(words) - 1 and words[lower] in REPORTING_VERBS:
        return True  # `Prof. Alvarez announced:`, a sentence whose subject is the name (rules 16)
    # or a task's verb before its object (`- [ ] Email Jonas re:`, rules 21: `Email Jonas re` was a name), or a log's
    # past before it (`Rang Pete Ashworth re:`, `Called Dana re:`: rules 33, `Rang Pete Ashworth re` was one)
    return (words[0].lower() in COMMON_WORDS or any(w[:1].isupper() for w in words[lower + 1:])
            or ((words[0] in TASK_VERBS or words[0] in LONE_NAME_PASTS
                 or ONE_NAME_VERBS.fullmatch(words[0]) is not None) and lower > 1))


def _particle(words: list[str], i: int) -> bool:
    """Is `words[i]` a name's particle (NAME_PARTICLES) between two capitalised words (`Maria dos
    Santos`), not a phrase's function word? `Trip to do Lisbon` has none; a particle opening or
    closing the label is no name's either."""
    return (words[i] in NAME_PARTICLES and 0 < i < len(words) - 1
            and words[i - 1][:1].isupper() and words[i + 1][:1].isupper())


def _particled(tag: str) -> bool:
    """Does `tag` hold a name's particle between two capitalised words (_particle: `Maria dos Santos`)?"""
    words = tag.split()
    return any(_particle(words, i) for i in range(1, len(words) - 1))


@functools.lru_cache(maxsize=1 << 16)  # pure, as _may_speak
def _common_label(tag: str) -> bool:
    """Is `tag`, a label line's, one that names nothing: a common label (LABEL_WORDS), a role's
    (ROLE_WORDS: `Husband:`, `Boss:`), a group's
    (_group_label), a numbered one (NUMBERED), a day's (_calendar_label) or a work log's verb
    (ONE_NAME_VERBS: `Ran: kubectl ...`, `Shipped: PAY-1423`, `Committed:`; heuristic rules 16)?"""
    words = tag.split()
    return (tag.lower().replace("’", "'") in _LABELS_AND_ROLES or _group_label(tag) or NUMBERED.search(tag) is not None
            or _calendar_label(tag) or ONE_NAME_VERBS.fullmatch(tag) is not None or _label_kind(tag)
            # ... and such a verb before lower-case words alone (`Met twice: 20 Nov in a café`, `Called back:`): a
            # log's sentence, no name (heuristic rules 27: `Met twice` was one), or before a date (`Replied 4 Dec:`,
            # `Called 3 Nov:`: rules 32, they were names)
            or (len(words) > 1 and (ONE_NAME_VERBS.fullmatch(words[0]) is not None or words[0].lower() in LOG_PASTS)
                and (all(w.isalpha() and w.islower() for w in words[1:]) or _calendar_label(" ".join(words[1:])))))


# plurals not made with an -s: the words for people (`Key people:`, `Women:`, `Children:`, a list of
# people under them, as `Attendees:` is, names no one: review revP, `Key people` was a name) ...
_PEOPLE_PLURALS = frozenset({"people", "persons", "men", "women", "children"})
# ... and a label word's made as English spells them (`Summaries:`, `Priorities:`, `Open hypotheses:`, `Fixes:`)
_PLURAL_ENDINGS = (("ies", "y"), ("ses", "sis"), ("es", ""))


def _label_word(word: str) -> bool:
    """Is `word` a common label's (LABEL_WORDS) or the plural of one (`authors`, `sources`, `summaries`,
    `hypotheses`), or a plural word for people (`people`, `women`, `children`: _PEOPLE_PLURALS)? Not a
    role's plural (`Friends:` may be the show's)."""
    return (word in LABEL_WORDS or word in _PEOPLE_PLURALS
            or (len(word) > 3 and word.endswith("s") and word[:-1] in LABEL_WORDS)
            or any(len(word) > len(end) + 2 and word.endswith(end) and word[:-len(end)] + stem in LABEL_WORDS
                   for end, stem in _PLURAL_ENDINGS))


def _label_kind(tag: str) -> bool:
    """Is `tag`, a label line's, the plural of a common label (`Authors:`, `Sources:`), or a kind of one, a phrase in sentence case whose last word is such a label word
    (`Key idea:`, `Main takeaways:`, `Open questions:`)? English puts a phrase's head noun last, so
    the phrase labels as its noun does: it names nothing (heuristic rules 19: a paper note's
    `Authors:` and `Key idea:` were names). A label of another last word names as before (`Flood
    alert:`; `Venue:` is a field, _field_label), as does one of capitalised words (`Key Ideas:`, a title's case)."""
    words = tag.lower().replace("’", "'").split()
    if len(words) == 1:
        return _label_word(words[0]) and tag[:1].isupper()
    raw = tag.split()
    # ... or of a time word (`Closed this week:`, `Plans for next year:`: rules 27), when a phrase's news is told
    return (raw[0][:1].isupper() and all(w.isalpha() and w.islower() for w in raw[1:])
            and (_label_word(words[-1]) or words[-1] in TIME_WORDS))


# the past participles a record's field is labelled with (`Issued: 4 Dec 2026`, `Paid: —`, `Signed: 2026-11-02`): a
# closed list, not VERB_FORM's `-ed` ending, which names end with too (`Alfred: 3 May`, `Naveed: 2 PRs merged`)
RECORD_PARTICIPLES = frozenset("""
issued paid signed renewed submitted created booked cancelled canceled shipped delivered received sent invoiced
approved expired updated
""".split())
# ... and a recipe's, a daily note's and a supplier's page's fields of one word (`Yield: 5 litres`, `Allergens: milk,
# egg`, `Serves: 4`, `Weather: dry, 9°C`, `**Rep:** Dave Harvey`): rules 33, a chef's Allergens (6 notes) and Yield,
# a grower's Weather were names
RECORD_FIELDS = frozenset("yield serves portions allergens weather temp rep".split())
# the past tenses a reading or research log's line opens with, its `I` dropped (`Counted: I unlocked it 40 times`,
# `Pasted: the Weil quote`, `Replied 4 Dec: yes`): a log's labels, no names (rules 32: Counted, Pasted, Replied 4 Dec
# were). A closed list, as RECORD_PARTICIPLES, not the -ed shape names have too (`Alfred:`, `Naveed:`)
LOG_PASTS = frozenset("""
counted pasted copied quoted noted replied logged checked tried cited posted skimmed reread highlighted annotated
listened tidied sorted archived
""".split())
# the adverbs a sentence opens with to say how sure or glad its writer is (`Probably Marta`, `Apparently Tesco
# closed`, `Hopefully Priya calls`): no part of the name after them (rules 33: `Probably Marta` was a name), only at a
# sentence's start: a title's `Hopefully Tomorrow` mid-sentence as before. No adjective (`Possible`, `Likely`): a
# title opens with them (`Possible Worlds`, `Likely Lads`, `Mission Possible`). `Maybe`, `Definitely`, `Perhaps` are
# COMMON_WORDS (dropped before a name anywhere)
STANCE_WORDS = frozenset("""
possibly probably apparently hopefully presumably supposedly seemingly surely certainly obviously luckily unluckily
fortunately unfortunately sadly thankfully basically allegedly reportedly evidently
""".split())
# a phrase in capitals that is a task's or a message's status (`Phase 2 (IN PROGRESS)`, `NOT ANSWERED YET`): the
# whole span as written, so a name shouted with a common word (`DEAR JOHN`, `DAY 3 IN ROME`, `MARKS AND SPENCER`)
# names as before
SHOUTED_STATUSES = frozenset({"IN PROGRESS", "NOT STARTED", "ON HOLD", "TO DO", "NOT ANSWERED YET", "NOT DONE"})

# ... and a record's status word in capitals (a rent table's `LATE 8 days`, `NOT RECEIVED yet`, a receipt's `PAID CASH
# WITH THANKS`, an EICR's `- SATISFACTORY.`): a shouted span it opens names nothing, and it ends a name before it (`HMRC
# RECEIVED`, `Invoice OVERDUE`: _status_cut; rules 30, they were names). Capitals names stay (`NHS`, `HMRC`, `TESCO`)
SHOUTED_STATUS_WORDS = frozenset("""
RECEIVED PAID UNPAID LATE OVERDUE OUTSTANDING PENDING SATISFACTORY UNSATISFACTORY PASSED FAILED REFUNDED CANCELLED
CANCELED APPROVED DECLINED REJECTED CONFIRMED COMPLETED EXPIRED RENEWED ISSUED DELIVERED INVOICED SUBMITTED
""".split())


# The generic nouns a list's label opens with, and the past participles, none a name (`Things to buy:`, `Ways to
# help:`, `Jobs for Saturday:`, `Known weak points:`, `Taken from the club:`): the lexicons miss them (VERB_FORM reads
# `-ed` alone), and a label in sentence case names its first word otherwise (rules 31)
LABEL_HEAD_NOUNS = frozenset("""
thing things stuff way ways reason reasons point points item items task tasks job jobs plan plans gift gifts errand
errands chore chores recipe recipes
""".split())
LABEL_HEAD_WORDS = LABEL_HEAD_NOUNS | frozenset("""
known unknown given taken written broken chosen hidden forgotten done seen gone drawn shown grown
""".split()) | frozenset(NUMBER_WORDS) | frozenset("""
few many several main key other extra quick good bad best worst big small little final entry bullet
""".split())
# ... the numbers and the adjectives that count or rank a list's noun (`One thing:`, `Three reasons:`, `Key points:`,
# `Entry points:`: rules 32, a label of two words ending in such a noun, LABEL_HEAD_NOUNS, is a phrase too)


# the words a label addressed to its writer ends with (`Rule for myself:`, `Note to self:`, `Question for me:`): a
# phrase of advice, its first word a common noun even where the lexicon does not know it (rules 32: Rule was a name)
SELF_WORDS = frozenset("me myself self us ourselves".split())


def _common_label_word(word: str, text: str) -> bool:
    """Is `word`, the first of a label in sentence case in `text`, a common word rather than a name (`Prices to
    members:`, `Things to buy:`, `Death scene draft:` beside `[[Tam death]]`): a table's common word
    (_common_cell_word: the lexicon, a verb's ending, the text's lower case), a plural of the lexicon's (`Prices`,
    not `Paris`), or a list's generic noun or a participle (LABEL_HEAD_WORDS)? `Paris`, `Priya`, `Maren` are none."""
    lower = word.lower()
    return (lower in LABEL_HEAD_WORDS or _common_cell_word(word, _lowered_words(text))
            or (len(lower) > 4 and lower.endswith("s") and lower[:-1] in TABLE_COMMON_WORDS))


def _sentence_case_label(tag: str) -> bool:
    """Is `tag`, a label line's, a phrase in sentence case: its first word capitalised, all others lower-case letters,
    of three words or more (`Death scene draft`, `Known weak points`) or with a function word after its first
    (TITLE_SMALL_WORDS: `Orders in`, `Use for`, `Warm up`)? A label of two words names as before (rules 11's
    `Flood alert:`, a thing the note is of; `Invoice date:`, seeding a question of invoices), as does a title's case (`Key Ideas`), a
    name's (`Maria dos Santos`, `Priya Raman`), a possessive's (`Jo's`) or a word of figures, and an institution's
    whose second word is a name's particle (NAME_PARTICLES: `Agenzia delle entrate`, `Camera di commercio`)."""
    words = tag.split()
    return (len(words) > 1 and words[0][:1].isupper() and words[0].isalpha() and words[0][1:].islower()
            and all(w.isalpha() and w.islower() for w in words[1:]) and not _particled(tag)
            and words[1] not in NAME_PARTICLES
            and (len(words) > 2 or any(w in TITLE_SMALL_WORDS for w in words[1:]) or words[-1] in LABEL_HEAD_NOUNS
                 or words[1] in VERB_LABEL_TAILS))
# a verb's adverb or preposition ending a label of two words (`Went well:`, `Went badly:`, `Cares about:`, a retro's
# and a contact page's): a sentence's words, no thing the note is of (rules 33: Went well, Cares about were names)
VERB_LABEL_TAILS = frozenset("well badly about poorly better worse wrong".split())


def _field_label(word: str) -> bool:
    """Is `word`, a label line's of one word, a record's field rather than a name (heuristic rules 30): a common word
    by the lexicon (TABLE_COMMON_WORDS: `Presenter:`, `Venue:`, `Rate:`, `Amount:`) or a record's past participle
    (RECORD_PARTICIPLES: `Issued:`, `Paid:`)? Not by the text's lower-case word, as _common_cell_word reads a table's
    cell: a name is often a word too (`Kit:` over `the first aid kit`, `Matt:`, `Rosa:`), nor by an `-ed` ending
    (`Alfred: 3 May`). A word of capitals (`VAT:`, `PO:`) or with a capital inside (`LiHua:`) is none."""
    if not (word[:1].isupper() and word[1:].isalpha() and word[1:].islower()):
        return False
    lower = word.lower()
    return lower in TABLE_COMMON_WORDS or lower in RECORD_PARTICIPLES or lower in LOG_PASTS or lower in RECORD_FIELDS


def _shouted(words: Sequence[str]) -> bool:
    """Are `words`, a capitalised span's, a status written in capitals (SHOUTED_STATUSES: `IN PROGRESS`, `NOT ANSWERED
    YET`), no name (heuristic rules 30: `ANSWERED YET` was one)?"""
    return " ".join(words) in SHOUTED_STATUSES


# a first name's possessive before a word of capitals (`Maya's GP appt`, `Tom's BMW`): two names, the owner's and the
# acronym's, where the note writes the owner alone too (_owner_alone; rules 32: `Maya's GP` was a name). `Guy's ICU`,
# `Domino's UK`, `St John's ENT` whole, as before
_OWNED_ACRONYM = re.compile(r"([A-Z][a-z]+)['’]s[ \t]+([A-Z]{2,5}s?)")


def _owner_alone(elsewhere: _Elsewhere, owner: str, pos: int) -> bool:
    """Does the text write `owner`, a possessive's word at `pos`, elsewhere with no `'s` after it (`He'll take Maya
    to football` beside `Maya's GP appt`)? A name owns the thing then; a firm's or a hospital's `'s` is its name's."""
    text = elsewhere.text
    return any(at != pos and not text.startswith(("'s", "’s"), at + len(owner)) for at in elsewhere.run_starts(owner))


# a school's year group's number after `Year` (`Year 9`, `Year 13`), no year's (`New Year 2027`)
_SCHOOL_YEAR = re.compile(r"[ \t]+(?:[1-9]|1[0-3])(?![\d.,:])")
# the words a school's name ends with before its year group (`Sele School Year 9`, `Hillside Primary Year 4`): only
# there is `Year 9` a year group and no part of the name (`Chinese New Year 1 Feb`, `Tax Year 2` whole, as before)
SCHOOL_NAME_ENDS = frozenset("School Academy College Primary High Grammar Secondary Infants Juniors Prep".split())


# the words a note shouts for stress alone (`1 puff morning + night, EVERY day`, `NEVER give ibuprofen`): no name
# (rules 32: EVERY was one). In capitals only: `Every Brilliant Thing`, `Every Child Matters` name as before
SHOUTED_ADVERBS = frozenset("EVERY NEVER ALWAYS".split())


# the lower-case words after which a word in capitals shaped as an adjective is one shouted for stress (`They're
# DIFFERENT again`, `the leaf shape is PERFECT now`, `it's so DIFFERENT`): a degree's adverb (group 1) or a copula. No
# object's pronoun nor `it`, `am`, `I'm`: an acronym stands there (`send them UCAS references`, `is it ULEZ
# compliant`, `9 am UCAS deadline`, `I'm NATO staff`), nor `so` after a comma, a conjunction there (`Boiler broke, so
# AVIVA sent`)
_PREDICATE_BEFORE = re.compile(r"(?<![\w'’,;:])(?:(?<![,;:] )(so)|(too|very|really|totally)|is|are|was|were|"
                               r"[A-Za-z]+['’]re)[ \t]+$")
# ... the adjective's shape: after a copula not a participle's -ING nor -ED, a place's or a firm's name ends so too
# (`Client is BOEING`, `offsite is EALING`, `the school is OFSTED outstanding`); after a degree's adverb it may
# (`so EXCITED`, `really AMAZING`)
_ADJECTIVE_SHAPE = re.compile(r"[A-Z]{2,}(?:ENT|ANT|FUL|OUS|IVE|ABLE|IBLE|LESS|ECT|IAL|ICAL)")
_PARTICIPLE_SHAPE = re.compile(r"[A-Z]{2,}(?:ED|ING)")


@functools.lru_cache(maxsize=8)
def _word_counts(text: str) -> collections.Counter[str]:
    """How often each word of `text` is written (read once a text: _predicate_shout asks for each capitals word's)."""
    return collections.Counter(re.findall(r"\w+", text))


def _predicate_shout(text: str, start: int, word: str) -> bool:
    """Is `word`, in capitals at `start`, a word shouted for stress rather than an acronym (rules 33: `DIFFERENT`,
    `PERFECT` were names): four letters or more, shaped as an adjective (_ADJECTIVE_SHAPE; a participle's only after
    a degree's adverb), right after a copula or a degree's adverb (_PREDICATE_BEFORE), not before a figure or a
    capitalised word, and written once in the text? `my employer is HMRC`, `Ellie is a SHEEP`, `Mon 4 Jan is INSET`,
    `Client is BOEING`, `send them UCAS references`, `so AVIVA sent` name as before."""
    before = _PREDICATE_BEFORE.search(text, max(0, start - 20), start)
    if before is None or len(word) < 4 or not word.isalpha():
        return False
    degree = before.group(1) is not None or before.group(2) is not None
    shaped = (_ADJECTIVE_SHAPE.fullmatch(word) is not None
              or (degree and _PARTICIPLE_SHAPE.fullmatch(word) is not None))
    return (shaped and not re.match(r"[ \t]+[\dA-Z]", text[start + len(word):])
            and _word_counts(text)[word] == 1)


def _status_cut(words: list[str]) -> list[str]:
    """`words`, a capitalised span's, without a record's status in capitals (SHOUTED_STATUS_WORDS) and what follows it:
    none of a span all in capitals it opens (after `NOT`: `PAID CASH WITH THANKS`, `NOT RECEIVED`, `LATE`), the name
    before it (`HMRC RECEIVED`, `Invoice OVERDUE`), the name after it (`PAID British Gas`)."""
    at = next((i for i, w in enumerate(words) if w in SHOUTED_STATUS_WORDS), None)
    if at is None:
        return words
    if words[:at] in ([], ["NOT"]):
        return [] if all(w.isupper() for w in words) else words[at + 1:]
    return words[:at]


# what a day's label holds besides its days and months: its numbers (`5`, `3.`, `1er`, `3rd`, `2024`)
# and the words between them (`Lunes 5 de mayo`, `Samedi 1er mars`, `Segunda-feira, 3 de março`), and a day's
# recurrence (`Every Wednesday:`, `Each Friday:`; rules 32: `Every Wednesday` was a name)
_CALENDAR_FILLER = re.compile(
    r"\d{1,4}(?:\.|er|e|º|ª|st|nd|rd|th)?|de|del|di|du|da|do|of|the|le|la|em|à|a|every|each")


def _calendar_day(word: str) -> bool:
    """Is `word` a day or a month of French, Spanish, Italian, Portuguese or German (CALENDAR_WORDS)
    that is no name too (CALENDAR_NAMES)? Heuristic rules 12."""
    return fold(word) in CALENDAR_WORDS and word.lower() not in CALENDAR_NAMES


def _calendar_word(word: str) -> bool:
    """Is `word` a day or a month of French, Spanish, Italian, Portuguese or German
    (CALENDAR_WORDS), or of English (which COMMON_WORDS holds)?"""
    folded = fold(word)
    return folded in CALENDAR_WORDS or folded in MONTHS or folded in WEEKDAY_NAMES


def _day_and_time(words: Sequence[str]) -> bool:
    """Do `words` open with a day of French, Spanish, Italian, Portuguese, German or English and a
    time of day (`Sonntag Morgen`, `Lunes Tarde`, `Monday Morning`, `Tuesday evening`: CALENDAR_DAYS,
    WEEKDAY_NAMES, TIMES_OF_DAY), which name nothing? Heuristic rules 12, English's 13 (a sentence's
    English day was a common word already: this reads a label, `Monday Morning:`)."""
    if len(words) < 2:
        return False
    day = fold(words[0])
    return (day in CALENDAR_DAYS or day in WEEKDAY_NAMES) and fold(words[1]) in TIMES_OF_DAY


def _calendar_label(tag: str) -> bool:
    """Is `tag` a day's label, which names nothing (`Lunes 5 de mayo:`, `Monday 5 May:`, `Mardi :`,
    `Montag Abend:`): of one word, a day or a month that is no name too (_calendar_day: `Julio:` may
    speak), or of several, days, months and numbers only, or a day and its time of day
    (_day_and_time)? Heuristic rules 12."""
    words = [w.strip(",.") for w in tag.split()]
    if len(words) == 1:
        return _calendar_day(words[0])
    rest = words[2:] if _day_and_time(words) else words  # `Montag Abend, 3. März:`
    return ((rest is not words or any(_calendar_word(w) for w in words))
            and all(_calendar_word(w) or _CALENDAR_FILLER.fullmatch(w.lower()) for w in rest if w))


def _weekday_label(tag: str) -> bool:
    """Is `tag`, a label line's, an English weekday's three letters or plural (`- Sun: Roast beef`, `- Wednesdays:
    Chloe`), alone or before a day (`- Tue 10th Nov:`, `- Fri 18 Dec:`): a day's label, no name (rules 28: they were
    names; `Sun Li:`, `Sun Valley:` are two words, names as before)? Its value is no _day_label's: it names as after
    any label (a rota's `Mon: Priya`, `- Thu 3 Dec: Chloe picks up`; review revD, names28a lost them)."""
    words = [w.strip(",.") for w in tag.split()]
    first = fold(words[0]) if words else ""
    if not (first in WEEKDAY_SHORT or weekday_plural(first)):
        return False
    return all(_calendar_word(w) or _CALENDAR_FILLER.fullmatch(w.lower()) for w in words[1:] if w)


def _day_label(tag: str) -> bool:
    """Is `tag` a diary's label of a day, which heads what was done that day rather than listing
    names (`Dienstag Abend: Sport`, `Lunes 5 de mayo: Dentista`, `Monday: Gym`, `Monday Morning:
    Gym`): a day's label (_calendar_label) or an English weekday alone (`Monday:`, which
    COMMON_WORDS keeps from speaking)? Its value's first word starts a sentence: a name only as a
    lone word opening a sentence is one (capitalised mid-sentence too, or opening a longer name).
    Heuristic rules 13."""
    return _calendar_label(tag) or fold(tag.strip(",.")) in WEEKDAY_NAMES


def chat_speakers(text: str, matter=frontmatter.OWN) -> frozenset[str]:
    """The `Name:` tags (speaker_tag) of `text`, a whole note, that name chat
    speakers: all of them when the note reads like a chat, none otherwise.
    A note reads like a chat when a tag opens two lines or more (a speaker
    speaks again: `LiHua:`, `AdamSmith:`, `LiHua:`) or when a line is a chat
    export's time stamp (`Time: 20260105_11:00`: a date and a time of day,
    which a lone message, `Alice: your bread is ready`, has). A tag after a
    line's day and time (`[2026-11-03 09:15] Priya:`, STAMPED_SPEAKER) is read
    as one opening its line (rules 20, fixS4). In a note of
    `Goal:`, `Status:` and `Owner: Priya` lines each tag opens one line: they
    are labels. Read as the extractor reads it, with `matter` for its front
    matter (read_front_matter: its keys are no tags, its `date:` no stamp)
    and without invisible characters."""
    if matter is frontmatter.OWN:
        text = read_front_matter(without_invisibles(text))[0]
    else:
        text = without_invisibles(read_front_matter(text, matter)[0])
    # a tag opening its line, not one after a sentence (`Called Fiona. Broker:`: label_sentence, rules 25): a label
    # written again after a sentence (`Broker: Marsh` above it) is no speaker speaking again (review revD)
    tags = [tag for m in SPEAKER.finditer(text) if (tag := _opening_tag(m)) and _may_speak(tag)]
    # a timestamped chat log's tags (STAMPED_SPEAKER), read as any line's
    tags += [tag for m in STAMPED_SPEAKER.finditer(text) if (tag := _opening_tag(m)) and _may_speak(tag)] \
        if _may_stamp(text) else []
    if not tags:
        return frozenset()
    if len(set(tags)) < len(tags) or CHAT_STAMP.search(text):
        return frozenset(tags)
    return frozenset()


def _tag_label(m: re.Match) -> str:
    """The label of a line's tag (SPEAKER's, STAMPED_SPEAKER's match): its words after any sentence before it."""
    tag = m.group(1).strip()
    return tag[label_sentence(tag):]


def _opening_tag(m: re.Match) -> str:
    """A line's tag (SPEAKER's, STAMPED_SPEAKER's match) that opens its line, or "" for one after a sentence."""
    tag = m.group(1).strip()
    return "" if label_sentence(tag) else tag


# Blanks inside a name (heuristic rules 16): two are a typo's (`Priya  Raman` is Priya Raman), a run of
# three or more or a tab no name's (a pasted report's columns, `E       AssertionError`; a code span's
# place, blanked: `Investigated `FraudCheckClient` timeouts` read "Investigated   timeouts")
_TWO_BLANKS = re.compile(r"(?<=\S)  (?=\S)")
_BLANK_RUN = re.compile(r"\s{3,}|\t")


def _with_closing_quote(raw: str, name: str) -> str:
    """`name` (`raw` trimmed) with the single quote after it back where it closes a quote `name` opens (`On 'God' and
    'Good'`, Murdoch's essay, named `On 'God' and 'Good`: heuristic rules 32, names32b); a possessive's (`the
    Joneses'`) or a quote's own edge stays trimmed."""
    end = raw.find(name) + len(name) if name else -1
    quote = raw[end:end + 1] if end >= 0 else ""
    if quote == "'" and name.count("'") % 2 == 1 and re.search(r"(?<!\w)'\w", name):
        return name + quote
    if quote == "’" and name.count("‘") > name.count("’"):
        return name + quote
    return name


def _named(name: str) -> str | None:
    """`name` as a mention names it (its edges trimmed, two blanks in it one: rules 16), or None:
    shorter than two characters, a common word, or its words apart by a run of blanks or a tab."""
    name = _with_closing_quote(name, name.strip(NAME_EDGES))
    if "  " in name or "\t" in name or "\u00a0" in name or "\u202f" in name:  # seldom: no regex for the rest
        name = _TWO_BLANKS.sub(" ", name)
        if _BLANK_RUN.search(name):
            return None
    if len(name) < 2 or name.lower().replace("’", "'") in COMMON_WORDS or _ASIN.fullmatch(name) or name in NON_NAMES:
        return None
    return name


# Capitals and mentions that name nothing a note is about (heuristic rules 27, an on-call engineer's vault): a time
# zone after a time (`09:10 CET`, `14:32 UTC`: UTC was the vault's top entity), an HTTP method (`GET, PUT, DELETE`),
# and a chat's mention of a group or of its writer (`@here`, `@me`: HANDLE made them persons). As written: `West`
# and `Post` may name. And a note's shorthand in capitals (`URGENT: call HMRC ASAP`, `FYI`, `WIP`: rules 30), a
# developer's (`the payments API`, `caught up on PRs`: rules 31; `PR` alone left, `the PR` a change one asks about),
# and a firm's `Co` alone (`Quinn & Co`: the `&` joins no `Co`, a group of friends' too: rules 32, names32b)
NON_NAMES = frozenset("""
UTC GMT CET CEST EET EEST WET PST PDT EST EDT CST CDT MST MDT AKST HST BST IST JST KST AEST AEDT ACST AWST NZST NZDT
SGT HKT MSK GET POST PUT DELETE PATCH HEAD OPTIONS @here @me @channel @everyone @all
URGENT FYI WIP TBC TBA API PRs MRs
Co
""".split())
# A ticket's or an incident's id, capitals and a number after a dash (`OPS-1423`, `INC-2026-109`) or after `#` (a pull
# request's, `PR #839`): one name wherever
# a note writes it (heuristic rules 27: after a label's colon, `Open tickets: OPS-1450`, or in brackets it was none,
# after a capitalised word one with it, `Ticket OPS-1398`, `Finished OPS-1432`)
# ... but not a file's name (`IMG-2041.jpg`, `DOC-2026-12-01.pdf`: an id followed by `.` and a word, or a link's path
# after `/`), nor a plane's (`B-52`, `F-35`: one capital), nor a rank (`NYT #1`: `#` only after PR, MR or CR; fixI)
TICKET_ID = re.compile(r"(?<![\w/-])[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*-\d+(?!\w|[-.]\w)|(?<![\w#-])(?:PR|MR|CR)[ \t]?#\d+(?!\w)")
# the word glued before an id that is no part of its name: a verb's past (`Finished OPS-1432`), a label or common word
# (`Ticket OPS-1398`) or capitals (`SEV1 OPS-1423`); after other words the name stays whole (`Airbus A320-200`), beside
# the id
_TICKET_LEAD = re.compile(r"[A-Z][a-z]+ed|[A-Z0-9]+")


# A common label in bold after other words on its line (`**Severity:** SEV1  **Ticket:** OPS-1423  **Author:** me`):
# LABEL reads one where a line starts; mid-line its word was a name (Ticket, Author). Rules 27.
_INLINE_LABEL = re.compile(r"(?:\*\*|__)([A-Z][\w'’ -]{0,40}?)(?::(?:\*\*|__)|(?:\*\*|__):)")
_LINE_OPENING_MARKS = re.compile(r"[ \t>*+\-\d.)\[\]x]*")


def without_inline_labels(text: str) -> str:
    """`text` with each common label (_common_label) in bold that opens no line blanked in place."""
    def blank(m: re.Match) -> str:
        line_start = text.rfind("\n", 0, m.start()) + 1
        opening = _LINE_OPENING_MARKS.match(text, line_start, m.start())
        if opening.end() == m.start() or not _common_label(m.group(1)):
            return m.group()
        return " " * len(m.group())

    return _INLINE_LABEL.sub(blank, text)


# A Java stack trace pasted in a log or a note: a frame's line, indented or (a chunk's first) not (`    at com.zaxxer.hikari.pool.HikariPool.create(
# HikariPool.java:696)`) and a class named with its package (`java.sql.SQLTransientConnectionException`,
# `c.a.p.PaymentController`) name code, not what the note is about (a pasted `.txt` log made HikariPool a name of
# thousands of mentions). Rules 27.
_STACK_FRAME = re.compile(r"^[ \t]*at[ \t]+[\w$<>]+(?:\.[\w$<>]+)+\([^()\n]*\)[ \t]*$", re.MULTILINE)
_PACKAGED_CLASS = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*\.[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


def without_stack_frames(text: str) -> str:
    """`text` with a Java stack trace's frame lines and package-qualified class names blanked in place."""
    text = _STACK_FRAME.sub(lambda m: " " * len(m.group()), text)
    return _PACKAGED_CLASS.sub(lambda m: " " * len(m.group()), text)


def _ticket_ids(text: str, out: dict) -> None:
    """`out`'s names (key -> EntityMention) with `text`'s ticket ids (TICKET_ID) each a name of its own, in place: a
    name that ends with one after other words (`Ticket OPS-1398`) is the id alone."""
    ids = {m.group(): None for m in TICKET_ID.finditer(text)} if "-" in text or "#" in text else {}
    for key, mention in list(out.items()):
        words = mention.name.split()
        if len(words) > 1 and TICKET_ID.fullmatch(words[-1]) and not TICKET_ID.fullmatch(mention.name):
            lead = words[0].lower()
            if len(words) == 2 and (_TICKET_LEAD.fullmatch(words[0]) or lead in LABEL_WORDS or lead in COMMON_WORDS):
                del out[key]
                ids.setdefault(words[-1], None)
        elif len(words) > 1 and words[-1] in ("PR", "MR", "CR") and re.search(re.escape(mention.name) + r"[ \t]?#\d", text):
            del out[key]  # `Terraform PR` of `Terraform PR #839`
    for name in ids:
        if name.lower() not in out:
            out[name.lower()] = EntityMention(name, "name")


# An Amazon product code (ASIN) of a Kindle book, `B00X47ZVXM`: the Kindle Highlights plugin's `asin:` and
# `* ASIN:` lines write one in every book's note (heuristic rules 20: each was a name of its note)
_ASIN = re.compile(r"B0[0-9A-Z]{8}")


# A Zettelkasten note's ID, its creation time in figures (Obsidian's yyyymmddhhmm, Zettlr's yyyymmddhhmmss):
# the note's file name opens with it (`202611031015 Eigenvalues.md`) or is it (`202611031015.md`), and a
# link by it alone (`[[202611031015]]`, as Zettlr and The Archive link) names that note (heuristic rules 16:
# it named nothing). One of 8 figures that is a date is the date, as before (`[[20261103]]`). The ID of a
# file name that opens with it is joined to the note's name by sync (sync.joined_names, zettel_id).
ZETTEL_ID = re.compile(r"\d{8,14}")
# a file name that opens with an ID and then a title (`202611031015 Eigenvalues`, `20261117101500-Lagrange`)
_ZETTEL_OPENED = re.compile(r"(\d{8,14})[ _-]+(?=[^\W\d_])")


def zettel_id(path: str) -> str | None:
    """The Zettelkasten ID a Markdown note's file name opens with before its title (`202611031015
    Eigenvalues.md`: 202611031015), which a link by the ID alone names (ZETTEL_ID); None for another
    name (one that is the ID alone, `202611031015.md`, is named by it: note_name)."""
    name = PurePosixPath(path).name
    if not name.lower().endswith(MARKDOWN_SUFFIXES):
        return None
    m = _ZETTEL_OPENED.match(without_invisibles(name))
    return m.group(1) if m is not None else None


def without_person_title(name: str) -> str:
    """A note's or a link's name without a person's title before a name of it (`Dr Chen`, `Prof.
    Alvarez`: Chen, Alvarez), as the text's `Dr. Chen` names Chen (PERSON_TITLES; heuristic rules 16:
    `Dr Chen.md` was an entity apart from the Chen its notes write), `Frau Keller` too (rules 27: a chat's
    `Frau Keller:` spoke as Frau Keller, apart from the Keller its text's `Frau Keller` names). Public: store.lookup
    reads `mrag entity "Dr Okafor"` by it, as the extractor read the notes."""
    words = name.split()
    # `Frau`, `Herr` in any text (rules 27, aliases2), as `Dr.`; not before one letter, which names no one alone
    # (rules 29: `alias:: Dr O` made O an alias of the GP's note, and every `O` of the folder hers)
    if (len(words) > 1 and person_title(words[0], german=True) and words[1][:1].isupper()
            and not abbreviated_person_title(words[1]) and len(" ".join(words[1:]).strip(NAME_EDGES)) > 1):
        return " ".join(words[1:])
    return name


# The file name of a folder's own page, which every folder of a site may hold (heuristic rules 18, docs2): MkDocs'
# and Jekyll's `index.md` (served as the folder's URL, `api/index.md` as `/api/`), Hugo's `_index.md` (a
# section's list page). It names no entity: a link to one named `index`, one entity joining every link to any
# folder's landing page. `Index.md` in a vault is a note its owner titled, named as before; a `README.md` is
# named by the shared-name rules (sync.shared_note_names: alone in its folder it names its note, as `[[README]]`
# links it; in several folders none)
FOLDER_PAGE = re.compile(r"_?index")


# a wikilink's target that is a URL, an e-mail's or a phone's address (`mailto:`, `https://`, `tel:`): no note is named
# so (a note's file name holds no `:` on Windows and macOS); Dendron's `dendron://vault/note` is a note's
_WEB_TARGET = re.compile(r"[ \t]*(?:(?:mailto|tel|sms|callto):|(?:https?|ftp)://)", re.IGNORECASE)


# pure (a function of the target alone), and a folder's link targets and file names repeat: note_name,
# linkable_name and each chunk's links ask again (a sync profile: 90,000 calls for 10,000 notes)
@functools.lru_cache(maxsize=1 << 16)
def link_target(target: str) -> EntityMention | None:
    """What a wikilink's target (what `[[` and `|` or `]]` hold) links to:
    the note its last path part names, without `#heading`, `^block` or
    `.md`, a name; a daily note's date (`[[2024-05-01]]`, `[[May 1st,
    2024]]`, `[[journals/2024_05_01]]`, `[[daily.journal.2024.05.01]]`:
    text.daily_date; `[[2024/05/01]]`, a path of year, month and day
    folders: text.folder_date), the date its note_name is; None for a link into the
    same note (`[[#Heading]]`), to an attachment (`![[photo.png]]`) or to
    another name without a letter."""
    if target.lstrip().lower().startswith("denote:"):
        return None  # a Denote link: its identifier's note, which sync joins (DENOTE_LINK; rules 20)
    if _WEB_TARGET.match(target):
        return None  # `[[mailto:ana@example.com|mail]]`: an address, no note's name (rules 24; it was one)
    # a Notion page's id ends its file name (`Trip to Lisbon 3f2a….md`): the page's name is its title
    path = without_notion_ids(re.split(r"[#^]", target, maxsplit=1)[0].strip())
    # a TextBundle's text (`Trip%20to%20Lisbon.textbundle/text.md`) or the bundle itself is its note, `Trip to
    # Lisbon` (text.bundle_path; rules 20)
    path = bundle_path(path.rstrip("/") if path.lower().endswith(BUNDLE_SUFFIX + "/") else path)
    if path.lower().endswith(BUNDLE_SUFFIX):
        path = path[:-len(BUNDLE_SUFFIX)]
    target = path.rsplit("/", 1)[-1].strip()
    drawing = DRAWING_SUFFIX.search(target)
    if DEFAULT_DRAWING.fullmatch(target[:drawing.start()] if drawing is not None else target.removesuffix(".md")):
        return None  # the plugin's default name, a time stamp: no title (rules 14)
    if drawing is not None:  # `[[Plan.excalidraw]]`: the drawing's note, Plan (note_name), no date's
        name = _named(target[:drawing.start()])
        return EntityMention(name, "name") if name is not None and re.search(r"[^\W\d_]", name) else None
    if ATTACHMENT.search(target):
        return None
    if target.lower().endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES):
        target, path = target.rsplit(".", 1)[0], path.rsplit(".", 1)[0]
    date = daily_date(target) or folder_date(path)
    if date is not None:
        return EntityMention(date[0], "date")
    if FOLDER_PAGE.fullmatch(target):
        return None  # `api/index.md`, Hugo's `_index.md`: a folder's page, no name of its own
    if ZETTEL_ID.fullmatch(target):
        return EntityMention(target, "name")  # a Zettelkasten ID: its note's (rules 16)
    if target.startswith("@") and CITEKEY.fullmatch(target[1:]):
        # a literature note named by its citation key, as Zotero Integration and the Citations plugin name it
        # (`@vaswani2017attention.md`, `[[@vaswani2017attention]]`): the key, which a Pandoc citation, a LaTeX
        # `\cite{}` and a BibTeX entry name it by (rules 21, qa38: the note stood apart from them)
        target = target[1:]
    if not re.search(r"[^\W\d_]", target) or any(surface == target for surface, _iso in find_dates(target)):
        return None
    name = _named(target)
    if name is None:
        return None
    untitled = without_person_title(name)
    return EntityMention(untitled, "person") if untitled != name else EntityMention(name, "name")


# Bear links a heading of another note as `[[Project Alpha kickoff/Attendees]]`: the note, a `/`, the heading,
# which read as a folder's path named Attendees and joined no note (heuristic rules 20). A link `[[A/B]]` is to
# note A, its heading B, as `[[A#B]]` is, when no note of the folder is at A/B (Obsidian's and Foam's
# `[[folder/note]]`, a Logseq namespace page's `[[proj/alpha]]`: FolderNotes.is_note) and A names one (its name,
# FolderNotes.names); a Logseq page's links are its namespaces' whatever the folder holds (heading_links' caller)
class FolderNotes:
    """What the notes of a synced folder are, for reading its links `[[A/B]]` (heading_links): each note's
    path as a link may write it (without its note suffix, a Logseq namespace page's `___` as `/`, any case),
    with each of its tails at a `/` (`[[alpha/meetings]]` is `proj/alpha/meetings.md`), and the keys of the
    names the notes are linked by (`names`: sync's note name keys)."""

    def __init__(self, paths: Iterable[str], names: Iterable[str]):
        self.paths: set[str] = set()
        for path in paths:
            file = PurePosixPath(bundle_path(path))  # a TextBundle's text is its bundle's note
            stem = str(file.parent / _page_file_name(file)).lower()
            if stem.endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES):
                stem = stem.rsplit(".", 1)[0]
            parts = stem.split("/")
            self.paths.update("/".join(parts[i:]) for i in range(len(parts)))
        self.names = frozenset(names)

    def is_note(self, target: str) -> bool:
        """Is `target` (a link's, before its `#heading`) the path of a note of the folder, or of its tail?"""
        target = target.strip().lower()
        if target.endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES):
            target = target.rsplit(".", 1)[0]
        return target.lstrip("./") in self.paths


def heading_links(text: str, folder: FolderNotes) -> str:
    """`text` with each link `[[A/B]]` (`[[A/B|shown]]`, `![[A/B]]`) to a heading B of the note A written
    `[[A#B]]` (same length: the text keeps its offsets): when no note of `folder` is at A/B and A names one
    of its notes (FolderNotes). A date's folders (`[[2024/05/01]]`), a path with a `#` already or a URL
    (`://`) are left as written."""
    if "[[" not in text or "/" not in text:
        return text

    def to_heading(m: re.Match) -> str:
        target = re.split(r"[|#^]", m.group(1), maxsplit=1)[0]
        cut = target.rfind("/")
        if cut <= 0 or "://" in target or folder_date(target.strip()) is not None or folder.is_note(target):
            return m.group()
        note = target[:cut].strip()
        if not note or normalise_key(note, "name") not in folder.names:
            return m.group()
        at = m.start(1) - m.start() + cut
        return m.group()[:at] + "#" + m.group()[at + 1:]
    return WIKILINK.sub(to_heading, text)


def link_name(target: str) -> str | None:
    """The note a wikilink's target names (link_target), None for a date."""
    found = link_target(target)
    return found.name if found is not None and found.type != "date" else None


def _written_name(target: EntityMention | None) -> bool:
    """Is a wikilink's `target` (link_target) a name as a writer writes one, a word of it capitalised
    (`Sourdough`, `Priya Raman`), or a word of a script without capitals (`李华`, `東京`: review revZ, their shown
    text `[[李华|Li Hua]]` named a second Li Hua), not a date nor an ID or a slug (`202310031200`, `tomasz`,
    `proj.alpha`)?"""
    return target is not None and target.type != "date" and any(
        w[:1].isupper() or any(c.isalpha() and c.lower() == c.upper() for c in w) for w in target.name.split())


# a wikilink's shown text written as a phrase in lower case before a name of two capitalised words or more: `the
# trip with Maria Silva`, `dinner at Casa Pinto`
_SHOWN_PHRASE_NAME = re.compile(rf"[a-z][\w'’-]*(?:[ \t]+[a-z][\w'’-]*)*"
                                rf"[ \t]+{UPPER}{LOWER}+(?:[ \t]+{UPPER}{LOWER}+)+\b.*")


def _shown_label(text: str, end: int, target: EntityMention) -> list[tuple[int, int]]:
    """The ranges of the shown text after a wikilink's target at `end` (`|...]]`, after a target written as a
    name, which makes it a label: _written_name) that name nothing: all of it, but for one that writes a name of two
    capitalised words or more after lower-case words (`[[Trip to Lisbon|the trip with Maria Silva]]`: heuristic
    rules 23, it lost Maria Silva), read as text save its names whose words all repeat the target's, case aside
    (`[[Lisbon Trip 2023|our Lisbon Trip]]`, `[[Project Alpha Kickoff|the Project Alpha kickoff]]` name the target
    alone: fixA, review revA). A label in title case (`[[Sourdough|Bread Notes]]`) or of one such word (`[[Trip to
    Lisbon|the trip to Lisbon]]`) is read as one."""
    close = text.find("]]", end)
    if _SHOWN_PHRASE_NAME.fullmatch(text[end + 1:close].strip()) is None:
        return [(end, close)]
    own = set(_LINK_WORD.findall(target.name.lower()))
    return [(m.start(), m.end()) for m in CAP_SPAN.finditer(text, end + 1, close)
            if own.issuperset(_LINK_WORD.findall(m.group(0).lower()))]


# a word of a link target or its shown text, compared case aside (_shown_label)
_LINK_WORD = re.compile(r"[^\W_]+")


def wikilinks(text: str, comments: bool = True, kind: str | None = None,
              indented: bool = False) -> list[tuple[int, int, EntityMention | None]]:
    """(start, end, what it links to or None: link_target) of each wikilink's target in
    `text`: from after `[[` to its `|` or `]]` (the shown text after `|`
    is its label, which names nothing after a target written as a name: extract_one). A `[[...]]` in code
    (mdcode.py: a code span, a fenced code block, a raw HTML block of code, a `<code>` element) is written
    about, not followed: its target names nothing, neither the note nor,
    read as text, its words (`[[Harbour Hall]]` in an example of the syntax
    names no Harbour Hall). `comments`: is `text` a note's (or a chunk of one)
    where `%%` opens a comment (mdcode.reads_comments)? `kind`: the note kind whose own
    code blocks are code too (mdcode.code_kind: an Org note's `#+BEGIN_SRC`), `indented`: a
    Markdown note's indented code blocks are code, for a text not read in context already (the
    extractor's texts and sync.note_link_keys's, read in context, have them fenced)."""
    if "[[" not in text:
        return []
    code = Ranges(code_ranges(text, indented=indented, comments=comments, kind=kind, templater=True))
    out = []
    for m in WIKILINK.finditer(text):
        target = m.group(1).split("|", 1)[0]
        name = None if code and code.covers(m.start()) else link_target(target)
        out.append((m.start(1), m.start(1) + len(target), name))
    return out


# A Markdown link, `[shown text](target)` (`[text](<a target>)`, a `"title"` after the target): Notion,
# Evernote, Bear, Typora and VS Code link notes so, a relative path URL-encoded (`Trip%20to%20Lisbon%203f2a….md`).
# Group 1 is `!` for an image, group 2 the target, group 3 the shown text
# A Hugo site's link target is often a `ref`/`relref` shortcode (`[Rate limits]({{< ref "docs/rate-limits.md" >}})`,
# `{{% relref "..." %}}`): read as a link to the path it holds (HUGO_REF; heuristic rules 18, docs2: it linked nothing)
_HUGO_REF = r'\{\{[<%][ \t]*(?:rel)?ref[ \t]+"[^"\n]{1,500}"[ \t]*[>%]\}\}'
HUGO_REF = re.compile(r'\{\{[<%][ \t]*(?:rel)?ref[ \t]+"([^"\n]{1,500})"[ \t]*[>%]\}\}')
MARKDOWN_LINK = re.compile(r"(!?)\[([^\[\]\n]{0,500})\]\((" + _HUGO_REF + r"|<[^<>\n]{1,1000}>|[^\s()<>]{1,1000})"
                           r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?[ \t]*\)")
# a URL's scheme (`https:`, `mailto:`, `evernote:`) or a Windows drive (`C:`): no relative path
_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def markdown_link_target(target: str) -> EntityMention | None:
    """The note a Markdown link's target (`[x](target)`'s) links to, as a wikilink to it does
    (link_target): a relative path to a note, URL-decoded, without its `#heading` or
    `?query` (`Trip%20to%20Lisbon%203f2a….md`, `../notes/other%20note.md`; rules 17: of any kind sync
    reads, `notes/log.txt`, `Board.canvas`). None for a URL, an absolute path, a link into the same
    note (`#heading`) or to a file that is no note (an image, a PDF). Heuristic rules 16."""
    hugo = HUGO_REF.fullmatch(target)
    if hugo is not None:
        # Hugo's path is the content folder's (`/docs/rate-limits`) or the page's, its `.md` optional
        target = hugo.group(1).strip().lstrip("/")
        page = re.split(r"[#?]", target, maxsplit=1)[0]
        if page and not page.lower().endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES):
            target = page + ".md" + target[len(page):]
    target = target.removeprefix("<").removesuffix(">").strip()
    if not target or _URL_SCHEME.match(target) or target.startswith(("#", "/", "\\")):
        return None
    path = urllib.parse.unquote(re.split(r"[#?]", target, maxsplit=1)[0])
    # a note of any kind sync reads (rules 17: a `.txt`, `.org`, a canvas named nothing)
    if not path.lower().endswith(MARKDOWN_SUFFIXES + PLAIN_SUFFIXES) and DRAWING_SUFFIX.search(path) is None \
            and not path.lower().rstrip("/").endswith(BUNDLE_SUFFIX):  # a TextBundle is a note (rules 20)
        return None
    return link_target(path.replace("#", " ").replace("^", " "))


def _above_the_folder(target: str) -> bool:
    """Is a Markdown link's `target` a file of another kind than Markdown's right in a folder above
    (`../requirements.txt`, `../../LICENSE.txt`, `../CMakeLists.txt`: a project's files beside its notes'
    folder)? Such a link most likely leaves the folder, where no note of that name is: it names no note
    (heuristic rules 17; `../notes/log.txt` still does)."""
    path = urllib.parse.unquote(re.split(r"[#?]", target.removeprefix("<").removesuffix(">").strip(), maxsplit=1)[0])
    parts = [p for p in re.split(r"[/\\]", path) if p not in ("", ".")]
    return path.lower().endswith(PLAIN_SUFFIXES) and len(parts) > 1 and all(p == ".." for p in parts[:-1])


def within_folder_links(text: str, depth: int) -> str:
    """`text` (a note's chunk, at `depth` folders below its synced folder: `log/sub/a.md` is 2) with
    each Markdown link to a `.txt`/`.org`/... file right in a folder above (_above_the_folder) that
    goes up no more folders than the note is below the synced folder (`[log](../log.txt)` in
    `sub/a.md`: the folder's `log.txt`) written `.//log.txt`, at the same length, so it links as
    `[log](log.txt)` does (heuristic rules 18: fix18's guard, which names nothing for a link that leaves
    the folder, `../requirements.txt` beside the notes' folder, took it too). Read from the note's own
    path, not from which notes the folder holds: one that goes up further still names nothing, and
    one inside the folder to no note names its file name as a link to a missing note does. Sync reads
    a note's links so (note_readings, note_link_keys)."""
    if depth < 1 or "](" not in text or "../" not in text:
        return text
    out, at = [], 0
    for m in MARKDOWN_LINK.finditer(text):
        target = m.group(3)
        up = len(target.removeprefix("<")) - len(target.removeprefix("<").lstrip("./"))
        if _above_the_folder(target) and target.removeprefix("<").count("../", 0, up) <= depth:
            start = m.start(3) + target.startswith("<")
            out += [text[at:start], text[start:start + up].replace("../", ".//")]
            at = start + up
    return "".join(out) + text[at:] if out else text


_SLUG_GAP = re.compile(r"[-_]+")  # a slug's blank (`rate-limits.md`, `sdk_install.md`)
# the shown text of a link to a highlight's place in its source, as Readwise writes one after each highlight
# (`[Location 1234](https://readwise.io/to_kindle?…)`, `[Page 12](…)`, `[Time 0:12:40](…)`, `[View Highlight](…)`,
# `[View Tweet](…)`) and the Kindle Highlights plugin its book's (`[Kindle link](kindle://book?…)`)
SOURCE_LABEL = re.compile(r"(?:Location|Loc\.?|Page|Time)[ \t]+\d[\d:.,\u2013-]*|View (?:Highlight|Tweet|Source)|Kindle link")


def markdown_links(text: str, comments: bool = True, kind: str | None = None,
                   indented: bool = False) -> list[tuple[int, int, EntityMention | None]]:
    """(start, end, what it links to or None: markdown_link_target) of each Markdown link's target
    (from its shown text when that is the linked note's name) in `text` (`[Packing list](Trip%20to%20Lisbon%203f2a…/Packing%20list%20a1b2….md)`): a target is a
    path or a URL, whose words name nothing (`Trip`, `Packing` were names ten times over in a Notion
    export); one to a note names that note, as `[[Packing list]]` would. An image's target
    (`![scan](_resources/Scan%20passport.resources/image.png)`) and a link in code name nothing.
    Heuristic rules 16. `comments`, `kind`, `indented`: as wikilinks'."""
    if "](" not in text:
        return []
    code = Ranges(code_ranges(text, indented=indented, comments=comments, kind=kind, templater=True))
    out = []
    for m in MARKDOWN_LINK.finditer(text):
        written_about = m.group(1) or (code and code.covers(m.start()))
        target = None if written_about or _above_the_folder(m.group(3)) else markdown_link_target(m.group(3))
        # the shown text that is the note's name (Notion's `[Packing list](…)`) is the link, read whole
        # as `[[Packing list]]` is (its `Packing` opening a line was a name apart); compared by key, as the
        # entity is (rules 18, docs2: `[Rate limits](rate-limits.md)`, a docs site's, named `Rate` apart)
        shown = target is not None and normalise_key(m.group(2).strip()) == normalise_key(target.name)
        # a highlight's link back to its place in the source, `([Location 1234](https://readwise.io/…))`, names
        # nothing (rules 20: Readwise's `Location` was a reader's top name, `View Highlight` one)
        source = (target is None and not written_about and _URL_SCHEME.match(m.group(3)) is not None
                  and SOURCE_LABEL.fullmatch(m.group(2).strip()) is not None)
        if (shown and target.type == "name" and _SLUG_GAP.search(target.name)
                and fold(m.group(2).strip()) == fold(_SLUG_GAP.sub(" ", target.name))):
            # ... as its text writes it: `Rate limits` for the slug `rate-limits.md`, a docs site's (rules 18)
            target = EntityMention(m.group(2).strip(), "name")
        out.append((m.start(2) if shown or source else m.start(3), m.end(3), target))
    return out


def notion_relation_links(text: str, properties: Sequence[frontmatter.NotionProperty] | None = None
                          ) -> list[tuple[int, int, EntityMention | None]]:
    """(start, end, the page it links to) of each page a Notion page's relation property names
    (frontmatter.notion_relations: `Project: Halden Foods pricing review (../Projects%20…/Halden%20Foods….md)`),
    read as the Markdown link `[Halden Foods pricing review](../Projects%20….md)` is (markdown_links): the
    page's title and path when the title is the page's name, the bracketed path alone otherwise. Rules 30:
    the related page got no link, and the database folder's word (`Projects`, `Contacts`) in every path was a
    hub name. `properties`: the text's notion_properties, when read already."""
    properties = frontmatter.notion_properties(text) if properties is None else properties
    out = []
    for title_start, title_end, path_start, path_end in frontmatter.notion_relations(properties):
        target = markdown_link_target(text[path_start:path_end])
        shown = target is not None and normalise_key(text[title_start:title_end]) == normalise_key(target.name)
        out.append((title_start if shown else path_start - 1, path_end + 1, target))
    return out


# A link reference definition, a line of its own (CommonMark: `[label]: destination "title"`), which
# a reader never sees: Foam appends one for each wikilink of a note (`[project-alpha]: project-alpha.md
# "Project Alpha"`, between its `[//begin]: # "Autogenerated link references ..."` and `[//end]: #`
# lines). Its label, destination and title name nothing (heuristic rules 18: each title was a work,
# `Priya Raman` one, and each wikilink's name counted again); the link is the note's wikilink's.
# A footnote (`[^1]: ...`) is text, and a destination must look like one (a path, an anchor, a URL,
# `<...>`): `[Tom]: yes` is a line of a chat.
LINK_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\[\]\n]{1,999}\]:[ \t]*(?:<[^<>\n]*>|[^\s<>]*[./#:][^\s<>]*)"
                             r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$", re.MULTILINE)


def without_link_definitions(text: str) -> str:
    """`text` with its link reference definitions (LINK_DEFINITION) blanked, each character a blank,
    so the rest keeps its offsets."""
    if "]:" not in text:
        return text
    return LINK_DEFINITION.sub(lambda m: " " * len(m.group()), text)


# A URL written out in the text (not a Markdown link's target, `](https://…)`, nor `<https://…>`, which the
# links read): its words name nothing (heuristic rules 20: an Amazon cover's `…/41yafGMO+rL._SY400_.jpg`
# named `SY400` in every Kindle Highlights plugin note, its front matter's `bookImageUrl:`), nor a wikilink's
# target (Dendron's `[[Risks|dendron://work/proj.alpha.risks]]`, which dendron_links reads turned round)
BARE_URL = re.compile(r"(?<![\w(<|\[])[A-Za-z][A-Za-z0-9+.-]*://[^\s<>\"'`()\[\]]+")


def without_bare_urls(text: str) -> str:
    """`text` with its bare URLs (BARE_URL) blanked, each character a blank, so the rest keeps its offsets."""
    if "://" not in text:
        return text
    return BARE_URL.sub(lambda m: " " * len(m.group()), text)


# The line that opens each entry of a Kindle's `My Clippings.txt`, its book's title and authors, as
# notekinds.clippings_note reads it (the entry's next line `- your highlight ... | added on ...`, which no other
# note writes so), and the `- Full Title:` line of a Readwise export's metadata: each names its book whole, by its
# title before a subtitle (`Atomic Habits: An Easy & Proven Way ...` is `Atomic Habits`, the note Readwise and
# the Kindle Highlights plugin name by it), and its authors (`(David Thomas;Andrew Hunt)`, a sideloaded book's
# `(Harari, Yuval Noah)`), people; heuristic rules 20: `Thinking, Fast and Slow` named `Fast` and `Slow`, a
# subtitle `Proven Way`, `Build Good Habits` and `Break Bad Ones`, in every entry of the book
CLIPPING_TITLE = re.compile(r"^(\S[^\n]*?)(?:[ \t]*\(([^()\n]+)\))?[ \t]*\r?\n"
                            r"(?=- (?:your )?(?:highlight|note|bookmark|clip|article)\b[^A-Z\n]*\| added on )", re.M)
FULL_TITLE = re.compile(r"^[ \t]*[-*+][ \t]+Full Title:[ \t]*(\S[^\n]*?)[ \t]*\r?$", re.M)
_SURNAME_FIRST = re.compile(r"([^\s,]+),[ \t]*([^\s,]+(?:[ \t]+[^\s,]+){0,2})")


def _main_title(title: str) -> str:
    """A book's title without its subtitle (after `: `)."""
    return title.split(": ", 1)[0].strip()


def without_book_lines(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`text` with its clippings' title lines and Readwise's `Full Title:` values blanked (CLIPPING_TITLE,
    FULL_TITLE), each character a blank, and the (name, type) each names: its book (`work`) and authors."""
    if "| added on " not in text and "Full Title:" not in text:
        return text, []
    found: list[tuple[str, str]] = []
    spans = []
    for m in CLIPPING_TITLE.finditer(text):
        found.append((_main_title(m.group(1)), "work"))
        for author in (m.group(2) or "").split(";"):
            author = author.strip()
            turned = _SURNAME_FIRST.fullmatch(author)
            author = f"{turned.group(2)} {turned.group(1)}" if turned else author
            if author and not author.lower().startswith("unknown"):
                found.append((author, "person"))
        spans.append((m.start(), m.end(2) if m.group(2) else m.end(1)))
    for m in FULL_TITLE.finditer(text):
        found.append((_main_title(m.group(1)), "work"))
        spans.append(m.span(1))
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text, found


# A time's AM or PM (`10:15 AM`, `8 PM`, `7 p.m.` is lower case): no name (heuristic rules 16: Notion's
# `Created: … 10:15 AM` made PM a name of seven pages, LiHua's `8 PM` one of 95 mentions)
_MERIDIEM = re.compile(r"(?<![\w.:])(\d{1,2}(?::[0-5]\d){0,2}[ \t]?)(AM|PM|A\.M\.|P\.M\.)(?![\w])")
# Notion's date mention: `@` and a date (`@November 12, 2026`, `@Nov 12`), no person's handle
_NOTION_DATE_MENTION = re.compile(
    r"@(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2}\b(?:st|nd|rd|th)?")
# the keys of a Notion page's properties whose values are people (its Person properties as a template
# names them): `Assignee: Priya Raman`, `Participants: Priya Raman, Marco Bellini`
NOTION_PEOPLE_KEYS = frozenset({"assignee", "assignees", "assigned to", "owner", "owners", "person", "people",
                                "participants", "attendees", "created by", "last edited by", "reviewer",
                                "reviewers", "author", "authors"})
_PERSON_VALUE = re.compile(rf"{UPPER}[\w'’.-]*(?: {UPPER}[\w'’.-]*){{0,3}}")


def without_meridiems(text: str) -> str:
    """`text` with the AM or PM of its times blanked (_MERIDIEM), so they name nothing: where names
    are read (rules 16). A line's opening time's is written in lower case instead (`- 9AM Board meeting` reads as
    `- 9am Board meeting`, `9 A.M.` as `9 a.m.`): blanked, its hour alone was no line's time (_LINE_TIME) and
    the meeting's kind after it was a name (rules 25: Board, Staff)."""
    if "M" not in text:
        return text
    return _MERIDIEM.sub(lambda m: m.group(1) + (m.group(2).lower() if _in_line_time(text, m.end())
                                                 else " " * len(m.group(2))), text)


def _in_line_time(text: str, end: int) -> bool:
    """Does text[:end] end inside the time opening its line (_LINE_TIME: `- 9AM`, `- 9AM-10AM`, `[9:30 PM]`)?"""
    line = text.rfind("\n", max(0, end - MARKS_REACH), end) + 1
    if line == 0 and end > MARKS_REACH:
        return False
    m = _LINE_TIME.match(text, line)
    return m is not None and m.end() >= end


# The marker lines git leaves in a note a merge met an edit of (`<<<<<<< HEAD`, `||||||| base` of the
# diff3 style, `>>>>>>> feature/x`; `=======` has no word): they name the branches, no one's names
# (rules 18: `HEAD` and `Budget`, of `feature/Budget`, were names). Exactly seven marks, as git writes
# them: eight `>` or more open a nested quote. The walk warns of such a note (walk.merge_conflict_warning).
_MERGE_MARKER = re.compile(r"^(?:<{7}(?!<)|\|{7}(?!\|)|>{7}(?!>))(?:[ \t][^\n]*)?$", re.MULTILINE)


def without_merge_markers(text: str) -> str:
    """`text` with git's conflict marker lines (_MERGE_MARKER) left empty, their line ends kept: where
    names are read, both sides of the conflict are read as the note's text."""
    if "<<<<<<<" not in text and ">>>>>>>" not in text and "|||||||" not in text:
        return text
    return _MERGE_MARKER.sub("", text)


def notion_people(properties: Sequence[frontmatter.NotionProperty]) -> list[str]:
    """The people a Notion page's property lines (frontmatter.notion_properties) name: the values
    of its keys of people (NOTION_PEOPLE_KEYS: `Assignee: Priya Raman`), each of a comma-separated list
    that is a name of one to four capitalised words (rules 16)."""
    return [part.strip() for p in properties if frontmatter.notion_key(p) in NOTION_PEOPLE_KEYS
            for part in p.value.split(",") if _PERSON_VALUE.fullmatch(part.strip())]


# TeX math in Markdown (Obsidian, Pandoc, Zettlr: `$Av = \lambda v$`, a `$$ ... $$` block): symbols, no
# prose, whose capitals (`Av`, `Df`, `H_f`, `\Phi`) named nothing the note is about (heuristic rules 16).
# Inline math as Pandoc reads it: a `$` before no blank and a `$` after none and before no figure (`$5 and
# $10` is money), on one line, not escaped (`\$`).
DISPLAY_MATH = re.compile(r"(?<!\\)\$\$(?:[^$]|\$(?!\$)){1,4000}?\$\$")
INLINE_MATH = re.compile(r"(?<![\\$])\$(?![\s$])(?:[^$\n\\]|\\.){1,400}?(?<![\s\\])\$(?![\d$])")


def without_math(text: str) -> str:
    """`text` with its TeX math (DISPLAY_MATH, INLINE_MATH) blanked, its line ends kept: what the
    names are read in (rules 16)."""
    if "$" not in text:
        return text
    blank = lambda m: re.sub(r"[^\n]", " ", m.group())
    return INLINE_MATH.sub(blank, DISPLAY_MATH.sub(blank, text))


# a German noun's place: after a determiner (lower-case inflected adjectives or a number between), or
# after a number (group 2) and a unit's abbreviation (`1 kg Birnen`, `180 Grad`); the noun is group 3
# (a lookahead: each word is tried, `bringt den Wein` holds `den Wein`). A time's minutes count
# nothing (`09:00 Anna`, `Um 14:30 Jonas`: no number after a colon)
_GERMAN_NOUN = re.compile(
    rf"(?=(?:(?<![^\W\d_])([^\W\d_]+)|(?<![\w.,:])(\d+(?:[.,]\d+)?\.?)(?:[ \t]+{LOWER}{{1,3}}\.?)?)"
    rf"(?:{_GAP}(?:{LOWER}+(?:e|en|er|es|em)|\d+(?:[.,]\d+)?\.?)){{0,2}}{_GAP}({UPPER}{_WORD_CHAR}*)(?!{_WORD_CHAR}))")
# a year (`2024 Anna`) counts nothing either, nor an ordered list's number (`1. Anna` opening a line)
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
_LIST_NUMBER_BEFORE = re.compile(r"(?:^|\n)[ \t>*+-]*$")
# a capitalised word right after a preposition, with no article or number between (`mit Anna`, `bei
# Telekom`, `nach München`): the way a German text writes a name, so a word it writes so is a name
# even where an article comes before it too (`mit der Anna`). Not after `und` or `noch`: `Ich muss
# noch Birnen und Käse kaufen` writes nouns bare too
_GERMAN_BARE = re.compile(
    rf"(?<![^\W\d_])(?:mit|bei|von|nach|für|ohne|gegen|an|aus){_GAP}({UPPER}{_WORD_CHAR}*)(?!{_WORD_CHAR})")
# A German text's nouns with no article before them (heuristic rules 16): where a sentence, a heading or a
# label starts (`## Zusammenfassung`, `Besprechung mit Prof. Weber`), or before a number (`Kapitel 2`,
# `Abschnitt 2.3`, `Seite 14`). A word of a noun's suffix (-ung, -heit, -keit, -schaft, -tion, -ismus, and
# their plurals; three letters or more before it: not `Jung`), and a word before a number that is no year
# (`Müller 2019`, `Fischer 2018` cite a work: names), no time (`Anna 14:30`) and no date's day (`Anna 3.`).
# Rules 17: and -nis (`Ergebnis`, `Ergebnisse`, `Verhältnis`; four letters before it: not `Dennis`, `Tennis`).
_GERMAN_SUFFIXED = re.compile(
    rf"(?<!{_WORD_CHAR})({UPPER}{LOWER}{{2,}}(?:ung|heit|keit|schaft|tion)(?:en)?|{UPPER}{LOWER}{{2,}}(?:ismus|ismen)"
    rf"|{UPPER}{LOWER}{{3,}}nis(?:se|sen)?)(?![\w'’-])")
# A German text's one-word heading (`## Methode`, `# Ergebnisse`): a noun (heuristic rules 17) where the text
# also writes it in a noun's place that no article marks: after an inflected adjective (`mit neuer Methode`,
# `viele Ergebnisse`; group 1 the adjective, 2 the word), no adverb's ending (`lese gerade Kafka`). A heading
# alone is no evidence: `## Hamburg` over `und Hamburg ist schön` is a city, `## Siemens` a firm
_GERMAN_HEADING_WORD = re.compile(rf"^[ \t]*#{{1,6}}[ \t]+({UPPER}{LOWER}+)[ \t]*$", re.MULTILINE)
_GERMAN_ADJECTIVE_BEFORE = re.compile(rf"(?<![^\W\d_])({LOWER}+(?:e|en|er|es|em)){_GAP}({UPPER}{LOWER}+)(?![\w'’-])")
_GERMAN_ADVERBS = frozenset({"gerade", "gerne", "lange", "heute", "morgen", "eben", "oben", "unten", "hinten",
                            "vorne", "selten", "wieder", "immer", "aber", "oder", "außer", "sondern", "trotzdem",
                            "nachdem", "zudem", "seitdem", "stattdessen", "sogar", "später", "früher", "nie", "jetzt"})
# Where a German text writes a capitalised word as a person's (heuristic rules 17), so that a noun's shape
# (`Hartung`: -ung) or a heading makes no noun of it: after a person's title (`Frau Hartung`, `Dr.
# Hartung`, `Prof. Hartung`: group 1), before a citation's year (`Hartung 2019`, `(Hartung, 2019)`,
# `Hartung et al.`: CITATION), or after a first name (`Anna Hartung`: group 3 after group 2, a capitalised
# word that is no determiner's, no noun the text uses and no common adjective, with no determiner before it)
_GERMAN_TITLED = re.compile(
    rf"(?<!{_WORD_CHAR})(?:{PERSON_TITLE_WORD})"
    rf"{_GAP}({UPPER}{LOWER}+)(?![\w'’-])")
_GERMAN_FIRST_LAST = re.compile(rf"(?<![\w'’.-])(?=({UPPER}{LOWER}+){_GAP}({UPPER}{LOWER}+)(?![\w'’-]))")
_GERMAN_NUMBERED = re.compile(rf"(?<![\w'’-])({UPPER}{LOWER}+){_GAP}(\d+(?:\.\d+)*)(?![\w:.]|,\d)")


# What follows an English weekday's three letters when they stand for the day (`# Sun 15 Nov`, `Sun 15th`, `Sun 15/11`,
# `Sun, 15 Nov 2026`, `Sun Nov 15`, `Tues 3.11.`): its day of the month, with its month or its ordinal's letters
# (rules 30: a journal's `# Sun 15 Nov` named Sun; `Sun` alone stays a name, Sun Li's, and `Sun 2019`, `Sun 3.5`
# are no days)
_DAY_NUMBER = r"(?:0?[1-9]|[12]\d|3[01])"
_WEEKDAY_BEFORE_DAY = re.compile(
    rf",?[ \t]+(?:{_DAY_NUMBER}(?:st|nd|rd|th)?(?:[ \t]+(?:{MONTH_ALT})\b|/(?:0?[1-9]|1[0-2])\b|\.(?:0?[1-9]|1[0-2])\.)"
    rf"|{_DAY_NUMBER}(?:st|nd|rd|th)\b|(?:{MONTH_ALT})\.?[ \t]+{_DAY_NUMBER}(?!\d)"
    # ... or its time (`Sun 6pm`, `Sat 10.30am`, `Sun 18:00`: rules 32, a rota's `-> Sun 6pm` named Sun)
    rf"|(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?[ \t]?[ap]\.?m\b\.?|(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:]))", re.IGNORECASE)


def _weekday_before_day(word: str, text: str, end: int) -> bool:
    """Is `word`, ending at `end` of `text`, an English weekday's short name before its day of the month (`Sun 15 Nov`,
    `Sat 14th`, `Sun 15/11`: _WEEKDAY_BEFORE_DAY)? A day, no name (rules 30)."""
    return word.lower() in WEEKDAY_SHORT and _WEEKDAY_BEFORE_DAY.match(text, end) is not None


def _era_after_year(text: str, start: int, word: str) -> bool:
    """Is `word` (at `start` of `text`) an era after its year (`300 BC`, `1066 AD`: ERAS)?"""
    return word in ERAS and _YEAR_BEFORE.search(text, max(0, start - 12), start) is not None


def _part_number(text: str, end: int) -> re.Match | None:
    """The number after a work's part ending at `end` of `text` (`Ch 3`, `Ch. 11`, `Book 2`), after the part's
    abbreviation's dot, as a heading's (_HEADING_NUMBER)."""
    return _HEADING_NUMBER.match(text, end + text.startswith(".", end))


def _german_day_before_date(text: str, start: int, end: int, is_german: bool) -> bool:
    """Is the word at `start`..`end` of `text` (`Mo`, `Di`: GERMAN_DAY_ABBREVIATIONS) a German day abbreviated before
    its date: a day in figures closed by its dot after it (`Do 17.12.`, `Mo 11.01.2027`), in any text (rules 31); one
    in German text or opening its line, a German day after it (`5. Okt.`, `3.10`)? Or one of a span or a list of them
    (`Mo–Fr 8–12`, `Di+Do 15–18`, `Di + Do 18:00`: _GERMAN_DAYS_RUN, rules 31)?"""
    if _GERMAN_DAY_BEFORE_DOTTED_DAY.match(text, end) or _in_german_days_run(text, start, end):
        return True
    if not (is_german or _LINE_OPENING.fullmatch(text, text.rfind("\n", 0, start) + 1, start)):
        return False
    if _GERMAN_DAY_BEFORE_DATE.match(text, end):
        return True
    gap = _GERMAN_DAY_BEFORE_WORDS.match(text, end)
    return gap is not None and GERMAN_DATE.match(text, gap.end()) is not None


def _roles(words: list[str]) -> bool:
    """Are `words`, before a person's title, roles (TITLE_ROLES: `Board Chair`, `Mein Nachbar`, `Our Vice President`),
    no part of the name?"""
    kinds = [w.lower() in TITLE_ROLES or (w.lower() in COMMON_WORDS or w.lower() in GERMAN_DETERMINERS) and None
             for w in words]
    return True in kinds and False not in kinds


def german_nouns(text: str) -> set[str]:
    """The capitalised words a German `text` uses as nouns (_GERMAN_NOUN):
    after a determiner (GERMAN_DETERMINERS; `der`, `die`, `das`, `den` and
    `dem` not after a comma, where they are relative pronouns: `der Kollege,
    den Anna empfahl`) or after a number (no time's minutes, year or
    ordered list's number); a word of a noun's suffix or before a number
    that is no year (rules 16: _GERMAN_SUFFIXED, _GERMAN_NUMBERED:
    `Zusammenfassung`, `Kapitel 2`); and the days and months (GERMAN_CALENDAR). None
    in an English line of the text (`I am Sam`: english_line), none in
    capitals (`dem ADAC`), and none the text also writes right after a
    preposition (`mit Anna`: _GERMAN_BARE), but by their shape (`mit
    Blickbewegungsmessung`, `für Kapitel 2`)."""
    out = set()
    english = _english_lines(text)
    for m in _GERMAN_NOUN.finditer(text):
        det, number, noun = m.group(1), m.group(2), m.group(3)
        if noun.isupper():
            continue  # an acronym (`dem ADAC`, `die EU`) names a thing
        if det is not None:
            det = det.lower()
            # (read back a few characters: the text up to each match made it quadratic)
            if det not in GERMAN_DETERMINERS or (det in _RELATIVES
                                                 and text[max(0, m.start() - 8):m.start()].rstrip().endswith(",")):
                continue
        elif _YEAR.fullmatch(number) or (number.endswith(".")
                                         and _LIST_NUMBER_BEFORE.search(text, max(0, m.start() - 12), m.start())):
            continue
        if english and english.covers(m.start()):
            continue
        out.add(noun)
    bare = {m.group(1) for m in _GERMAN_BARE.finditer(text)}
    out -= bare
    # nouns by their shape, after a preposition too (`mit Blickbewegungsmessung`, `für Kapitel 2`: rules 16)
    shaped = set()
    for m in itertools.chain(_GERMAN_SUFFIXED.finditer(text), _GERMAN_NUMBERED.finditer(text)):
        if not (m.lastindex == 2 and _YEAR.fullmatch(m.group(2))) and not (english and english.covers(m.start())):
            shaped.add(m.group(1))
    # a one-word heading's noun (`## Methode`, rules 17) where the text writes it after an adjective too,
    # unless it writes it bare after a preposition
    headings = {m.group(1) for m in _GERMAN_HEADING_WORD.finditer(text) if not (english and english.covers(m.start()))}
    if headings:
        shaped |= {m.group(2) for m in _GERMAN_ADJECTIVE_BEFORE.finditer(text)
                   if m.group(2) in headings and m.group(1) not in GERMAN_WORDS and m.group(1) not in _GERMAN_ADVERBS
                   and m.group(1) not in GERMAN_DETERMINERS} - bare
    if shaped:
        # ... but no word the text writes as a person's (rules 17: `Frau Hartung`, `(Hartung, 2019)`)
        shaped -= _german_persons(text, out | shaped)
    return out | shaped | GERMAN_CALENDAR


# The words a German note labels a line with (`Methode:`, `Fazit:`, `Ziel:`, `Teilnehmer:`), lower-cased, as
# LABEL_WORDS are English's: a closed list, as no shape tells them from a person's or a place's name that
# labels a line as well (`Anna: Folien vorbereiten`, `Hamburg: Hotel gebucht`; `Thema` and `Anna` end
# alike). A noun of a noun's suffix (`Zusammenfassung:`, `Ergebnis:`: _GERMAN_SUFFIXED) or that the note
# writes after an article (`die Methode`: german_nouns, note_nouns) labels whatever its word, as before.
# Rules 18, fixM1: names17's rule read any one capitalised word so, and named no Anna, Jonas, Hamburg, München.
GERMAN_LABEL_WORDS = frozenset("""
fazit methode methoden methodik ergebnis ergebnisse ziel ziele zweck thema themen inhalt inhalte datum ort zeit
uhrzeit dauer zeitraum teilnehmer teilnehmende anwesend abwesend protokoll tagesordnung status stand hinweis
hinweise achtung wichtig notiz notizen anmerkung anmerkungen bemerkung bemerkungen kommentar kommentare frage
fragen antwort antworten idee ideen problem probleme lösung ursache aufgabe aufgaben termin termine frist
fällig verantwortlich zuständig priorität kosten preis quelle quellen literatur autor autorin titel beispiel
beispiele hintergrund kontext motivation einleitung ausblick diskussion kritik vorteile nachteile zutaten
zubereitung schritte beschluss beschlüsse entscheidung risiko risiken offen erledigt zusammenfassung
stichworte schlagworte kategorie typ art ergänzung
""".split())


def _heading_label(text: str, end: int) -> bool:
    """Does the label ending at `end` (before its colon) stand alone on its line, a list's heading (`Termine:` over
    `- Arzt`)? A German label word so labels in a short note not read as German too (rules 24: `Termine:` named
    Termine)."""
    return _LABEL_ALONE.match(text, end) is not None


# a label's colon, in emphasis or not, and nothing after it on its line
_LABEL_ALONE = re.compile(rf"{_EMPH}?[:：]{_EMPH}?[ \t]*(?:\r?\n|\Z)")


def german_label(text: str, span: str, at: int) -> bool:
    """Is `span`, a label at `at` of a German `text` (`Methode:`, `**Fazit:**` opening a line), one of the
    words German notes label a line with (GERMAN_LABEL_WORDS; heuristic rules 18), on a line that is no
    English one (english_line)? German capitalises a noun as a name, and a label's noun has no article to
    tell it by (`Fazit: ...` named Fazit); the caller keeps as a name a word the text also writes
    mid-sentence (`mit Anna`) and a chat's speaker. Another word's label names it, a person's or a place's
    (`Anna: Folien vorbereiten`, `Hamburg: Hotel gebucht`), as a list item's does (`- Anna: ...`)."""
    if span.lower() not in GERMAN_LABEL_WORDS:
        return False
    line = text.rfind("\n", 0, at) + 1
    if text[line:at].strip(" \t*_"):
        return False  # `- Anna:`, `> Anna:`: a list item's or a quote's label, read as before
    end = text.find("\n", at)
    return not english_line(text[line:end if end >= 0 else len(text)])


def note_nouns(note: str, comments: bool = True) -> frozenset[str]:
    """The nouns (german_nouns) of `note`, a whole note (sync laid it from its chunks), when it is German
    (german), read as extract_one reads a text (no front matter, code, math or invisible characters;
    `comments`: as extract_one's): a chunk's German nouns are its own and its note's (heuristic rules 18),
    as its chat speakers are its note's. None for a note that is no German one."""
    text = read_front_matter(without_invisibles(note))[0]
    text = without_meridiems(without_math(without_code(text, comments=comments)))
    return frozenset(german_nouns(text)) if german(text) else frozenset()


def _german_persons(text: str, nouns: set[str]) -> set[str]:
    """The capitalised words a German `text` writes as a person's (heuristic rules 17): after a person's
    title (`Frau Hartung`, `Dr. Hartung`, `Herrn Hartung`: _GERMAN_TITLED), a citation's surname
    (`Hartung 2019`, `(Hartung, 2019)`, `Hartung & Weiß 2019`: CITATION), or a surname after a first name
    (`Anna Hartung`: _GERMAN_FIRST_LAST), the first name no determiner or function word, no noun of
    `nouns` (the text's others) nor of a noun's shape, no common adjective (`Kurze Zusammenfassung`),
    with no determiner before it (`die Soziale Marktwirtschaft`) and not where a line, a list item or a
    heading starts, where a note spells compounds apart (`- Team Besprechung`, `## Projekt Planung`)."""
    out = {m.group(1) for m in _GERMAN_TITLED.finditer(text)}
    for m in CITATION.finditer(text):
        out.update(filter(None, (m.group(1), m.group(2))))
    for m in _GERMAN_FIRST_LAST.finditer(text):
        first, last = m.group(1), m.group(2)
        if (first.lower() in GERMAN_DETERMINERS or first.lower() in GERMAN_WORDS or first in nouns
                or person_title(first, german=True) or _GERMAN_SUFFIXED.fullmatch(first) or GERMAN_ADJECTIVE.fullmatch(first)):
            continue
        before = _WORD_RUN.findall(text[max(0, m.start() - 12):m.start()])
        if before and before[-1].lower() in GERMAN_DETERMINERS:
            continue
        line = text.rfind("\n", 0, m.start()) + 1
        if not text[line:m.start()].strip(" \t#") or _after_line_marks(text, m.start()):
            continue  # `- Team Besprechung`, `## Projekt Planung`: a compound spelled apart
        out.add(last)
    return out


def _english_lines(text: str) -> Ranges | None:
    """The lines of a German `text` that are English (english_line): a
    mixed note's `I am Sam` is no German `am Sam`."""
    spans, start = [], 0
    for line in text.splitlines(keepends=True):
        if english_line(line):
            spans.append((start, start + len(line)))
        start += len(line)
    return Ranges(spans) if spans else None


def english_line(line: str) -> bool:
    """Does `line` write more English function words (ENGLISH_WORDS) than
    German ones (GERMAN_WORDS)? A line of neither (`09:00 Anna`, `- 1 kg
    Birnen`) is read as its text is."""
    words = _WORD_RUN.findall(line.lower())
    en = sum(w in ENGLISH_WORDS for w in words)
    return en > 0 and en > sum(w in GERMAN_WORDS for w in words)


# a stop and its blanks inside a label's tag (`Met Marcus. Insurer:`), which may end a sentence before the label
_TAG_STOP = re.compile(r"[.!?][ \t]+(?=\S)")
# the abbreviations inside a name whose full stop ends no sentence before a label's colon (`Warner Bros. Discovery:`,
# `Acme Inc. Board:`, `Robert Downey Jr. Interview:`, `Johns Hopkins Univ. Hospital:`, `Arsenal vs. Chelsea:`; rules 25
# after review revD: they were split at the dot), with the titles (TITLES: `Dr. Chen:`, `Mt. Everest:`)
NAME_ABBREVIATIONS = (PERSON_TITLES | STOPPED_TITLES | PLACE_TITLES
                      | frozenset("Bros Inc Ltd Co Corp Jr Sr Univ Dept vs".split()))


# a scholar's `Cf.` opening a label before the name it refers to (`Cf. Murdoch:`, `cf. Weil:`), and `Compare` before
# one name alone (`Compare Murdoch:`): no part of the name (rules 32: `Cf. Murdoch`, `Compare Murdoch` were names).
# `Compare The Market:`, `Compare Smith and Jones:`, `See Tickets:`, `Contra Costa:` name as before
_CROSS_REFERENCE = re.compile(r"(?:[Cc]f\.?|Compare(?=[ \t]+[A-Z][\w'’-]*$))[ \t]+(?=[A-Z])")


def label_sentence(tag: str) -> int:
    """Where the label of `tag`, a line's `Name:` tag (SPEAKER, LABEL), starts: after the last sentence it holds
    before the label, or 0. A sentence ends with `!`, `?` or a full stop after a figure (`Written 2026-11-13.
    Questions:`, `Principia 1687. Okafor:`: rules 16) or after a word of two letters or more that is no title nor
    abbreviation (NAME_ABBREVIATIONS: `Dr. Chen:`, `Warner Bros. Discovery:`), where the tag holds another word
    before it or the word is a common one (`Met Marcus. Insurer:`, `Called him. Client:`, `Thanks. Tom:`; rules 25:
    `Met Marcus. Insurer` was one name). An initial's stop (`Matthew E. Peters:`) and a lone abbreviation's (`Sgt. Pepper:`) end none."""
    at = 0
    for m in _TAG_STOP.finditer(tag):
        before = tag[:m.start()].split()
        word = before[-1] if before else ""
        if (m.group()[0] != "." or word[-1:].isdigit()
                or (len(word) > 1 and word.isalpha() and word not in NAME_ABBREVIATIONS
                    and (len(before) > 1 or word.lower() in COMMON_WORDS
                         # `Sun. Weather:`, a daily note's weekday as `Sat. Weather:`'s (rules 33: a name); `Sun`
                         # is no common word, a family name's too (`Sun Li`), but no one is written `Sun.`
                         or word == "Sun"))):
            at = m.end()
    return at
# a number after a heading's word (`Lecture 7`, `Week 3:`, `Lecture 10 - 2026-11-12`), no time or unit after it
_HEADING_NUMBER = re.compile(r"[ \t]+\d+(?:\.\d+)*(?!\w|:\d)")
# a lower-case word after a span (`Topics Alvarez listed`): the span is a sentence's subject
_LOWER_AFTER = re.compile(rf"[ \t]+{LOWER}")
# the plural labels that open a sentence before its subject (`Topics Alvarez listed as likely:`)
_PLURAL_LABELS = frozenset(w for w in LABEL_WORDS if w.endswith("s") and " " not in w and w[:-1] in LABEL_WORDS)


_HEADING_LINE = re.compile(rf"(?:{LINE_MARKS})?[ \t]*#{{1,6}}[ \t]")


def _heading_line(text: str, pos: int) -> bool:
    """Is `pos` in a Markdown heading's line (`#` to `######` and a blank opening it, in a list item or a
    quote too)?"""
    return _HEADING_LINE.match(text, text.rfind("\n", 0, pos) + 1, pos + 1) is not None


# `the` and a word after a word (_verb_titles), and a letter a word may not follow. Rules 18: a lower-case
# word after `the` too (`Deploy the service`, under `# Deploy billing-api`), where rules 17 asked for a
# capital (`Rotate the Stripe secret key`): a sentence's first word before `the` is a verb, or a name's
# first word before an epithet (`Alexander the Great`, a capital after it)
_BEFORE_THE = re.compile(rf"{_GAP}the{_GAP}(?={_LETTER})")
_LETTER_CHAR = re.compile(_LETTER)


def _verb_titles(text: str) -> set[int]:
    """Where the first words of `text`'s imperative `# ` titles start (VERB_TITLE): those
    before `the` and a capital (`# Rotate the Keys`) are verbs when the text writes the word so
    at a sentence's start too. One pass over the text for all titles: a search per title took
    time growing with titles times text (1,400 titles: 2.5 s)."""
    titles = list(VERB_TITLE.finditer(text))
    starts = _opening_verbs(text, {m.group(1) for m in titles if not m.group(2)})
    return {m.start(1) for m in titles if m.group(2) or m.group(1) in starts}


def _opening_verbs(text: str, words: set[str]) -> set[str]:
    """Those of `words` that `text` writes at a sentence's start before `the` and a word (`Rotate the Stripe
    secret key`, `Deploy the service`): a verb's position, an imperative's (rules 17, _verb_titles; rules 18,
    docs3: a sentence-case title's first word too, _common_title_words)."""
    starts = set()
    if words:
        longest = max(map(len, words))
        for gap in _BEFORE_THE.finditer(text):
            end = gap.start()
            # each start of the word before the gap not after a letter, as far back as a title word reaches
            for start in range(end - 1, max(end - longest, 0) - 1, -1):
                if text[start].isspace():
                    break
                word = text[start:end]
                if (word in words and word not in starts
                        and (start == 0 or not _LETTER_CHAR.match(text, start - 1))
                        and _sentence_start(text, start)):
                    starts.add(word)
    return starts


# the endings a word's other forms add (`limit`/`limits`, `cook`/`cooking`, `deploy`/`deployed`) or drop
_WORD_ENDINGS = ("ing", "ed", "es", "s")


def _word_forms(lower: str) -> set[str]:
    """`lower` and its forms with an ending added, taken off or changed (_WORD_ENDINGS; an `e` dropped before
    `-ing`: `rate`/`rates`/`rating`/`rated`, `cooking`/`cook`/`cooked`): a simple reading, no dictionary."""
    forms = {lower}
    # `-es` not taken off: `notes` is `note`'s, not `not`'s
    bases = {lower.removesuffix(ending) for ending in ("ing", "ed", "s")
             if lower.endswith(ending) and len(lower) - len(ending) >= 3} or {lower}
    for base in bases:
        forms |= {base, base + "e"} if base != lower else set()  # `cook`, `rate` (of `rating`)
        if base.endswith("e"):
            forms |= {base + "s", base + "d", base[:-1] + "ing"}
        else:
            forms |= {base + ending for ending in _WORD_ENDINGS}
    return forms


def _common_title_words(text: str) -> set[int]:
    """Where the first words of `text`'s sentence-case `# ` titles (SENTENCE_TITLE) start that are common
    words by the text's evidence (heuristic rules 18, docs3): the text writes the word in lower case (`rate
    limits`, `the rate limit`; a form with an ending: _word_forms, `cooking` under `# Cooking tips`, `cook`
    under `# Cooked meals`), or opens a sentence with it in a verb's position (_opening_verbs, as an
    imperative title's is read: `Deploy the service`). With no evidence the word is read as before (`# Hamburg
    trip`, `# Priya notes`: named). One pass for the verbs of all titles, as _verb_titles."""
    titles = list(SENTENCE_TITLE.finditer(text))
    words = {m.group(1) for m in titles}
    lowered = {word for word in words if word.lower() != word and re.search(
        rf"\b(?:{'|'.join(map(re.escape, sorted(_word_forms(word.lower()))))})\b", text)}
    common = lowered | _opening_verbs(text, words - lowered)
    return {m.start(1) for m in titles if m.group(1) in common}


def note_titles(path: str, matter: frontmatter.FrontMatter | None) -> tuple[str, ...]:
    """The titles of the note at `path` (`matter`: the front matter it opens with): its file name without
    its suffix (`Hiring plan` of `plans/Hiring plan.md`, `hiring-plan` of `hiring-plan.md`) and its front
    matter's `title:` values. A `# ` heading that repeats one of them names the note, not a name of its
    first word (_repeated_titles, heuristic rules 20); sync gives each chunk its note's (sync.run_chunks)."""
    stem = PurePosixPath(bundle_path(without_invisibles(path))).name  # a TextBundle's text: its bundle's name
    stem = stem.rsplit(".", 1)[0] if "." in stem[1:] else stem
    titles = [v for e in (matter.entries if matter else ()) if e.key.lower() == "title" for v in e.values]
    return tuple(dict.fromkeys([stem, *titles]))


# what tells two titles apart: not case, nor a file name's `-` and `_` for blanks (`hiring-plan.md`, `# Hiring plan`)
_TITLE_GAPS = re.compile(r"[\s_-]+")


def _title_key(title: str) -> str:
    return _TITLE_GAPS.sub(" ", without_invisibles(title)).strip().casefold()


def _repeated_titles(text: str, titles: Collection[str]) -> set[int]:
    """Where the first words of `text`'s sentence-case `# ` titles (SENTENCE_TITLE) start that repeat one of
    `titles`, its note's (note_titles: its file name, its front matter's `title:`; the chunk's own front
    matter titles too), case and a file name's `-`/`_` aside: `# Hiring plan` in `Hiring plan.md`. The
    heading is the note's title, the note's name, capitalised as a title is: its first word is capitalised as a
    sentence's first is, a name only as rules 6 and 7 say (heuristic rules 20: `Hiring`, `Offsite` were names
    of their notes' titles alone). A title of other words is read as before (`# Project Alpha`, `# Meeting
    with Priya`: no sentence case)."""
    keys = {_title_key(title) for title in titles} - {""}
    if not keys:
        return set()
    lowered = None
    out = set()
    for m in SENTENCE_TITLE.finditer(text):
        if _title_key(text[m.start(1):m.end()]) not in keys:
            continue
        if lowered is None:
            lowered = set(_LOWER_WORD.findall(text))
        if _common_cell_word(m.group(1), lowered):  # `# Berlin trip`, `# Kyoto notes`: a name (review revT)
            out.add(m.start(1))
    return out


# how often a meeting or a report comes (`# Weekly meeting with Prof. Keller`, `# Monthly report`): a title's first
# word so is a common one (heuristic rules 26: a PhD vault's advisor meetings named Weekly)
PERIOD_WORDS = frozenset("daily weekly biweekly fortnightly monthly quarterly yearly annual nightly".split())


def _common_noun(word: str, text: str) -> bool:
    """Is `word`, a noun-phrase title's first (NOUN_TITLE), a common word: a label's (LABEL_WORDS)
    or one `text` writes in lower case too? Or a heading's generic word (HEADING_LABELS: `# Office hours
    with Dr. Chen`, rules 16)."""
    lower = word.lower()
    return (lower.replace("’", "'") in LABEL_WORDS or lower in HEADING_LABELS or lower in PERIOD_WORDS
            or (lower != word and _whole_word(lower).search(text) is not None))


# A firm's first word that is a common adjective (`Cool Breeze HVAC`, `Great Lakes Plumbing`, `Good Neighbor Heating`),
# and the trade words that end such a firm's name: there the adjective is the name's, no sentence's word (heuristic
# rules 33: they named Breeze HVAC, Lakes Plumbing, Neighbor Heating). Not a sentence's opener (`Also Smith Plumbing
# came`, fixN34: `Plus Acme Supplies sent`, `Sure Tesco Insurance is`, `First Tom Services came` kept Plus, Sure, First)
FIRM_OPENERS = frozenset("great cool nice good best right awesome".split())
TRADE_WORDS = frozenset("""
HVAC Roofing Roofers Plumbing Plumbers Heating Cooling Electric Electrical Electricians Builders Construction
Landscaping Painting Painters Cleaning Cleaners Glazing Flooring Carpentry Fencing Drainage Locksmiths Removals
Meats Seeds Foods Produce Dairy Bakery Logistics Health Analytics Realty Properties Lettings Motors Dental Pharmacy
Nursery Farms Insurance Services Solutions Supply Supplies Inc LLC Ltd Corp
""".split())


def _common_firm(words: Sequence[str]) -> bool:
    """Do `words` open with a common adjective a firm's name may open with (FIRM_OPENERS), a name's word and a trade's
    right after it (TRADE_WORDS: `Cool Breeze HVAC`, `Great Lakes Plumbing`)? `Good Health` alone is a phrase."""
    return (len(words) > 2 and words[0].lower() in FIRM_OPENERS and words[1][:1].isupper()
            and words[1].lower() not in COMMON_WORDS and words[2].rstrip(".,;:") in TRADE_WORDS)


def _saint_place(words: Sequence[str]) -> bool:
    """Do `words` open with a saint's place's common first word and its `St.` (SAINT_PLACE_OPENERS:
    `Great St. Mary's`), which is the place's name, not a sentence's word before it?"""
    return (len(words) > 2 and words[0].lower() in SAINT_PLACE_OPENERS
            and words[1].removesuffix(".") in PLACE_TITLES)


# a change a person asks a review of, after their possessive: `Priya's PR` is Priya's (rules 16)
_THEIR_CHANGE = re.compile(r"['’]s[ \t]+(?:PR|MR|CL|RFC|PRs|MRs)$")


def _strip_possessive(span: str) -> str:
    if _SAINTS.search(span):
        return span  # `St. Mary's`, `St Paul's`: a place's name, not a saint's (rules 13)
    return re.sub(r"['’]s$", "", _THEIR_CHANGE.sub("", span))


def _quoted_title(text: str, m: re.Match) -> str | None:
    """The title a QUOTED match names, or None: a title (_is_title) that is
    no speech (rules 14: SAID_AFTER, SAID_BEFORE, _title_cased; rules 16: a word
    cried or asked alone, EXCLAIMED). A 「」 quote
    is read as before: Japanese and Chinese have no capitals to tell by."""
    title = (m.group(1) or m.group(2)).strip()
    if not _is_title(title) and not (m.group(1) is not None and len(title.split()) in LONG_TITLE_WORDS
                                     and _title_cased(title)):
        return None
    if m.group(1) is not None:
        if EXCLAIMED.fullmatch(title):
            return None  # `"Stop!"`: a word said (rules 16)
        if CUT_OFF.fullmatch(title):
            return None  # `"Four—"`, `"Wait..."`: a word said, broken off (rules 31)
        line = text.rfind("\n", max(0, m.start() - SAID_REACH), m.start()) + 1
        before = text[max(line, m.start() - SAID_REACH):m.start()]
        if SAID_AFTER.match(text, m.end()) or SAID_BEFORE.search(before) or not _title_cased(title):
            return None
    return title


def _title_cased(title: str) -> bool:
    """Is `title` written as a title is: its first word capitalised (or no
    word: `2001: A Space Odyssey`), and every later word that starts with a
    letter capitalised or a small word (TITLE_SMALL_WORDS: `Life is
    Strange`)? A sentence is not (`"My mother,"`, `"K'tara waited"`)."""
    words = [w.strip("\"“”'‘’()[],.;:!?") for w in title.split()]
    words = [w for w in words if w and w[0].isalpha()]
    if not words:
        return True
    capital = lambda w: w[0].isupper() or any(c.isupper() for c in w[1:])  # `iPhone`, `eBay` too
    if not capital(words[0]):
        return False
    return all(capital(w) or w.lower() in TITLE_SMALL_WORDS for w in words[1:])


def _is_title(title: str) -> bool:
    """A quoted text that names a work (a front matter title that names
    something): 1 to 8 words, one capitalised."""
    words = title.split()
    return 1 <= len(words) <= 8 and any(w[:1].isupper() for w in words)


def _names_note(title: str) -> bool:
    """A front matter title or a file name that names its note: a title
    (_is_title), or 1 to 8 words in Han, kana or Hangul (`预算.md`, `title:
    読書メモ`), scripts with no capitals to tell a name by and no lower-case
    file name (`todo.md`) to tell apart. A quoted text ("好的") needs its
    capital: Chinese quotes words said with “”."""
    return _is_title(title) or (1 <= len(title.split()) <= 8 and CJK_RUN.search(title) is not None)


def read_front_matter(text: str, found=frontmatter.OWN) -> tuple[str, list[str], list[str]]:
    """(the text to read, the front matter's tags, its titles): the text with
    its front matter replaced by the block's other values, one a line, keys
    left out (llm.complete reads its speakers there). `found`: the front
    matter `text` holds, its `end` an offset into `text` (a chunk's part of
    its note's block, frontmatter.FrontMatter.part), None for none (a chunk
    past its note's block: read as written, whatever it opens with); not
    given, `text` is a note of its own, read with the block it opens with."""
    if found is frontmatter.OWN:
        found = frontmatter.parse(text)
    body, tags, titles = _read_properties(text if found is None else text[found.end:])
    if found is None:
        return body, tags, titles
    head_tags, head_titles, values = _read_entries(found.entries)
    return "\n".join(values) + "\n\n" + body, [t for v in head_tags for t in _tag_words(v)] + tags, \
        head_titles + titles


def _read_entries(entries) -> tuple[list[str], list[str], list[str]]:
    """(tag values, titles, other values) of front matter or Logseq property
    entries; each tag value as written, its caller splits it (_tag_words); an
    author key's people in their order (_authors: `Smith, Jonathan` is Jonathan Smith)."""
    tags = [v for e in entries if e.key.lower() in TAG_KEYS for v in e.values]
    titles = [v for e in entries if e.key.lower() in TITLE_KEYS for v in e.values]
    values = [v for e in entries if e.key.lower() not in TAG_KEYS + TITLE_KEYS
              for v in (_authors(e.values, "[" in e.line) if e.key.lower() in AUTHOR_KEYS else e.values)]
    return tags, titles, values


# the front matter keys a reference manager (Zotero, BibTeX, Pandoc) writes its people under,
# "Last, First" (_authors); `attendees: [Priya, Tom]` is no such key: two people, as written
AUTHOR_KEYS = ("author", "authors", "editor", "editors")
_SURNAME = re.compile(r"[^\W\d_][\w'’-]*")  # one word: `Smith`, `O'Brien`, `Müller-Lüdenscheid`
_GIVEN = re.compile(r"[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*){0,2}")  # 1 to 3 words: `Matthew E.`, `Thi Lan`
_BIBTEX_AND = re.compile(r"\s+and\s+")


AUTHOR_LINE = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?i:authors?|editors?)[ \t]*:[ \t]*", re.MULTILINE)
_AUTHOR_ITEM = re.compile(r"[^,;\n]+?(?=[ \t]*(?:[,;]|[ \t]and[ \t]|$))", re.MULTILINE)


def _author_names(text: str, at: int) -> list[tuple[int, int]]:
    """Where the full names an author label's value lists stand (`author: Ruibin Xiong, Di He, Tie-Yan Liu`, a `.bib`
    entry's as latex.py writes it; `Jimmy Lei Ba and Geoffrey E. Hinton`): two to four capitalised words each, named
    whole, so that a last name that is a common word is no sentence's word dropped (`Di He` named Di: heuristic rules
    26). `Vaswani et al.` or `Me` is left to the text's rules, and so is a name after a person's title or `The`
    (`Dr. Sarah Chen`, `The Economist`; `Will Smith`, `An Nguyen` are whole): they drop it, as they do a front matter
    author's (`Sarah Chen`, a person, the notes' `Dr. Chen`; fixN, review revC: `Dr. Sarah Chen` was a name apart)."""
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    found = []
    for m in _AUTHOR_ITEM.finditer(text, at, end):
        a = m.start() + len(m.group()) - len(m.group().lstrip(" \t"))
        item = text[a:m.end()].removeprefix("and ").lstrip(" \t")
        a = m.end() - len(item)
        first = item.split()[0]
        if (len(item.split()) > 1 and _PERSON_VALUE.fullmatch(item) and first.lower() != "the"
                and not person_title(first, german=False)):
            found.append((a, m.end()))
    return found


def _last_first(value: str) -> str | None:
    """`Smith, Jonathan` as its person, Jonathan Smith; None for another value."""
    last, comma, first = value.partition(",")
    last, first = last.strip(), first.strip()
    if comma and _SURNAME.fullmatch(last) and _GIVEN.fullmatch(first):
        return f"{first} {last}"
    return None


def _authors(values: Sequence[str], flow: bool) -> list[str]:
    """An author key's values (AUTHOR_KEYS) as the people they name, First Last
    (heuristic rules 15). Each value is BibTeX's `Last, First and Last, First`
    (a string with ` and `, or one `Last, First` item: `- Keller, Dorothea`);
    a flow list (`[Smith, Jonathan]`, read as its items; `flow`: the key's line
    holds one) is Last, First pairs
    when it has an even number of items, every other one a single word (the
    surname) and each after it 1 to 3 words (`[Nguyen, Thi Lan, Smith,
    Jonathan]`). Anything else is read as written (`[Jane Doe, John Roe]`)."""
    people = []
    for value in values:
        parts = _BIBTEX_AND.split(value)
        flipped = [_last_first(p) for p in parts]
        people += [f or p for f, p in zip(flipped, parts)] if any(flipped) else [value]
    if flow and people == list(values) and len(values) >= 2 and len(values) % 2 == 0 and all(
            _SURNAME.fullmatch(last) and _GIVEN.fullmatch(first) for last, first in zip(values[::2], values[1::2])):
        return [f"{first} {last}" for last, first in zip(values[::2], values[1::2])]
    return people


# An author-year citation in prose (`Müller 2019`, `(Müller, 2019)`, `Müller (2019)`, `Müller et al. (2019)`,
# `Müller & Weiß 2019`, `Müller und Weiß (2019)`): one or two surnames of one capitalised word (hyphenated
# or not; group 1 and 2), `et al.` or not, then a four-digit year (a letter after it: `2019a`)
_CITED = rf"{UPPER}{LOWER}+(?:-{UPPER}{LOWER}+)?"
CITATION = re.compile(rf"(?<![\w'’-])({_CITED})(?:{_GAP}(?:&|and|und){_GAP}({_CITED}))?(?:{_GAP}et{_GAP}al\.?)?"
                      rf",?{_GAP}\(?(?:1[5-9]|20)\d\d[a-z]?(?![\w-])")


def note_authors(matter) -> list[str]:
    """The people a note's front matter (`matter`: frontmatter.FrontMatter, or None) names under an
    author key (AUTHOR_KEYS), First Last as the extractor names them (_authors)."""
    if matter is None:
        return []
    return [_named(person) or person for e in matter.entries if e.key.lower() in AUTHOR_KEYS
            for person in _authors(e.values, "[" in e.line)]


def cited_authors(authors: Sequence[str], text: str) -> dict[str, str]:
    """{surname as written: the author it names} for the author-year citations `text` writes
    (CITATION: `Müller 2019`, `(Müller, 2019)`, `Müller et al. (2019)`) whose surname is the last word
    of exactly one of `authors` (note_authors: its note's front matter `authors: [Müller, Jürgen]`):
    sync has the chunk mention that author by the surname (heuristic rules 16: `Müller 2019` made a
    name of its own, `Müller`, or nothing at a sentence's start). A surname no author bears, or two
    bear (`Weber, Thomas` and `Weber, Hans-Peter`), joins no one; the citation's year alone is no
    evidence of a person. Nor does one `text` also writes alone, outside a citation, the author's
    name and its "Last, First" (`García & Weber 2020` beside `No - a different Weber.`): sync counts
    a form's mentions in the whole chunk, and that Weber may be another."""
    if not authors or not text:
        return {}
    by_surname: dict[str, list[str]] = {}
    for author in dict.fromkeys(authors):
        words = author.split()
        if len(words) >= 2:
            by_surname.setdefault(fold(words[-1]), []).append(author)
    out, held = {}, []
    for m in CITATION.finditer(text):
        held.append((m.start(), m.end()))
        for surname in (m.group(1), m.group(2)):
            if surname is not None and len(by_surname.get(fold(surname), ())) == 1:
                out[surname] = by_surname[fold(surname)][0]
    for surname, author in list(out.items()):
        given = author[:-len(surname)].strip().rstrip(".")  # `Peters, Matthew E.`: no word after the stop
        spans = held + [(m.start(), m.end()) for form in (author, f"{surname}, {given}")
                        for m in _whole_word(form).finditer(text)]
        if any(not any(a <= m.start() < b for a, b in spans) for m in _whole_word(surname).finditer(text)):
            del out[surname]  # written alone too: maybe another of that name
    return out


# A literature note's file name as a reference manager's template writes it: the paper's citation key, a dash between
# blanks, its title (`Nguyen2025 - Load Balancing Loss Revisited.md`). The key glued: letters, a lower-case one among
# them (`FY2026`, `CVPR2026` are labels), then a year and maybe letters (`Nguyen2025a`, `nguyen2025loadbalancing`,
# Better BibTeX's `nguyenLoadBalancingLoss2025`); or an author-year citation (CITATION: `Smith et al. 2020`)
_KEYED_TITLE = re.compile(r"(\S.*?)[ \t]+[-–—][ \t]+\S.*")
_GLUED_KEY = re.compile(rf"(?=[^\W\d_]*{LOWER})[^\W\d_]{{2,}}(?:1[5-9]|20)\d\d(?!\d)[^\W\d_]*")
# What tells a literature note from a note any plan, trip or budget names `Wedding2026 - Venues.md`: a front matter
# key a reference manager's template writes (Zotero Integration's, the Citations plugin's), with a value; or a folder
# of papers (`Papers/`, `Literature notes/`, `03 References/`, `zotero/`). Not `year:`, which a yearly note writes too
LITERATURE_KEYS = frozenset({*AUTHOR_KEYS, "citekey", "citation-key", "doi", "journal", "venue", "booktitle", "isbn",
                             "arxiv"})
_LITERATURE_FOLDER = re.compile(r"(?:\d+[ \t._-]*)?(?:papers?|lit|literature|references?|refs|readings?|zotero|"
                                r"bib|bibliography)(?:[ _-]?notes?)?", re.IGNORECASE)


def literature_note(path: str, matter: frontmatter.FrontMatter | None) -> bool:
    """Is the note at `path` (its synced folder's '/'-separated path) with front matter `matter` a literature note,
    the notes of one paper: LITERATURE_KEYS in its front matter, or a folder of papers it is in (_LITERATURE_FOLDER)?"""
    if matter is not None and any(e.key.lower() in LITERATURE_KEYS and any(v.strip() for v in e.values)
                                  for e in matter.entries):
        return True
    return any(_LITERATURE_FOLDER.fullmatch(folder.strip()) for folder in path.split("/")[:-1])


def cited_key(path: str, matter: frontmatter.FrontMatter | None) -> str | None:
    """The citation key the file name of a literature note (literature_note) at `path` opens with before ` - ` and
    its title, by which its paper is cited (`Nguyen2025` of `Papers/Nguyen2025 - Load Balancing Loss Revisited.md`):
    a name of the note, as an alias is (note_aliases; heuristic rules 29: the notes' `Nguyen2025` and `[@nguyen2025]`
    were an entity apart from the paper's note). A key written with blanks (`Smith et al. 2020`, `Smith & Jones
    2020`) when it cites several authors or its surname is one of the note's front matter authors (`matter`:
    note_authors), as `Summer 2026 - Trip.md` opens with no citation. None for any other name: a client's or a
    person's page (`Acme - Kickoff call`, `Jen - Bloom Studio`: the name is the client's, of every note of theirs),
    a date, a numbered label (`Session 03 - 2026-09-05`), and for another note: `Wedding2026 - Venues.md`,
    `Budget2026 - Draft.md`, `Mum and Dad 2025 - Christmas.md` name a plan, not a paper."""
    found = note_name(path)
    m = _KEYED_TITLE.fullmatch(found.name) if found is not None and found.type == "name" else None
    if m is None or not literature_note(path, matter):
        return None
    key = m.group(1)
    if _GLUED_KEY.fullmatch(key):
        return key
    cited = CITATION.fullmatch(key.removesuffix(")") if "(" in key else key)
    if cited is None:
        return None
    if cited.group(2) is not None or re.search(r"\bet[ \t]+al\b", key):
        return key
    surnames = {fold(author.split()[-1]) for author in note_authors(matter) if author.split()}
    return key if fold(cited.group(1)) in surnames else None


def _tag_words(value: str) -> list[str]:
    """The tags one tag value holds: `hobby, garden` is hobby and garden."""
    return [t for t in re.split(r"[\s,]+", value) if t]


def _read_properties(text: str) -> tuple[str, list[str], list[str]]:
    """(the text, its tags, its titles) with Logseq's `key:: value` lines
    (frontmatter.properties) read as front matter is (read_front_matter): each
    line in place holds its other values, one a line, its key left out."""
    entries = frontmatter.properties(text)
    if not entries:
        return text, [], []
    tags, titles, parts, at = [], [], [], 0
    for e in entries:
        start, end = e.spans[0]
        tag_values, e_titles, values = _read_entries([e])
        # Logseq links pages in these values: `alias:: [[Veg patch]]` is Veg patch; a tag of a
        # page of words (`tags:: [[Machine Learning]]`) is that page's link, no #tag
        # a namespaced page's `title:: Work/Project Alpha` is the page `[[Work/Project Alpha]]` names,
        # Project Alpha, as its file name is (note_name; rules 17: it was `Work/Project Alpha`, apart)
        titles += [_namespaced_title(LOGSEQ_PAGE.sub(r"\1", v)) if e.key.lower() == "title"
                   else LOGSEQ_PAGE.sub(r"\1", v) for v in e_titles]
        for v in tag_values:
            page = LOGSEQ_PAGE.fullmatch(v)
            if page is None:
                tags += _tag_words(v)
            elif len(page.group(1).split()) == 1:
                tags.append(page.group(1))
            else:
                values.append(f"[[{page.group(1)}]]")
        parts += [text[at:start], "\n".join(values)]
        at = end
    return "".join(parts) + text[at:], tags, titles


def _namespaced_title(title: str) -> str:
    """A Logseq `title::` value as a link to it names its page: `Work/Project Alpha` is Project
    Alpha (link_name), as `[[Work/Project Alpha]]` and the page's file name `Work___Project
    Alpha.md` are; a title of no `/`, or one whose last part names nothing, as written."""
    if "/" not in title:
        return title
    return link_name(title.strip()) or title


class HeuristicExtractor:
    name = "heuristic"
    cache_id = None  # cheaper to recompute than to look up
    reads_note_nouns = True  # sync gives `extract` each chunk's note's German nouns (note_nouns)
    reads_note_titles = True  # ... and its note's titles (note_titles: its file name, its front matter's title)
    reads_todo_txt = True  # ... and whether its note is a todo.txt file (todotxt.is_todo_txt: every line a task)

    def extract(self, texts: Sequence[str], matters: Sequence | None = None,
                speakers: Sequence[Collection[str]] | None = None,
                comments: Sequence[bool] | None = None,
                note_nouns: Sequence[Collection[str]] | None = None,
                note_titles: Sequence[Collection[str]] | None = None,
                todo_txt: Sequence[bool] | None = None) -> list[list[EntityMention]]:
        """Each text's names. `matters`: for each text (a chunk), the part of
        its note's front matter it holds (read_front_matter), None for none;
        `speakers`: for each, its note's chat speakers (sync.note_speakers);
        `comments`: for each, is its note one `%%` opens comments in
        (mdcode.reads_comments: not an Org-mode agenda's `%%(diary-float ...)`);
        `note_nouns`: for each, its note's German nouns (note_nouns, sync.note_nouns_of);
        `note_titles`: for each, its note's titles (note_titles: its file name, its front matter's title);
        `todo_txt`: for each, is its note a todo.txt file, read by todotxt.readable (its lines are tasks);
        not given, each text is a Markdown note of its own."""
        matters = [frontmatter.OWN] * len(texts) if matters is None else matters
        speakers = [None] * len(texts) if speakers is None else speakers
        comments = [True] * len(texts) if comments is None else comments
        note_nouns = [()] * len(texts) if note_nouns is None else note_nouns
        note_titles = [()] * len(texts) if note_titles is None else note_titles
        todo_txt = [False] * len(texts) if todo_txt is None else todo_txt
        return [self.extract_one(t, m, s, c, n, ti, td)
                for t, m, s, c, n, ti, td in zip(texts, matters, speakers, comments, note_nouns, note_titles, todo_txt,
                                                 strict=True)]

    def extract_one(self, text: str, matter=frontmatter.OWN,
                    speakers: Collection[str] | None = None, comments: bool = True,
                    note_nouns: Collection[str] = (), note_titles: Collection[str] = (),
                    todo_txt: bool = False) -> list[EntityMention]:
        """The names in `text`, read with `matter` for its front matter
        (read_front_matter); a `Name:` tag is a person when it is one of
        `speakers`, its note's chat speakers (None: those of `text` read as a
        note, chat_speakers); `%%` opens a comment with `comments`; a German
        text's nouns are its own and `note_nouns`, its note's (note_nouns); a sentence-case `# ` title that
        repeats one of `note_titles`, its note's (note_titles), or its own front matter's names its note, not
        its first word (_repeated_titles); with `todo_txt` (a todo.txt file's text, todotxt.readable) a line of its
        own is a task, whose verb names nothing (_task_opening)."""
        # read as if typed without the invisible characters pasted text carries ("Li\u200bHua" is
        # LiHua, not Li and Hua); sync counts the names in the text read the same way. A chunk's
        # part of its note's block has its end at an offset into the text as written: the
        # characters go once the block is read.
        own = matter is frontmatter.OWN
        if own:
            text = without_invisibles(text)
        text, tags, names = read_front_matter(text, matter)
        if not own:
            text = without_invisibles(text)
            tags, names = [without_invisibles(t) for t in tags], [without_invisibles(n) for n in names]
        if "EXCALIDRAW VIEW" in text:  # the plugin's banner, the same in every drawing, names nothing
            text = EXCALIDRAW_BANNER.sub(lambda m: " " * len(m.group()), text)
        if "!!!" in text or "???" in text or "===" in text or ":::" in text:  # the title alone, in place
            text = ADMONITION_LINE.sub(lambda m: " " * len(m.group(1)) + m.group(2) + " " * len(m.group(3)), text)
        if speakers is None:
            speakers = chat_speakers(text, None)  # the text as read: no front matter left in it
        # code names nothing (rules 13): a fenced block (a pasted log made INFO, DEBUG and its dates
        # the note's names, thousands of mentions), a diagram's, an indented block (sync reads a
        # Markdown note's as fenced: mdcode.chunk_readings), a raw HTML block, a code span (`#include`,
        # `@property`, `` `DEBUG=1` ``); blanked where it is, so the text around it reads as before
        text = without_meridiems(without_math(without_merge_markers(without_code(text, comments=comments))))
        if "**" in text or "__" in text:
            text = without_inline_labels(text)
        if "." in text:
            text = without_stack_frames(text)
        # read before the link definitions are blanked: `[NASA]: https://...` makes `[NASA]` a link (rules 19)
        tokens = _placeholder_tokens(text) if "[" in text else frozenset()
        text = without_bare_urls(without_link_definitions(text))
        if "denote:" in text:  # a Denote link's description names nothing (DENOTE_DESCRIBED): blanked in place
            text = DENOTE_DESCRIBED.sub(lambda m: " " * len(m.group()), text)
        text, books = without_book_lines(text)
        # Bear's tags of several words, whole; their `#` marks blanked, so their first word is no tag of its own
        # and their words are read as the text's (`#reading list#` writes `reading` in lower case)
        bear_tags = [m.group(1) for m in BEAR_TAG.finditer(text)] if "#" in text else []
        if bear_tags:
            text = BEAR_TAG.sub(lambda m: " " + m.group(1) + " ", text)
        if "~~" in text:  # `- [x] ~~Cancel the hotel~~`: a struck task reads as the task (rules 24)
            # its closing marks kept: they end the name before them (`~~Email the deck to Priya~~ Jonas did it`)
            text = STRUCK_TASK.sub(lambda m: m.group(1) + "  " + m.group(2), text)
        text = without_highlight_marks(text)
        text, blocks = ia_blocks(text)
        out: dict[str, EntityMention] = {}

        def add(name: str, type_: str) -> None:
            name = _named(name)
            if name is None:
                return
            key = name.lower()
            if key not in out or (out[key].type == "name" and type_ != "name"):
                out[key] = EntityMention(name, type_)

        def common_adjective(word: str, noun: str) -> bool:
            # `Nächstes Treffen`: a German adjective that opens a line's or a sentence's noun phrase
            # (GERMAN_ADJECTIVE), whose noun is no kind of place (`Neues Museum`: GERMAN_PLACE, rules
            # 13), and which the text capitalises mid-sentence before that noun in no form (`im
            # Ersten Weltkrieg`, heuristic rules 12; before any noun, rules 12 had it: `ins Neue
            # Museum` made every `Neue` heading of the note a name, `## Neue Ideen` too)
            m = GERMAN_ADJECTIVE.fullmatch(word)
            noun = noun.strip(NAME_EDGES)
            if m is None or GERMAN_PLACE.search(fold(noun)):
                return False
            stem = word[:m.start(1)]
            return not any(elsewhere(f"{stem}{ending} {noun}{case}", -1)
                           for ending in _ADJECTIVE_ENDINGS for case in _NOUN_ENDINGS)

        said = set()  # the speakers of this text's chat lines
        replies = set()  # where a chat line's words start, after its speaker's tag
        labels = set()  # the other labels of its label lines (`Flood alert:`): names, of no person
        keys = set()  # where a common label starts (`Status:`): it names nothing
        listed = set()  # where a label's value that lists names starts (`Owner: Priya`): no sentence start
        titles: list[str] = []
        tagged = []  # where a speaker's or a label's name with a particle, named whole, stands (`Maria dos Santos:`)
        elsewhere = _Elsewhere(text)
        # a German text's nouns are capitalised: a word it uses as one is no name of one word (german_nouns)
        is_german = german(text)
        letter_formulas = [] if is_german else _letter_formulas(text)  # where a German letter's formula stands
        # ... and its note's (rules 18: `die Methode` in one chunk, `Methode` with no article in the next named it)
        nouns = german_nouns(text) | set(note_nouns) if is_german else frozenset()
        properties = frontmatter.notion_properties(text)
        property_keys = {p.key_start for p in properties}  # a Notion page's property keys label (rules 16)
        # a list item's label (`- Jonas: boat time`) is a label line's: the item starts a sentence (LINE_MARKS)
        stamped = (m for m in STAMPED_SPEAKER.finditer(text) if _tag_label(m) in speakers) \
            if speakers and _may_stamp(text) else ()
        for m in itertools.chain(SPEAKER.finditer(text), ITEM_LABEL.finditer(text), LABEL.finditer(text), stamped):
            span = m.group(1).strip()
            at = m.start(1) + len(m.group(1)) - len(m.group(1).lstrip())
            stop = label_sentence(span)  # `Met Marcus. Insurer:`: the label is the last sentence's (rules 16, 25)
            # ... a sentence of words: one a figure ends is a citation's or a date's, its label a speaker's as before
            # (`Principia 1687. Okafor:`, rules 16)
            after_words = bool(stop) and not span[:stop].rstrip()[-2:-1].isdigit()
            at, span = at + stop, span[stop:]
            seen = _CROSS_REFERENCE.match(span)
            if seen:  # `Cf. Murdoch:`, `Compare Murdoch:`: the label is the name referred to (rules 32)
                keys.add(at)
                at, span = at + seen.end(), span[seen.end():]
            if span in speakers:
                said.add(span)
                said.add(without_person_title(span))  # `Dr. Chen:` speaks as Chen, whom `Dr. Chen` names (rules 16)
                add(without_person_title(span), "person")
                if _particled(span):
                    tagged.append((at, at + len(span)))
                replies.add(_BLANKS.match(text, m.end()).end())
                continue
            if at in property_keys:  # `Created:`, `Assignee:` of a Notion page: a label, no name (rules 16)
                keys.add(at)
                continue
            if (_common_label(span) or (len(span.split()) > 1 and common_adjective(*span.split()[:2]))
                    or _weekday_label(span)  # `- Sun: Roast beef`, `- Tue 10th Nov:` (rules 28)
                    or span in STATUS_WORDS  # `- OOO: Marcus OOO from Dec 21` (rules 28)
                    or span in nouns  # a German text's noun (`Zusammenfassung:`, rules 16) labels, names nothing
                    or ((is_german or (_heading_label(text, m.end(1)) and span != "Art"))  # Art: a name too
                        and german_label(text, span, at)
                        and not elsewhere(span, at))):
                keys.add(at)
            elif " " not in span and not elsewhere(span, at) and _field_label(span):
                # a record's field of one common word (`Issued: 4 Dec 2026`, `Rate: £400/day`, `Presenter: Aisha
                # Bello`): its value is what the note says, the label names nothing; a name only as the text writes
                # it mid-sentence too (rules 30: Issued was on every invoice)
                keys.add(at)
            elif _sentence_case_label(span):
                # a label of words in sentence case (`Death scene draft:`, `Prices to members:`, `Orders in:`, `2.
                # Argument on the quay:`): a phrase, as a sentence's opening is, no name of its own (rules 31: a
                # novelist's and a club's notes named each); its first word a name when no common word (the
                # lexicon, a verb's ending, the text's lower case: `Paris with kids:`, `Priya to do:`, `1. Maren at
                # the quay:`; fixNA, review of names31a: they named nothing) or the text writes it mid-sentence too,
                # where the whole named before (_may_speak: `- Entry fee agreed:`, a sentence, names nothing still)
                keys.add(at)
                # ... of two words ending in a list's noun (`Tokyo plan:`, `Revision plan:`: rules 32), its first word
                # a name only as the text writes it mid-sentence too: the lexicon knows few nouns (`Revision`, `Entry`)
                first, two_words = span.split()[0], len(span.split()) == 2
                if (_may_speak(span) and span.split()[-1] not in SELF_WORDS
                        and (elsewhere(first, at) or not (two_words or _common_label_word(first, text)))):
                    add(first, "name")
            elif after_words and " " not in span and not elsewhere(span, at):
                # a label of one word after a sentence (`Took Emma to the GP. Diagnosis: ear infection`, `Called the
                # garage. Mechanic: Dave`) is that sentence's next word: a name only as the text writes it
                # mid-sentence too (review revH: rules 25's label_sentence named Diagnosis, Mechanic, Venue)
                keys.add(at)
            elif _may_speak(span):  # what the line says is about it, as a chat line's speaker says it
                # `Dr. Chen:` labels what Chen says or does: a person, named without the title (rules 16)
                untitled = without_person_title(span)
                labels.update((span, untitled))
                add(untitled, "person" if untitled != span else "name")
                if _particled(span):
                    tagged.append((at, at + len(span)))
            after = _CLOSE.match(text, _COLON.search(text, m.end(1)).end()).end()
            value = NAME_LIST.match(text, after)
            # `Status: Blocked` names nothing; a diary's day (`Dienstag Abend: Sport`) heads what was
            # done, a sentence whose first word is capitalised as any sentence's is (German's nouns too)
            if value and value.group(1).lower() not in LABEL_VALUES and not _day_label(span):
                listed.add(value.start(1))
            for person in _listed_people(text, after) if span in CJK_PEOPLE_LABELS else ():
                add(person, "person")
        for m in AUTHOR_LINE.finditer(text):  # `author: Ruibin Xiong, Di He`: each a full name, whole (rules 26)
            for a, b in _author_names(text, m.end()):
                # a name, as a front matter's `author: Jane Doe` is: a person's type kept the bib's `Jürgen Müller`
                # apart from the notes' (entity_types), one person two entities
                add(text[a:b], "name")
                tagged.append((a, b))
        if "|" in text:  # a table's column of names (`| Owner |`): its cells are values, as a label's (rules 20)
            listed |= _name_column_cells(text)
        for person in notion_people(properties):
            add(person, "person")
        for m in CAMEL.finditer(text):
            add(m.group(0), "person" if m.group(0) in said else "name")
        # a timestamped chat log (its speakers' lines, STAMPED_SPEAKER) is no journal: its `@priya` is a handle
        jrnl = "@" in text and any(not _stamped_speaker(text, m.end()) for m in _JRNL_LINE.finditer(text))
        for m in HANDLE.finditer(text):
            cited = None if speakers or "[" not in text else bracketed_citation(text, m.start())
            if cited is not None:
                # a key in a Pandoc citation's brackets of any shape (`[@Vaswani2017]`, `[see @vaswani:2017, p. 3]`,
                # as a LaTeX `\cite{}` and a `.bib` entry's heading are read: latex.py) cites a work: it links to
                # the note its key names; it was the person `@Vaswani2017` (rules 21, qa38)
                target = link_target(cited)
                if target is not None:
                    add(target.name, target.type)
                continue
            if not speakers and CITEKEY.fullmatch(m.group(1)):
                # a Pandoc citation (`@smith2021attention`) outside a chat cites a work, no person: it
                # links to the note named by its key as `[[smith2021attention]]` would (rules 15)
                target = link_target(m.group(1))
                if target is not None:
                    add(target.name, target.type)
                continue
            if not _NOTION_DATE_MENTION.match(text, m.start()):  # `@November 12, 2026`: a date (rules 16)
                # a jrnl journal's `@run`, `@work`: its tags, no people (rules 20)
                add("@" + m.group(1), "concept" if jrnl else "person")
        for m in STAMPED_HANDLE.finditer(text) if "[" in text else ():
            add("@" + m.group(1), "person")
        for name, type_ in books:  # a highlight's book and its authors, each whole (without_book_lines)
            add(name, type_)
        for tag in tags:  # a front matter tag, with its # or without
            m = HASHTAG.fullmatch("#" + tag.removeprefix("#"))
            if m:
                add("#" + m.group(1), "concept")
        wiki = wikilinks(text, comments)
        links = wiki + markdown_links(text, comments) + notion_relation_links(text, properties)
        # a wikilink's shown text (`[[Sourdough|Bread Notes]]`) is its label where its target is a name: the target
        # names and joins the note, the label's words name nothing (rules 22: Bread was a name). A target no name
        # is written in (an ID, a date, a lower-case slug: `[[202310031200|Priya Raman]]`, `[[tomasz|Tomasz
        # Nowak]]`) leaves the shown text the words that name, read as text (fixX, review revX: they named nothing)
        # ... unless it opens in lower case and writes a name of words after (`[[Trip to Lisbon|the trip with Maria
        # Silva]]`: _shown_label, rules 23)
        linked = Ranges([(start, end) for start, end, _target in links]
                        + [label for _start, end, target in wiki
                           if text.startswith("|", end) and _written_name(target)
                           for label in _shown_label(text, end, target)])
        for m in HASHTAG.finditer(text):
            if not linked.covers(m.start()):  # `[[#Heading]]` links a heading, it tags nothing
                add("#" + m.group(1), "concept")
        for tag in bear_tags:
            add("#" + re.sub(r"[ \t]+", " ", tag), "concept")
        for target in blocks:  # iA Writer's content block of a note: read whole, as a link's
            add(target.name, target.type)
        for name in names:  # the note's title: read whole, never in fragments
            if _names_note(name):
                add(name, "name")
        for _start, _end, target in links:  # the note linked to: read whole, never in fragments
            if target is not None:
                add(target.name, target.type)
        for m in QUOTED.finditer(text):
            title = _quoted_title(text, m)
            if title is not None:
                titles.append(title)
                add(title, "work")
        for title in _cjk_titles(text):
            titles.append(title)
            add(title, "work")
        works = []  # where the text writes a `# ` title's work: its words are the title's, none a name alone
        for _start, title in work_titles(text) if "#" in text else ():
            add(title, "work")  # `# Into the Woods review`
            works.extend(title_occurrences(text, title))
        # only there: the body's own names stay names (fixM1: `# Trip to the Alps notes` hid every `the Alps`)
        in_work = Ranges(works)
        for surface, _iso in find_dates(text):
            add(surface, "date")
        in_title = _InTitles(titles)
        nouns_found = []
        heads = set()  # the first words of the text's longer names (`Jonas Berg`: Jonas)
        openers = []  # lone words opening a sentence and capitalised nowhere mid-sentence
        # a `# ` title that is a common-noun phrase of a common word (`# Meeting notes`): its first word
        # opens a sentence
        phrase_titles = {m.start(1) for m in NOUN_TITLE.finditer(text) if _common_noun(m.group(1), text)} \
            if "#" in text else set()
        # a title in sentence case (`# Rate limits`): its first word opens a sentence too where the text gives
        # evidence it is a common word (rules 18: docs2, docs3)
        sentence_titles = _common_title_words(text) if "#" in text else set()
        # ... and where it repeats its note's file name or front matter title (`# Hiring plan` in `Hiring
        # plan.md`: the note's title, capitalised as a title is, rules 20)
        if "#" in text and (note_titles or names):
            sentence_titles |= _repeated_titles(text, [*note_titles, *names])
        # an imperative's title (`# Rotate the Stripe keys`) opens a sentence with its verb (rules 17)
        verb_titles = _verb_titles(text) if "#" in text else set()
        phrase_titles |= verb_titles | sentence_titles
        # neither title's first word is a mid-sentence capital for the text's other sentences (`# Rate limits`
        # over an admonition's `Rate limits` line)
        opening_titles = verb_titles | sentence_titles
        in_tag = Ranges(tagged)
        second_objects: list[tuple[int, str]] = []  # a span's part read as a span of its own (_second_object)
        spans = _firms_joined(text, _cap_spans(text)) if " & " in text else _cap_spans(text)
        if _TWO_WORD_PARTICLE.search(text):
            spans = _particles_joined(text, spans, is_german)
        for start, found in _spans_and(spans, second_objects):
            if start in tokens:
                continue  # `[MASK]`, `[CLS]`: a token the text shows, no name (rules 19)
            if linked and linked.covers(start):
                continue  # a part of a link's target (named whole above), its heading or block
            if in_work and in_work.covers(start):
                continue  # a word of a work's `# ` title (work_titles), named whole above
            if start in keys:
                continue  # `Next Steps:` labels a line, it names nothing
            if is_german and " das " in found:  # `Jonas das Paket`: German's article, no name's (rules 27)
                cut = found.index(" das ")
                second_objects.append((start + cut + len(" das "), found[cut + len(" das "):]))
                found = found[:cut]
            copy = _COPY_OF.match(found)
            if copy and (_possessive_after(text, start + len(found)) or found.endswith(("'s", "’s"))) \
                    and _sentence_start(text, start) \
                    and not elsewhere(copy.group(1), start):
                # `Summary of Jo Fenwick's letter:`, `Draft of Tam's death`: a writing of the name's thing, the
                # name alone (rules 31: `Summary of Jo Fenwick`, `Draft of Tam` were names)
                start, found = start + copy.end(), found[copy.end():]
            owned = _OWNED_ACRONYM.fullmatch(found)
            # `Maya's GP appt`: the owner, and the capitals a name of their own (rules 32); `Priya's PR` is Priya's
            # alone (_THEIR_CHANGE, rules 16)
            if owned and not _THEIR_CHANGE.search(found) and _owner_alone(elsewhere, owned.group(1), start):
                second_objects.append((start + owned.start(2), owned.group(2)))
                found = owned.group(1)
            cut = _second_object(text, start, found)
            if cut:  # `Sent Dana the Q1 estimate`: Dana, and the Q1 a name of its own (rules 25)
                second_objects.append((start + cut, found[cut:]))
                found = found[:cut].rstrip()[:-len("the")].rstrip()
            verb = VERB_THE.match(found)
            if (verb and (start in verb_titles or _sentence_start(text, start))
                    and not elsewhere(found.split()[0], start, verb_titles)):
                # `- Designed the HeronBoard`: a word capitalised only as a sentence's first word
                # (rule 6: a verb, a noun) opens no name with `the`; the name is what follows it.
                # With `of` it does (`Game of Thrones`, `Ghost of Tsushima` open LiHua's sentences)
                start, found = start + verb.end(), found[verb.end():]
            else:
                verb = VERB_NAME.match(found)
                shaped = verb is not None  # a verb by VERB_NAME; else maybe a task's (TASK_VERBS, rules 21)
                verb = verb or TASK_VERB.match(found)
                if verb and not shaped and _ROAD_NEXT.match(found, verb.end()):
                    verb = None  # `Ring Road`, `Chase Lane`: a road's name, no task's verb (rules 32)
                rest = found[verb.end():].split() if verb else []
                opener = verb.group(1) if verb else ""
                # `- [ ] Send Priya the budget`, `TODO: Call Mom`: a to-do item's verb (rules 21), on a task's line
                # alone (a checkbox item, after a task label, a todo.txt line: never a heading's or a plain
                # bullet's, `## Help Center`, `- Finish Line`: review revV)
                task_line = bool(rest) and opener in TASK_VERBS and _task_opening(text, start, todo_txt) \
                    and not SUBJECT_VERB.match(text, start + len(found))
                # ... before a name by evidence: the text capitalises it mid-sentence too, it is a possessive
                # (`Review Tomasz's PR`) or a lower-case word follows it (`Send Priya the budget`) and the text
                # writes it nowhere in lower case; a title-case item's (`- [ ] Buy Milk`, `Pay Rent`) names nothing
                task = task_line and (elsewhere(rest[0], start + verb.end()) or _task_object(text, start, found, rest)
                                      # ... or a numbered unit (`- [ ] Prep Sprint 25 planning`: rules 33, Prep Sprint)
                                      or (len(rest) == 1
                                          and _series_number_at(text, rest[0], start, start + len(found)) is not None))
                # a plain list item's or a line's own verb (no heading's) before the verb's two objects, a name and a
                # thing (`- Send Priya the budget`, `- Review Tomasz's PR`: rules 22, it named Send Priya); `- Sign
                # Language class`, `- Finish Line`, `- Buy Milk` name whole as before: a list is of anything
                task = task or (bool(rest) and not task_line and opener in TASK_VERBS and _listed_opening(text, start)
                                and not SUBJECT_VERB.match(text, start + len(found))
                                and _addressed_object(text, start, found, rest))
                if task_line and not task and not shaped and len(rest) == 1 and _task_marked(text, start) \
                        and not (ONE_NAME_VERBS.fullmatch(opener) and _sentence_start(text, start)):
                    continue  # `- [ ] Buy Milk`: Milk is no one (review revV), nor is `Buy Milk`
                if (rest and (rest[0].lower().replace("’", "'") not in COMMON_WORDS or _common_firm(rest))
                        and ((shaped and len(rest) > 1 and opener not in JOURNAL_BASES)
                             # a task verb mid-line, in prose, only before a name the text capitalises elsewhere
                             or (elsewhere(rest[0], start + verb.end())
                                 and (shaped or not _task_opening(text, start, todo_txt)))
                             or task
                             or (opener in PERSON_BASES and 1 < len(rest) <= 3
                                 and rest[0].lower() not in _CONNECTORS
                                 and not SUBJECT_VERB.match(text, start + len(found)))
                             or (ONE_NAME_VERBS.fullmatch(opener)
                                 and (opener not in JOURNAL_VERBS
                                      or (len(rest) == 1 and not SUBJECT_VERB.match(text, start + len(found)))))
                             or (shaped and len(rest) == 1 and not SUBJECT_VERB.match(text, start + len(found))
                                 and (opener in LONE_NAME_PASTS
                                      and not (opener in LEDGER_PASTS
                                               and _FIELD_NAME_END.match(text, start + len(found)))
                                      # ... a third person where its line says more (`Lives Matter.`, `- Speaks
                                      # Volumes` alone are titles: fixN)
                                      or (opener in THIRD_PERSON_VERBS
                                          and not _OWN_LINE.fullmatch(_line_at(text, start))))))
                        and _sentence_start(text, start) and not elsewhere(verb.group(1), start)
                        and (text[max(0, start - 8):start].rstrip()[-1:] not in (":", "：")
                             or _time_colon(text, start)  # `09:30: Call Marta` reads as `09:30 Call Marta` (rules 22)
                             or _log_label_colon(text, start)  # `- 10:00 Sync: Call Marta` too (rules 25)
                             or (start in replies and ONE_NAME_VERBS.fullmatch(verb.group(1)))
                             # a task label's colon (`TODO: Call Mom`), before a name by the task's evidence
                             # too (`TODO: Send Oskar the slides` named Send Oskar: fixX, review revX)
                             or (task_line and (task or ONE_NAME_VERBS.fullmatch(opener) is not None)))):
                    # `- Leads Project Heron`, `Runs Rivera's Bakehouse.`: a word shaped as an
                    # inflected verb, capitalised only as a sentence's first, opens no name of two
                    # words or more after it, nor one the text capitalises mid-sentence too (`- Speaks
                    # Japanese` then `in Japanese`), nor after a verb of ONE_NAME_VERBS one of one word
                    # (`Met Grete at the fair.`); `Breaking Bad`, `Imagine Dragons` stay whole, and
                    # so does a title after a colon (`Sekiro: Shadows Die Twice`, a plural noun; a chat
                    # reply's too, `Tom: Shadows Die Twice is hard`, but after ONE_NAME_VERBS: `Anna: Met
                    # Grete at the fair.`)
                    start, found = start + verb.end(), found[verb.end():]
            span = _strip_possessive(found)
            words = span.split()
            if _shouted(words):
                continue  # `IN PROGRESS`, `NOT ANSWERED YET`: a status, no name (rules 30)
            inner = next((i for i, w in enumerate(words[1:], 1) if abbreviated_person_title(w)
                          or (is_german and w in GERMAN_TITLES)), None)
            if inner is not None and (is_german or _roles(words[:inner])):
                # a role before a person's title (`Zahnarzt Dr. Schäfer`, `Mein Nachbar Herr Öztürk`, `Chair Dr.
                # Lee`): the role is no part of the name, the title says person (rules 23, qa39: they were names);
                # in English text only a role is (TITLE_ROLES: `Keurig Dr Pepper`, `Fantastic Mr. Fox` are names)
                if inner < len(words) - 1:
                    start, found, words = start + found.index(words[inner]), " ".join(words[inner:]), words[inner:]
                elif _roles(words[:-1]):
                    continue  # `Hausärztin Dr. med. Lena Vogt`: the title is Lena Vogt's, the role no name
                else:
                    words = words[:-1]  # (German text) `Praxis Dr. med. Vogt`; English's `Sunset Dr.` keeps its `Dr`
            stance_opened = False  # the span's rest opens its sentence after a stance word (STANCE_WORDS)
            if (len(words) > 1 and words[0].lower() in STANCE_WORDS and words[0] == found.split()[0]
                    and not re.search(r"['’]", words[1]) and _sentence_start(text, start)):
                # (a title's `Surely You're Joking` as before)
                # `Possible Courier came`, `Probably Marta will come`: the writer's stance, no part of a name; the
                # word after it opens the sentence, a name only as `Maybe Courier` is read (rules 33)
                cut = re.match(rf"\S+{_GAP}", found).end()
                start, found, words, stance_opened = start + cut, found[cut:], words[1:], True
            titled = False  # a person's title before the name: `Dr. Chen`, `Prof. Alvarez` name persons (rules 16)
            # drop leading words that are only capitalised as a sentence start (a German text's article
            # and function words too: `Der Käse vom Markt`, `Die Deutsche Bahn`, `- Mit Thomas die ...`)
            # and a person's title (`Dr. Hoffmann`, `Prof. Dr. Weber`, `Dr Hoffmann`: PERSON_TITLES)
            while words and ((words[0].lower().replace("’", "'") in COMMON_WORDS and not _saint_place(words)
                              and not _common_firm(words))
                             # `Professor`, `Frau` alone stay a word; `Dr` alone goes (and the span names nothing);
                             # `Frau Keller`, `Herr Brandt` in English text too (rules 27: it named Frau Keller),
                             # there only before a capitalised word, as without_person_title reads one (fixI:
                             # `Herr der Ringe`, a book's German title, named the person `der Ringe`)
                             or (person_title(words[0], german=True)
                                 and (len(words) > 1 or abbreviated_person_title(words[0]))
                                 and (is_german or words[0] not in GERMAN_TITLES or words[1][:1].isupper()))
                             or (words[0] in GERMAN_LETTER_WORDS  # `Liebe Lena`, `Sie`, `Viele Grüße` (rules 31)
                                 and (is_german or any(a <= start < b for a, b in letter_formulas)))
                             or (is_german and (words[0].lower() in GERMAN_DETERMINERS
                                                or words[0].lower() in GERMAN_WORDS))):
                titled = titled or person_title(words[0], german=True)
                words = words[1:]
            if len(words) > 2 and words[0].lower() in LEAD_ROLES and words[0] == found.split()[0]:
                # `said CEO Rui Almeida`, `Mayor Carlos Moedas`: a role before a full name is no part of it (rules
                # 27: `CEO Rui Almeida` was a name apart from the note's Rui Almeida)
                cut = re.match(rf"\S+{_GAP}", found).end()
                start, found, words = start + cut, found[cut:], words[1:]
            if len(words) == 1 and words[0].removesuffix(".") in PLACE_TITLES:
                continue  # `St`, `Mt` alone (`Baker St.`) name nothing
            if is_german and len(words) > 2 and words[0] in nouns and words[1] == "von":
                words = words[2:]  # `ein Buch von Daniel Kehlmann`: a noun's `von` joins no name
            if (len(words) > 1 and words[0] == found.split()[0] and common_adjective(words[0], words[1])
                    and _sentence_start(text, start)):
                # `Nächstes Treffen am Dienstag`, `Weitere Infos von Anna Weber`: an adjective and
                # its noun, no name; a name after them is one (its connector dropped)
                words = words[2:]
                while words and not words[0][:1].isupper():
                    words = words[1:]
            if _day_and_time(words):
                # `Sonntag Morgen mit Lisa`, `am Montag Abend`: a day and its time of day, no name;
                # a name after them is one (its connector dropped), as after an adjective's noun
                words = words[2:]
                while words and not words[0][:1].isupper():
                    words = words[1:]
            # (a lettered label's `A` is its letter, no article: `Source A`, `Plan A`; rules 27, it named Source)
            while words and ((words[-1].lower().replace("’", "'") in _COMMON_NOT_TIME
                              and not (words[-1] == "A" and len(words) > 1 and words[-2] in LETTERED))
                             or re.search(r"['’](re|ll|ve|d|m|t)$", words[-1])):
                words = words[:-1]
            if (len(words) > 1 and words[-1] in GERMAN_DAY_ABBREVIATIONS and found.endswith(words[-1])
                    and _german_day_before_date(text, start + len(found) - len(words[-1]), start + len(found),
                                                is_german)):
                words = words[:-1]  # `Sprechstunde Mo–Fr 8–12`: a German day ends the name before it (rules 31)
            # a work calendar's status (`- Priya OOO next week.`, `- Dan PTO 21 Dec`, `# Holidays and OOO 2026`)
            # names nothing and ends the name before it, which names as the longer span did (rules 28: `Priya OOO`,
            # `OOO` were names; names28a's common word lost a lone Priya opening her line, review revD); a status
            # opening a longer name is that name's (`OOO Bakery`, `PTO Express`)
            status = next((i for i, w in enumerate(words) if w in STATUS_WORDS and (i or len(words) == 1)), None)
            if status is not None:
                words = words[:status]
            uncut, words = words, _status_cut(words)  # `LATE 8 days`, `PAID CASH WITH THANKS`, `HMRC RECEIVED` (rules 30)
            # ... a name in capitals before its status names alone where it opens a sentence (`HMRC RECEIVED my return`)
            shouted_name = words != uncut and bool(words) and all(w.isupper() for w in words)
            if not words or (len(words) == 1 and len(words[0]) > 2 and words[0].isupper()
                             and (words[0].lower() in TABLE_COMMON_WORDS or words[0] in SHOUTED_ADVERBS
                                  or (found.endswith(words[0])
                                      and _predicate_shout(text, start + len(found) - len(words[0]), words[0])))):
                continue  # (and `IMPORTANT`, `PROGRESS`, `UPDATE` in capitals: a common word shouted, rules 30)
            if (len(words) == 1 and words[0].lower() in HEADING_LABELS
                    and _HEADING_NUMBER.match(text, start + len(found)) and _heading_line(text, start)):
                continue  # `## Lecture 7 - 2026-11-10`, `# Data Structures - Lecture 1`: a part's label (rules 16)
            if (len(words) == 1 and words[0].lower() in DOCUMENT_PARTS
                    and _HEADING_NUMBER.match(text, start + len(found))):
                continue  # `in their Table 1`, `- Table 2 compares BLEU`, `see Figure 3`: a paper's part (rules 26)
            if (len(words) == 1 and found.endswith(words[0]) and words[0].lower() in WORK_PARTS
                    and _part_number(text, start + len(found))):
                continue  # `Ch 3`, `Book 2`, `Chapter 8`: a work's part, no name (rules 31)
            sprint = (len(words) == 1 and found.endswith(words[0])
                      and _series_number_at(text, words[0], start, start + len(found)))
            if sprint:  # `in Sprint 50`, `- Sprint 49 planning`: the sprint's name is its number's too (rules 31, 33)
                add(f"{words[0]} {sprint.group(1)}", "name")
                continue
            if len(words) == 1 and found == words[0] and _era_after_year(text, start, words[0]):
                continue  # `300 BC`, `1066 AD`: an era after its year (rules 31)
            if (len(words) == 2 and words[0] == found.split()[0] and words[0].lower() in _PLURAL_LABELS
                    and _LOWER_AFTER.match(text, start + len(found)) and _sentence_start(text, start)):
                words = words[1:]  # `Topics Alvarez listed as likely:`: a label's word before a sentence's subject
            if (len(words) > 1 and words[-1] == "Year" and words[-2] in SCHOOL_NAME_ENDS and found.endswith(" Year")
                    and _SCHOOL_YEAR.match(text, start + len(found))):
                words = words[:-1]  # `Sele School Year 9 parents' evening`: a school's year group (rules 32)
            if "-" in words[-1]:  # `Post-LN-like settings`, `Excel-style`: an adjective made of the name (rules 26)
                words[-1] = _MADE_LIKE.sub("", words[-1])
            span = " ".join(words)
            if len(words) > 1:
                heads.add(words[0])
            if span in said or span in labels or span.lower() in MONTHS:
                continue
            if in_tag and in_tag.covers(start):
                # a part of a speaker's or a label's name with a particle, named whole above: `Santos`
                # of `Maria dos Santos:`, whose particle joins no CAP_SPAN (rules 14). Another label's
                # parts are names as before (`Maria Lopez birthday:` names Maria Lopez too)
                continue
            if len(words) == 1 and _calendar_day(span):
                continue  # `Mardi, réunion...`, `# Lunes`, `am Dienstag`: a day, no name (rules 12)
            if span in GERMAN_DAY_ABBREVIATIONS and _german_day_before_date(text, start, start + len(found), is_german):
                continue  # `# Mo., 5. Okt.`, `Di. 13.10.2026`: a German day abbreviated, no name (rules 23)
            if len(words) == 1 and found.startswith(span) and _weekday_before_day(span, text, start + len(span)):
                continue  # `# Sun 15 Nov`, `on Sun 15th`, `Sun Nov 15`: a weekday before its day, no name (rules 30)
            if len(words) == 1 and span in nouns:
                nouns_found.append(span)  # `Birnen`, `Termin`: a name only as the first word of a longer one
                continue
            at_sentence_start = (words[0] == found.split()[0] and start not in listed and status is None
                                 and not shouted_name
                                 and (start in phrase_titles or stance_opened or _sentence_start(text, start)))
            if len(words) == 1 and at_sentence_start and not elsewhere(words[0], start, opening_titles):
                # a lone capitalised word opening a sentence or a list item names
                # something only if the text capitalises it mid-sentence too, or
                # opens a longer name with it (known once every span is read); an imperative
                # title's verb is no mid-sentence capital (rules 18: `# Deploy billing-api` over
                # `Deploy the service ...` named Deploy)
                openers.append(span)
                continue
            if in_title(span):
                continue  # a fragment of a quoted title
            if CAMEL.fullmatch(span):
                continue  # already added as a handle
            add(span, "person" if titled else "name")
        # `Attendees: Jonas Berg, Amara Okafor` then `- Jonas re-lays the mooring.`: a meeting
        # note's actions open with the first names its attendees line wrote in full. A common
        # word opens no name (COMMON_WORDS: `The Low Tides` is Low Tides) and a capitalised verb
        # or noun (`- Plays bass`, `- Buy milk`, `- Meeting moved`) seldom opens one in the same text.
        for span in openers + nouns_found:
            if span in heads and not in_title(span):  # `Map` of "Map of Storms" names nothing
                add(span, "name")
        _add_known_cjk(text, out, speakers, add)
        _ticket_ids(text, out)
        if jrnl:  # a jrnl tag of someone the text names (`@lea` beside `Lea Winter`, `@priya` beside `Priya`) is theirs
            firsts = {fold(m.name.split()[0]) for m in out.values()
                      if m.type in ("name", "person") and m.name[:1] not in "@#" and m.name.split()}
            for key, m in list(out.items()):
                if m.type == "concept" and m.name.startswith("@") and fold(m.name[1:]) in firsts:
                    out[key] = EntityMention(m.name, "person")
        return list(out.values())

    @staticmethod
    def note_name(path: str) -> EntityMention | None:
        """See `note_name` (sync names a note so whatever the extractor, sync._note_namer)."""
        return note_name(path)


def links_in(text: str) -> bool:
    """May `text` hold a link to a note: a wikilink's `[[`, a Markdown link's `](`, a Notion relation's `.md)`?"""
    return "[[" in text or "](" in text or ".md)" in text


def link_targets(text: str, comments: bool = True, kind: str | None = None,
                 indented: bool = False) -> list[EntityMention]:
    """What the links of `text` link to (names of notes, daily notes'
    dates), its wikilinks' and its Markdown links' to notes
    (`[Trip](Trip%20to%20Lisbon.md)`, markdown_links; before heuristic
    rules 17 the wikilinks' only) and a Notion page's relation properties' (notion_relation_links, rules 30), read as the extractor reads a text (its front matter's
    values, without invisible characters): what the llm extractor adds to
    its model's names (extract/llm.py `complete`), and the notes whose
    lower-case file names a link names (sync.note_link_keys). `comments`, `kind`, `indented`: as wikilinks'."""
    text = without_invisibles(text)
    if not links_in(text):
        return []
    read = read_front_matter(text)[0]
    links = sorted(wikilinks(read, comments, kind, indented) + markdown_links(read, comments, kind, indented)
                   + notion_relation_links(read), key=lambda link: link[0])  # in the text's order
    return [target for _start, _end, target in links if target is not None]


# a handle's parts: `elena.v`, `elena_v`, `elena-v` are elena and v
_HANDLE_PARTS = re.compile(r"[._-]+")


def handle_names(mentions: Iterable[EntityMention], speakers: Collection[str] = ()) -> dict[str, str]:
    """{handle: the name it joins} for the `@handles` among a whole note's `mentions`
    (sync reads every chunk's): a handle of a first name (`@elena`), or of a first
    name and an initial (`@elena.v`, `@elena_v`), joins the one name of two to four
    words among them that opens with that first name (and that initial: `Elena
    Vasquez`), as a chat export or a note writes someone by their handle. None when
    two names open so (`Elena Vasquez` and `Elena Park`: which is meant?) or none
    does; a handle of a whole name (`@elenavasquez`, `@elena.vasquez`) needs none,
    its key being the name's. Read from the note alone, so a sync of any order joins
    as a rebuild does. Heuristic rules 12.
    In a chat one of whose `speakers` (the note's: chat_speakers) is that first name
    (`Elena:`), a handle of it (`@elena`) is that speaker, whom the chat addresses,
    and joins no longer name the note writes (`Elena Vasquez`, maybe someone the chat
    talks about): {"@elena": "Elena"}. Heuristic rules 13."""
    mentions = list(mentions)
    spoken = {fold(s): s for s in speakers if len(s.split()) == 1}
    firsts: dict[str, dict[str, str]] = {}  # folded first word -> {key: name}
    for m in mentions:
        words = m.name.split()
        if m.type in ("name", "person") and 2 <= len(words) <= 4 and m.name[:1] not in "@#" \
                and all(w[:1].isupper() for w in (words[0], words[-1])):
            firsts.setdefault(fold(words[0]), {})[normalise_key(m.name, m.type)] = m.name
    out = {}
    for m in mentions:
        if not m.name.startswith("@") or m.name in out:
            continue
        parts = [fold(p) for p in _HANDLE_PARTS.split(m.name[1:]) if p]
        if not parts or len(parts) > 2 or (len(parts) == 2 and len(parts[1]) != 1):
            continue
        if len(parts) == 1 and parts[0] in spoken:
            out[m.name] = spoken[parts[0]]
            continue
        named = [name for name in firsts.get(parts[0], {}).values()
                 if len(parts) == 1 or fold(name.split()[1])[:1] == parts[1]]
        if len(named) == 1:
            out[m.name] = named[0]
    return out


# a word of a person's full name as a note writes it: capitalised, letters (`Kahneman`, `McDonald`, `O'Brien`,
# `Müller-Lüdenscheidt`), no figure, no capitals run (`NASA`); each inner part opens with its capital, so a word that
# fails fails in linear time
_FULL_NAME_WORD = re.compile(rf"{UPPER}{LOWER}*(?:['’-]?{UPPER}{LOWER}+)*")
# the verbs that open a sentence's or a task's span before a name (`Ask Tom`, `Send Priya`): no full name's first word
_SPAN_VERBS = frozenset(IRREGULAR_VERBS.split("|")) | frozenset(ONE_NAME_VERBS.pattern.split("|")) | TASK_VERBS


def surname_names(mentions: Iterable[EntityMention], others: Iterable[str] = (), text: str = "") -> dict[str, str]:
    """{surname: the full name it joins} for a whole note's `mentions` (sync reads every chunk's): a name of one
    word (`Kahneman`) that is the last word of exactly one full name of two or three words among them (`Daniel
    Kahneman`) and the first word of none (`Kahneman Prize`), as a note writes someone by their surname after
    their full name. Read from the note alone, as handle_names; sync joins it only where the index knows no other
    full name of that surname (resolve.Resolver.lone_surname: `Sarah Kahneman` in another note keeps it apart).
    `others`: the note's other full names, not among its mentions (its authors: note_authors, two Webers of which
    make a lone `Weber` neither's). A person's name, not a thing's: no word of it a common word by the evidence of the
    note's `text`, which writes it (or a form of it: _word_forms) in lower case (`Baked Salmon` and `Salmon` beside
    `baked`, `Real Madrid` and `Madrid` beside `real`), nor an -ing form (`Seeing John`); and the text writes the full
    name before the surname alone, as a writer introduces someone (`- Greek yogurt` before `Quick Greek yogurt recipe:`
    is no one's surname).
    Heuristic rules 21 (names20): `Kahneman` was a second entity beside `Daniel Kahneman`."""
    mentions = [m for m in mentions if m.type in ("name", "person") and m.name[:1] not in "@#"]
    fulls = [*mentions, *(EntityMention(name, "name") for name in others)]
    lowered = set(_LOWER_WORD.findall(text))

    def common(word: str) -> bool:
        lower = word.lower()
        return ((lower.endswith("ing") and VERB_FORM.fullmatch(lower) is not None)
                or not _word_forms(lower).isdisjoint(lowered))

    read: dict[tuple[str, str], bool] = {}  # once per (surname, full name): a note of 4,000 `Kahneman`s read it once

    def introduced(surname: str, full: str) -> bool:
        """The full name written before the surname alone, as a person's (review revV): neither a place's (`New
        York`), nor written after a place's preposition (`at Morgan Stanley`), nor the surname alone after one
        (`a novel by Jack London`, then `my flight to London`)."""
        if (surname, full) not in read:
            read[surname, full] = _introduced(text, surname, full)
        return read[surname, full]

    lasts: dict[str, dict[str, str]] = {}  # folded last word -> {key: full name}
    firsts = set()  # folded first words of the names of more than one word
    for m in fulls:
        words = m.name.split()
        if len(words) > 1:
            firsts.add(fold(words[0]))
        if 2 <= len(words) <= 3 and all(_FULL_NAME_WORD.fullmatch(w) for w in words) \
                and words[0].lower() not in TABLE_COMMON_WORDS and words[0] not in _SPAN_VERBS:
            lasts.setdefault(fold(words[-1]), {})[normalise_key(m.name, m.type)] = m.name
    out = {}
    for m in mentions:
        if " " in m.name or len(m.name) < 2 or not _FULL_NAME_WORD.fullmatch(m.name):
            continue
        named = lasts.get(fold(m.name), {})
        if len(named) == 1 and fold(m.name) not in firsts:
            full = next(iter(named.values()))
            if not any(common(word) for word in full.split()) and introduced(m.name, full):
                out[m.name] = full
    return out


# a place's first word (`New York`, `San Jose`, `Lake Como`): no person's full name opens with it
_PLACE_OPENERS = frozenset("New San Santa Los Las St Saint Fort Port Lake Mount Mt North South East West Upper Lower "
                           "Great Cape Rio El".split())
# a place's preposition before a name: `flight to London`, `at Morgan Stanley`, `in Washington`
_PLACE_BEFORE = r"(?<![^\W_])(?:to|in|from|at|near|via|visiting|toward|towards)[ \t]+"
# ... and of those the ones that say where something is, which take a person seldom (`I work at Morgan Stanley`,
# `in Palo Alto`), before a full name: the others take a person as often as a place (`Talked to Ada Lovelace`,
# `a letter from`, `visiting`), and the surname alone after one still tells the place (`flight to London`: rules 22)
_WHERE_BEFORE = r"(?<![^\W_])(?:in|at|near)[ \t]+"
# ... but `to` after a verb of writing or speaking takes a person (`I wrote to Lovelace.`, `spoke to Hanks about`),
# where `flight to London` takes a place (heuristic rules 23); `from` does not (`wrote from London`: where one is)
_SPOKEN_BEFORE = re.compile(r"(?<![^\W_])(?:wr[io]te|writes|writing|written|talk|talks|talked|talking|spoke|speak|"
                            r"speaks|speaking|said|say|says|repl(?:y|ies|ied)|explained|mentioned|complained|"
                            r"listen|listens|listened|emailed|texted|messaged|apologi[sz]ed)[ \t]+to[ \t]+$")
# ... and only where the surname ends its phrase: before punctuation, the line's end or one of these function
# words. A lower-case word after it makes it an attribute of a place or a company's (`talked to Washington
# officials`, `wrote to London office`, `complained to Ford support`), and so does a possessive (`spoke to Jordan's
# embassy`; `in Ford's office` and `in Lovelace's office` cannot be told apart). The cost: `wrote to Ford about my
# broken Fiesta` joins Henry Ford where the note names no other Ford.
_SPOKEN_AFTER = re.compile(r"[ \t]*(?:[^\w\s'’-]|\r?\n|\Z)|[ \t]+(?:about|and|that|on|for|with|again|yesterday|today|"
                           r"tonight|last|this|in|before|after|when|but|or)(?![^\W_])")


def _introduced(text: str, surname: str, full: str) -> bool:
    """Does `text` introduce `surname` (`Kahneman`) as the person `full` (`Daniel Kahneman`): the full name
    written before the surname alone, no place's (_PLACE_OPENERS: `New York`), written nowhere after a preposition
    of where one is (_WHERE_BEFORE: `at Morgan Stanley`; rules 22: `Talked to Ada Lovelace` is a person's), nor the
    surname alone after any place's preposition (_PLACE_BEFORE: `a novel by Jack London ... my flight to London`: a
    city's name, review revV) but after a verb of writing's or speaking's `to`, ending its phrase (_SPOKEN_BEFORE,
    _SPOKEN_AFTER: `I wrote to Lovelace.`; rules 23)? One pass over the text for each."""
    if full.split()[0] in _PLACE_OPENERS:
        return False
    whole = rf"(?<![^\W_]){{}}(?![^\W_])"
    first = re.search(whole.format(re.escape(full)), text)
    if first is not None and re.search(_WHERE_BEFORE + whole.format(re.escape(full)) + r"(?!['’]s)", text):
        return False
    alone = None
    for m in re.finditer(whole.format(re.escape(surname)), text):
        if text.endswith(full, 0, m.end()):
            continue
        if re.search(_PLACE_BEFORE + r"$", text[max(0, m.start() - 12):m.start()]) \
                and (_SPOKEN_BEFORE.search(text, max(0, m.start() - 30), m.start()) is None
                     or _SPOKEN_AFTER.match(text, m.end()) is None):
            return False
        alone = m.start() if alone is None else alone
    return first is None or alone is None or first.start() < alone


# a level-1 ATX heading, `# Eigenvalues`, as a line holds it whole; its closing `#` run (`# Eigenvalues #`)
# is cut in Python: a lazy `(.*?)` before an optional `[ \t]+#+` is quadratic on a long run of blanks
_TITLE_HEADING = re.compile(r"#[ \t]+(.*)")
_CLOSING_HASHES = re.compile(r"[ \t]#+\Z")


def zettel_title(path: str, text: str) -> str | None:
    """The title of a note whose file name is its Zettelkasten ID alone (`202611031015.md`,
    named by the ID: note_name), which its first line writes as a heading (`# Eigenvalues`),
    after its front matter if it has one: Zettlr and The Archive title such a note so
    (heuristic rules 17: only the ID named it). None for any other note, or a first line
    that is no such heading."""
    found = note_name(path)
    if found is None or found.type == "date" or not ZETTEL_ID.fullmatch(found.name):
        return None
    text = without_invisibles(text)
    matter = frontmatter.of_note(text)
    body = text if matter is None else text[matter.end:]
    first = next((line.strip() for line in body.splitlines() if line.strip()), "")
    m = _TITLE_HEADING.fullmatch(first)
    if m is None:
        return None
    title = m.group(1).rstrip()
    closing = _CLOSING_HASHES.search(title)
    if closing is not None:
        title = title[:closing.start()]
    return title.strip() or None


# an Org note's own `:ID:` and `:ROAM_ALIASES:` (org_aliases), in its drawer before its first headline
_OWN_ID = re.compile(r"^[ \t]*:ID:[ \t]+(\S+)[ \t]*$", re.MULTILINE | re.IGNORECASE)
_ROAM_ALIASES = re.compile(r"^[ \t]*(?::ROAM_ALIASES:|#\+ROAM_ALIASES:)[ \t]+([^\n]+)$", re.MULTILINE | re.IGNORECASE)


def org_aliases(text: str) -> list[str]:
    """The names an Org note's own property drawer gives it, as its links
    name them: `id:3f2a…` for its `:ID:` (org-roam's `[[id:3f2a…][Eigenvalues]]`
    links to it: orgmode.file_links), and the values of its `:ROAM_ALIASES:` (quoted
    when of several words) or `#+ROAM_ALIASES:`, read from the lines before
    its first headline (`text`: the note, or its first chunk): a headline's
    drawer is the headline's, not the note's. note_aliases makes
    them the note's aliases (heuristic rules 17)."""
    preamble = re.split(r"^\*+[ \t]", text, maxsplit=1, flags=re.MULTILINE)[0]
    out = [f"id:{m.group(1)}" for m in _OWN_ID.finditer(preamble)][:1]
    for m in _ROAM_ALIASES.finditer(preamble):
        out += [quoted or bare for quoted, bare in re.findall(r'"([^"\n]+)"|(\S+)', m.group(1))]
    return out


def joplin_id(path: str) -> str | None:
    """The id of the Joplin item whose RAW export or sync target file is at `path` (`973f….md`), else None."""
    m = JOPLIN_FILE.fullmatch(PurePosixPath(path).name)
    return m.group(1) if m else None


def joplin_title(path: str, text: str) -> EntityMention | None:
    """The name a note of Joplin's RAW export or file-system sync target (`973f….md`, its metadata read
    as blank lines: notekinds.joplin_note) is named by: its title, the first line Joplin writes, a blank
    line after it, named as the Markdown export's file name for it would name its note (note_name of
    `Boiler service.md`; heuristic rules 19: the 32-hex file name named nothing). None for another note,
    an untitled one and a title that names nothing so (a single lower-case word: `todo`; a date)."""
    if joplin_id(path) is None:
        return None
    lines = without_invisibles(text).split("\n", 2)
    title = lines[0].strip()
    if not title or (len(lines) > 1 and lines[1].strip()):
        return None  # Joplin writes the title, then a blank line: another note someone named by a hex id
    found = note_name(title.replace("/", "-").replace("\\", "-") + ".md")  # a `/` in a title is no folder
    return found if found is not None and found.type != "date" else None


_ORG_TITLE = re.compile(r"^[ \t]*#\+title:[ \t]*(.+?)[ \t]*$", re.MULTILINE | re.IGNORECASE)
# a Denote `.txt` note's front matter: `title:      Meeting with Priya` ... and a line of dashes
_TEXT_TITLE = re.compile(r"title:[ \t]+(.+?)[ \t]*$", re.IGNORECASE)


def denote_title(path: str, text: str) -> tuple[str, str] | None:
    """(identifier, title) of a Denote note (its file name: DENOTE_FILE), None for another note. Its
    title: the `#+title:` an Org note writes before its first headline, a front matter's `title:` (YAML
    or TOML, as Denote writes a Markdown note's), a `.txt` note's `title:` line among the lines before
    its line of dashes, else the file name's title part, its hyphens blanks (`meeting with priya`)."""
    m = DENOTE_FILE.fullmatch(PurePosixPath(path).name)
    if m is None:
        return None
    text = without_invisibles(text)
    title = None
    if code_kind(path) == ORG:
        preamble = re.split(r"^\*+[ \t]", text, maxsplit=1, flags=re.MULTILINE)[0]
        found = _ORG_TITLE.search(preamble)
        title = found.group(1) if found else None
    else:
        matter = frontmatter.of_note(text)
        values = matter.values("title") if matter is not None else []
        if values:
            title = values[0]
        else:
            for line in text.split("\n", 12)[:12]:
                if re.fullmatch(r"-{3,}[ \t]*", line):
                    break
                found = _TEXT_TITLE.fullmatch(line)
                if found:
                    title = found.group(1)
                    break
    title = (title or "").strip().strip('"').strip() or (m.group("title") or "").replace("-", " ").strip()
    return (m.group(1), title) if title else None


def denote_keywords(path: str) -> list[str]:
    """The keywords of a Denote note's file name (DENOTE_FILE), its `#tags`: `#finance` and `#planning` of
    `20261201T093000--budget-review__finance_planning.md` (after `__`, apart by `_`), as a front matter's
    `tags:` are (heuristic rules 21; sync._name_notes adds them to its first chunk); [] for another note."""
    name = PurePosixPath(path).name
    m = DENOTE_FILE.fullmatch(name)
    if m is None or "__" not in name[m.start(1):]:
        return []
    stem = name.rsplit(".", 1)[0]
    keywords = stem[stem.index("__", len(m.group(1))) + 2:].split("_")
    return ["#" + k for k in dict.fromkeys(keywords) if HASHTAG.fullmatch("#" + k)]


def note_aliases(text: str, path: str | None = None, titled: bool = True) -> list[str]:
    """The other names a note gives itself (Obsidian's front matter
    `aliases:` or `alias:`, Logseq's `alias::` property: `aliases: [Jo, J.
    Berg]` in `Jonas Berg.md`; with its `path`, the heading title of a note
    named by its Zettelkasten ID alone: zettel_title, rules 17), each once
    by its key, as a link names them (`[[Jo]]`: link_name, so a lower-case
    `kitchen reno` is one too); none that is a date, a common word (`Home`...
    of COMMON_WORDS) or shorter than two characters; an Org note's `:ID:` (as `id:3f2a…`) and
    `:ROAM_ALIASES:` (org_aliases, rules 17). Sync joins each to the
    note's own name (sync.joined_names: the alias's mentions in any note of
    the folder are the note's entity). Then the ids of a Logseq page's
    blocks (`id:: 6543a1b2-...`, BLOCK_UUID), lower case: a block reference to
    one (`((6543a1b2-...))`) is a mention of the page (sync.alias_forms).
    A Joplin note named by its title (joplin_title) has first that title, written JOPLIN_TITLE + title
    (its own name: sync.joined_names), and its id, by which `[...](:/973f…)` links it (rules 19); so has
    a Denote note (denote_title: `titled`), and its identifier, which `denote:` links write (rules 20).
    A literature note's citation key its file name opens with, `Nguyen2025` of `Nguyen2025 - Load Balancing Loss
    Revisited.md` (cited_key, rules 29)."""
    if path is not None and (joplin := joplin_title(path, text)) is not None:
        return [JOPLIN_TITLE + joplin.name, joplin_id(path), *_without_note_title(note_aliases(text))]
    if titled and path is not None and (denote := denote_title(path, text)) is not None:
        # a Denote note: its title is its own name, its identifier an alias, which `denote:` links write (rules 20)
        return [JOPLIN_TITLE + denote[1], denote[0], *_without_note_title(note_aliases(text, path, titled=False))]
    text = without_invisibles(text)
    found = frontmatter.of_note(text)
    values = found.values(*ALIAS_KEYS) if found is not None else []
    body = text if found is None else text[found.end:]
    values += [v for e in frontmatter.properties(body) if e.key.lower() in ALIAS_KEYS for v in e.values]
    title = zettel_title(path, text) if path is not None else None
    if title is not None:
        values.append(title)
    if path is not None and (key := cited_key(path, found)) is not None:
        values.append(key)  # `Nguyen2025` of `Nguyen2025 - Load Balancing Loss Revisited.md` (rules 29)
    if path is not None and code_kind(path) == ORG:  # an Org note's `:ID:` and `:ROAM_ALIASES:` (rules 17)
        values += org_aliases(text)
    out: dict[str, str] = {}
    for value in (LOGSEQ_PAGE.sub(r"\1", v) for v in values):  # `alias:: [[Veg patch]]` is Veg patch
        name = link_name(value.strip()) if "/" not in value and "#" not in value else None
        if name is not None and name.lower().replace("’", "'") not in COMMON_WORDS:
            out.setdefault(normalise_key(name, "name"), name)
            if _honorific(value.strip(), name):
                # `Prof. Keller` as written too: the front matter names it whole (read_front_matter), the text's
                # `Prof. Keller` and `Prof Keller` name Keller (PERSON_TITLES), the name link_name gave (rules 26)
                out.setdefault(normalise_key(value.strip(), "name"), value.strip())
    if (title := _own_title(found) if found is not None else _page_title(body)) is not None:
        # the note's `title:` (Logseq's `title::`), its aliases' entity where its file name names no note (rules
        # 26), else a name of the note as an alias is (rules 27: `Anna Keller.md` with `title: Prof. Keller`, or
        # with no aliases, left the title an entity apart); the title without its honorific a name of it too
        # (`Anna Keller` of `Prof. Anna Keller`)
        bare = link_name(title)
        if bare is not None and bare != title and bare.lower() not in COMMON_WORDS:
            out.setdefault(normalise_key(bare, "name"), bare)
        out = {"": NOTE_TITLE + title, **out}
    # a Logseq block's id (`id:: 6543a1b2-...`): a name of the page, by which a block reference
    # (`((6543a1b2-...))`, BLOCK_REF) in any note of the folder links to it (rules 17)
    for e in frontmatter.properties(body) if "id::" in body else ():
        if e.key.lower() == BLOCK_ID_KEY and len(e.values) == 1 and BLOCK_UUID.fullmatch(e.values[0]):
            out.setdefault(normalise_key(e.values[0], "name"), e.values[0].lower())
    return [name for key, name in out.items() if key or name.startswith(NOTE_TITLE)]


def _honorific(value: str, name: str) -> bool:
    """Is the alias `value` the name `name` (link_name's) with a person's title before it (`Prof. Keller`,
    `Dr Brandt`, `Frau Weiß`: PERSON_TITLES, GERMAN_TITLES, SPELLED_TITLES)?"""
    first, _, rest = value.partition(" ")
    return rest.strip() == name and person_title(first, german=True)


def _own_title(found: frontmatter.FrontMatter) -> str | None:
    """The front matter's one `title:` value when it names its note as the extractor reads it (_names_note), else None."""
    return _naming_title(found.values("title"))


def _page_title(body: str) -> str | None:
    """A Logseq page's one `title::` among the properties it opens with (frontmatter.page_properties), as
    _own_title reads a front matter's (rules 27: `title:: Hackerspace Berlin` named none of `alias:: HS`)."""
    if "::" not in body:
        return None
    return _naming_title([frontmatter.page_value(v) for e in frontmatter.page_properties(body)
                          if e.key.lower() == "title" for v in e.values])


def _naming_title(titles: Sequence[str]) -> str | None:
    title = titles[0].strip() if len(titles) == 1 else ""
    # a common or label word names no note (`title: Home`, `title: Meeting`: sync._naming)
    generic = title.lower() in COMMON_WORDS or title.lower() in LABEL_WORDS
    return title if title and "/" not in title and not generic and _names_note(title) else None


def _without_note_title(names: list[str]) -> list[str]:
    """`names` (note_aliases) without the front matter's title: a Joplin or Denote note is named by its own."""
    return [name for name in names if not name.startswith(NOTE_TITLE)]


# English words that are given names too (`aliases: [Will]`): at a sentence's start the word is
# meant as often as the name (`Will you come?`, `May I?`), so an alias of one of them is named only
# where the rules find it (mid-sentence), never where it merely stands (standing_alias)
NAME_WORDS = frozenset("""
will may rose hope grace faith joy mark bill pat sue art jack frank june april august summer autumn dawn
ray rich grant lane chase drew max sky river bay jade ruby amber iris ivy lily daisy holly heather olive
pearl crystal sandy rusty penny dot sunny cliff dale glen heath wood brook ford hunter mason miles rob
bob sam tom don ken gene carol eve noel guy earl duke king prince baron page mercy honor honour patience
constance prudence charity victor victoria
""".split())


def standing_alias(alias: str) -> bool:
    """Does a note's `alias` (note_aliases) name its note wherever it stands
    as a whole word, written as the alias writes it (sync counts it where the
    rules found no name: `Jo said the boat leaks.`, `- Jo brings rope`)?
    Heuristic rules 14. One with a capital: a lower-case alias (`kitchen
    reno`) is written so as common words are, and is named where the rules
    or a link find it, as before. An alias of one
    word only when no common word (COMMON_WORDS, LABEL_WORDS) nor an English
    word that is a given name (NAME_WORDS: `Will`, `May`, `Rose`); sync also
    leaves it to a chunk that writes no lower-case `will`."""
    words = alias.split()
    if not words or not any(c.isupper() for c in alias):
        return False
    if len(words) > 1:
        return True
    lower = alias.lower().replace("’", "'")
    return lower not in COMMON_WORDS and lower not in LABEL_WORDS and lower not in NAME_WORDS


# Logseq saves a namespace page, `[[Work/Project Alpha]]`, as `Work___Project Alpha.md` (its
# `:file/name-format :triple-lowbar`), an older graph as `Work%2FProject Alpha.md`: the `/` of its links,
# read as a link's path is (the page is `Project Alpha`, as `[[Work/Project Alpha]]` names it; rules 17:
# the file name was the name `Work___Project Alpha`, which no link or text wrote). Public: the one reading of a
# namespace page's file name, which store.lookup (`mrag show "Work/Project Alpha"`) and tasks (a page's tag) share
NAMESPACE_SEPARATOR = re.compile(r"___|%2F", re.I)


def _page_file_name(file: PurePosixPath) -> str:
    """The file name of the note `file` as its links write it: a Logseq namespace page's (in a `pages/`
    folder, where Logseq writes them) with its `/` back (NAMESPACE_SEPARATOR); any other note's as it is:
    `Budget___Draft.md` or `Q3%2FQ4 Planning.md` elsewhere is no namespace page (it was named `Draft`,
    `Q4 Planning`)."""
    name = without_invisibles(file.name)
    return NAMESPACE_SEPARATOR.sub("/", name) if "pages" in file.parts[:-1] else name


# pure (a function of the path alone): sync's note name keys, its linkable names (linkable_name asks it too),
# zettel_title and _name_notes each ask it of every note
@functools.lru_cache(maxsize=1 << 16)
def note_name(path: str) -> EntityMention | None:
    """The name a Markdown note at `path` is linked to by, `[[Trip to
    Lisbon]]` for `trips/Trip to Lisbon.md`: what sync adds to the
    mentions of the note's first chunk (the extractor reads chunks, not
    paths), so that a link joins the linking note to the linked one.
    A daily note, whose file name is a date with its year
    (`journal/2024-05-01.md`, `20240501.txt`: a `.txt` too; Logseq's
    `journals/2024_05_01.md`, Dendron's `daily.journal.2024.05.01.md`,
    `2024-05-01 Wednesday.md`: text.daily_date), or filed in year, month
    and day folders (Obsidian's `2024/05/01.md`, `path` being relative to
    the synced folder, with its own folders in front when it is shallower:
    sync passes text.dated_path; text.file_date), is named by that date, the
    date entity `[[2024-05-01]]`, Logseq's `[[May 1st, 2024]]` and the
    text's "May 1, 2024" are (text.normalise_key). None for other
    notes (`.txt`: LiHua's `20260922_1700.txt`, a timestamp and no
    date), for a file name that names nothing by the link rules and for
    one that is no title (lower case: `trip-to-lisbon.md`). A TextBundle's
    text is named by its bundle, `Trip to Lisbon.textbundle/text.md` as
    `Trip to Lisbon.md` (text.bundle_path; rules 20: `text`, which named nothing)."""
    path = bundle_path(path)
    file = PurePosixPath(path)
    date = file_date(without_invisibles(path))
    if date is not None:
        return EntityMention(date[0], "date")
    if not file.name.lower().endswith(MARKDOWN_SUFFIXES) and DRAWING_SUFFIX.search(file.name) is None:
        return None
    found = link_target(_page_file_name(file))
    if found is None or found.type == "date":
        return None
    name = found.name
    if ZETTEL_ID.fullmatch(name):
        return found  # `202611031015.md`, named by its Zettelkasten ID alone as `[[202611031015]]` links it
    if file.name.startswith("@") and CITEKEY.fullmatch(name):
        return found  # `@vaswani2017attention.md`, a literature note named by its citation key (link_target)
    # a title, as a front matter title must be: Obsidian shows the file
    # name as the note's title (`Dr Chen.md` without its title: Chen, a person, as the text's `Dr. Chen` is)
    if _names_note(name):
        return found
    if file_period(file.name) is not None:  # `2026-W45.md`, `2026-Q4.md`: named as `[[2026-W45]]` links it
        return found
    # a lower-case name of two to eight words, as Obsidian, Logseq and Foam
    # users write them (`kitchen-renovation.md`, `trip_to_lisbon.md`):
    # spelled as a text does, its words apart ("kitchen renovation"); a
    # single lower-case word (`todo.md`, `inbox.md`, `ideas.md`) names no
    # entity, as the heuristics name no lower-case word in a text. A name whose words are apart by
    # blanks already keeps the hyphens inside them (`billing-api v3.md` is "billing-api v3", as its
    # text writes it; rules 16: it was "billing api v3")
    if DENDRON_NAME.fullmatch(name):
        # a Dendron note's hierarchy (`ref.vendors.helix-data.md`) is one name, as its links write it,
        # named while a link names it (linkable_name; rules 18: it was "ref.vendors.helix data")
        return None
    words = [w for w in re.split(r"[\s_]+" if re.search(r"\s", name) else r"[\s_-]+", name) if w]
    if 2 <= len(words) <= 8 and name == name.lower() and re.search(r"[^\W\d_]", words[0]):
        return EntityMention(" ".join(words), "name")
    return None


# the time stamp org-roam opens a note's file name with (`%<%Y%m%d%H%M%S>-${slug}.org`)
_ROAM_STAMP = re.compile(r"^\d{14}-(?=[^\W\d_])")


# pure, as note_name
@functools.lru_cache(maxsize=1 << 16)
def linkable_name(path: str) -> EntityMention | None:
    """The name a Markdown note whose file name is a single lower-case word
    (Logseq's `pages/hackerspace.md`, `todo.md`) is named by when a wikilink
    of its folder names it, case aside (`[[Hackerspace]]`: sync.linked_names):
    the link is the evidence that the word names the note. Alone it names
    none (note_name): `todo.md` beside a `#todo` tag would join every note
    that writes the tag. A note of another kind sync reads (`log.txt`,
    `Deploy log.org`: PLAIN_SUFFIXES), which its file name names not even
    when titled, is named by it as a Markdown note of that name would be
    (`log`, `Deploy log`) when a link of its folder names it (rules 17:
    `[log](notes/log.txt)`; an org-roam note by its slug, `eigenvalues` for
    `20261103101500-eigenvalues.org`). None for every other path. A TextBundle's
    text as its bundle's name (text.bundle_path)."""
    path = bundle_path(path)
    file = PurePosixPath(path)
    if note_name(path) is not None:
        return None
    if file.name.lower().endswith(PLAIN_SUFFIXES) and "." in file.name[:-1]:
        stem = file.name.rsplit(".", 1)[0]
        if file.name.lower().endswith(".org"):  # org-roam's `20261103101500-eigenvalues.org`: its slug (rules 17)
            stem = _ROAM_STAMP.sub("", stem) or stem
        as_markdown = str(file.with_name(stem + ".md"))
        return note_name(as_markdown) or linkable_name(as_markdown)
    if not (file.name.lower().endswith(MARKDOWN_SUFFIXES) or DRAWING_SUFFIX.search(file.name)):
        return None
    name = link_name(_page_file_name(file))
    if name is None or name != name.lower() or len(name.split()) != 1 or not re.search(r"[^\W\d_]", name):
        return None
    return EntityMention(name, "name")


def known_cjk(note: str) -> dict[str, str]:
    """{name: type} of the names in Han, kana or Hangul (CJK_NAME) a whole
    `note` makes known to every other note (sync._note_known): its chat
    speakers (persons), the people a label lists (`参会人员：张伟、李娜`), its
    《》 and 『』 titles (works) and its links' targets (names). Not its labels
    nor its file name: a label (`装修：`) or a note called 会议 is a common word
    too often, which every note that writes it would then mention."""
    if CJK_RUN.search(note) is None:
        return {}
    found = {name: "name" for _start, _end, target in wikilinks(note)
             if target is not None and target.type == "name" for name in [target.name]}
    found.update((title, "work") for title in _cjk_titles(note))
    for m in itertools.chain(SPEAKER.finditer(note), ITEM_LABEL.finditer(note)):
        if m.group(1).strip() in CJK_PEOPLE_LABELS:
            found.update((person, "person") for person in _listed_people(note, _COLON.search(note, m.end(1)).end()))
    found.update((speaker, "person") for speaker in chat_speakers(note))
    # a bare role (`老师：`, `主持人：老师`) is whoever holds it in each note: made known to none
    return {name.strip(NAME_EDGES): type_ for name, type_ in found.items()
            if CJK_NAME.fullmatch(name.strip(NAME_EDGES)) and _named(name) is not None
            and not (type_ == "person" and name.strip(NAME_EDGES) in CJK_ROLES)}


# A word a note makes known to its folder's other notes (heuristic rules 25, makes_known): one capitalised word
# with a lower-case letter (`Initech`, `Sofia`, `LiHua`; no acronym, which names wherever it stands already)
_KNOWN_WORD = re.compile(rf"{UPPER}[^\W_]*{LOWER}[^\W_]*(?:[-'’]{UPPER}?[^\W_]+)?")
# a capitalised word of a text, where known_openers looks it up (its possessive's `'s` apart)
_OPENER = re.compile(r"(?<![\w@#/.'’\[-])([^\W\d_][\w'’-]*?)(?:['’]s)?(?![\w'’-])")
_IRREGULAR = frozenset(IRREGULAR_VERBS.split("|"))
_CALENDAR_ONLY = CALENDAR_WORDS - CALENDAR_NAMES  # a day or a month that is no name too (`Marco`, `Mai` are)


def makes_known(name: str, type_: str) -> bool:
    """Does a note's name `name` (of `type_`, as the rules found it: mid-sentence, a title, an alias, a label's
    value, a speaker) make that word a name where another note of the folder opens a sentence or a list item
    with it alone (heuristic rules 25, known_openers, applied by sync._add_known_words)? A person or a name of
    one capitalised word that is no common word (TABLE_COMMON_WORDS, a day, its three letters, days or a month; nor an English word
    that is a given name too, NAME_WORDS: `Will`, `May`, `Rose`, as standing_alias reads an alias), nor a verb by the
    lists or by its -ing/-ed ending (`Called`, `Sent`, `Meeting` never are)."""
    if type_ not in ("person", "name") or _KNOWN_WORD.fullmatch(name) is None:
        return False
    lower = name.lower()
    return not (lower in TABLE_COMMON_WORDS or lower in NAME_WORDS or fold(lower) in _CALENDAR_ONLY
                or weekday_plural(lower) or lower.endswith("s") and fold(lower[:-1]) in _CALENDAR_ONLY
                or lower in MONTHS or lower in WEEKDAY_SHORT  # `Sun 14 Feb: boat` (`Sun` alone was no common word)
                or VERB_FORM.fullmatch(lower) is not None or name in _IRREGULAR
                or ONE_NAME_VERBS.fullmatch(name) is not None)


def written_as_name(text: str, word: str) -> bool:
    """Does `text` write `word` as a name of its own mid-sentence: capitalised after a word all in lower case or
    a figure (a comma between: `We work for Initech and Acme`, `as usual, Initech`), no capitalised word after
    it (`with Sweet Potatoes` is a longer name's, `vision.” Even the` a sentence's start)? The evidence by which
    a note's name makes the word known to the others (heuristic rules 25: one note's stray name, `Even`, `Dinner`,
    named in it, is no name everywhere else). The whole word before, not its last letter: `via Amazon Travel`,
    `with Will Turner`, `the iPhone Initech` are a longer name's words (review revE)."""
    # (what the pattern `(?<![\w'’-])(?:LOWER|\d)(?:LOWER|\d|['’-])*[,;]?[ \t]+WORD(?:['’]s)?(?![\w'’-])(?![ \t]+UPPER)`
    # finds, by `str.find` and precompiled checks: a pattern of each word with LOWER's and UPPER's classes took 1.9 ms
    # to compile, 4.9 s of a first sync of 2,000 synthetic notes; the thirty-ninth session's profile)
    pos = 0
    while (start := text.find(word, pos)) >= 0:
        pos = start + 1
        end = start + len(word)
        if text.startswith(("'s", "’s"), end):
            end += 2  # (without it, the `'` after the word is a word's letter: no match)
        if _NAME_LETTER.match(text, end) or _CAPITAL_AFTER.match(text, end):
            continue
        at = start
        while at > 0 and text[at - 1] in " \t":
            at -= 1
        if at == start:
            continue
        if at > 0 and text[at - 1] in ",;":
            at -= 1
        first = at
        while first > 0 and _LOWER_RUN_CHAR.match(text, first - 1):
            first -= 1
        if first < at and _LOWER_OPENER.match(text, first) and not (first > 0 and _NAME_LETTER.match(text, first - 1)):
            return True
    return False


_NAME_LETTER = re.compile(r"[\w'’-]")
_CAPITAL_AFTER = re.compile(rf"[ \t]+{UPPER}")
_LOWER_RUN_CHAR = re.compile(rf"{LOWER}|\d|['’-]")
_LOWER_OPENER = re.compile(rf"{LOWER}|\d")


def known_openers(text: str, known: Collection[str]) -> list[str]:
    """The words of `known` (names other notes make known: makes_known) that `text` writes alone where a
    sentence, a line or a list item starts (_sentence_start: `- Initech invoice still unpaid.`), which the
    rules name only on the text's own evidence (rules 6, 7); not one opening a longer name (a capitalised word
    after it on its line: `Initech Corp`), nor a chat's speaker or a label (`Initech:`), nor one the text writes
    in lower case too (a common word for it)."""
    out: list[str] = []
    if not known:
        return out
    lowered: set[str] | None = None
    for m in _OPENER.finditer(text):
        word = m.group(1)
        if word not in known or word in out or not _sentence_start(text, m.start()):
            continue
        after = _BLANKS.match(text, m.end()).end() if m.end() < len(text) else m.end()
        if after < len(text) and (text[after].isupper() or text[after] in ":：" and after == m.end()):
            continue  # `Initech Labs` is a longer name's; `Initech:` a speaker's or a label's, which their rules name
        if lowered is None:
            lowered = set(_LOWER_WORD.findall(text))
        if word.lower() not in lowered:
            out.append(word)
    return out


def _cjk_titles(text: str) -> Iterator[str]:
    """The 《》 and 『』 titles of `text` (a 『』 inside a 「」 quote is a quote's
    nested quote, not a title), stripped, the empty ones left out."""
    for m in CJK_TITLE.finditer(text):
        title = (m.group(1) or m.group(2)).strip()
        if title and not (m.group(2) and _in_corner_quote(text, m.start())):
            yield title


_CJK_PEOPLE_SEPARATOR = re.compile(r"[ \t]*[、，,/][ \t]*")


def _listed_people(text: str, at: int) -> list[str]:
    """The people a CJK people label lists from `at` (`参会人员：张伟、李娜`)."""
    people = CJK_PEOPLE.match(text, at)
    return _CJK_PEOPLE_SEPARATOR.split(people.group(1)) if people else []


def _in_corner_quote(text: str, pos: int) -> bool:
    """Is `pos` inside a 「」 quote opened on its line (at most QUOTE_REACH
    characters back: a window, so a long line of titles is not read again
    from its start for each)?"""
    start = max(text.rfind("\n", max(0, pos - QUOTE_REACH), pos) + 1, pos - QUOTE_REACH)
    before = text[start:pos]
    return before.rfind("「") > before.rfind("」")


def _add_known_cjk(text: str, out: dict[str, EntityMention], speakers: Collection[str], add) -> None:
    """Add the names of the text's note written in Han, kana or Hangul
    (CJK_NAME: its chat speakers, and the persons, names and works the rules
    found in the text: a label, a link's target, a title) wherever the text
    holds them, as the type they were found as: a chat's `张伟：` makes
    张伟 of `张伟说厨房预算...`, which no rule finds, such text having no
    blanks nor capitals. The longest first where two start at one place."""
    if CJK_RUN.search(text) is None:
        return
    known = {m.name: m.type for m in out.values() if m.type in ("person", "name", "work")}
    known.update((s, "person") for s in speakers)
    # one CJK character is a word too often to be a name found so (CJK_NAME: 2 or more)
    known = {name: type_ for name, type_ in known.items() if CJK_NAME.fullmatch(name)}
    for name in KnownNames(known).find(text):
        add(name, known[name])


class KnownNames:
    """Where a text writes names of a set (`find`): from its start, the
    longest name that starts at a place, then on after it; a place is tried
    only for the lengths of the names that start with its character (a
    regex of the names' alternation tried each name at each place: a note
    set that makes thousands of names known made every chunk that slow)."""

    def __init__(self, names: Collection[str]):
        self.names = frozenset(names)
        lengths: dict[str, set[int]] = {}
        for name in self.names:
            if name:
                lengths.setdefault(name[0], set()).add(len(name))
        self.lengths = {first: sorted(ns, reverse=True) for first, ns in lengths.items()}

    def find(self, text: str) -> list[str]:
        out, i, end = [], 0, len(text)
        while i < end:
            for n in self.lengths.get(text[i], ()):
                if text[i:i + n] in self.names:
                    out.append(text[i:i + n])
                    i += n
                    break
            else:
                i += 1
        return out


def _cap_spans(text: str) -> Iterator[tuple[int, str]]:
    """(start, text) of the capitalised spans of `text` (CAP_SPAN), a span cut after a street's `St.`
    (_STREET_CUT: `Baker St. Priya Raman joined` is `Baker St` and `Priya Raman`) unless its first word
    opens a sentence (`Visited St. Paul's`) or a saint's or a kind of place follows (_street_ends:
    `Fort St. John`, `Main St. Diner`), and cut after a letter's stop that a sentence's first word follows
    (_INITIAL_STOP: `with Source B. Drove to` is `Source B` and `Drove`)."""
    for start, found in _do_cut(text, _initials_cut(text)):
        end = start + len(found)
        cut = _STREET_CUT.search(found) if "St." in found else None
        while (cut is not None and not _sentence_start(text, start)
               and _street_ends(text, start + cut.end(), end)):
            yield start, found[:cut.start() + len(cut.group()) - 1]  # `Baker St`, without its stop
            skip = _BLANKS.match(found, cut.end()).end()
            start, found = start + skip, found[skip:]
            cut = _STREET_CUT.search(found) if "St." in found else None
        yield start, found


# The words a firm's name ends with after its `&` (`Parker & Sons`, `Dombey & Son`, `Lewis & Partners`). Not `Co`
# nor `Company`, which a group of friends is too (`Dinner with Priya & Co.`)
FIRM_WORDS = frozenset("Sons Son Partners Associates Bros Brothers Daughters".split())
_AMPERSAND = re.compile(r"[ \t]+&[ \t]+")
# ... and the words a company's whole name ends with, after a word of its own (`Procter & Gamble Co.`, `Johnson &
# Johnson Ltd`, `Tate & Lyle PLC`): one firm too (rules 33: `Gamble Co` was a name apart from Procter); `Priya &
# Co.` stays Priya, its `Co` alone after `&`. A lower-case `plc` is no part of a capitalised span: `Smith & Nephew
# plc` names Smith and Nephew as before
COMPANY_ENDS = frozenset("Co Ltd Limited PLC Plc Inc LLP LLC Corp GmbH AG SA".split())


def _firms_joined(text: str, spans: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """`spans` (start, text: _cap_spans'), two of them joined where `&` alone stands between them, the first ends
    with a word of two letters or more and the second opens with a firm's word (FIRM_WORDS: `Parker & Sons`) or ends
    with a company's after a word of its own (COMPANY_ENDS: `Procter & Gamble Co.`, rules 33): one firm's name
    (heuristic rules 30: `Parker & Sons` named Parker and Sons). Two people's names stay two (`Priya &
    Tom`, `Tom & Tom`, `Marks & Spencer` too: no word says it is a firm), and a list's (`Priya & Tom & Sons`: which
    of them is the firm's is not clear)."""
    def joins(first: tuple[int, str], start: int, found: str) -> bool:
        words = found.split()
        return bool(_AMPERSAND.fullmatch(text, first[0] + len(first[1]), start)
                    and (words[0] in FIRM_WORDS or (len(words) > 1 and words[-1].rstrip(".") in COMPANY_ENDS))
                    and len(first[1].split()[-1]) > 1
                    and not text[:first[0]].rstrip(" \t").endswith("&"))

    return _pairs_joined(text, spans, joins)


def _pairs_joined(text: str, spans: Iterable[tuple[int, str]], joins) -> Iterator[tuple[int, str]]:
    """`spans` (start, text), each joined to the next, with the text between them, where `joins(span, start, found)`
    says the two are one name (_firms_joined, _particles_joined); a joined span may join the next one too."""
    pending: tuple[int, str] | None = None
    for start, found in spans:
        if pending is not None:
            if joins(pending, start, found):
                pending = (pending[0], text[pending[0]:start + len(found)])
                continue
            yield pending
        pending = (start, found)
    if pending is not None:
        yield pending


# A name's particle of two words, Dutch's and German's (`Mario von der Ruhr`, `Rafael van der Vaart`, `Ludwig van den
# Berg`): CAP_SPAN joins one word (`Vincent van Gogh`), so these named Mario and Ruhr (heuristic rules 32, names32b).
# Only these three: Dutch's `van de` and German's `von dem` open a phrase as often (`Brief van de Belastingdienst`,
# `Nieuws van de Week`, `Brief von dem Anwalt`: fixNB, review of names32b), as `de la` does Spanish's (rules 24's revE)
_TWO_WORD_PARTICLE = re.compile(r"[ \t](?:van[ \t]+(?:der|den)|von[ \t]+der)[ \t]+[A-Z]")
_BETWEEN_PARTICLE = re.compile(r"[ \t]+(van|von)[ \t]+(?:der|den)[ \t]+")
# what a name joined to its particle follows: a word in lower case, a comma or `&` (`with Rafael van der Vaart`, `tr.
# Emma Crawford & Mario von der Ruhr`); not a line's or a sentence's start (`Met Jan van der Berg`, `Rechnung von der
# Telekom.`, `Post von der Sparkasse erhalten`: a verb or a noun before the particle, no first name: fixNB)
_PARTICLE_NAME_AFTER = re.compile(r"(?:[a-z]{2,}|[,&])[ \t]+$")


def _particles_joined(text: str, spans: Iterable[tuple[int, str]], is_german: bool) -> Iterator[tuple[int, str]]:
    """`spans` (start, text: _cap_spans'), two joined where a particle of two words alone stands between them
    (_TWO_WORD_PARTICLE), the first a one-word first name mid-sentence, after a word in lower case, a comma or `&`
    (`with Mario von der Ruhr`, _PARTICLE_NAME_AFTER), the second one word; in German text only a Dutch `van`."""
    def joins(first: tuple[int, str], start: int, found: str) -> bool:
        between = _BETWEEN_PARTICLE.fullmatch(text, first[0] + len(first[1]), start)
        return bool(between is not None and len(first[1].split()) == 1 and len(found.split()) == 1
                    and _PARTICLE_NAME_AFTER.search(text, max(0, first[0] - 40), first[0])
                    and not (is_german and between.group(1) == "von"))

    return _pairs_joined(text, spans, joins)


# A capital and its stop inside a span, and the capitalised word after it (CAP_SPAN's _INITIAL)
_INITIAL_STOP = re.compile(rf"(?<=[ \t\u00a0\u202f]{UPPER})\.{_GAP}({_CAP_WORD})")
# The words that open a sentence, never a surname after a middle initial: COMMON_WORDS (`The`, `He`, `Got`) but
# the few that are family names too (`Anna M. Love`, `Sarah J. Day`), and the journal's verbs (ONE_NAME_VERBS,
# IRREGULAR_VERBS: `Drove`, `Met`, `Called`)
_INITIAL_SURNAMES = frozenset("love best day hope well good sure nice great glad young may will".split())
_INITIALS_ONLY = re.compile(rf"(?:{UPPER}\.{_GAP})+{UPPER}")
_AFTER_INITIAL = re.compile(rf"(?:{IRREGULAR_VERBS})|{ONE_NAME_VERBS.pattern}")


def _initials_cut(text: str) -> Iterator[tuple[int, str]]:
    """(start, text) of CAP_SPAN's spans, a span cut at a capital's stop before a sentence's first word
    (heuristic rules 27): the one-letter label of a source, a plan or a building (`Phone call with Source B.
    Drove to Vila Real.`, `Met Source A. The Ministério did not reply.`) read as a middle initial named `Source
    B. Drove` and `Source A. The Ministério`; `John F. Kennedy`, `Anna M. Keller`, `Matthew E. Peters` stay
    whole. The stop is no part of the label (`Source B`, as `Plan B. Tom came` names `Plan B`)."""
    for m in CAP_SPAN.finditer(text):
        start, found = m.start(), m.group(0)
        cut = _INITIAL_STOP.search(found) if "." in found else None
        while cut is not None:
            word = cut.group(1)
            lower = word.lower().replace("’", "'")
            if (lower in COMMON_WORDS and lower not in _INITIAL_SURNAMES) or _AFTER_INITIAL.fullmatch(word):
                if not _INITIALS_ONLY.fullmatch(found[:cut.start()]):  # `Then A. B. The end.`: no name
                    yield start, found[:cut.start()]
                start, found = start + cut.start(1), found[cut.start(1):]
                cut = _INITIAL_STOP.search(found)
            else:
                cut = _INITIAL_STOP.search(found, cut.start(1))
        yield start, found


# A `do` between two capitalised words is Portuguese's particle (`Ministério do Ambiente`, `Pedro do Carmo`) only where
# the text writes Portuguese: English's verb stands there too (`Can Priya do Berlin?`, `Tom and Maria do Pilates`;
# heuristic rules 27, fixN: rules 27's `do` named `Priya do Berlin`). The cues: two of Portuguese's function words
# written in lower case in the text (`com`, `não`, `para`), or in the span's sentence a letter only Portuguese writes
# (`São`, `João`) or a name with an accent or a cedilla (`José dos Santos and Pedro do Carmo`, `the Ministério do Ambiente`;
# an English sentence's `café` is none: no capital). A name opening its line (`- Pedro do Carmo, lawyer`, `Quinta do
# Crasto, a Douro red.`), after a preposition or `the` (`in Rua do Ouro`, `the Universidade do Porto`) is no verb's subject: its
# `do` joins too, where its first word is no common one (`Can Priya do Berlin?` opening a line)
_DO = re.compile(rf"{_GAP}do{_GAP}")
_DO_NAME_BEFORE = re.compile(r"(?:^|\n)[ \t>*#+-]*|(?<![\w])(?i:in|at|on|from|with|near|to|of|via|the)[ \t]+")
_PORTUGUESE_LETTERS = re.compile(r"[ãõÃÕ]")
_PORTUGUESE_WORDS = re.compile(r"(?<![\w.@/-])(?:não|com|em|para|uma|pelo|pela|também|está|são|muito|mas|que|ao|aos)"
                               r"(?![\w.@/-])")
_ACCENTED_NAME = re.compile(rf"(?:{UPPER}[^\W\d_]*[áéíóúâêôàç]|[ÁÉÍÓÚÂÊÔÇ])")
_SENTENCE_END = re.compile(r"[.!?\n]")


def _portuguese_do(text: str, start: int, end: int) -> bool:
    """Is the `do` of the span `text[start:end]` a Portuguese name's particle (_DO's cues)?"""
    if len(_PORTUGUESE_WORDS.findall(text, 0, 20000)) >= 2:
        return True
    first = text[start:end].split()[0]
    if (first.lower().replace("’", "'") not in COMMON_WORDS
            and any(m.end() == start for m in _DO_NAME_BEFORE.finditer(text, max(0, start - 12), start))):
        return True
    begin = max(text.rfind(stop, 0, start) for stop in ".!?\n") + 1
    stop = _SENTENCE_END.search(text, end)
    stop = stop.start() if stop else len(text)
    return (_ACCENTED_NAME.search(text, begin, stop) is not None
            or _PORTUGUESE_LETTERS.search(text, begin, stop) is not None)


def _do_cut(text: str, spans: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """`spans`, each cut at a `do` that is English's verb, no Portuguese particle (_portuguese_do): `Can Priya do
    Berlin` is `Can Priya` and `Berlin`, as rules 26 read it (heuristic rules 27, fixN)."""
    for start, found in spans:
        cut = _DO.search(found) if "do" in found else None
        if cut is not None and not _portuguese_do(text, start, start + len(found)):
            while cut is not None:
                yield start, found[:cut.start()]
                start, found = start + cut.end(), found[cut.end():]
                cut = _DO.search(found)
        yield start, found


def _street_ends(text: str, pos: int, end: int) -> bool:
    """Does the `St.` before `pos` (its blanks after) end a street and its sentence, the capitalised span
    running to `end`: `Baker St. Priya Raman joined us`, not `Fort St. John in the snow` (_STREET_CUT)."""
    pos = _BLANKS.match(text, pos).end()
    word = _STREET_WORD.match(text, pos)
    if word is None:
        return False
    word = word.group(0)
    if word[-2:] in ("'s", "’s") or word.lower() in SAINT_NAMES or word.lower() in STREET_PLACES:
        return False  # `Great St. Mary's`, `Fort St. John`, `Main St. Diner`: the place's own name
    if SUBJECT_VERB.match(text, end):
        return True  # `Baker St. Priya Raman joined us`: a sentence's subject and its verb
    # `Went to Baker St. Priya, Tom and I ate.` where the note writes Priya elsewhere too
    return word in _unstreeted_words(text)


@functools.lru_cache(maxsize=8)
def _unstreeted_words(text: str) -> frozenset[str]:
    """The capitalised words of `text` written somewhere not right after a `St.` (read once a text:
    _street_ends asks for each street's)."""
    return frozenset(m.group(0) for m in _STREET_WORD.finditer(text)
                     if not text[max(0, m.start() - 5):m.start()].rstrip(" \t").endswith("St."))


def _is_emoji(char: str) -> bool:
    """Is `char` part of an emoji as a heading, a list item or a task opens with one (`🏆`, `☕`, `✨`:
    a symbol, a skin tone, the variation selector U+FE0F or the joiner U+200D)?"""
    return char > "\x7f" and (unicodedata.category(char) in _EMOJI_CATEGORIES or char in _EMOJI_JOINERS)


# A Markdown table's body rows (heuristic rules 20): the lines that open with a pipe below its separator line
# (`|---|`) under its header row, up to a line that does not. A body cell's first word starts a sentence, as a
# header cell's does (rules 11), where the word is a common one (_common_cells: `| Blocked |`, `| Fix login |`,
# `| Import |` beside `the import bug`), a value the table's layout capitalises: `Status`, `Blocked` were names of
# every project note's table. A lone word there is then a name only as rules 6 and 7 say (the text capitalises it
# mid-sentence too, or opens a longer name with it), a longer name stays one (`| Priya Raman | lead |`), and so
# does a word of a column of names (TABLE_NAME_COLUMNS). Any other word names as before rules 20: a header list
# lost the real names of every column it did not know (review revT: `| Friends |`'s Oskar, `| Hotel |`'s Vander)
_PIPE_LINE = re.compile(r"[ \t]*\|")
# the last text whose tables were read, and its body rows: each cell of a table asks (_table_rows)
_tables_read: tuple[str, dict[int, int]] = ("", {})


def _table_rows(text: str) -> dict[int, int]:
    """Where each body row of `text`'s Markdown tables starts (its line's start) -> where its table's header row
    starts. Read once a text, in one pass over its lines; the last text's answer is kept (by identity: the
    extractor asks of one text at a time, for each of its cells)."""
    global _tables_read
    read = _tables_read
    if read[0] is text:
        return read[1]
    rows: dict[int, int] = {}
    header = above = None  # the table's header row, while in its body; the line above, when it opens with a pipe
    pos, size = 0, len(text)
    while pos <= size:
        end = text.find("\n", pos)
        end = size if end < 0 else end
        piped = _PIPE_LINE.match(text, pos) is not None
        if piped and TW_HEADER_ROW.match(text, pos) is not None:
            header = pos  # TiddlyWiki's header row, `|!Ingredient |!Grams |`: the body starts on the next line
        elif header is not None and piped:
            rows[pos] = header
        elif piped and above is not None and TABLE_SEPARATOR.match(text, pos) is not None:
            header = above  # the separator: the body starts on the next line
        else:
            header = None
        above = pos if piped else None
        pos = end + 1
    _tables_read = (text, rows)
    return rows


# The columns whose cells are names (the header cell, case aside, or its last word: `| Owner |`, `| Team lead |`,
# `| City |`): a column of people (NOTION_PEOPLE_KEYS, ROLE_WORDS: `Boss`, `Client`), of places, of
# organisations or of works (a reading log's `| Title | Author |`: `| Dune | Frank Herbert |`). Its cells name as
# a label's value does (`Owner: Priya`), not as a sentence's first word: `| Fix login | Priya |` under `| Task |
# Owner |` names Priya, not Fix (heuristic rules 20)
TABLE_NAME_COLUMNS = NOTION_PEOPLE_KEYS | ROLE_WORDS | frozenset("""
who whom with name names person lead leads host hosts speaker speakers presenter presenters guest guests member
members contact contacts attendee participant responsible dri artist artists band bands author
where location locations place places city cities town towns country countries venue venues destination from to
company companies organisation organisations organization organizations org employer vendor vendors supplier
title titles book books film films movie movies album albums song songs game games show shows series podcast
podcasts
""".split())
# a table row's cell: after its pipe, its blanks and an emphasis, the text up to the next unescaped pipe
_TABLE_ROW_CELL = re.compile(rf"\|[ \t]*(?:{_EMPH}(?![ \t]))?((?:\\.|[^|\n\\])*)")


def _row_cells(text: str, line: int) -> list[tuple[int, str]]:
    """(where it starts, its text) of each cell of the table row at `line` (its line's start)."""
    end = text.find("\n", line)
    end = len(text) if end < 0 else end
    return [(m.start(1), m.group(1)) for m in _TABLE_ROW_CELL.finditer(text, text.index("|", line), end)]


# the words of a body cell that start a sentence whatever their column (_common_cells): English's common words,
# a label's, a heading's, a role's and a column of names' header's (`| Status | Blocked |`, `| Role | Lead |`),
# lower-cased
TABLE_COMMON_WORDS = COMMON_WORDS | LABEL_WORDS | HEADING_LABELS | TABLE_NAME_COLUMNS | TIME_WORDS
# a verb's form by its ending (`Hiring`, `Waiting`, `Finished`, `Blocked`): a common word, no name's. Not a
# romanised Chinese syllable's `-jing`, `-qing`, `-xing` (Beijing, Chongqing), nor `-med` (Ahmed, Mohammed)
VERB_FORM = re.compile(r"[a-z]{3,}(?<![jqx])ing|[a-z]{3,}(?<!m)ed")
# a body cell's first word, and the rest of the cell when it is a phrase in sentence case (`Fix login`, `Bike
# light`, `Walk, lunch`: lower-case words after it, no name nor figure)
_CELL_WORD = re.compile(r"([^\W\d_][\w'’-]*)(?:([ \t]*,?[ \t]+[a-z][a-z'’-]*(?:[ \t]*,?[ \t]+[a-z][a-z'’-]*)*)[ \t*_]*$)?")
# a word written in lower case: not a part of an address (`tanaka@example.com`, `example.com/noma`)
_LOWER_WORD = re.compile(r"(?<![\w'’@./-])[a-z][a-z'’-]*(?![\w@/]|\.\w)")
# the last text whose common body cells were read (_common_cells), as _tables_read
_common_cells_read: tuple[str, frozenset[int]] = ("", frozenset())


def _common_cell_word(word: str, lowered: Collection[str]) -> bool:
    """Is capitalised `word` (a table body cell's, a title's that repeats its note's name) a common word: by the
    lexicon (TABLE_COMMON_WORDS), by its ending (VERB_FORM: `Hiring`, `Blocked`), or by the text's evidence, the
    words it writes in lower case (`lowered`: `word` or a form of it, _word_forms)? A word with none of them
    (`Oskar`, `Noma`, `Berlin`) is read as a name (heuristic rules 20, review revT)."""
    lower = word.lower().replace("’", "'")
    return (lower in TABLE_COMMON_WORDS or VERB_FORM.fullmatch(lower) is not None
            or (lower != word and not _word_forms(lower).isdisjoint(lowered)))


# a table cell's full name: two to four capitalised words (`Lake Como`, `Alexander Fleming`, `**Priya Raman**`)
_NAME_CELL = re.compile(rf"[*_]{{0,2}}({UPPER}{LOWER}+(?:[-'’]{UPPER}?{LOWER}+)?(?:[ \t]+{UPPER}{LOWER}+(?:[-'’]{UPPER}?{LOWER}+)?){{1,3}})"
                        r"[*_]{0,2}")


def _name_cell(value: str) -> bool:
    """Is a table cell's `value` a full name (_NAME_CELL), none of its words a common one (`In Progress`, `Not
    Started`), its first no verb (`Update Docs`, `Call Priya`: _SPAN_VERBS) nor of a verb's ending (`Waiting On`)?"""
    m = _NAME_CELL.fullmatch(value)
    if m is None:
        return False
    words = m.group(1).split()
    return (not any(w.lower() in TABLE_COMMON_WORDS for w in words) and words[0] not in _SPAN_VERBS
            and VERB_FORM.fullmatch(words[0].lower()) is None)


def _common_cells(text: str) -> frozenset[int]:
    """Where the pipes of `text`'s table body cells are whose first word starts a sentence (heuristic rules 20,
    review revT): a common word by the lexicon (TABLE_COMMON_WORDS), by its ending (VERB_FORM), or by the text's evidence (it writes the word,
    or a form of it, in lower case too: _word_forms, as _common_title_words reads a title's), or the first of a
    phrase in sentence case (`| Fix login |`, `| Phone screen |`). Any other one-word cell is a value that names as
    a label's does (`| Oskar |`, `| Noma |`, `| Tanaka |`). One pass over the text, kept as _table_rows is.
    A word common by its ending alone (`Reading`, `Fleming`) is a value too in a column that holds a full name (a
    cell of capitalised words, no common one: `| Lake Como |`, `| Alexander Fleming |`: _NAME_CELL), which says the
    column is one of names (heuristic rules 21: `| Reading |` under `| Lake Como |` was dropped)."""
    global _common_cells_read
    read = _common_cells_read
    if read[0] is text:
        return read[1]
    out: set[int] = set()
    rows = _table_rows(text)
    lowered: set[str] | None = None
    # (its pipe, its table's header row, its column, its word) of a cell common by its -ing/-ed ending alone
    shaped = []
    named = set()  # (a table's header row, a column) holding a full name
    weekdays: dict[tuple[int, int], dict[str, int]] = {}  # (a header row, a column) -> its weekday cells' words, pipes
    for row, header in rows.items():
        end = text.find("\n", row)
        end = len(text) if end < 0 else end
        for column, m in enumerate(_TABLE_ROW_CELL.finditer(text, text.index("|", row), end)):
            value = m.group(1).strip()
            if _name_cell(value):
                named.add((header, column))
            cell = _CELL_WORD.match(value)
            if cell is None:
                continue
            if cell.group(2):
                out.add(m.start())
                continue
            if lowered is None:
                lowered = set(_LOWER_WORD.findall(text))
            lower = cell.group(1).lower().replace("’", "'")
            if lower in WEEKDAY_SHORT:
                weekdays.setdefault((header, column), {})[lower] = m.start()
            if lower not in TABLE_COMMON_WORDS and VERB_FORM.fullmatch(lower) and _word_forms(lower).isdisjoint(lowered):
                shaped.append((m.start(), header, column, cell.group(1)))
            elif _common_cell_word(cell.group(1), lowered):
                out.add(m.start())
    # ... and only where the text writes that word as a name mid-sentence too (`trains in Reading`): a column of
    # day plans' `Hiking`, `Packing` under its `Lake Como` name nothing (review revV)
    # ... and a weekday's three letters in a column of two weekdays or more (a meal plan's `| Sun | roast chicken |`
    # under `| Sat |`): a day, no name (rules 32: Sun was one; `| Sun |` alone may be Sun Li's)
    out.update(pipe for days in weekdays.values() if len(days) > 1 for pipe in days.values())
    evidenced: dict[str, bool] = {}
    for pipe, header, column, word in shaped:
        if (header, column) in named and word not in evidenced:
            evidenced[word] = re.search(rf"[a-z][,;]?[ \t]+{re.escape(word)}(?![\w'’-])", text) is not None
        if not evidenced.get(word) or (header, column) not in named:
            out.add(pipe)
    _common_cells_read = (text, frozenset(out))
    return _common_cells_read[1]


def _name_column_cells(text: str) -> set[int]:
    """Where the first words of `text`'s table body cells start that are in a column of names (TABLE_NAME_COLUMNS):
    a label's value, no sentence's start (heuristic rules 20)."""
    out: set[int] = set()
    columns: dict[int, set[int]] = {}  # a header row -> its columns of names
    for row, header in _table_rows(text).items():
        if header not in columns:
            heads = [cell.strip(" \t*_:!").lower() for _at, cell in _row_cells(text, header)]
            columns[header] = {i for i, head in enumerate(heads)
                               if head and (head in TABLE_NAME_COLUMNS or head.split()[-1] in TABLE_NAME_COLUMNS)}
        if columns[header]:
            out.update(at for i, (at, _cell) in enumerate(_row_cells(text, row)) if i in columns[header])
    return out


def _sentence_start(text: str, pos: int) -> bool:
    """Does the word at `pos` start a sentence: `SENTENCE_START.search(text[:pos])`
    (the text's start and blanks alone after it, a line's, or after `.`, `!`, `?`, `:`, `;` and blanks, or
    after `。`, `！`, `？`, `：`, `；`, or after a quote or a bracket), or a list item's or a quote line's first word
    (after the line's LINE_MARKS: `- `, `1) `, `- [x] `, `> `), read back from `pos` over the blanks before
    it, and over emoji and their blanks (_is_emoji: `## 🏆 Wins`, rules 18): searching the text up to each word took time growing with the
    square of the text's length."""
    while True:  # `## 🏆 Wins`, `- [ ] ☕ Set up`: the emoji's place is the word's (rules 18)
        start, step = pos, 4  # of the blanks before pos, found a window at a time (a run of blanks may be long)
        while start:
            window = max(0, start - step)
            kept = len(text[window:start].rstrip())
            start, step = window + kept, step * 2
            if kept:
                break
        blanks = text[start:pos]
        if start == 0 or "\n" in blanks:  # blanks alone before it: the text starts there (a mark blanked, `==Must try==`)
            return True
        before = text[start - 1] if start else ""
        if not _is_emoji(before):
            break
        # read on from the emoji's start, and the blanks and emoji before it (a loop, not a call for each:
        # a line of 2,000 `⭐ ` ran out of Python's stack)
        pos = start - 1
        while pos and _is_emoji(text[pos - 1]):
            pos -= 1
    if (before in "]*" or before.isdigit()) and _after_jrnl_time(text, start) and not _stamped_speaker(text, pos):
        # a jrnl entry's title: `[2026-11-03 09:15] Lunch with Jonas.` (rules 20); a name opening it is named where the
        # note writes it mid-sentence too, as any sentence's first word (fixB: a rule of a person before her verb named
        # `Everyone came over`, `Police came by`, `Bank sent a letter`)
        return True
    if (before.isdigit() or before in _TIME_ENDS) and _after_line_time(text, start):
        if _timed_speaker(text, pos):
            # a chat line's speaker after its time speaks, whatever ends the time: a meridiem's stop or a colon is no
            # sentence's end (`- 2 P.M. Quentin: wrap-up`, `- 9 a.m. Tom: hi`, `- 14:00: Quentin: ...`: rules 25,
            # fixA; the upper-case ones named Quentin, Tom at rules 24, the others never)
            return False
        # a daily page's log: `- 11:00 Call with Ines` starts a sentence, `09:30 Priya presented` names (rules 21)
        return _common_after_time(text, pos)
    if before in ("*", "_"):  # emphasis (heuristic rules 11)
        if blanks == "":  # `- **Flood alert:**`: a word the emphasis opens starts a sentence where it starts
            opened = _OPENED.search(text, max(0, start - 2), start)
            return opened is not None and _sentence_start(text, opened.start())
        if _CLOSED.search(text, max(0, start - 3), start):  # `**Status:** Blocked`: the label's closed
            return True
    if before == "!" and text[max(0, start - 40):start - 1].rstrip(" \t").endswith("|"):
        # a TiddlyWiki table's header cell, `|!Ingredient |` (rules 21: Ingredient, Grams were names), in a row
        line = text.rfind("\n", max(0, start - TABLE_REACH), start) + 1
        if (line > 0 or start <= TABLE_REACH) and text[line:start].lstrip(" \t").startswith("|"):
            return True
    if before == "|":  # a table's header cell (rules 11): in a line that opens with a pipe, before `|---|`
        line = text.rfind("\n", max(0, start - TABLE_REACH), start) + 1
        if not ((line > 0 or start <= TABLE_REACH) and text[line:start].lstrip(" \t").startswith("|")):
            return False
        end = text.find("\n", start, start + TABLE_REACH)
        # or a body cell of a common word, below the `|---|` line (rules 20: _table_rows, _common_cells)
        return (end >= 0 and TABLE_SEPARATOR.match(text, end + 1) is not None) or start - 1 in _common_cells(text)
    if (before == "." and blanks != "" and _TITLE_STOP.search(text, max(0, start - 6), start)
            and not (_PLACE_STOP.search(text, max(0, start - 60), start)
                     and _street_ends(text, start, _STREET_SPAN.match(text, start).end()))):
        return False  # `Dr. Hoffmann`, `St. Mary's`: a title's full stop ends no sentence (rules 13)
    if before != "" and (before in "\"“(" or (before in ".!?:;" and blanks != "") or before in "。！？：；"):
        return True  # a CJK full stop or colon ends a sentence with no blank after it
    # a bullet, a number, a task's box and a heading's `##` end with a blank before the word; a quote's `>` need not
    return (before == ">" or (before != "" and before in "-*+)]#" and blanks != "")) and _after_line_marks(text, start)


# An all-capitals word alone in square brackets (`[MASK]`, `[CLS]`, `[REDACTED]`, `[TODO]`): a token or a
# placeholder the text shows, not a name, where the text writes the word nowhere outside brackets and links
# nothing with it (no `[MASK](...)`, `[MASK][ref]` or `[MASK]: url` reference). Heuristic rules 19: a BERT
# note's `80% become [MASK]` named MASK. `[NASA]` beside `NASA launched` names NASA as before.
_BRACKETED_CAPS = re.compile(r"(?<![\[!\w])\[([A-Z][A-Z0-9_]{1,30})\](?![\[(:\w])")


def _placeholder_tokens(text: str) -> frozenset[int]:
    """Where the words of `text`'s bracketed all-capitals tokens (_BRACKETED_CAPS) start that the text
    writes only so."""
    found = {}
    for m in _BRACKETED_CAPS.finditer(text):
        found.setdefault(m.group(1), []).append(m.start(1))
    out = set()
    for word, starts in found.items():
        bare = sum(1 for _ in re.finditer(rf"(?<![\w@#]){re.escape(word)}(?!\w)", text))
        if bare == len(starts):  # every occurrence is bracketed so
            out.update(starts)
    return frozenset(out)


# A jrnl journal entry's time, opening its line before the entry's title (sections.jrnl_entries): `[2026-11-03
# 09:15]` (jrnl 2, `[2026-11-03 09:15:00 AM]` too) or `2026-11-03 09:15` (jrnl 1), and a starred entry's `*`
# after it. The title's first word starts a sentence (heuristic rules 20: `Ran`, `Lunch`, `Signed` were names)
_JRNL_TIME = re.compile(r"(\[)?\d{4}-\d\d-\d\d \d{1,2}:\d\d(?::\d\d)?(?: ?[AaPp][Mm])?(?(1)[ \t]*\])(?:[ \t]+\*)?")


# a line opening a jrnl entry (its time, a blank): a text holding one is (a part of) a jrnl journal, whose
# `@word`s are its tags (jrnl's tag mark), not people's handles (rules 20: `@run`, `@work` were people)
_JRNL_LINE = re.compile(r"^" + _JRNL_TIME.pattern + r"[ \t]", re.MULTILINE)


def _stamped_speaker(text: str, pos: int) -> bool:
    """Is the word at `pos`, after a line's time (_after_jrnl_time), a chat line's speaker (speaker_tag:
    `[2026-11-03 09:15] Priya: can you look at ...`, `2026-11-05 20:01 Oskar: dinner?`)? A timestamped
    chat log is no journal: its speaker is named as an undated chat line's `Priya:` is, not read as an
    entry title's first word (rules 20, fixS4: its speakers were named by none)."""
    end = text.find("\n", pos)
    return speaker_tag(text[pos:end if end >= 0 else len(text)]) is not None


def _timed_speaker(text: str, pos: int) -> bool:
    """Is the word at `pos`, after a line's time (_after_line_time), a chat line's speaker (_stamped_speaker)? Not
    when its tag is a log's label, a common word after a time and a lower-case one (`- 10:00 Board review: Q3
    numbers`, `- 9am Design review: slides`: rules 24, fields; Board and Design were names), or a meeting's kind
    alone (LOG_WORDS: `- 10:00 Standup: Priya presented`, rules 25; Standup was a name): a name speaks."""
    end = text.find("\n", pos)
    m = speaker_tag(text[pos:end if end >= 0 else len(text)])
    if m is None:
        return False
    words = m.group(1).split()
    if len(words) == 1:
        return words[0].lower().replace("’", "'") not in LOG_WORDS
    return not (any(w[:1].islower() for w in words[1:]) and _common_after_time(text, pos))


def _log_label_colon(text: str, start: int) -> bool:
    """Is the colon before the word at `start` (and its blanks) a log's label's after a line's time, no speaker's
    (_timed_speaker: `- 10:00 Standup: Priya presented the roadmap`, `- 9am Board review: Marta and Jonas`)? A task's
    verb after it opens the task as after the time itself (`- 10:00 Sync: Call Marta` names Marta, rules 25). Its
    first word starts a sentence, as after any colon: read as after the time, names25 named the common words it
    opened with (`- 10:00 Standup: Mostly fine`, `- 13:00 Lunch: Ramen`: fixA, review revB)."""
    end = start
    while end and text[end - 1] in " \t":
        end -= 1
    if text[end - 1:end] != ":":
        return False
    line = text.rfind("\n", max(0, end - MARKS_REACH), end) + 1
    if line == 0 and end > MARKS_REACH:
        return False
    time = _LINE_TIME.match(text, line, end)
    if time is None:
        return False
    label = _BLANKS.match(text, time.end(), end).end()
    tag = speaker_tag(text[label:start + 1])  # its colon's tag, ending at the first `: ` of the line's words
    return (tag is not None and label + tag.end(1) == end - 1
            and _common_after_time(text, label) and not _timed_speaker(text, label))


def _after_jrnl_time(text: str, end: int) -> bool:
    """Is text[:end] a line's start and a jrnl entry's time (_JRNL_TIME), nothing else?"""
    line = text.rfind("\n", max(0, end - 40), end) + 1
    return (line > 0 or end <= 40) and _JRNL_TIME.fullmatch(text, line, end) is not None


# a time opening a line or a list item, as a daily page's log or a meeting's minutes write one (Roam's `/Current
# Time`: `- 11:00 Call with [[Ines Duarte]]`, `09:30 Standup`), in any of the forms a log writes it: bracketed or
# in bold (`[09:30]`, `**09:30**`), a span (`09:00-10:00`), a dash, bar or colon after it (`- 09:30 - Priya`); an
# hour before am or pm is one (`- 9am Board meeting`, `9 am`, `9.30pm`: rules 24, fields; its next word named), and
# before `a.m.` (rules 25: `- 9 a.m. Bob` named nobody, its stop ended a sentence; an upper-case `AM`, `A.M.` opening
# a line is read in lower case: without_meridiems)
_MERIDIEM_MARK = r"(?:[AaPp][Mm]|[AaPp]\.[Mm]\.)"
_CLOCK = rf"(?:\d{{1,2}}:\d\d(?::\d\d)?(?:[ \t]?{_MERIDIEM_MARK})?|\d{{1,2}}(?:\.\d\d)?[ \t]?{_MERIDIEM_MARK})"
_CLOCKS = rf"{_CLOCK}(?:[ \t]*[-–—~][ \t]*{_CLOCK})?"
_LINE_TIME = re.compile(rf"(?:{LINE_MARKS})?(?:\[{_CLOCKS}\]|\({_CLOCKS}\)|\*\*{_CLOCKS}\*\*|{_CLOCKS})"
                        r"(?:[ \t]*(?:[-–—|:]|->|→))?")
# the last character of a _LINE_TIME (a figure aside): what _sentence_start asks _after_line_time after
_TIME_ENDS = "mM.])*-–—|:>→"
# The words a day's log opens an entry with after its time that are no names (`- 12:00 Lunch with Jonas`, `09:30
# Standup`, `- 14:00 Design review`), beside those the lexicons hold already (_common_after_time), lower-cased; a
# meeting's kind (`- 10:00 Board meeting`, `- 09:00 Staff meeting`: rules 24, names24, Board and Staff were names)
LOG_WORDS = frozenset("""
standup stand-up sync design lunch breakfast brunch dinner supper coffee tea snack drinks party concert gym workout
run jog swim yoga nap sleep bed bedtime woke wake flight train bus taxi commute break appointment haircut massage
physio therapy demo retro retrospective kickoff kick-off presentation release launch school pickup pick-up
drop-off errands groceries laundry chores study focus admin inbox emails office home work back team check-in
catch-up one-on-one practice rehearsal quick short long early late new old big small final weekly daily monthly
board staff all-hands
""".split())
_LOG_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _time_colon(text: str, start: int) -> bool:
    """Is the colon before the word at `start` (and its blanks) a line's time's (`09:30: Call Marta`, `- [09:30]:`),
    no label's? Its words read as after a bare time (`09:30 Call Marta`: rules 22; it named Call Marta)."""
    end = start
    while end and text[end - 1] in " \t":
        end -= 1
    return text[end - 1:end] == ":" and _after_line_time(text, end)


def _after_line_time(text: str, end: int) -> bool:
    """Is text[:end] a line's start, its list or quote marks (LINE_MARKS) and a time (_LINE_TIME), nothing else?"""
    line = text.rfind("\n", max(0, end - MARKS_REACH), end) + 1
    if line == 0 and end > MARKS_REACH:
        return False
    return _LINE_TIME.fullmatch(text, line, end) is not None


@functools.lru_cache(maxsize=8)
def _lowered_words(text: str) -> frozenset[str]:
    """The words `text` writes in lower case (_LOWER_WORD), read once a text (each log line's word asks)."""
    return frozenset(_LOWER_WORD.findall(text))


def _common_after_time(text: str, pos: int) -> bool:
    """Does the word at `pos`, after a line's time (_after_line_time), start a sentence? Where it is a common word:
    a verb (_SPAN_VERBS, JOURNAL_VERBS: `- 11:00 Call with Ines`), a word of a log entry (LOG_WORDS: `09:30
    Standup`, `- 14:00 Design review`), of the lexicons or a verb's ending (_common_cell_word: `3:30 pm Dentist`,
    `10:00 Meeting`), or one the text writes in lower case too. Any other word names as it does mid-sentence,
    as before rules 21 (`09:30 Priya presented the roadmap.`, `- 15:00 Bob`, `- 2:30pm Berlin office review`;
    fixU1, review revU: rules 21 named none of them), whichever form the time is written in (_LINE_TIME). Before a
    lower-case word too (`- 10:00 Priya sync`, `- 15:00 Heron kickoff`; fixX, review revX: rules 22 as names22 had
    it named none of them): a word the note writes nowhere else tells nothing; a meeting's kind is in LOG_WORDS
    (`- 10:00 Board meeting`, rules 24)."""
    m = _LOG_WORD.match(text, pos)
    if m is None:
        return True
    word = m.group(0)
    return (word in _SPAN_VERBS or word in JOURNAL_VERBS or word.lower().replace("’", "'") in LOG_WORDS
            or _common_cell_word(word, _lowered_words(text)))


def _after_line_marks(text: str, end: int) -> bool:
    """Is text[:end] a line's start and its list or quote marks (LINE_MARKS:
    `- `, `1) `, `- [ ] `, `> `, a Logseq bullet's indentation) or a
    section heading's (HEADING_MARKS: `## `, `- ## `), nothing else? Or
    those and Pandoc citations opening the line (CITED_MARKS: `- [ ] [@he2016] `)?"""
    line = text.rfind("\n", max(0, end - MARKS_REACH), end) + 1
    if line == 0 and end > MARKS_REACH:
        return False
    marks = text[line:end] + " "
    return (_LINE_MARKS.fullmatch(marks) is not None or _HEADING_MARKS.fullmatch(marks) is not None
            or ("@" in marks and _CITED_MARKS.fullmatch(marks) is not None))


# The verbs whose first object gets their second (`Sent Dana the Q1 estimate`, `gave Priya the Lisbon guide`): a `the`
# after that first object opens the second, no name's connector (`Winnie the Pooh`; heuristic rules 25: `Dana the Q1`
# was the name). Those of IRREGULAR_VERBS, ONE_NAME_VERBS and TASK_VERBS that give, show or tell something to someone.
RECIPIENT_VERBS = ("Send|Sent|Gave|Give|Showed|Show|Told|Tell|Brought|Bring|Paid|Pay|Email|Emailed|Text|Texted"
                   "|Forward|Forwarded|Message|Messaged|Promised")
# a span opened by such a verb, or after one in lower case: the verb, its first object, then `the` and a capital
_RECIPIENT_THE = re.compile(rf"(?:(?:{RECIPIENT_VERBS}){_GAP})?{_CAP_WORD}(?:{_GAP}{_CAP_WORD})*?{_GAP}the{_GAP}(?={UPPER})")
_RECIPIENT_BEFORE = re.compile(rf"(?<!{_LETTER})(?:{RECIPIENT_VERBS.lower()}){_GAP}$")


def _second_object(text: str, start: int, found: str) -> int:
    """Where the second object of a verb that gives starts in the span `found` at `start` (RECIPIENT_VERBS: `Sent
    Dana the Q1 estimate`, `- [ ] Send Dana the Q1 estimate`, `I gave Priya the Lisbon guide`), after the `the` that
    ends its first object (a name of capitalised words, no connector), or 0: the verb opens the span at a sentence's
    start, or stands before it in lower case."""
    m = _RECIPIENT_THE.match(found)
    if m is None or " the " not in found:
        return 0
    verb = VERB_NAME.match(found) or TASK_VERB.match(found)
    if verb is not None and re.fullmatch(RECIPIENT_VERBS, verb.group(1)) and m.end() > verb.end():
        return m.end() if _sentence_start(text, start) else 0
    return m.end() if _RECIPIENT_BEFORE.search(text, max(0, start - 20), start) else 0


# A writing or a picture of a person's thing opening a line (`Summary of Jo Fenwick's 6-page letter:`, `Draft of Tam's
# death`, `Copy of Priya's passport`): its word and `of` are no part of the name whose possessive follows (heuristic
# rules 31). A closed list: `Bank of England's`, `Game of Thrones` are names whole.
_COPY_OF = re.compile(r"(Summary|Draft|Copy|Scan|Photo|Picture|Outline|Recap|Transcript|Sketch|Notes)[ \t]+of[ \t]+")


def _possessive_after(text: str, end: int) -> bool:
    """Does a possessive's `'s` stand at `end` of `text` (the span before it is the owner's)?"""
    return text.startswith(("'s", "’s"), end) and not text[end + 2:end + 3].isalnum()


def _spans_and(spans: Iterator[tuple[int, str]], more: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Each of `spans`, and after each what the caller has put in `more` meanwhile (a span's part: _second_object)."""
    for span in spans:
        yield span
        while more:
            yield more.pop()


def _task_opening(text: str, start: int, todo_txt: bool = False) -> bool:
    """Does the word at `start` open a task's line, where a to-do item's verb stands (TASK_VERBS, heuristic rules
    21): a checkbox item's (`- [ ] `), one after a task label (TASK_LABEL: `TODO: `, `- [ ] Next step: `), or a
    line of its own that ends in no sentence's stop in a todo.txt file (`todo_txt`: its lines read without their
    heads, todotxt.readable) or in a run of such lines opening with a task verb (_task_run: `Pay Marco back` over
    `Return Ines book`, a list written without marks), after blanks or none (an Org-mode headline's `* TODO ` is
    read as a box: orgmode.readable)? Not a heading's nor a plain list item's (`## Help Center`, `- Finish Line`:
    review revV), nor a line standing alone (rules 22: `Sign Language class` named Language; an Org headline
    with no TODO keyword, `* Help Center docs`, named Center: fixX)."""
    line = text.rfind("\n", max(0, start - MARKS_REACH), start) + 1
    if line == 0 and start > MARKS_REACH:
        return False
    head = text[line:start]
    if head.strip(" \t") == "" and not todo_txt and not _task_run(text, line):
        return False  # blanks alone: an Org headline's without a TODO keyword too (orgmode._headline_read)
    if head.strip(" \t") == "":
        end = text.find("\n", start)
        return text[start:len(text) if end < 0 else end].rstrip()[-1:] not in ".!?"
    return ((_TASK_BOX.fullmatch(head) is not None and _after_line_marks(text, start))
            or (":" in head or "：" in head) and TASK_LABEL.fullmatch(head) is not None)


# a line of its own a task verb opens, ending in no sentence's stop (`Return Ines book`): a to-do list's line
_BARE_TASK_LINE = re.compile(rf"(?:{'|'.join(sorted(TASK_VERBS))})[ \t]+[^\n]*[^\s.!?]")


def _task_run(text: str, line: int) -> bool:
    """Is the line at `line` (a line of its own) one of a run of two lines or more, one under the other, that task
    verbs open, none ending in a sentence's stop (_BARE_TASK_LINE)? A to-do list written without marks (`Pay Marco
    back`, `Send Lena photos`, `Return Ines book`: rules 21 read every such line as a task's, names22's rules 22
    none but a todo.txt file's, and named Pay Marco; fixX, review revX), where a line standing alone reads as a
    title (`Sign Language class`)."""
    end = text.find("\n", line)
    if not _BARE_TASK_LINE.fullmatch(text[line:len(text) if end < 0 else end].strip()):
        return False
    before = text.rfind("\n", 0, line - 1) + 1 if line > 0 else -1
    after = end + 1 if end >= 0 else -1
    return any(_BARE_TASK_LINE.fullmatch(text[at:len(text) if stop < 0 else stop].strip()) is not None
               for at, stop in ((before, line - 1), (after, text.find("\n", after))) if at >= 0)


def _task_marked(text: str, start: int) -> bool:
    """Does a checkbox or a task label (not a bare line's start: _task_opening) mark the task at `start`?"""
    line = text.rfind("\n", max(0, start - MARKS_REACH), start) + 1
    return text[line:start].strip(" \t") != ""


# a checkbox item's marks before its first word: `- [ ] `, `* [x] `, `1. [ ] `, in a quote too
_TASK_BOX = re.compile(r"[ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[^\]\n]\][ \t]+")
# the first word after a name in a task (`Send Priya the budget`): a lower-case one
_LOWER_NEXT = re.compile(r"[ \t]+[a-z]")
# ... or, after a name of two words or more, a lower-case aside (`- [ ] Ring Ken Moss (retired surveyor) once Linda
# sends number` named Ring Ken Moss: rules 32, names32b; `- [ ] Buy Milk (oat)` still names nothing)
_ASIDE_NEXT = re.compile(r"[ \t]+\([a-z]")
# a road's word after a task's verb: the two are the road's name (`Ring Road`, `Chase Lane`: rules 32, names32b)
_ROAD_NEXT = re.compile(r"(?:Road|Street|Lane|Avenue|Way|Row|Close|Drive|Park|Hill|Crescent)\b")


def _task_object(text: str, start: int, found: str, rest: list[str]) -> bool:
    """Is `rest` (the words after a task's verb, the span `found` at `start`) a name by the task's own evidence
    (heuristic rules 21, review revV): a possessive (`Review Tomasz's PR`), or followed by a lower-case word on
    its line (`Send Priya the budget`, `Finish Harbor docs`, not `Buy Milk`) with its first word written nowhere
    in the text in lower case (`Finish Harbor docs` beside `the harbor` names nothing)?"""
    if rest[0].endswith(("'s", "’s")):
        return True
    if _LOWER_NEXT.match(text, start + len(found)) is None \
            and not (len(rest) > 1 and _ASIDE_NEXT.match(text, start + len(found))):
        return False
    return rest[0].lower() not in _lower_words(text)


# a determiner after a verb's first object: its second, a thing (`Send Priya the budget`, `Email Jonas a reminder`)
_DETERMINER_NEXT = re.compile(r"[ \t]+(?:the|a|an|my|our|your|his|her|their|this|that|these|those)(?![\w'’-])")


def _listed_opening(text: str, start: int) -> bool:
    """Does the word at `start` open a plain list item (LINE_MARKS: `- `, `1. `, `> `), a line of its own, or the
    entry after a line's time (`- 10:00 `, `09:30: `: _after_line_time)? Not a heading (`## Help Center`)."""
    line = text.rfind("\n", max(0, start - MARKS_REACH), start) + 1
    if line == 0 and start > MARKS_REACH:
        return False
    head = text[line:start]
    if head.strip(" \t") == "" or _LINE_MARKS.fullmatch(head + " ") is not None:
        return True
    end = line + len(head.rstrip(" \t"))
    return _after_line_time(text, end)


def _addressed_object(text: str, start: int, found: str, rest: list[str]) -> bool:
    """Is `rest` (the words after a verb opening a list item or a line, the span `found` at `start`) a person the
    verb addresses, by its line's evidence (heuristic rules 22): a second object after it, opened by a determiner
    (`- Send Priya the budget`; not `- Sign Language class`) or a phrasal verb's particle ending the line (`- Pay
    Marco back`: _PARTICLE_END, rules 23), its first word written nowhere in the text in lower case? A plain
    list's item needs more than a checkbox's (_task_object): a possessive is no such evidence there (`- Review
    Tomasz's PR` as `- Review Board's decision`, `- Help Scout's pricing page`: fixX, review revX)."""
    after = start + len(found)
    if _DETERMINER_NEXT.match(text, after) is None and _PARTICLE_END.match(text, after) is None:
        return False
    return rest[0].lower() not in _lower_words(text)


# a phrasal verb's particle after its object, ending the line: the object is someone the verb addresses (`- Pay
# Marco back`, `- Pick Priya up`, `- Drop Lena off`: heuristic rules 23, they named Pay Marco), where a name's
# particle goes on (`- Help Center back online`)
_PARTICLE_END = re.compile(r"[ \t]+(?:back|up|off|in|out|over|down|around)[ \t]*[.!]?[ \t]*(?:\r?\n|\Z)")


_lower_words_read: tuple[str, frozenset[str]] = ("", frozenset())


def _lower_words(text: str) -> frozenset[str]:
    """The words `text` writes in lower case (_LOWER_WORD), read once for a text (a list of 4,000 tasks asks for
    each: kept as _common_cells keeps its own)."""
    global _lower_words_read
    if _lower_words_read[0] is not text:
        _lower_words_read = (text, frozenset(_LOWER_WORD.findall(text)))
    return _lower_words_read[1]


class _Elsewhere:
    """Whether a text capitalises a word mid-sentence elsewhere than at a
    position (`elsewhere(word, pos)`): a match of `\\bword\\b`, as
    `re.finditer` finds them, that starts at another position and no
    sentence (_sentence_start). The text's word starts are indexed once by
    the run of word characters there (where each match of a word starts),
    and each word's answer is kept: a note of many lines opening with the
    same word scanned the whole text for each of them."""

    def __init__(self, text: str):
        self.text = text
        self.runs: dict[str, list[int]] = {}  # a run of word characters -> where it starts (run_starts)
        self.found: dict[str, list[int]] = {}  # a word -> the first three starts of it mid-sentence

    def __call__(self, word: str, pos: int, skip: Collection[int] = ()) -> bool:
        """... and not at one of `skip` either (an imperative title's verb: _verb_titles)."""
        starts = self.found.get(word)
        if starts is None:
            starts = self.found[word] = self._mid_sentence(word)
        return any(start != pos and start not in skip for start in starts)

    def _mid_sentence(self, word: str) -> list[int]:
        lead = _WORD_RUN.match(word)
        if lead is None:  # no word starts with a word character (a capital is one): read it as re does
            matches = (m.start() for m in _whole_word(word).finditer(self.text))
        else:
            matches = self._matches(word, self.run_starts(lead.group()), lead.end() == len(word))
        out = []
        for start in matches:
            if not _sentence_start(self.text, start):
                out.append(start)
                if len(out) == 3:  # one besides the position asked for and an imperative title's (rules 17)
                    break
        return out

    def run_starts(self, lead: str) -> list[int]:
        """Where the text's runs of word characters (`\\w+`, as _WORD_RUN finds them) that are `lead`, a run of
        word characters, start: its occurrences with no word character on either side. (Found for each word
        asked, by `str.find`: the index of every run of each text took 5 s of a 256 s profiled first sync of
        10,000 notes, which ask for three or four words a text.)"""
        starts = self.runs.get(lead)
        if starts is None:
            text, size, starts, pos = self.text, len(lead), [], 0
            while (at := text.find(lead, pos)) >= 0:
                pos = at + 1
                if not (at > 0 and _ONE_WORD_CHAR.match(text, at - 1)) and not _ONE_WORD_CHAR.match(text, at + size):
                    starts.append(at)
            self.runs[lead] = starts
        return starts

    def _matches(self, word: str, starts: list[int], whole_run: bool):
        """Where `\\bword\\b` matches, one after another as re.finditer finds them, among
        `starts`, the starts of the run of word characters `word` opens with."""
        if whole_run:  # each is a match, and none overlaps another
            yield from starts
            return
        pattern, end = _whole_word(word), 0
        for start in starts:
            if start >= end:
                m = pattern.match(self.text, start)
                if m:
                    end = m.end()
                    yield start


class _InTitles:
    """Whether a span is part of a quoted title other than itself
    (`any(span.lower() in t.lower() and span != t for t in titles)`), each
    span's answer kept and looked for only in the titles that hold its
    rarest three letters: a text of many titles and spans went through
    every title for each span."""

    def __init__(self, titles: list[str]):
        self.titles = titles
        self.found: dict[str, bool] = {}
        self.distinct: list[str] = []
        self.lowered: list[str] = []
        self.grams: dict[str, list[int]] | None = None  # three letters -> the titles that hold them

    def __call__(self, span: str) -> bool:
        if not self.titles:
            return False
        if span not in self.found:
            self.found[span] = self._part_of_another(span)
        return self.found[span]

    def _part_of_another(self, span: str) -> bool:
        if self.grams is None:
            self.distinct = list(dict.fromkeys(self.titles))
            self.lowered = [t.lower() for t in self.distinct]
            self.grams = {}
            for i, t in enumerate(self.lowered):
                for gram in {t[j:j + 3] for j in range(len(t) - 2)}:
                    self.grams.setdefault(gram, []).append(i)
        key = span.lower()
        if len(key) < 3:
            held = range(len(self.lowered))
        else:
            held = min((self.grams.get(key[j:j + 3], []) for j in range(len(key) - 2)), key=len)
        return any(key in self.lowered[i] and self.distinct[i] != span for i in held)


@functools.lru_cache(maxsize=8192)
def _whole_word(word: str) -> re.Pattern:
    # re's own cache holds 512 patterns; one per capitalised word thrashes it
    return re.compile(rf"\b{re.escape(word)}\b")
