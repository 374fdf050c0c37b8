"""What every game shares: the protocol (``protocol``), save documents (``saves``), setting a game up
(``setup``), a game's history (``match``), the English of the event logs (``english``) and
sentences as data (``message``)."""

from boardgames.core.english import and_list, article, as_written, ordinal, plural, spelling, who_wins
from boardgames.core.match import Match, load
from boardgames.core.message import Listed, Message, Said, english, listed, say, say_n, term
from boardgames.core.protocol import (
    RULE_GAME_OVER,
    RULE_NOT_A_MOVE,
    RULE_NOT_NOW,
    Event,
    GameModule,
    GameState,
    IllegalMove,
    Seated,
    events_seen_from,
    turn_refusal,
)
from boardgames.core.saves import (
    FORMAT,
    VERSION,
    Reader,
    check_int,
    check_list,
    check_text,
    damaged,
    envelope,
    open_envelope,
    state_document,
    why,
)
from boardgames.core.setup import DEFAULT_NAMES, Spec, Table, check_flags, new_table, read_table, seat_names

__all__ = [
    "DEFAULT_NAMES", "FORMAT", "RULE_GAME_OVER", "RULE_NOT_A_MOVE", "RULE_NOT_NOW", "VERSION",
    "Event", "GameModule", "GameState", "IllegalMove", "Listed", "Match", "Message", "Reader", "Said", "Seated",
    "Spec", "Table", "and_list", "article", "as_written", "check_flags", "check_int", "check_list", "check_text",
    "damaged", "english", "envelope", "events_seen_from", "listed", "load", "new_table", "open_envelope", "ordinal",
    "plural", "read_table", "say", "say_n", "seat_names", "spelling", "state_document", "term", "turn_refusal",
    "who_wins", "why",
]
