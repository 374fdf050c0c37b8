"""Your first game: one scripted game per game against bots, in which the guide asks each move of the learner.

``FirstGame(game)`` sets up the game's one scripted game (``FIRST_GAMES[game]``, its teaching description's
``first_game``: its seed, its seats, the learner's seat and the bots' level). On each turn of the learner ``step()``
names ONE move, the game's expert's best there, judged in a world determinized for the learner (seeded from what the
learner can see, as hints are), so the script is the same every time; it says what the move does, in the game's words,
and why (the expert's reason), and names the rule it is about (each game's teaching description,
``boardgames.core.teaching``, written with the game's guide, ``boardgames.<game>.guide``, maps each kind of move to a
rule id of the engine's RULES). ``try_move`` plays that move and refuses any other with a friendly sentence (an illegal
one with the engine's own refusal and its rule id); a refusal changes nothing. ``bot_turn()`` plays the next bot's move
and tells it from the engine's events as the learner's seat may read them, with the bot's reason where it reads no
secret (the engine's ``keeps_secrets``). ``scoring()`` explains the final scoring line by line from the engine's scoring
events, how each seat's score adds up, the winner and the tie-break. ``restart()`` goes back to the top.

The script is worked out once per process and shared (``script(game)``): a step or a bot's move asked again, or
after a restart, costs nothing. ``learner_steps(game)`` counts the learner's moves in it.

Modules: ``game`` (the set-ups, the steps, the script, ``FirstGame``), ``words`` (what a move does, its rule, the
experts' reasons made plain), ``scoring`` (the final scoring explained); no game is named here.
"""

from boardgames.guided.game import (
    FIRST_GAMES,
    FirstGame,
    Narration,
    Ply,
    Script,
    Setup,
    Step,
    Verdict,
    expert_choice,
    forget,
    learner_steps,
    make_step,
    narrate,
    script,
)
from boardgames.guided.scoring import final_scoring, winning_line, winning_said
from boardgames.guided.words import rule_of, what_it_does

__all__ = ["FIRST_GAMES", "FirstGame", "Narration", "Ply", "Script", "Setup", "Step", "Verdict", "expert_choice",
           "final_scoring", "forget", "learner_steps", "make_step", "narrate", "rule_of", "script",
           "what_it_does", "winning_line", "winning_said"]
