"""The class exported for a gradebook, read back as a teacher's spreadsheet would read it (the workbook by openpyxl,
the CSV files cell by cell): a sheet per activity, numbers as numbers, times as dates, no cell that runs as a
formula whatever a nickname holds, and never a key or a token anywhere in the files."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import datetime

import openpyxl
import pytest

from boardgames import medici
from boardgames.review import RISKY
from classroom.auction import ClassAuction
from classroom.classes import Classes, Refused
from classroom.classes.export import csv_files, csv_zip, workbook
from classroom.practice import PracticeRecord
from classroom.practice.views import Answer
from classroom.tables import CLASSMATE, OWNER, GameTables

RISKY_NICKNAMES = ["=1+2*A1", "@SUM(A1)", "+1", "-2", "Ada"]
SHEETS = ["Participation", "Auction bids", "Tables", "Practice"]
NOW = 1_800_000_000.0


@pytest.fixture
def lesson(store):
    """A class of five (four with nicknames a spreadsheet would run), a revealed round of its room, a table two of
    them sit at, and practice answers; and every secret the store handed out."""
    school = Classes(store, now=lambda: NOW)
    auction, tables, record = ClassAuction(store, now=lambda: NOW), GameTables(store, now=lambda: NOW), \
        PracticeRecord(store)
    made = school.create_class("=HYPERLINK(\"x\")")
    people = [school.join(made.code, name) for name in RISKY_NICKNAMES]
    for member in people:
        school.seen(member.token)
    room = auction.create_room("Jar", class_key=made.key)
    seats = [auction.join_member(room.code, m.token) for m in people]
    auction.start_round(room.teacher_key, seed=3, question="overpay")
    for seat, amount in zip(seats, (14, 12.5, 9, 3, 20)):
        auction.bid(seat.token, amount)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    table = tables.create(medici.new_game(["=A1", "Ben", "Cleo"], seed=5), [OWNER, CLASSMATE, "random"],
                          class_key=made.key, members={1: people[0].nickname})
    for member, right in zip(people[:2], (True, False)):
        record.keep(Answer(member.learner, "medici", "medici.bid", 7, ("medici.bid-must-exceed",), right, True,
                           None, NOW))
    secrets = [made.key, room.teacher_key, table.owner_key, *table.tokens.values(),
               *(m.token for m in people), *(s.token for s in seats)]
    return school, made, secrets


def cells_of(book) -> list:
    return [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row]


def test_the_workbook_has_a_sheet_per_activity_with_numbers_as_numbers_and_times_as_dates(lesson):
    school, made, _ = lesson
    book = openpyxl.load_workbook(io.BytesIO(workbook(school, made.key)))
    assert book.sheetnames == SHEETS
    people = list(book["Participation"].iter_rows(min_row=2))
    assert [row[0].value for row in people] == ["=1+2*A1", "@SUM(A1)", "+1", "-2", "Ada"]  # as typed
    for row in people:
        assert row[1].is_date and row[2].is_date  # joined, last seen
        assert row[1].value == datetime.fromtimestamp(NOW)
        assert all(cell.data_type == "n" for cell in row[3:])
    assert [row[3].value for row in people] == [1, 1, 1, 1, 1]  # a round bid each
    assert [row[4].value for row in people] == [1, 0, 0, 0, 0]  # the first sits at the table
    assert [(row[5].value, row[6].value) for row in people[:2]] == [(1, 1), (1, 0)]

    bids = list(book["Auction bids"].iter_rows(min_row=2, values_only=True))
    assert len(bids) == 5
    by_name = {row[4]: row for row in bids}
    assert by_name["Ada"][6] == 20 and by_name["Ada"][7] == "yes"  # bid $20.00, the highest: won
    assert by_name["Ada"][8] == pytest.approx(by_name["Ada"][10] - 20)  # profit: the true value less the price
    assert by_name["@SUM(A1)"][6] == 12.5 and by_name["@SUM(A1)"][8] == 0
    assert all(isinstance(row[5], float) for row in bids)  # every estimate a number

    [table] = book["Tables"].iter_rows(min_row=2)
    assert table[1].value == "medici" and table[3].data_type == "n" and table[4].value == "playing"
    assert table[2].value.startswith("=A1, Ben, Cleo (bot random)")
    practice = list(book["Practice"].iter_rows(min_row=2))
    assert [(r[0].value, r[4].value, r[5].value) for r in practice] == [("=1+2*A1", "yes", "yes"),
                                                                       ("@SUM(A1)", "no", "yes")]
    assert all(r[6].is_date for r in practice)


def test_no_cell_of_the_workbook_can_run_as_a_formula_and_a_text_reads_as_typed(lesson):
    school, made, _ = lesson
    data = workbook(school, made.key)
    cells = cells_of(openpyxl.load_workbook(io.BytesIO(data)))
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    risky = [c for c in cells if isinstance(c.value, str) and c.value.startswith(RISKY)]
    assert {c.value for c in risky} >= set(RISKY_NICKNAMES) - {"Ada"}  # no quote in front: the quote is CSV's
    assert all(c.data_type == "s" for c in risky)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:  # the file itself: no sheet holds a formula element
        sheets = [archive.read(name).decode() for name in archive.namelist() if name.startswith("xl/worksheets/")]
    assert sheets and not [sheet for sheet in sheets if "<f>" in sheet or "<f " in sheet]


def test_no_cell_of_the_csv_files_can_run_as_a_formula(lesson):
    school, made, _ = lesson
    files = csv_files(school, made.key)
    assert list(files) == ["participation.csv", "auction-bids.csv", "tables.csv", "practice.csv"]
    cells = [cell for text in files.values() for row in csv.reader(io.StringIO(text)) for cell in row]
    numbers = [cell for cell in cells if cell.lstrip("-").replace(".", "", 1).isdigit()]
    risky = [cell for cell in cells if cell.startswith(RISKY) and cell not in numbers]
    assert risky == [] and "'=1+2*A1" in cells and "'-2" in cells
    participation = list(csv.reader(io.StringIO(files["participation.csv"])))
    assert datetime.strptime(participation[1][1], "%Y-%m-%d %H:%M:%S") == datetime.fromtimestamp(NOW)
    with zipfile.ZipFile(io.BytesIO(csv_zip(school, made.key))) as archive:
        assert {name: archive.read(name).decode() for name in archive.namelist()} == files


def test_no_key_or_token_is_ever_exported(lesson):
    school, made, secrets = lesson
    with zipfile.ZipFile(io.BytesIO(workbook(school, made.key))) as archive:
        inside = "".join(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    exported = inside + "".join(csv_files(school, made.key).values())
    assert [secret for secret in secrets if secret in exported] == []


def test_an_export_needs_the_class_key(lesson):
    school, made, _ = lesson
    for export in (workbook, csv_files, csv_zip):
        with pytest.raises(Refused, match="key is not known"):
            export(school, made.key[:-1])
