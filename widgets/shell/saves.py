"""The app's save row: "Save" makes a download of the game so far (``bg-save``; the file's link ``bg-save-file``),
"Load a game" reads a save file back (``bg-load``), and "Copy link" shows an address that opens the position on
screen (``bg-copy-link``; the address in a read-only field ``bg-link-text`` and as a link ``bg-link``, in the box
``bg-link-box``).

A save file holds the whole game, the cards nobody has seen included, so the page holds it only once its player
asks for it, and only until the game moves on: before that no hidden card is in the page, not even out of sight.

A file or a link is read whole and checked by the engine before anything changes: a damaged, foreign or
wrong-game one is refused with the engine's own sentence, and the game on screen stays as it was. A link never
holds a card its player could not see (``boardgames.core.links``). At a table of the class store the page keeps
its table's game: it offers neither a save (the file would hold the classmates' cards) nor a load.
"""

from __future__ import annotations

import html
import json
import urllib.parse
from typing import Any

import ipywidgets as W

from boardgames import Match, load
from boardgames.core import check_int, open_envelope
from boardgames.core.links import from_link, hides_nothing, position_link
from boardgames.core.message import english, listed, say
from widgets.runtime.address import page_address
from widgets.runtime.language import on_language, show, shown
from widgets.shell.bots import HUMAN
from widgets.shell.messages import ERROR, INFO
from widgets.shell.table_link import CLASSMATE

MAX_SAVE_BYTES = 2_000_000  # a save of a long game is some tens of kilobytes
LINK = "color:#1864ab;text-decoration:underline;font-weight:bold"
BOX = ("font-size:13px;line-height:1.4;padding:4px 6px;margin-top:4px;background:#f1f3f5;border-left:4px solid #1864ab;"
       "box-sizing:border-box")
# The upload button would read "Load a game (0)": it counts the files chosen. Its own text is hidden and the
# label drawn in its place (sent again in another language: a new <style> element makes the page restyle itself).
STYLE = ("<style>.bg-load{{font-size:0 !important}}"
         ".bg-load::before{{content:'\u2b06 {label}';font-size:var(--jp-widgets-font-size,13px)}}</style>")


def load_style() -> str:
    """The style that draws the upload button's label, "Load a game", in the page's language."""
    label = shown(say("Load a game")).replace("\\", "\\\\").replace("'", "\\'")
    return STYLE.format(label=label)


class SaveRefused(ValueError):
    """A save file this page refuses: ``said`` says why (a message, for the page); the exception's text is its
    English."""

    def __init__(self, said: Any) -> None:
        super().__init__(english(said))
        self.said = said


def reason_said(exc: BaseException) -> Any:
    """Why a file or a link was refused, for the page: the message of a refusal that has one, else the engine's
    English sentence."""
    return getattr(exc, "said", None) or str(exc)


def play_page(game: str) -> str:
    """The page (under ``notebooks/``) of ``game``'s dashboard, where its links open."""
    return f"{game}/play"


def own_seats(seats: Any) -> list[str] | None:
    """The seats of a game this page plays alone: a classmate's seat (a table's) becomes a human one."""
    return None if seats is None else [HUMAN if s == CLASSMATE else s for s in seats]


