"""Game tables: one game played by classmates from their own pages, at a table of no class or of a class.

``requests`` (``GameTables``: create a table, open a link, take a seat, store a move, take it back, hand a seat to
a bot; for a class's teacher, hand a seat to a bot and end a table) and ``views`` (what every page of a table may
read, the table's version a page looks at, the overview of the tables of no class or of one class, a member's
seats). The names below are the ones the pages use."""

from classroom.store import Refused
from classroom.tables.requests import GameTables, NewTable, Sitting
from classroom.tables.views import (
    CLASSMATE,
    HUMAN_KINDS,
    OWNER,
    MemberSeat,
    SeatLine,
    TableLine,
    TableView,
    TableViews,
    catch_up,
    ended_sentence,
)

__all__ = ["CLASSMATE", "HUMAN_KINDS", "OWNER", "GameTables", "MemberSeat", "NewTable", "Refused", "SeatLine",
           "Sitting", "TableLine", "TableView", "TableViews", "catch_up", "ended_sentence"]
