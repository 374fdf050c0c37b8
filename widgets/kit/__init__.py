"""The view contract and the drawing kit every game's view is built with: ``protocol`` (what a view provides),
``registry`` (which view shows which game), ``figures`` (a board's bqplot figure), ``marks`` (outlining a suggested
move), ``palette`` (the seats' colours) and ``controls`` (controls that take a board's clicks)."""
