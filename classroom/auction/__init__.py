"""The class auction: a teacher's room, students bidding from their own pages, the reveal of the winner's curse.

``requests`` (``ClassAuction``: what a page asks the store to do), ``views`` (what each page may read, the
projector's too, and the room's version a page looks at), ``items`` (what a round sells, and money in cents),
``questions`` (the predictions a teacher may ask before a round, and what came true). The names below are the ones
the pages use."""

from classroom.auction.items import COIN_JAR, ITEM_WORDS, ITEMS, MEDICI_LOT, cents, medici_position, money
from classroom.auction.questions import QUESTIONS, Question, answer_said
from classroom.auction.requests import ClassAuction, Room, Seat
from classroom.auction.views import (
    CLOSED,
    CSV_COLUMNS,
    OPEN,
    REVEALED,
    AuctionViews,
    Bid,
    HistoryLine,
    ProjectorView,
    RoundView,
    StudentView,
    TeacherView,
    describe_round,
    history,
    round_said,
)
from classroom.bidding import CLOCK, FIRST_PRICE, FORMAT_WORDS, FORMATS, SEALED, SECOND_PRICE
from classroom.store import Refused

__all__ = ["CLOCK", "CLOSED", "COIN_JAR", "CSV_COLUMNS", "FIRST_PRICE", "FORMATS", "FORMAT_WORDS", "ITEMS",
           "ITEM_WORDS", "MEDICI_LOT", "OPEN",
           "QUESTIONS", "REVEALED", "SEALED", "SECOND_PRICE", "AuctionViews", "Bid", "ClassAuction", "HistoryLine",
           "ProjectorView", "Question", "Refused", "Room", "RoundView", "Seat", "StudentView", "TeacherView", "cents",
           "answer_said", "describe_round", "history", "medici_position", "money", "round_said"]
