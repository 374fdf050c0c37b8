"""One package per game's view, the same files in all four: ``__init__`` (the names the app shell and the
notebooks read, see ``widgets.kit.protocol``), ``board`` (the board), ``controls`` (the move controls), and what
only that game has (Medici's advice panel and lesson charts, Marco Polo's panels)."""
