"""What a page adds for a reader with assistive technology that ipywidgets and Voilà leave out, once per page: a
name for each slider's handle (its label's words: axe-core's "ARIA input fields must have an accessible name") and
for each choice without a label (its tooltip), links told apart from their sentence by more than colour, a details'
summary a target of at least 24 pixels, an accordion's title and the warning, information and success buttons in
a contrast of at least 4.5:1, no box that scrolls by a pixel where a keyboard could not follow, and the page's
scrolled body reachable by the keyboard. A script written as the running cell's own
output, as the page's ``<html lang>`` is (``widgets.runtime.language``)."""

from __future__ import annotations

SCRIPT = """(() => {
  if (window.bgAccessible) return;
  window.bgAccessible = true;
  const style = document.createElement('style');
  style.textContent = '.jp-RenderedMarkdown a, .jp-RenderedHTMLCommon a {text-decoration: underline}'
    + ' details > summary {padding: 4px 0} .jupyter-widget-Collapse-header {color: #495057}'
    + ' .jupyter-button.mod-warning {background-color: #a75400} .jupyter-button.mod-info {background-color: #00707c}'
    + ' .jupyter-button.mod-success {background-color: #2e7d32}'
    + ' .bg-hint-panel, .bg-metropolis-board .widget-box {overflow: visible}';
  document.head.appendChild(style);
  const name = () => document.querySelectorAll('.noUi-handle:not([aria-label])').forEach(handle => {
    const box = handle.closest('.widget-slider');
    const label = box && box.querySelector('.widget-label');
    const words = (label && label.textContent.trim()) || (box && box.getAttribute('title')) || '';
    if (words) handle.setAttribute('aria-label', words);
  });
  const choices = () => document.querySelectorAll('.widget-dropdown select:not([aria-label])').forEach(select => {
    const box = select.closest('.widget-dropdown');
    const label = box.querySelector('.widget-label');
    if (label && label.textContent.trim() && label.offsetParent !== null) return;  // its label names it
    const words = box.getAttribute('title') || '';
    if (words) select.setAttribute('aria-label', words);
  });
  const body = document.getElementById('rendered_cells');  // Voila's page: it scrolls, so a keyboard must reach it
  if (body && !body.hasAttribute('tabindex')) body.setAttribute('tabindex', '0');
  new MutationObserver(() => { name(); choices(); }).observe(document.body, {childList: true, subtree: true});
  choices();
  name();
})();"""
_TOLD = [False]


def in_a_kernel() -> bool:
    """Whether this runs in a page's kernel (which has a browser to tell), not in a plain Python process."""
    from IPython import get_ipython

    return getattr(get_ipython(), "kernel", None) is not None


def make_page_accessible() -> None:
    """Add the page's accessibility helpers (``SCRIPT``), once per kernel, as the running cell's output."""
    if _TOLD[0] or not in_a_kernel():
        return
    from IPython.display import Javascript, display

    _TOLD[0] = True
    display(Javascript(SCRIPT))