def read_save(text: str | bytes, game: str) -> tuple[Match, list[str] | None, int]:
    """The match a save file holds, its seats (None when it has none) and the moves played before its start; a
    file that is damaged, foreign or of another game than ``game`` raises ValueError with the engine's sentence (a
    ``SaveRefused``, with a message for the page, for a file too big or with seats it cannot have)."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveRefused(say("the file is {size} kB, far more than a save of a game", size=len(text) // 1000))
    doc = open_envelope(text, game=game)
    loaded = load(text)
    match = loaded if isinstance(loaded, Match) else Match(loaded)
    players = match.state.players
    seats = doc.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or not all(isinstance(s, str) for s in seats)):
        raise SaveRefused(say("document.seats must be {players} seats, one a seat ('human' or a bot level)",
                              players=players))
    before = check_int(doc.get("moves_before", 0), "document.moves_before", 0)
    return match, own_seats(seats), before


class SaveRow(W.VBox):
    """The save row under the replay: Save, Load a game, Copy link, and the box that shows a copied link."""

    def __init__(self, app: Any) -> None:
        super().__init__(layout=W.Layout(margin="4px 0 0 0"))
        self.app = app
        self.save_button = W.Button(icon="download", layout=W.Layout(width="auto"))
        show(self.save_button, "description", say("Save"))
        show(self.save_button, "tooltip", say("A file of the game so far, for Load a game to read back"))
        self.save_button.add_class("bg-save")
        self.save_button.on_click(app._guard(lambda _: self.make_save()))
        self.save_file = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   layout=W.Layout(width="auto", min_width="120px"))
        show(self.upload, "description", say("Load a game"))
        show(self.upload, "tooltip", say("Load a game saved here before (a .json file)"))
        self.upload.add_class("bg-load")
        self.upload.observe(app._guard(self._on_upload), "value")
        self.copy_button = W.Button(icon="link", layout=W.Layout(width="auto"))
        show(self.copy_button, "description", say("Copy link"))
        show(self.copy_button, "tooltip", say("An address that opens this position, as you see it"))
        self.copy_button.add_class("bg-copy-link")
        self.copy_button.on_click(app._guard(lambda _: self.show_link()))
        self.link_box = W.HTML(layout=W.Layout(display="none", width="100%"))
        self.link_box.add_class("bg-link-box")
        buttons = W.HBox([self.save_button, self.upload, self.copy_button], layout=W.Layout(align_items="center"))
        self.style = show(W.HTML(layout=W.Layout(display="none")), "value", load_style)
        self.children = [self.style, buttons, self.save_file, self.link_box]
        self._saved: tuple | None = None  # the game and move of the file the page holds (None: it holds none)
        self._linked: tuple | None = None
        self.address = ""  # the last address shown ("" when none is)
        self._save_name, self._data = "", ""  # the name of the file the page holds and its content, quoted
        self._link_said: Any = None  # what the link box says of the address shown
        app.on_change.append(self.follow)
        on_language(self._language_changed)

    def _language_changed(self) -> None:
        """The page's language changed: the save file's and the link's sentences in it."""
        if self._saved is not None:
            self._draw_save()
        if self._linked is not None:
            self._draw_link()

    # ------------------------------------------------------------------ after every redraw
    def follow(self, _state: Any = None) -> None:
        """Drop a save file or a link made for a position no longer on screen, and offer neither save nor load at a
        table."""
        app = self.app
        at_table = app.table is not None
        for widget in (self.save_button, self.upload):
            widget.layout.display = "none" if at_table else None
        if self._saved is not None and self._saved != self._game_key():
            self.hide_save()
        if self._linked is not None and self._linked != self._shown_key():
            self.hide_link()

    def _game_key(self) -> tuple:
        app = self.app
        return id(app.match), id(app.match.state), tuple(app.seats), app.moves_before

    def _shown_key(self) -> tuple:
        return id(self.app.match), id(self.app.shown)

    def save_document(self) -> str:
        """The file "Save" downloads: the match with its seats (and the moves before its start, if any)."""
        doc = json.loads(self.app.to_json())
        if self.app.moves_before:
            doc["moves_before"] = self.app.moves_before
        return json.dumps(doc)

    def make_save(self) -> str:
        """Offer the file of the game so far for download (and return its name)."""
        app = self.app
        if app.table is not None:
            app._say(say("A game at a table is the class's: it is not saved from one page."), ERROR)
            return ""
        name = f"{app.game}-move-{app.match.ply + app.moves_before}.json"
        self._data = urllib.parse.quote(self.save_document())
        self._save_name = name
        self._draw_save()
        self.save_file.layout.display = None
        self._saved = self._game_key()
        return name

    def _draw_save(self) -> None:
        name = self._save_name
        download = html.escape(shown(say("Download {name}", name=name)))
        keep = html.escape(shown(say("It holds the whole game, the cards nobody has seen included: keep it to "
                                     "yourself.")))
        self.save_file.value = (
            f"<div style='{BOX}'><a class='bg-save-file' style='{LINK}' download='{name}' "
            f"href='data:application/json;charset=utf-8,{self._data}'>\u2b07 {download}</a><br>"
            f"{keep}</div>"
        )

    def hide_save(self) -> None:
        self._saved = None
        self._data = ""
        self.save_file.value = ""
        self.save_file.layout.display = "none"

    # ------------------------------------------------------------------ loading a file
    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        self.upload.value = ()  # the same file may be chosen again
        upload = files[0]
        self.load_file(bytes(upload["content"]), upload["name"])

    def load_file(self, content: bytes, name: str) -> bool:
        """Load the save file ``content`` (named ``name``) into the app; a bad one is refused with a sentence and
        changes nothing. Whether it was loaded."""
        app = self.app
        if app.table is not None:
            app._say(say("Cannot load {name}: this page plays the table's game.", name=name), ERROR)
            return False
        try:
            text = content.decode("utf-8")
            match, seats, before = read_save(text, app.game)
            app.open_match(match, seats, moves_before=before)
        except UnicodeDecodeError:
            app._say(say("Cannot load {name}: it is not a text file, so not a save of this game. "
                         "The game on screen is unchanged.", name=name), ERROR)
            return False
        except ValueError as exc:
            app._say(say("Cannot load {name}: {reason}. The game on screen is unchanged.", name=name,
                         reason=reason_said(exc)), ERROR)
            return False
        app._say(say("Loaded {name}: {names}'s game at move {move}.", name=name, names=listed(match.state.names),
                     move=match.ply + before), INFO)
        return True

    # ------------------------------------------------------------------ a position in a link
    def show_link(self) -> str:
        """Show the address that opens the position on screen as its viewer sees it (and return it; "" when this
        position cannot be linked, which the status line then says)."""
        app = self.app
        ply = app.match.ply if app.replay_ply is None else app.replay_ply
        seat = app.viewer
        exact = hides_nothing(app.match.states[: ply + 1])
        if seat is None and not exact:
            app._say(say("Every seat is a bot, and this game hides cards: a link keeps one player's view. "
                         "Start a game with a human seat to link a position."), ERROR)
            return ""
        text = position_link(app.match, seat, ply=ply, seats=own_seats(app.seats), earlier=app.moves_before)
        params = {"position": text}
        if not app.hints_allowed:
            params["hints"] = "off"
        self.address = page_address(play_page(app.game), **params)
        self._linked = self._shown_key()
        move = ply + app.moves_before
        if not exact:
            self._link_said = say("This address opens move {move} as {name} sees it. The cards {name} could not see "
                                  "are not in it: they are dealt afresh when it is opened.", move=move,
                                  name=app.shown.names[seat])
        else:
            self._link_said = say("This address opens this game at move {move}: nothing in it is hidden from anyone.",
                                  move=move)
        self._draw_link()
        self.link_box.layout.display = None
        return self.address

    def _draw_link(self) -> None:
        said = html.escape(shown(say("{said} Copy it:", said=self._link_said)))
        quoted = html.escape(self.address, quote=True)
        opened = html.escape(shown(say("Open it in a new tab")))
        self.link_box.value = (
            f"<div style='{BOX}'><div>{said}</div>"
            f"<input class='bg-link-text' type='text' readonly value='{quoted}' onfocus='this.select()' "
            "style='width:100%;box-sizing:border-box;font-family:monospace;font-size:12px;margin:3px 0'>"
            f"<a class='bg-link' style='{LINK}' href='{quoted}' target='_blank' rel='noopener'>"
            f"{opened}</a></div>"
        )

    def hide_link(self) -> None:
        self._linked = None
        self.address = ""
        self.link_box.value = ""
        self.link_box.layout.display = "none"


def open_link(app: Any, text: str) -> bool:
    """Open the position a link's ``text`` holds (an address's ``position=``) in ``app``; a damaged link, or one
    of another game, is refused with a sentence and the game on screen stays. Whether it was opened."""
    try:
        linked = from_link(text)
        app.open_match(linked.match, linked.seats, moves_before=linked.moves_before)
    except ValueError as exc:
        app._say(say("The position in this page's address cannot be opened: {reason}. The game shown is a new one.",
                     reason=reason_said(exc)), ERROR)
        return False
    move = linked.match.ply + linked.moves_before
    if linked.afresh:
        app._say(say("Opened from a link at move {move}. Cards you could not see were dealt afresh.", move=move), INFO)
    else:
        app._say(say("Opened from a link at move {move}.", move=move), INFO)
    return True
