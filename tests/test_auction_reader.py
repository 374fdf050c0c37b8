"""Lesson 5 on a Voilà page: the teacher chooses what to read — the sample, one of the class's auction rooms, or an
uploaded CSV — and the lesson's readings follow, without a line of code typed."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from classroom.analysis import read_rounds
from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.store import open_store
from widgets.classpages import auction_reader as reader
from widgets.classpages.auction_reader import SAMPLE, UPLOAD, AuctionReader, class_sources

SAMPLE_FILE = Path(__file__).parent.parent / "notebooks" / "medici" / "lessons" / "data" / "class-auction-sample.csv"


@pytest.fixture
def sample() -> str:
    return SAMPLE_FILE.read_text(encoding="utf-8")


def test_the_sample_is_read_as_the_lessons_cells_read_it(sample):
    page = AuctionReader(sample)
    assert page.chooser.value == SAMPLE
    rounds = read_rounds(sample)
    assert "The winner lost money in <b>" in page.result.value
    for row in reader.round_rows(rounds):
        assert f"<td style='text-align:right'>{row[0]}</td>" in page.result.value
    assert page.upload.layout.display == "none"


def upload(page: AuctionReader, name: str, text: str) -> None:
    page.chooser.value = UPLOAD
    page.upload.value = ({"name": name, "type": "text/csv", "size": len(text), "content": memoryview(text.encode()),
                          "last_modified": datetime.datetime(2026, 11, 26)},)


def test_an_uploaded_csv_is_read_and_a_file_that_is_not_one_is_named_and_refused(sample):
    page = AuctionReader(sample)
    page.chooser.value = UPLOAD
    assert page.upload.layout.display == ""
    assert "Choose the CSV file" in page.result.value
    upload(page, "scores.csv", "name,score\nAda,3\n")
    assert "scores.csv cannot be read: not a class auction&#x27;s CSV" in page.result.value
    upload(page, "ours.csv", sample)
    assert "<h4 style='margin:8px 0 4px'>ours.csv</h4>" in page.result.value


def test_the_class_key_offers_the_classs_rooms_and_a_wrong_key_says_so(tmp_path, monkeypatch, sample):
    monkeypatch.setenv("BOARDGAMES_DB", f"sqlite:///{tmp_path / 'class.db'}")
    store = open_store()
    classes, auction = Classes(store), ClassAuction(store)
    ours = classes.create_class("Year 9")
    room = auction.create_room("Monday", class_key=ours.key)
    auction.create_room("another class's room")
    ada = classes.join(ours.code, "Ada")
    seat = auction.join_member(room.code, ada.token)
    auction.start_round(room.teacher_key, low=8, high=12, noise=2, seed=3)
    auction.bid(seat.token, 9)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)

    rooms, note = class_sources(ours.key)
    assert [r.label for r in rooms] == [f"Room {room.code} · Monday"] and note == ""
    page = AuctionReader(sample, rooms)
    page.chooser.value = rooms[0].label
    assert "<td style='text-align:left'>Ada</td>" in page.result.value  # the winner, by her class nickname
    assert "The winner lost money in <b>0 of 1</b> rounds" in page.result.value

    assert class_sources("not-the-key")[0] == []
    assert class_sources("not-the-key")[1]
    store.close()
