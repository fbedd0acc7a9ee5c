"""Questions asking for someone's e-mail, phone number or address (contacts.py, retrieve._contact_votes): the chunk
writing the value next to the name gets a vote; a note whose title says "email" and the name no longer wins."""

import pytest

from minirag_cli.contacts import EMAIL, PHONE, POSTAL, AskedContact, asked_contact, holds_contact

KNOWN = {"hannah", "reyes", "dev", "malik", "bola", "ajayi", "janet", "press", "office"}


def known(word):
    return word in KNOWN


@pytest.mark.parametrize("question, kinds, names", [
    ("what's hannahs email", {EMAIL}, ("hannah",)),
    ("what's hannah's email", {EMAIL}, ("hannah",)),
    ("What’s Hannah’s e-mail address?", {EMAIL}, ("hannah",)),
    ("hannah's phone number", {PHONE}, ("hannah",)),
    ("dev malik phone number", {PHONE}, ("dev", "malik")),
    ("bola ajayi number", {PHONE}, ("bola", "ajayi")),
    ("what is dev's mobile?", {PHONE}, ("dev",)),
    ("hannah reyes work email", {EMAIL}, ("hannah", "reyes")),
    ("email address for hannah", {EMAIL}, ("hannah",)),
    ("what is the phone number of the press office", {PHONE}, ("press", "office")),
    ("contact details for bola ajayi", {EMAIL, PHONE, POSTAL}, ("bola", "ajayi")),
    ("how do I contact the press office?", {EMAIL, PHONE, POSTAL}, ("press", "office")),
    ("do I have janet's address", {POSTAL, EMAIL}, ("janet",)),
])
def test_questions_asking_for_contact_details(question, kinds, names):
    assert asked_contact(question, known) == AskedContact(frozenset(kinds), names)


@pytest.mark.parametrize("question", [
    "what did hannah say in her email",
    "when did I email hannah",
    "did I send the email to the council",
    "email the invoice",
    "what was in hannah's email?",
    "reply to hannah's email",
    "what's the latest email",
    "what's her phone number",
    "what's the case number for the landlord hearing?",
    "what's the job number for janet's repair",
    "janet repair job number",
    "what's the invoice number",
    "hannah's email about the patel story",
])
def test_questions_asking_for_none(question):
    assert asked_contact(question, known) is None


HANNAH = AskedContact(frozenset({EMAIL}), ("hannah",))
HANNAH_PHONE = AskedContact(frozenset({PHONE}), ("hannah",))
CONTACTS = ("# Contacts\n\n**Editors**\n"
            "- Hannah Reyes — features editor — hannah.reyes@chronicle.co.uk — 01632 960112\n"
            "- Dev Malik — news desk — newsdesk@courier.co.uk — 01632 960987 (mobile 07700 900654)\n")


def test_a_row_naming_the_person_holds_her_contact():
    assert holds_contact(CONTACTS, HANNAH) and holds_contact(CONTACTS, HANNAH_PHONE)
    assert holds_contact(CONTACTS, AskedContact(frozenset({PHONE}), ("dev", "malik")))
    assert not holds_contact(CONTACTS, AskedContact(frozenset({PHONE}), ("bola",)))


@pytest.mark.parametrize("text, title", [
    ("TEL;TYPE=cell:+44 7700 900123\nEMAIL:hannah@example.org\n", "Hannah Reyes"),  # her own page
    ("BEGIN:VCARD\nVERSION:3.0\nFN:Hannah Reyes\nTEL;TYPE=cell:+44 7700 900123\nEND:VCARD\n", "Imported"),
    ("Thanks,\nHannah Reyes\nFeatures editor, Chronicle\nT: (555) 201-4477\n", "Re: pitch"),  # a signature
    ("## Hannah Reyes\n- Phone: 0161 496 0000\n- Twitter: @hreyes\n", "People"),
    ("| Hannah | +1 415-555-0132 |\n", "Numbers"),
    # a long line read a sentence at a time: `Dr.` ends none
    ("- Spoke to Dr. Hannah Reyes, features editor at the Chronicle, on her direct line 020 7946 0958 today.",
     "Calls"),
])
def test_the_places_a_phone_number_is_written(text, title):
    assert holds_contact(text, HANNAH_PHONE, title, known)


