"""Lesson 4 (the winner's curse) in Chromium: move a slider as a person would, and the chart and the sentence
under it follow; shading by the formula breaks even, as the text above the chart promises."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import POLL

pytestmark = pytest.mark.browser

LESSON = "/voila/render/medici/lessons/04-winners-curse.ipynb"
TIMEOUT = 60_000

BARS = """() => [...document.querySelectorAll('.lesson-chart rect.bar')]
    .map(r => r.getAttribute('height')).join(',')"""


def bars(page) -> str:
    """The heights of the histogram's bars, as the page draws them."""
    return page.evaluate(BARS)


def test_moving_the_noise_slider_redraws_the_winners_curse_chart(page, voila_url, page_errors, shoot):
    page.goto(voila_url + LESSON)
    chart = page.locator(".lesson-chart")
    expect(chart).to_have_count(1, timeout=TIMEOUT)
    expect(chart.locator("rect.bar").first).to_be_attached(timeout=TIMEOUT)
    readout = page.locator(".lesson-readout")
    expect(readout).to_contain_text("the winner pays", timeout=TIMEOUT)
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error" not in text
    page.wait_for_function(f"() => ({BARS})().split(',').some(h => parseFloat(h) > 0)", timeout=TIMEOUT, polling=POLL)
    before_bars, before_text = bars(page), readout.inner_text()
    assert "5 bidders" in before_text and "shade 0" in before_text and "loses money on average" in before_text
    chart.scroll_into_view_if_needed()
    shoot("lesson-04-before")

    # the keyboard on the noise slider's handle: two steps down
    handle = page.locator(".lesson-noise .noUi-handle")
    handle.focus()
    handle.press("ArrowLeft")
    handle.press("ArrowLeft")
    expect(readout).to_contain_text("within ±4", timeout=TIMEOUT)
    page.wait_for_function(f"before => ({BARS})() !== before", arg=before_bars, timeout=TIMEOUT, polling=POLL)
    assert "within ±6" in before_text

    # a click near the left end of the bidders slider's track: one bidder, no curse
    track = page.locator(".lesson-bidders .noUi-target")
    box = track.bounding_box()
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)
    expect(readout).to_contain_text("1 bidder,", timeout=TIMEOUT)
    assert bars(page) != before_bars
    chart.scroll_into_view_if_needed()
    shoot("lesson-04-after")

    # eight bidders within ±6, then the button: the shade is the formula's 4.67 and the winner breaks even
    handle = page.locator(".lesson-bidders .noUi-handle")
    handle.focus()
    for _ in range(7):
        handle.press("ArrowRight")
    expect(readout).to_contain_text("8 bidders, estimates within ±4", timeout=TIMEOUT)
    noise = page.locator(".lesson-noise .noUi-handle")
    noise.focus()
    noise.press("ArrowRight")
    noise.press("ArrowRight")
    expect(readout).to_contain_text("8 bidders, estimates within ±6, shade 0:", timeout=TIMEOUT)
    page.locator(".lesson-shade-button button, button.lesson-shade-button").first.click()
    expect(readout).to_contain_text("shade 4.67:", timeout=TIMEOUT)
    expect(readout).to_contain_text("(by the formula, the true value); the winner breaks even on average")
    chart.scroll_into_view_if_needed()
    shoot("lesson-04-shaded")
    assert page_errors == []
