"""The class auction's pages: the teacher's (``teacher.TeacherPage``) and a student's (``student.StudentPage``),
each reading the class store through ``classroom.views`` and checking it about once a second; ``picture`` draws
a revealed round, ``shared`` holds what both pages use."""

from widgets.classpages.auction.student import StudentPage, student_page
from widgets.classpages.auction.teacher import TeacherPage, teacher_page

__all__ = ["StudentPage", "TeacherPage", "student_page", "teacher_page"]
