"""Jupyter widgets for the boardgames engines, one room a job:

- ``widgets.kit``: the view contract (``protocol``), the registry of views and the drawing kit (figures, marks,
  palette, board controls) every game's view is built with;
- ``widgets.games.<game>``: one package per game, the same files in all four (``board``, ``controls``, and what
  only that game has);
- ``widgets.shell``: ``GameApp``, the app every game shares (seats, log, undo, replay, hints, saves), and
  ``dashboard``, the app as the play notebooks show it;
- ``widgets.notebook``: what the rules notebooks call (``say``, ``table``, ``log``, ``board``, ``play``);
- ``widgets.runtime``: what a served page needs (its address and query, waiting for its request, the loop that
  runs slow work and polls);
- ``widgets.classpages``: the class's pages (the auction's, the game tables').

The widgets read the engine and never change a rule.
"""
