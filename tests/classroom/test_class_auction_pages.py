"""The class auction's pages in a class, driven from Python: the teacher asks a prediction and links to the
projector view; a member's page seats them from their class link without asking a nickname and tells the class it is
open; students answer and bid; the reveal shows the class's predictions beside what happened on the student's page
and on the projector's. The projector view holds no key and no token, before or after the reveal, and has nothing
that acts."""

from __future__ import annotations

import ipywidgets as W
import pytest
import sqlalchemy as sa
from support.widget_driver import page_text

from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.store import members
from widgets.classpages.auction import ProjectorPage, StudentPage, TeacherPage
from widgets.classpages.auction.student import Presence


@pytest.fixture
def auction(store):
    return ClassAuction(store)


def widgets_of(root: W.Widget) -> list[W.Widget]:
    """Every widget the page holds, reachable through its traits (children, marks, axes...)."""
    seen: dict[int, W.Widget] = {}

    def visit(value) -> None:
        if isinstance(value, W.Widget):
            if id(value) not in seen:
                seen[id(value)] = value
                for name in value.keys:
                    visit(getattr(value, name))
        elif isinstance(value, (list, tuple)):
            for item in value:
                visit(item)

    visit(root)
    return list(seen.values())


def a_class_in_a_room(auction):
    school = Classes(auction.store)
    klass = school.create_class("Economics 101")
    ada, ben = school.join(klass.code, "Ada"), school.join(klass.code, "Ben")
    room = auction.create_room("Friday", class_key=klass.key)
    return school, klass, (ada, ben), room


def test_the_teachers_page_links_to_the_projector_view_and_says_to_project_that(auction):
    room = auction.create_room("Friday")
    teacher = TeacherPage(auction, room.teacher_key)
    assert f"auction/projector.ipynb?room={room.code}' target='_blank'" in teacher.header.value
    assert "Put <b>the projector view</b> on the projector, not this page" in teacher.header.value
    link = teacher.header.value.split("class='bg-projector-link' href='")[1].split("'")[0]
    assert room.teacher_key not in link


def test_a_class_rooms_pages_send_a_newcomer_to_the_class_page_not_the_rooms_door(auction):
    school, klass, members_, room = a_class_in_a_room(auction)
    for page in (TeacherPage(auction, room.teacher_key), ProjectorPage(auction, room.code)):
        assert f"class/student.ipynb?code={klass.code}" in page.header.value
        assert "auction/student.ipynb" not in page.header.value


def test_the_teacher_chooses_a_question_in_the_words_of_the_item_sold(auction):
    room = auction.create_room()
    teacher = TeacherPage(auction, room.teacher_key)
    assert ("Will the winner pay more than the jar is worth?", "overpay") in teacher.question.options
    teacher.question.value = "overpay"
    teacher.item.value = "medici-lot"
    assert ("Will the winner pay more than the lot is worth?", "overpay") in teacher.question.options
    assert teacher.question.value == "overpay"  # the choice stays
    teacher.item.value = "coin-jar"
    teacher.buttons["start"].click()
    assert auction.teacher_view(room.teacher_key).current.question == "overpay"
    assert "Predict: <b>Will the winner pay more than the jar is worth?</b>" in teacher.status.value


def test_a_members_page_seats_them_without_a_nickname_and_tells_the_class_it_is_open(auction):
    school, klass, (ada, _), room = a_class_in_a_room(auction)
    page = StudentPage(auction, code=room.code, member=ada.token)
    assert "<b>Ada</b> in room" in page.header.value and not hasattr(page, "nickname")
    again = StudentPage(auction, code=room.code, member=ada.token)
    assert again.token == page.token  # the same seat on a second visit
    with auction.store.read() as conn:
        assert conn.execute(sa.select(members.c.seen).where(members.c.id == ada.id)).scalar() is not None
    assert auction.teacher_view(room.teacher_key).nicknames == ("Ada",)


def test_a_members_page_for_a_room_of_another_class_says_why_and_seats_nobody(auction):
    school, klass, (ada, _), room = a_class_in_a_room(auction)
    other = auction.create_room("Elsewhere")
    page = StudentPage(auction, code=other.code, member=ada.token)
    assert f"The room {other.code} is not a room of your class (Economics 101)" in page.message.value
    assert "class/student.ipynb?member=" in page_text(page)
    assert auction.teacher_view(other.teacher_key).nicknames == ()


def test_presence_that_fails_never_stops_the_page(auction):
    class Failing:
        def seen(self, token):
            raise sa.exc.OperationalError("select", {}, Exception("the server went away"))

    looks = []
    presence = Presence(Failing(), "token", lambda: looks.append(1) or True, clock=iter(range(0, 1000, 5)).__next__)
    assert presence() and presence() and presence()
    assert len(looks) == 3


