"""What a page adds for a reader with assistive technology that ipywidgets and Voilà leave out, once per page: a
name for each slider's handle (its label's words: axe-core's "ARIA input fields must have an accessible name") and
for each choice without a label (its tooltip), links told apart from their sentence by more than colour, a details'
summary a target of at least 24 pixels, an accordion's title and the warning, information and success buttons in
a contrast of at least 4.5:1, no box that scrolls by a pixel where a keyboard could not follow, the page's
scrolled body reachable by the keyboard, a focus seen (a thick outline), the live regions read out as they change
(``bg-announce``, unseen; ``bg-live``, a verdict seen), each bqplot figure an image named by its title and axes,
and Enter in a move box (``bg-move-box``) playing the move typed. A script written as the running cell's own output,
as the page's ``<html lang>`` is (``widgets.runtime.language``)."""

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
    + ' .jupyter-widgets input:focus-visible, .jupyter-widgets select:focus-visible,'
    + ' .jupyter-widgets textarea:focus-visible {outline-style: solid !important; outline-color: #1c3fcc !important}'
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
  const regions = '.bg-announce:not([aria-live]), .bg-live:not([aria-live])';
  const live = () => document.querySelectorAll(regions).forEach(region => {
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
  });
  // Enter in a move box plays the move typed: the box's words go to the kernel with a mark at their end
  // (widgets.shell.keyboard.ENTERED), in the box's own message, so that they cannot arrive after the wish to play
  // them (a click on another widget may overtake a text box's last words, which ipywidgets holds back while its
  // previous ones are under way). Heard on the way down (the text box stops the key on its way up), and once the
  // choice picked from the box's list is in.
  document.addEventListener('keydown', event => {
    const input = event.key === 'Enter' && event.target.closest && event.target.closest('.bg-move-box')
      && event.target.closest('.bg-move-box').querySelector('input');
    if (!input) return;
    setTimeout(() => {
      input.value = input.value + '\u2063';
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }, 0);
  }, true);
  // a chart or a board drawn by bqplot is an image named by its title and its axes' labels (a board's own buttons,
  // a chart's numbers, are in the page beside it)
  const charts = () => document.querySelectorAll('.bqplot.figure svg.svg-figure').forEach(svg => {
    const said = node => (node && node.textContent.trim()) || '';
    const axes = [...svg.querySelectorAll('.axislabel')].map(said).filter(Boolean).join(', ');
    const words = [said(svg.querySelector('.mainheading')), axes].filter(Boolean).join(': ');
    if (!words || svg.getAttribute('aria-label') === words) return;
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', words);
  });
  const body = document.getElementById('rendered_cells');  // Voila's page: it scrolls, so a keyboard must reach it
  if (body && !body.hasAttribute('tabindex')) body.setAttribute('tabindex', '0');
  new MutationObserver(() => { name(); choices(); live(); charts(); })
    .observe(document.body, {childList: true, subtree: true});
  live();
  choices();
  name();
  // the board as buttons (widgets.kit.key_grid): each button named by its tooltip, one Tab stop for the grid (the
  // button last focused, else the first), the arrow keys moving within it (Home, End: a row's ends), a square where
  // nothing may be done now told as such; the toggle says whether it is pressed
  const squares = grid => [...grid.querySelectorAll('button.bg-key-square')];
  const rove = grid => {
    const buttons = squares(grid);
    if (!buttons.length) return;
    if (!buttons.includes(grid.bgCurrent)) grid.bgCurrent = buttons[0];
    buttons.forEach(b => {
      const title = b.getAttribute('title') || '';
      if (title && b.getAttribute('aria-label') !== title) b.setAttribute('aria-label', title);
      const idle = b.classList.contains('bg-key-idle');
      if (idle !== (b.getAttribute('aria-disabled') === 'true')) {
        if (idle) b.setAttribute('aria-disabled', 'true'); else b.removeAttribute('aria-disabled');
      }
      const tab = b === grid.bgCurrent ? '0' : '-1';
      if (b.getAttribute('tabindex') !== tab) b.setAttribute('tabindex', tab);
    });
  };
  const pressed = toggle => {
    const on = toggle.classList.contains('mod-active') ? 'true' : 'false';
    if (toggle.getAttribute('aria-pressed') !== on) toggle.setAttribute('aria-pressed', on);
  };
  const keyGrids = () => {
    document.querySelectorAll('.bg-key-squares').forEach(grid => {
      if (!grid.bgWatched) {  // a button redrawn (its title, its class) loses its tabindex: given back at once
        grid.bgWatched = true;
        grid.setAttribute('role', 'group');
        const toggle = grid.closest('.bg-key-grid') && grid.closest('.bg-key-grid').querySelector('.bg-key-toggle');
        if (toggle) grid.setAttribute('aria-label', toggle.textContent.trim());
        new MutationObserver(() => rove(grid)).observe(grid, {attributes: true, subtree: true, childList: true,
                                                             attributeFilter: ['title', 'class', 'tabindex']});
      }
      rove(grid);
    });
    document.querySelectorAll('.bg-key-toggle').forEach(toggle => {
      if (!toggle.bgWatched) {
        toggle.bgWatched = true;
        new MutationObserver(() => pressed(toggle)).observe(toggle, {attributes: true, attributeFilter: ['class']});
      }
      pressed(toggle);
    });
  };
  document.addEventListener('focusin', event => {
    const button = event.target.closest && event.target.closest('button.bg-key-square');
    const grid = button && button.closest('.bg-key-squares');
    if (grid && grid.bgCurrent !== button) { grid.bgCurrent = button; rove(grid); }
  });
  document.addEventListener('keydown', event => {
    const button = event.target.closest && event.target.closest('button.bg-key-square');
    const grid = button && button.closest('.bg-key-squares');
    if (!grid || event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = squares(grid);
    const i = buttons.indexOf(button);
    const cols = /(?:^|\\s)bg-cols-(\\d+)/.exec(grid.className);
    const n = cols ? Number(cols[1]) : buttons.length;  // a list of places: one long row
    const start = i - i % n;
    const to = {ArrowLeft: cols && i === start ? i : i - 1, ArrowRight: cols && i === start + n - 1 ? i : i + 1,
                ArrowUp: cols ? i - n : i - 1, ArrowDown: cols ? i + n : i + 1,
                Home: start, End: Math.min(start + n, buttons.length) - 1}[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const next = buttons[to];
    if (next && next !== button) { grid.bgCurrent = next; rove(grid); next.focus(); }
  }, true);
  new MutationObserver(keyGrids).observe(document.body, {childList: true, subtree: true});
  keyGrids();
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