@pytest.mark.parametrize("text, title", [
    ("Hannah emailed about the Patel update: can I email the council by Friday?", "Email from Hannah - Patel update"),
    ("Doreen Pike, Friends of Eastgate Library, 01632 960401.\nSpoke 4/12: the council has put Eastgate library on a"
     " list of surplus assets for disposal in the new year, which nobody had announced.\n"
     "Possible follow-up for Hannah in Jan.", "Doreen Pike - library follow up"),
    ("- Met Hannah on 2026-12-07 at 10:30, invoice 2026-035 for £360", "Journal"),
    ("- Hannah: ISBN 978-0-14-103614-4", "Books"),
    # the item names her, the next sentence someone else's address (a rates list's row)
    ("- Harrowfield Chronicle (Hannah): features £0.30/word, 1,200 words = £360. Pays ~10 days after month end. "
     "Invoices to accounts@chronicle.co.uk, queries 01632 960999", "Rates and clients"),
])
def test_no_contact_of_hers_written(text, title):
    assert not holds_contact(text, HANNAH_PHONE, title)
    assert not holds_contact(text, HANNAH, title)


NOTES = {
    "Email from Hannah - Patel update.md": (
        "# Email from Hannah - Patel update\n\nHannah's email this morning: Patel wants to see the quotes before "
        "we run them. Hannah says email her the draft by Friday; she will email the council too.\n"),
    "Call with Hannah 2026-12-01.md": "# Call with Hannah\n\nHannah wants 1,200 words on the repairs backlog.\n",
    "Contacts.md": CONTACTS,
    "Shopping.md": "# Shopping\n\n- email the invoice to accounts\n- oat milk, bread\n",
}


def _first(index, question):
    return index.search(question).results[0]["path"]


def _index(tmp_path, embedder):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    from conftest import write_notes

    write_notes(tmp_path / "notes", NOTES)
    index = Index.open(effective({"db": str(tmp_path / "index.sqlite")}), create=True,
                       embedder_factory=lambda _name: embedder)
    index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return index


def _asked(index):
    for question in ("what's hannahs email", "what's hannah's email", "hannah's phone number",
                     "dev malik phone number"):
        assert _first(index, question) == "Contacts.md", question
    # not a contact question: the email itself stays first
    assert _first(index, "what did hannah say in her email") == "Email from Hannah - Patel update.md"


def test_the_contacts_note_first_for_her_email(tmp_path, embedder):
    from minirag_cli.format import explain_lines

    with _index(tmp_path, embedder) as index:
        _asked(index)
        first = index.search("what's hannah's email").results[0]
        assert any(line.startswith("contact: it writes") for line in explain_lines(first))
        # the email that says "email" gets no such vote
        assert all("contact" not in r["channels"] for r in index.search("what's hannah's email").results
                   if r["path"].startswith("Email from"))


@pytest.mark.slow
def test_the_contacts_note_first_with_the_real_embedder(tmp_path):
    from minirag_cli.embed import SentenceTransformerEmbedder, make_embedder

    embedder = make_embedder()
    assert isinstance(embedder, SentenceTransformerEmbedder)
    with _index(tmp_path, embedder) as index:
        _asked(index)


# review contactq: the fixes (fixCQ)

@pytest.mark.parametrize("question", [
    "show me hannah's emails", "hannah emails", "find hannah's emails",  # her messages, not her address
    "how do I call the api", "how do I call the function", "how do I reach the station", "how can I reach the summit",
    "what's the server ip address", "what's the mac address", "what's the server address",
    "the welcome email", "what was the phishing email", "newsletter email", "spam email",
])
def test_questions_asking_for_no_ones_contact(question):
    assert asked_contact(question, known) is None


@pytest.mark.parametrize("question, kinds, names", [
    ("how do I call hannah", {PHONE}, ("hannah",)),
    ("how can I reach dev malik?", {EMAIL, PHONE}, ("dev", "malik")),
    ("hannah's email address", {EMAIL}, ("hannah",)),
    ("hannah reyes email", {EMAIL}, ("hannah", "reyes")),
])
def test_person_questions_still_asking(question, kinds, names):
    assert asked_contact(question, known) == AskedContact(frozenset(kinds), names)


@pytest.mark.parametrize("text, title", [
    # a note of a meeting with her, holding someone else's number
    ("- Source: Doreen Pike, Friends of Eastgate Library, 01632 960401\n- press@harrowfield.gov.uk\n",
     "Call with Hannah"),
    ("- Source: Doreen Pike, 01632 960401\n", "Lunch with Hannah Reyes"),
    ("- Doreen: 01632 960401\n", "Hannah 1:1"),
    # lines that are not a contact block
    ("Met Hannah for coffee.\nLater rang the garage, 01632 960999 — car ready Friday.\n", "Journal"),
    ("## Hannah\n- Chase the plumber on 01632 960777 about the leak\n", "Actions"),
    ("**Hannah**\n- ring the council 01632 960888\n", "Actions"),
])
def test_not_her_page_nor_her_block(text, title):
    assert not holds_contact(text, HANNAH_PHONE, title, known)
    assert not holds_contact(text, HANNAH, title, known)


