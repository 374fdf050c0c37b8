"""The class's pages: the class page (``teacher.ClassPage``, behind the class's key: here now and the roster, the
tables, the auction, predict then reflect, the practice grid, the export), a student's class page
(``student.StudentClassPage``: join once, then a personal link to their rooms, tables and practice) and the class's
projector view (``projector.ProjectorPage``: no key, nothing that acts). Each reads the class store through
``classroom.classes`` and its activities' views."""

from widgets.classpages.classes.projector import ProjectorPage, projector_page
from widgets.classpages.classes.student import StudentClassPage, student_class_page
from widgets.classpages.classes.teacher import ClassPage, class_page

__all__ = ["ClassPage", "ProjectorPage", "StudentClassPage", "class_page", "projector_page", "student_class_page"]
