"""Practice: a learner's answers to the exercises of the rules notebooks (``boardgames.practice``), kept in the
class store under the learner (this machine's, or a class's identity).

``requests`` (``PracticeRecord.keep``/``answered``: an answer stored; ``local_learner``, ``class_learner``: whose;
``open_record``: the record a notebook's exercises use) and
``views`` (a learner's answers, their record per exercise kind, the kinds done). The names below are the ones the
pages use."""

from classroom.practice.requests import LEARNER_FILE, PracticeRecord, class_learner, local_learner, open_record
from classroom.practice.views import Answer, KindLine, PracticeViews

__all__ = ["LEARNER_FILE", "Answer", "KindLine", "PracticeRecord", "PracticeViews", "class_learner",
           "local_learner", "open_record"]