@pytest.mark.parametrize("text, title", [
    ("- Hannah Reyes, 01632 960112, features desk\n", "Contacts"),
    ("name,phone,email\nHannah Reyes,01632 960112,hannah@x.com\n", "contacts.csv"),
    ("- Phone: 0161 496 0000\n", "Hannah Reyes - contact"),  # her own page
    ("Phone: 0161 496 0000\n", "Hannah"),
    ("Hannah Reyes\nFeatures editor\n01632 960112\n", "Signatures"),
])
def test_her_number_next_to_a_comma_or_on_her_page(text, title):
    assert holds_contact(text, HANNAH_PHONE, title, known)


def test_the_contact_vote_only_with_a_text_channel(tmp_path, embedder):
    from minirag_cli.retrieve import RetrievalOptions

    with _index(tmp_path, embedder) as index:
        graph = index.search("what's hannah's email", RetrievalOptions(k=5, mode="graph")).results
        assert all("contact" not in r["channels"] for r in graph)
        bm25 = index.search("what's hannah's email", RetrievalOptions(k=5, mode="bm25")).results
        assert "contact" in bm25[0]["channels"]


# contactq2: a number an order's, an invoice's or an account's is no one's phone; the question's name after a title
# (`Dr. Okafor`), with an apostrophe (`O'Brien`), or a role's (`the plumber's number`)

CARERS_LIST = ("# Mum's phone list\n\n"
               "- GP surgery (Dr. Okafor): 0161 496 0123, ask for the duty doctor after 11\n"
               "- Social worker: Ms Adeyemi 0161 496 0777, f.adeyemi@stockport.example.gov.uk\n"
               "- Pharmacy (Boots, Hall St): 0161 496 0555\n"
               "- District nurse — Carol — 07700 900456\n"
               "- Mr O’Brien next door (has a key) 07700 900789\n")
CONTRACTORS = ("# Contractors\n\n"
               "| Trade | Name | Phone | Notes |\n|---|---|---|---|\n"
               "| Electrician | Sparks & Co | 555-310-4421 | rewired flat 2 |\n\n"
               "- Luis (plumber) 555-201-7788, fixed the boiler at Flat 2 in Oct\n"
               "- Gas engineer: Tom Reilly 07700 900321\n")
ORDER_LOG = ("# Online orders\n\n"
             "- Hannah: order no. 0012 3456 7890 shipped\n"
             "- Hannah's birthday lamp — tracking 0031 4159 2653 58, Royal Mail\n"
             "- Invoice No. 0123 456 7890 for Hannah's lamp\n"
             "- Hannah refund: IBAN DE89 3704 0044 0532 0130 00\n"
             "- Hannah, NHS number 943 476 5919\n"
             "- Hannah: policy no. 0123 456 7891 (contents insurance)\n"
             "- Hannah's claim ref 0800 015 1142\n\n"
             "| Date | Order # | For | Status |\n|---|---|---|---|\n"
             "| 2026-11-20 | 0045 6789 1234 | Hannah | delivered |\n")


@pytest.mark.parametrize("question, kinds, names", [
    ("Dr. Okafor's number", {PHONE}, ("okafor",)),
    ("Dr Okafor's number", {PHONE}, ("okafor",)),
    ("what's the phone number for Dr. Okafor?", {PHONE}, ("okafor",)),
    ("O'Brien's phone number", {PHONE}, ("o'brien",)),
    ("mr o’brien's number", {PHONE}, ("o'brien",)),
    ("Ms Adeyemi's email", {EMAIL}, ("adeyemi",)),
    ("how do I call Mrs Adeyemi?", {PHONE}, ("adeyemi",)),
    ("the plumber's number", {PHONE}, ("plumber",)),
    ("what's the social worker's number?", {PHONE}, ("social", "worker")),
    ("the gas engineer's phone number", {PHONE}, ("gas", "engineer")),
])
def test_titled_apostrophed_and_role_questions(question, kinds, names):
    assert asked_contact(question, lambda word: False) == AskedContact(frozenset(kinds), names)


@pytest.mark.parametrize("question", [
    "what's the plumber number",  # no possessive: as "the case number"
    "Dr Okafor's case number", "hannah's order number", "the council's reference number",
    "what's today's number", "what's the boiler's serial number", "what's the tracking number for hannah's parcel",
])
def test_a_possessive_with_another_number(question):
    assert asked_contact(question, lambda word: False) is None