def test_presence_is_told_at_most_every_half_seen_every(auction):
    told = []

    class Counting:
        def seen(self, token):
            told.append(token)

    times = iter([0, 1, 2, 11, 12])
    presence = Presence(Counting(), "t", lambda: False, clock=times.__next__)
    for _ in range(5):
        presence()
    assert told == ["t", "t"]


def test_predict_then_reflect_on_the_student_and_projector_pages(auction):
    school, klass, (ada_member, ben_member), room = a_class_in_a_room(auction)
    teacher = TeacherPage(auction, room.teacher_key)
    ada = StudentPage(auction, code=room.code, member=ada_member.token)
    ben = StudentPage(auction, code=room.code, member=ben_member.token)
    projector = ProjectorPage(auction, room.code)
    teacher.low.value = teacher.high.value = 10
    teacher.noise.value = 0
    teacher.question.value = "overpay"
    teacher.buttons["start"].click()
    for page in (ada, ben):
        page.refresh()
        assert "Will the winner pay more than the jar is worth?" in page.question.value
        assert [b.description for b in page.answers.children] == ["yes", "no"]
    ada.amount.value = "12"
    ada.answers.children[0].click()  # yes
    assert ada.amount.value == "12"  # a bid being typed stays
    assert "Your prediction: <b>yes</b>" in ada.prediction.value
    ada.answers.children[1].click()  # changed her mind: no
    ada.answers.children[0].click()  # and back: the last one counts
    ben.answers.children[1].click()
    ada.bid_button.click()
    ben.amount.value = "9"
    ben.bid_button.click()
    projector.refresh()
    assert "data-answered='2'" in projector.round.value and "data-bidders='2'" in projector.round.value
    assert "data-count" not in page_text(projector)  # the counts of each answer wait for the reveal
    teacher.buttons["close"].click()
    ben.refresh()
    assert ben.answers.children == () and "Your prediction: <b>no</b>" in ben.prediction.value
    teacher.buttons["reveal"].click()
    for page in (ben, projector):
        page.refresh()
        reflect = page.reflect.value
        assert "data-answer='yes' data-count='1'" in reflect and "data-answer='no' data-count='1'" in reflect
        assert "The winner paid $12.00 for the jar, worth $10.00: the answer is yes." in reflect
    assert "Ada won at <b>$12.00</b>" in projector.round.value and "winner’s curse" in projector.round.value
    assert "data-outcome='yes'" in teacher.reflect.value


def test_the_projector_page_never_holds_a_key_or_a_token_and_nothing_on_it_acts(auction):
    school, klass, (ada_member, ben_member), room = a_class_in_a_room(auction)
    ada, ben = (auction.join_member(room.code, m.token) for m in (ada_member, ben_member))
    secrets = [room.teacher_key, klass.key, ada.token, ben.token, ada_member.token, ben_member.token]
    projector = ProjectorPage(auction, room.code)
    auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=1, question="losers")

    def check(stage):
        projector.refresh()
        text = page_text(projector)
        assert not [secret for secret in secrets if secret in text], stage
        acting = [w for w in widgets_of(projector) if isinstance(w, (W.Button, W.ValueWidget)) and
                  not isinstance(w, (W.HTML, W.Label))]
        assert acting == [], stage
        return text

    assert "Predict: <b>How many of us will bid more than the jar is worth" in check("open")
    auction.predict(ada.token, "1")
    auction.bid(ada.token, 12)
    auction.bid(ben.token, 9)
    assert "1200" not in check("bids in") and "$12.00" not in check("bids in")
    auction.close_round(room.teacher_key)
    assert "The reveal is next" in check("closed")
    auction.reveal(room.teacher_key)
    text = check("revealed")
    assert "Ben" not in text  # only the winner is named
    assert f"class/student.ipynb?code={klass.code}" in text  # where a newcomer joins the class


def test_the_projector_follows_a_clock_as_it_rises(auction):
    room = auction.create_room()
    auction.join(room.code, "Ada")
    projector = ProjectorPage(auction, room.code)
    auction.start_round(room.teacher_key, format="clock", start=4, step=1, seed=2)
    auction.raise_clock(room.teacher_key)
    projector.refresh()
    assert "Price now <b>$5.00</b>" in projector.round.value and "data-status='open'" in projector.round.value


def test_a_question_that_does_not_fit_the_round_is_refused_on_the_teachers_page(auction):
    room = auction.create_room()
    teacher = TeacherPage(auction, room.teacher_key)
    teacher.format.value = "clock"
    teacher.question.value = "shade"
    teacher.buttons["start"].click()
    assert "needs a jar of coins sold by sealed bids" in teacher.message.value
    assert auction.teacher_view(room.teacher_key).current is None


def test_a_projector_page_of_an_unknown_code_says_so(auction):
    page = ProjectorPage(auction, "ZZZZZ")
    assert "No room has the code ZZZZZ" in page.message.value
