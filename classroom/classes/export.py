"""The class for a gradebook: a workbook (.xlsx, by openpyxl) with a sheet per activity, and the same sheets as CSV
files. Participation (per member: joined, last seen, rounds bid, tables played, exercises answered and right at the
first try), Auction bids (each bidder's bid that counted in each closed round of the class's rooms), Tables (each
table's game, players, moves, state, winner and scores) and Practice (each answer of a member).

Numbers are numbers (money in the item's unit, dollars or florins), times are dates. No text cell can run as a
formula: in the workbook every text is a text cell, which a spreadsheet shows as typed and never computes (a
nickname ``=1+2`` reads ``=1+2``); in a CSV file, which has no kinds of cell, a text that begins with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is written with a quote before it (``boardgames.review.safe_cell``). No key
or token is ever written.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter

from boardgames.review import safe_cell
from classroom.classes.views import ClassViews
from classroom.tables.views import HUMAN_KINDS

PARTICIPATION, AUCTION_BIDS, TABLES, PRACTICE = "Participation", "Auction bids", "Tables", "Practice"
DATE_FORMAT = "yyyy-mm-dd hh:mm:ss"
CSV_DATE = "%Y-%m-%d %H:%M:%S"


@dataclass(frozen=True)
class Sheet:
    """One sheet of the export: its name, its column headings and its rows (text, numbers, dates or empty)."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    @property
    def file_name(self) -> str:
        return self.name.lower().replace(" ", "-") + ".csv"


def when(at: float | None) -> datetime | None:
    """A time of the store (seconds since the epoch) as a date of this machine's clock, to the second."""
    return None if at is None else datetime.fromtimestamp(at).replace(microsecond=0)


def in_units(cents: int | float | None) -> float | None:
    """Cents as the item's unit (dollars or florins), a number."""
    return None if cents is None else round(cents / 100, 2)


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def sheets(views: ClassViews, key: str) -> tuple[Sheet, ...]:
    """The class of the teacher's ``key``, sheet by sheet (Refused for a key no class has)."""
    participation = Sheet(PARTICIPATION, ("nickname", "joined", "last seen", "rounds bid", "tables played",
                                          "exercises answered", "right at first try"),
                          tuple((p.nickname, when(p.joined), when(p.seen), p.rounds_bid, p.tables_played,
                                 p.exercises, p.first_try_right) for p in views.participation(key)))
    bids = []
    for room, r in views.round_views(key):
        for b in r.table or ():
            bids.append((room.code, r.number, r.item, r.format, b.nickname, in_units(b.estimate), in_units(b.bid),
                         yes(b.won), in_units(r.profit if b.won else 0), in_units(r.price), in_units(r.value)))
    auction = Sheet(AUCTION_BIDS, ("room", "round", "item", "format", "nickname", "estimate", "bid", "won", "profit",
                                   "price", "true value"), tuple(bids))
    tables = Sheet(TABLES, ("table", "game", "players", "moves", "state", "winner", "scores", "last move"),
                   tuple((t.code, t.game, ", ".join(p.name if p.kind in HUMAN_KINDS else f"{p.name} (bot {p.kind})"
                                                    for p in t.players),
                          t.moves, "over" if t.over else "ended by the teacher" if t.ended else "playing",
                          " and ".join(t.winners),
                          ", ".join(f"{p.name} {s}" for p, s in zip(t.players, t.scores)), when(t.since))
                         for t in views.tables(key)))
    practice = Sheet(PRACTICE, ("member", "game", "kind", "rules", "right", "first try", "at"),
                     tuple((a.nickname, a.game, a.kind, " ".join(a.rules), yes(a.right), yes(a.first_try), when(a.at))
                           for a in views.practice(key)))
    return participation, auction, tables, practice


def workbook(views: ClassViews, key: str) -> bytes:
    """The class as an .xlsx workbook, a sheet per activity (Refused for a key no class has)."""
    book = Workbook()
    book.remove(book.active)
    for sheet in sheets(views, key):
        _write(book.create_sheet(sheet.name), sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_files(views: ClassViews, key: str) -> dict[str, str]:
    """The same sheets as CSV files: file name -> its text (Refused for a key no class has)."""
    files = {}
    for sheet in sheets(views, key):
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(sheet.columns)
        writer.writerows([_csv_cell(value) for value in row] for row in sheet.rows)
        files[sheet.file_name] = out.getvalue()
    return files


def csv_zip(views: ClassViews, key: str) -> bytes:
    """The CSV files in one .zip (Refused for a key no class has)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in csv_files(views, key).items():
            archive.writestr(name, text)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- inside


def _csv_cell(value: Any) -> str:
    return value.strftime(CSV_DATE) if isinstance(value, datetime) else safe_cell(value)


def _write(ws: Any, sheet: Sheet) -> None:
    _row(ws, 1, sheet.columns)
    for number, row in enumerate(sheet.rows, start=2):
        _row(ws, number, row)
    for column, heading in enumerate(sheet.columns, start=1):
        longest = max([len(heading)] + [len(str(row[column - 1] or "")) for row in sheet.rows])
        ws.column_dimensions[get_column_letter(column)].width = min(max(longest, 10) + 2, 60)
    ws.freeze_panes = "A2"


def _row(ws: Any, number: int, values: Sequence[Any]) -> None:
    for column, value in enumerate(values, start=1):
        cell = ws.cell(row=number, column=column)
        if value is None:
            continue
        if isinstance(value, bool):
            value = yes(value)
        if isinstance(value, (int, float)):
            cell.value = value
        elif isinstance(value, datetime):
            cell.value = value
            cell.number_format = DATE_FORMAT
        else:
            cell.value = ILLEGAL_CHARACTERS_RE.sub("", str(value))
            cell.data_type = "s"  # a text as typed, whatever it begins with: never a formula
