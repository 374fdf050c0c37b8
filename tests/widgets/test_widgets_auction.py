"""The class auction's pages driven from Python as a class drives them: the teacher creates a room and runs a
round, students join and bid, a bad bid is refused on the page, and the reveal draws the class's picture. Nothing
of another student's bid or estimate reaches a student's page before the reveal."""

from __future__ import annotations

import pytest
from support.widget_driver import page_text

from classroom.auction import ClassAuction
from classroom.store import open_store
from widgets.classpages.auction import StudentPage, TeacherPage


@pytest.fixture
def auction(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    yield ClassAuction(store)
    store.close()


def test_the_teacher_creates_a_room_and_is_sent_to_its_page_with_the_key(auction):
    page = TeacherPage(auction)
    page.title.value = "Economics"
    page.create()
    text = page_text(page)
    assert "is ready" in text and "teacher.ipynb?key=" in text


def test_a_student_joins_and_is_sent_to_a_seat_of_their_own(auction):
    room = auction.create_room()
    page = StudentPage(auction, code=room.code.lower())
    assert page.code.value == room.code
    page.nickname.value = "Ada"
    page.join()
    assert "student.ipynb?token=" in page_text(page)
    taken = StudentPage(auction, code=room.code)
    taken.nickname.value = "ada"
    taken.join()
    assert "The nickname ada is taken" in taken.message.value


def test_a_round_from_the_teachers_start_to_the_reveal_on_both_pages(auction):
    room = auction.create_room()
    ada, ben = (auction.join(room.code, name) for name in ("Ada", "Ben"))
    teacher = TeacherPage(auction, room.teacher_key)
    assert room.code in page_text(teacher) and "<svg" in teacher.header.value  # the QR code of the join address
    teacher.buttons["start"].click()
    pages = {seat.nickname: StudentPage(auction, seat.token) for seat in (ada, ben)}
    for page in pages.values():
        page.refresh()
        assert "Your estimate of the jar" in page.round.value
    pages["Ada"].amount.value = "ten"
    pages["Ada"].bid_button.click()
    assert "ten is not an amount of money" in pages["Ada"].message.value
    pages["Ada"].amount.value = "37.77"
    pages["Ada"].bid_button.click()
    pages["Ben"].amount.value = "5"
    pages["Ben"].bid_button.click()
    teacher.refresh()
    assert "data-bidders='2'" in teacher.status.value and "37.77" not in page_text(teacher)
    pages["Ben"].refresh()
    ada_estimate = auction.estimate(ada.token)
    assert "37.77" not in page_text(pages["Ben"]) and f"{ada_estimate / 100:.2f}" not in page_text(pages["Ben"])
    teacher.buttons["close"].click()
    assert teacher.buttons["reveal"].disabled is False and "The winner is Ada" in teacher.status.value
    teacher.buttons["reveal"].click()
    assert len(teacher.picture.children) == 1 and "The rounds so far" in teacher.results.value
    assert "Download every bid (CSV)" in teacher.csv.value
    pages["Ben"].refresh()
    assert "Ada won, at $37.77" in pages["Ben"].result.value
    pages["Ada"].refresh()
    assert "You won, at $37.77" in pages["Ada"].result.value
