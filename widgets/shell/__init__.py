"""The app shell every game shares, one job per module: ``app`` (``GameApp``), ``setup_form`` (the new-game
form), ``bots`` (the bot runner), ``chart`` (the score chart), ``log`` (the log), ``end_panel`` (the end
panel and ``ranking``), ``messages`` (the sentence under the status line), ``hint`` ("Suggest a move"),
``notes`` (the hints asked and the bots' reasons, for the log), ``dashboard`` (the app as the play
notebooks show it), ``address`` (what a dashboard's address asks for)."""

from widgets.shell.address import follow_address
from widgets.shell.app import GameApp
from widgets.shell.bots import HUMAN, BotRunner, default_level, in_kernel
from widgets.shell.chart import ScoreChart
from widgets.shell.dashboard import dashboard
from widgets.shell.end_panel import EndPanel, end_panel_html, ordinal, ranking
from widgets.shell.log import LogView
from widgets.shell.setup_form import SetupForm

__all__ = ["HUMAN", "BotRunner", "EndPanel", "GameApp", "LogView", "ScoreChart", "SetupForm", "dashboard",
           "default_level", "end_panel_html", "follow_address", "in_kernel", "ordinal", "ranking"]
