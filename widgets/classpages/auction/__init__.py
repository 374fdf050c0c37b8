"""The class auction's pages: the teacher's (``teacher.TeacherPage``), a student's (``student.StudentPage``) and
the projector's (``projector.ProjectorPage``: no key, nothing to click), each reading the class store through
``classroom.auction``'s views and looking at the room's version twice a second; ``picture`` draws a revealed round,
``shared`` holds what the pages use."""

from widgets.classpages.auction.projector import ProjectorPage, projector_page
from widgets.classpages.auction.student import StudentPage, student_page
from widgets.classpages.auction.teacher import TeacherPage, teacher_page

__all__ = ["ProjectorPage", "StudentPage", "TeacherPage", "projector_page", "student_page", "teacher_page"]
