"""Jupyter widgets for the boardgames engines, one room a job:

- ``widgets.kit``: the view contract (``protocol``), the registry of views and the drawing kit (figures, marks,
  palette, board controls) every game's view is built with;
- ``widgets.games.<game>``: one package per game, the same files in all four (``board``, ``controls``, and what
  only that game has);
- ``widgets.shell``: ``GameApp``, the app every game shares (seats, log, undo, replay, hints, saves); it knows no
  store: a table of classmates is a small protocol it is handed (``widgets.shell.table_link``);
- ``widgets.notebook``: what the rules notebooks call (``say``, ``table``, ``log``, ``board``, ``play``);
- ``widgets.runtime``: what a served page needs (its address and query, the one runner of its background work, the
  one error guard, the poller);
- ``widgets.classpages``: the class's pages (the auction's, the game tables');
- ``widgets.dashboard``: the app as the play notebooks show it, the shell with the class store's tables.

The widgets read the engine and never change a rule.
"""
