"""Game tables: one game played by classmates from their own pages.

``requests`` (``GameTables``: create a table, open a link, take a seat, store a move, take it back, hand a seat to
a bot) and ``views`` (what every page of a table may read, the table's version a page looks at, the teacher's
overview). The names below are the ones the pages use."""

from classroom.store import Refused
from classroom.tables.requests import GameTables, NewTable, Sitting
from classroom.tables.views import CLASSMATE, HUMAN_KINDS, OWNER, SeatLine, TableLine, TableView, TableViews, catch_up

__all__ = ["CLASSMATE", "HUMAN_KINDS", "OWNER", "GameTables", "NewTable", "Refused", "SeatLine", "Sitting",
           "TableLine", "TableView", "TableViews", "catch_up"]
