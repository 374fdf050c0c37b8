"""What a page adds for a reader with assistive technology that ipywidgets and Voilà leave out, once per page: a
name for each slider's handle (its label's words: axe-core's "ARIA input fields must have an accessible name") and
for each choice without a label (its tooltip), links told apart from their sentence by more than colour, a details'
summary a target of at least 24 pixels, an accordion's title and the warning, information and success buttons in
a contrast of at least 4.5:1, no box that scrolls by a pixel where a keyboard could not follow, the page's
scrolled body reachable by the keyboard, a focus seen (a thick outline), the live regions (``bg-announce``: unseen,
read out as they change) and Enter in a move box (``bg-move-box``) playing the move typed. A script written as the running cell's own
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
    + ' .bg-hint-panel, .bg-metropolis-board .widget-box {overflow: visible}'
    + ' :focus-visible {outline: 3px solid #1c3fcc !important; outline-offset: 1px}'
    + ' .bg-announce {position: absolute !important; width: 1px; height: 1px; overflow: hidden;'
    + ' clip: rect(0 0 0 0); white-space: nowrap}';
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
  // what a screen reader says as it happens: a move, whose turn it is, a refusal, a verdict
  const live = () => document.querySelectorAll('.bg-announce:not([aria-live])').forEach(region => {
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
  });
  // Enter in a move box plays the move typed (its Play button), once the choice picked from its list is in
  // (the text box stops the key on its way up: heard on the way down)
  document.addEventListener('keydown', event => {
    const box = event.key === 'Enter' && event.target.closest && event.target.closest('.bg-move-box');
    const entry = box && box.closest('.bg-move-entry');
    const play = entry && entry.querySelector('.bg-move-typed');
    if (play) setTimeout(() => play.click(), 0);
  }, true);
  const body = document.getElementById('rendered_cells');  // Voila's page: it scrolls, so a keyboard must reach it
  if (body && !body.hasAttribute('tabindex')) body.setAttribute('tabindex', '0');
  new MutationObserver(() => { name(); choices(); live(); }).observe(document.body, {childList: true, subtree: true});
  live();
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