@pytest.mark.parametrize("question, row", [
    ("Dr. Okafor's number", "GP surgery"), ("Dr Okafor's number", "GP surgery"),
    ("O'Brien's phone number", "O’Brien"), ("Ms Adeyemi's email", "Adeyemi"), ("Ms Adeyemi's number", "Adeyemi"),
    ("the social worker's number", "Adeyemi"), ("the district nurse's number", "Carol"),
])
def test_the_carers_list_holds_them(question, row):
    asked = asked_contact(question, lambda word: False)
    assert holds_contact(CARERS_LIST, asked, "Mum's phone list")
    line = next(line for line in CARERS_LIST.splitlines() if row in line)
    assert holds_contact(line, asked)
    assert not holds_contact(CONTRACTORS, asked, "Contractors")


@pytest.mark.parametrize("question", ["the plumber's number", "the electrician's number",
                                      "what's the gas engineer's number"])
def test_the_contractors_note_holds_the_roles(question):
    asked = asked_contact(question, lambda word: False)
    assert holds_contact(CONTRACTORS, asked, "Contractors")
    assert not holds_contact(CARERS_LIST, asked, "Mum's phone list")


@pytest.mark.parametrize("line", [line for line in ORDER_LOG.splitlines() if line.startswith("- ")]
                         + [ORDER_LOG.split("\n\n")[-1]])
def test_an_orders_number_is_no_phone(line):
    assert not holds_contact(line, HANNAH_PHONE, "Online orders")


@pytest.mark.parametrize("text", [
    "- Hannah: tel 0161 496 0000", "- Hannah mob 07700 900123", "- Hannah ☎ 0161 496 0000", "- Hannah m: 07700 900123",
    "- Hannah: phone 0161 496 0000", "- Hannah: order 0012 3456 7890 shipped, mob 07700 900123",
    "- Hannah: customer services 0345 600 1234", "- Hannah: accounts 0161 496 0000",
    "| Name | Order # | Phone |\n|---|---|---|\n| Hannah | 0012 3456 7890 | 0161 496 0000 |",
    "| Name | Phone |\n|---|---|\n| Hannah | 0012 3456 7890 |",
])
def test_a_number_so_labelled_or_in_a_phone_column_still_hers(text):
    assert holds_contact(text, HANNAH_PHONE, "Contacts")


