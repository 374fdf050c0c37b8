"""The class page's export: one click downloads the class as an .xlsx workbook (a sheet per activity), another its
CSV files in a zip, each a data: link made in the page's kernel (it works in Voilà, with no file on the server)."""

from __future__ import annotations

import base64
import re
import time
from collections.abc import Callable

from boardgames.core.message import say
from classroom.classes import ClassViews
from classroom.classes.export import csv_zip, workbook
from widgets.classpages.classes.shared import LINK, words

XLSX_LINK = say("⬇ Download the class (.xlsx workbook)")
CSV_LINK = say("⬇ the same as CSV files (.zip)")

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def file_stem(name: str, code: str) -> str:
    """The download's file name: the class's name in letters, digits and dashes, and its code."""
    words = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40]
    return f"class-{words + '-' if words else ''}{code}"


def download_html(views: ClassViews, key: str, name: str, code: str, at: float) -> Callable[[], str]:
    """The two download links (classes ``bg-download-xlsx``, ``bg-download-csv``) of the class as it was at ``at``:
    the files made now, the words drawn in the page's language by the function given back."""
    stem = file_stem(name, code)
    book = base64.b64encode(workbook(views, key)).decode("ascii")
    zipped = base64.b64encode(csv_zip(views, key)).decode("ascii")
    note = say("The class as of {time}. Sheets: participation per student, auction bids, table results, practice. "
               "No key or personal link is in them.", time=time.strftime("%H:%M:%S", time.localtime(at)))
    return lambda: (
        "<div class='bg-class-export' style='font-size:15px'>"
        f"<a class='bg-download-xlsx' download='{stem}.xlsx' href='data:{XLSX};base64,{book}' style='{LINK}'>"
        f"{words(XLSX_LINK)}</a> · "
        f"<a class='bg-download-csv' download='{stem}-csv.zip' href='data:application/zip;base64,{zipped}' "
        f"style='{LINK}'>{words(CSV_LINK)}</a>"
        f"<div class='bg-quiet' style='font-size:12px'>{words(note)}</div></div>")
