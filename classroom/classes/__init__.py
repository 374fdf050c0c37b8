"""A class: one teacher's page across the class's auction rooms, game tables and practice.

``identity`` (who is who: ``NewClass``, ``Member``, the lookups of a teacher's key and a member's token, which the
activities share), ``requests`` (``Classes``: create a class, join it, a member's page open), ``views`` (what the
class page reads behind the teacher's key, and its one-query stamp), ``published`` (the published result the
class's coin-jar auctions are set beside), ``export`` (the class as a workbook and as CSV files for a gradebook).
The names below are the ones the pages use."""

from classroom.classes.identity import HERE_NOW, SEEN_EVERY, Member, NewClass
from classroom.classes.requests import NICKNAME_LENGTH, Classes
from classroom.classes.views import (
    DONE,
    FIRST_TRY,
    MISSED,
    ClassFront,
    ClassView,
    ClassViews,
    MemberLine,
    MemberRoom,
    Participation,
    PracticeGrid,
    PracticeLine,
    RoomLine,
    RoundLine,
)
from classroom.store import Refused

__all__ = ["DONE", "FIRST_TRY", "HERE_NOW", "MISSED", "NICKNAME_LENGTH", "SEEN_EVERY", "ClassFront", "ClassView",
           "ClassViews", "Classes", "Member", "MemberLine", "MemberRoom", "NewClass", "Participation", "PracticeGrid",
           "PracticeLine", "Refused", "RoomLine", "RoundLine"]