def test_the_phone_list_first_not_the_order_log(tmp_path, embedder):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    from conftest import write_notes

    notes = {"Mum's phone list.md": CARERS_LIST, "Contractors.md": CONTRACTORS, "Online orders.md": ORDER_LOG,
             "Contacts.md": CONTACTS,
             "Journal/2026-11-20.md": "# 2026-11-20\n\nDr Okafor changed mum's tablets. The plumber came about the "
                                      "leak; O'Brien let him in.\n"}
    write_notes(tmp_path / "notes", notes)
    with Index.open(effective({"db": str(tmp_path / "index.sqlite")}), create=True,
                    embedder_factory=lambda _name: embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        for question, path in [("Dr. Okafor's number", "Mum's phone list.md"),
                               ("O'Brien's phone number", "Mum's phone list.md"),
                               ("Ms Adeyemi's email", "Mum's phone list.md"),
                               ("the plumber's number", "Contractors.md")]:
            results = index.search(question).results
            assert results[0]["path"] == path and "contact" in results[0]["channels"], question
        assert all("contact" not in r["channels"] for r in index.search("hannah's phone number").results
                   if r["path"] == "Online orders.md")


# fixCQ2 (review of contactq2): a word that also names a line one rings labels a number only with "no."/"#"/"number"
# after it; a thing's possessive asks for no phone; a title only before a name; a role's page is the person's

@pytest.mark.parametrize("line, name", [
    ("- Aviva home insurance, to make a claim: 0800 015 1142", "aviva"),
    ("- Aviva — claim: 0800 015 1142", "aviva"),
    ("- Barclays lost or stolen card: 0800 400 100", "barclays"),
    ("- Jade Garden (Chinese), to order: 0161 496 0000", "garden"),
    ("- Barclays — account: 0345 734 5345", "barclays"),
    ("- Hannah's card: 07700 900123", "hannah"),
    ("Plumber — business card: 07700 900 456", "plumber"),
    ("- Aviva policy line: 0800 051 5260", "aviva"),
    ("- Hannah, London SW19 07700900123", "hannah"),
    ("| Name | Phone / Account # |\n|---|---|\n| Hannah | 0161 496 0000 |", "hannah"),
])
def test_a_service_line_named_by_a_label_word_is_a_phone(line, name):
    assert holds_contact(line, AskedContact(frozenset({PHONE}), (name,)))


@pytest.mark.parametrize("line", [
    "- Aviva, claim no. 0800 015 1142", "- Aviva claim number: 0800 015 1142", "- Barclays account # 0345 734 5345",
    "- Hannah: order ref 0012 3456 7890", "| Name | Order # |\n|---|---|\n| Hannah | 0012 3456 7890 |",
    "- Hannah refund: GB29NWBK60161331926819", "- Hannah refund: GB29 NWBK 6016 1331 9268 19",
])
def test_a_label_with_its_number_word_is_no_phone(line):
    assert not holds_contact(line, HANNAH_PHONE if "Hannah" in line else AskedContact(frozenset({PHONE}), ("aviva",)))


ROLE_KNOWN = {"hannah", "okafor", "smith", "patel"}


@pytest.mark.parametrize("question", [
    "what's the car's number", "what's the flight's number", "what was the room's number", "what's the week's number",
    "what's the bus's number", "what's the meeting's number", "what's the project's number",
    "what's the house's number",
    "what's the ticket's number", "what's the invoice's number", "what's the order's number", "what's the bug's number",
    "what's the PR's number", "what's the issue's number", "what's the episode's number", "what's the lot's number",
    "dr martens order number", "mr porter order number", "what's the MS Teams number", "ms teams number",
    "what's the rev b part number", "what's the dr appointment number", "miss universe number",
])
def test_a_things_number_or_a_titled_thing_asks_for_no_phone(question):
    assert asked_contact(question, lambda word: word in ROLE_KNOWN) is None


@pytest.mark.parametrize("question, names", [
    ("mum's number", ("mum",)), ("what's dad's number", ("dad",)), ("the electrician's number", ("electrician",)),
    ("what's the landlord's number", ("landlord",)), ("the GP's number", ("gp",)), ("the vet's number", ("vet",)),
    ("the carer's number", ("carer",)), ("what's the social worker's number", ("social", "worker")),
    ("hannah's number", ("hannah",)), ("what's Dr Patel's number", ("patel",)), ("Frau Weiß's number", ("weiß",)),
    ("dr okafor phone number", ("okafor",)), ("Dr Nkemelu phone number", ("nkemelu",)),
    ("what's Mr Smith's address", ("smith",)),
])
def test_a_persons_or_roles_number_is_a_contact_question(question, names):
    assert asked_contact(question, lambda word: word in ROLE_KNOWN).names == names


def test_a_title_before_an_unknown_lower_case_word_stays_in_the_name():
    assert asked_contact("dr okafor phone number", lambda word: False).names == ("dr", "okafor")


CARLA = AskedContact(frozenset({PHONE}), ("carla",))
# the landlord tester's note: no line says Carla and the number, the index knows Carla, not Mendes, as a name
CARLA_NOTE = ("Tenant - Carla Mendes\n\n412 Maple St, Unit B\nCell: (614) 555-0187\nEmail: carla.mendes84@gmail.com\n"
              "Emergency contact: Rosa Mendes (mom) 614-555-0142\n")


@pytest.mark.parametrize("title", ["Tenant - Carla Mendes", "Client - Carla Mendes", "Contractor - Carla",
                                   "Contact: Carla Mendes", "Carla Mendes (plumber)", "Carla - contact"])
def test_a_role_and_the_name_title_the_persons_page(title):
    assert holds_contact(CARLA_NOTE.replace("Tenant - Carla Mendes", title), CARLA, title,
                         lambda word: word == "carla")


@pytest.mark.parametrize("title", ["Call w Carla re dryer", "Carla - dryer repair", "Tenant - Unit B",
                                   "Plumber and electrician - Carla", "HOA - parking thread",
                                   "Tenant - Carla Mendes Dryer Repair Notes", "Carla Mendes"])
def test_other_titles_are_no_persons_page(title):
    note = CARLA_NOTE.replace("Tenant - Carla Mendes", "Unit B").replace("carla.", "cm.")
    assert not holds_contact(note, CARLA, title, lambda word: word == "carla")


def test_a_long_line_of_numbers_is_read_in_linear_time():
    import time
    line = "- Hannah: " + ", ".join(f"order no. {n:04d} 3456 7890" for n in range(900))
    start = time.perf_counter()
    assert not holds_contact(line, HANNAH_PHONE)
    assert time.perf_counter() - start < 1.0
