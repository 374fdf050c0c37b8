"""The app shell every game shares, knowing no store, one job per module: ``app`` (``GameApp``), ``setup_form`` (the
new-game form), ``bots`` (the bot runner), ``chart`` (the score chart), ``log`` (the log), ``end_panel`` (the end
panel and ``ranking``), ``messages`` (the sentence under the status line), ``hint`` ("Suggest a move"), ``notes``
(the hints asked and the bots' reasons, for the log), ``saves`` (save, load, links), ``table_link`` (what the shell
needs of a table of classmates, handed to it), ``address`` (what a dashboard's address asks for), ``exercise`` (the
one exercise widget: practice, a review's Try again), ``review`` (a game's review). The dashboard the
play notebooks show, the shell with the class store's tables, is ``widgets.dashboard``."""

from widgets.shell.address import follow_address
from widgets.shell.app import GameApp
from widgets.shell.bots import HUMAN, BotRunner, default_level
from widgets.shell.chart import ScoreChart
from widgets.shell.end_panel import EndPanel, end_panel_html, ordinal, ranking
from widgets.shell.log import LogView
from widgets.shell.setup_form import SetupForm

__all__ = ["HUMAN", "BotRunner", "EndPanel", "GameApp", "LogView", "ScoreChart", "SetupForm", "default_level",
           "end_panel_html", "follow_address", "ordinal", "ranking"]
