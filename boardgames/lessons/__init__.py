"""The numbers behind the classroom lessons, one sub-package per game: ``boardgames.lessons.medici`` (what is
a lot worth?). A game's lessons import its engine and numpy; no engine imports them."""
