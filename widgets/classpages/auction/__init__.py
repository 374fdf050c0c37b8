"""The class auction's pages: the teacher's (``teacher.TeacherPage``) and a student's (``student.StudentPage``),
each reading the class store through ``classroom.auction``'s views and looking at the room's version twice a
second; ``picture`` draws a revealed round, ``shared`` holds what both pages use."""

from widgets.classpages.auction.student import StudentPage, student_page
from widgets.classpages.auction.teacher import TeacherPage, teacher_page

__all__ = ["StudentPage", "TeacherPage", "student_page", "teacher_page"]
