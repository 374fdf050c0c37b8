"""Practice in the rules notebooks in Japanese (``*.ja.ipynb``), in Voilà with the code hidden, for every game: an
exercise answered wrong (the engine's refusal or the worked answer, in red, "Try again"), then right (green, counted
in the notebook's progress), then "Another one" (the same kind from the next seed). Which answer is right is worked
out here, in Python, from the same seed the page drew from (``BOARDGAMES_SEED``): ``draw(kind, seed)``, and its words
in Japanese from the same messages. The notebook's page is first read as a learner reads it
(``support.notebook_pages``): each game's boards and exercises drawn, no repr, no code; and at each step no word of
Latin letters is left on it but the seats' names (the English notebooks' exercises are read in-process,
``tests/widgets/``)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import DASHBOARD_SEED as SEED
from support.browser import POLL, SCREENSHOTS, TIMEOUT, english_left, whole_page
from support.notebook_pages import NOTEBOOKS, read_as_a_learner

import boardgames
from boardgames.core.message import say, say_n
from boardgames.practice import draw
from boardgames.teaching import rules_notebooks
from boardgames.translation import words

pytestmark = pytest.mark.browser
PRACTISE_CALL = re.compile(r"""practise\(\s*["']([\w.-]+)["']\s*\)""")
LANGUAGE = "ja"
NAMES = ("Ada", "Ben", "Cleo", "Dan")


def ja(said) -> str:
    return words(said, LANGUAGE)


def exercise_to_answer(game: str) -> tuple[str, str]:
    """The first exercise of ``game``'s rules notebooks in Japanese answered by a choice (with a wrong one to pick),
    in a notebook as short as can be: (the notebook's path under notebooks/, the kind)."""
    found = []
    for notebook in rules_notebooks(game, language=LANGUAGE):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        calls = [kind for cell in cells if cell["cell_type"] == "code"
                 for kind in PRACTISE_CALL.findall("".join(cell["source"]))]
        for kind in calls:
            exercise = draw(kind, SEED)
            if len(exercise.choices) > len(exercise.right_answers()) > 0:
                found.append((len(cells), f"{game}/{notebook.name}", kind))
                break
    assert found, f"no exercise of notebooks/{game}/ is answered by choosing"
    _, path, kind = min(found)
    return path, kind


def shot(page, exercise, name: str) -> None:
    """A picture of the window with the exercise at its top."""
    exercise.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_an_exercise_is_answered_wrong_then_right_and_another_one_is_drawn(game, page, voila_url, page_errors):
    path, kind = exercise_to_answer(game)
    exercise = draw(kind, SEED)
    right = exercise.right_answers()
    wrong = next(c for c in exercise.choices if c not in right)
    page.goto(f"{voila_url}/voila/render/{path}", timeout=TIMEOUT)
    read_as_a_learner(page, NOTEBOOKS / path)  # the game's boards and exercises drawn, no repr, no code
    question = ja(exercise.question_said or exercise.question)
    page.locator(".bg-exercise-question", has_text=question).first.wait_for(timeout=TIMEOUT)
    index = page.locator(".bg-exercise").evaluate_all(
        "(all, q) => all.findIndex(e => e.querySelector('.bg-exercise-question').innerText.includes(q))", question)
    widget = page.locator(".bg-exercise").nth(index)  # this one, whatever question it asks next
    assert "Traceback" not in page.content() and "object at 0x" not in page.content()

    assert english_left(page, NAMES) == {}

    def click(choice) -> None:
        label = ja(choice.said or choice.label)
        widget.locator(".bg-exercise-choice").filter(has_text=re.compile(f"^{re.escape(label)}$")).click()

    def told(feedback) -> str:
        return ja(feedback.said or feedback.text)

    click(wrong)
    verdict = widget.locator(".bg-exercise-feedback [data-right]")
    verdict.wait_for(timeout=TIMEOUT)
    assert verdict.get_attribute("data-right") == "false"
    live = widget.locator(".bg-exercise-feedback")  # a screen reader reads the verdict out as it comes
    assert (live.get_attribute("role"), live.get_attribute("aria-live")) == ("status", "polite")
    assert told(exercise.answer(wrong)) in verdict.inner_text() and ja(say("Try again.")) in verdict.inner_text()
    assert english_left(page, NAMES) == {}
    shot(page, widget, f"practice-{game}-wrong")

    click(right[0])
    widget.locator(".bg-exercise-feedback [data-right='true']").wait_for(timeout=TIMEOUT)
    assert told(exercise.answer(right[0])) in verdict.inner_text()
    progress = widget.locator(".bg-exercise-progress")  # redrawn just after the verdict: a message of its own
    shown = ja(say_n("{done} of {n} exercise done", "{done} of {n} exercises done", 987, done=1))
    expect(progress).to_have_text(re.compile(re.escape(shown).replace("987", r"\d+")), timeout=TIMEOUT)
    assert english_left(page, NAMES) == {}  # nor "progress is not kept"
    no_grave_violation(page)
    shot(page, widget, f"practice-{game}-right")

    widget.locator(".bg-exercise-another").click()
    after = draw(kind, SEED + 1)
    page.wait_for_function("e => !e.querySelector('.bg-exercise-feedback [data-right]')", arg=widget.element_handle(),
                           timeout=TIMEOUT, polling=POLL)
    assert ja(after.question_said or after.question) in widget.locator(".bg-exercise-question").inner_text()
    labels = [b.strip() for b in widget.locator(".bg-exercise-choice").all_inner_texts()]
    assert labels == [ja(c.said or c.label) for c in after.choices]
    assert english_left(page, NAMES) == {}
    shot(page, widget, f"practice-{game}-another")
    whole_page(page)  # the whole notebook, as a Japanese learner reads it
    page.screenshot(path=str(SCREENSHOTS / f"notebook-{game}-ja.png"))
    assert not page_errors, page_errors
