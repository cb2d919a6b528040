"""The White Rabbit table: what was just drawn, what to do now, the board and every family.

:class:`WhiteRabbitTable` draws one seat's view (a :class:`~yule.core.white_rabbit.views.WhiteRabbitView`,
the dict the host sends), the table's names
and the public events that led to the view (for the line telling which card was just drawn
and where it went).  Nothing else: pile cards are never known here.

Keys a child can use, said on screen in words as well as in the footer: Enter (or Space) rolls
the die; Left and Right move the rabbit counter-clockwise or clockwise; after drawing Max,
Enter chooses the card he takes, then Left/Right (or 0-7) pick his pile and Enter puts him
there.  A key that does nothing now says why (the view's ``actions`` reasons).

On the TV of a big screen (``yule watch``, from 112×38) the board is drawn at scale 2 and the
families beside it with wider cards; the ring and the families stand in the middle.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from ...core.white_rabbit.cards import CARD_VALUE, SPACES
from ...core.white_rabbit.views import WhiteRabbitView
from ..dialogs import ChoiceScreen
from ..refusals import rules_reason
from ..text import literal, plain, seat_name
from ..widgets import GameTable
from ..words import N_, t, tn
from .board import board_size, board_text
from .cards import chip, legend
from .words import all_six, describe_card

PLAYING = ("roll", "direction", "max_take", "max_place")
KEY_KIND = {"enter": "roll", "space": "roll", "left": "move", "right": "move"} | {
    str(p): "max_place" for p in range(SPACES)
}
"""The action each table key stands for when it is not allowed (for the reason shown)."""
KEYS_NOW = {
    "roll": {"enter", "space"},
    "direction": {"left", "right"},
    "max_take": {"enter", "space"},
    "max_place": {"enter", "space", "left", "right", *map(str, range(SPACES))},
}
HINTS = {
    "roll": N_("Press ENTER to roll the die."),
    "direction": N_("Press ◄ LEFT or RIGHT ► to move the rabbit."),
    "max_take": N_("Press ENTER to choose what Max takes."),
    "max_place": N_("Pick a pile with ◄ ► (or 0-7), then press ENTER."),
}
"""What to press in each phase of your turn (worded with ``t`` where shown)."""


def slot(number: int) -> str:
    """A styled piece's place in a sentence (a chip, a bold name), given to ``t`` as a value and
    filled in by :func:`styled`: a control character no name shown can hold (names are shown
    :func:`~yule.tui.text.literal`, their control characters escaped)."""
    return f"\x1a{number}\x1a"


_SLOT = re.compile("\x1a(\\d)\x1a")


def styled(sentence: str, *pieces: Text) -> Text:
    """A worded ``sentence`` with the styled ``pieces`` in its slots (``slot(0)`` ...), wherever
    the language put them.

    >>> styled("Ana drew " + slot(0) + "!", Text("g5", "bold")).spans
    [Span(9, 11, 'bold')]
    """
    text = Text()
    for i, part in enumerate(_SLOT.split(sentence)):
        if i % 2:
            text.append_text(pieces[int(part)].copy())
        else:
            text.append(part)
    return text


PILE_AT = tuple(f"pile_at({p})" for p in range(SPACES))
"""The action of each number key while you choose Max's pile."""

FAMILIES_WIDTH = 48
"""The families beside the board on the TV, at most: wide enough for a long name and its tag."""
TV_ROWS = 8
"""Rows of the TV around the board: the status line, the banner, the prompt, the log (its
border and three lines) and the keys."""


class WhiteRabbitTable(GameTable[WhiteRabbitView], can_focus=True):
    """One seat's White Rabbit table, drawn from its view; moves go out as messages."""

    DEFAULT_CSS = f"""
    WhiteRabbitTable {{ height: 1fr; layout: vertical; }}
    WhiteRabbitTable #banner {{ height: 1; padding: 0 1; text-style: bold; background: $boost; }}
    WhiteRabbitTable #prompt {{ height: 1; padding: 0 1; text-style: bold; }}
    WhiteRabbitTable #prompt.-yours {{ background: $accent 40%; }}
    WhiteRabbitTable #middle {{ height: 1fr; }}
    WhiteRabbitTable #board {{ width: {board_size(1)[0]}; height: {board_size(1)[1]}; }}
    WhiteRabbitTable.-scale-2 #board {{ width: {board_size(2)[0]}; height: {board_size(2)[1]}; }}
    WhiteRabbitTable #families {{ width: 1fr; border-left: solid $primary; padding: 0 1; }}
    WhiteRabbitTable.-spectating, WhiteRabbitTable.-spectating #middle {{ height: auto; }}
    WhiteRabbitTable.-spectating #middle {{ align-horizontal: center; }}
    WhiteRabbitTable.-spectating #families {{ max-width: {FAMILIES_WIDTH}; }}
    """
    BINDINGS = [
        Binding("enter", "roll", "Roll the die"),
        Binding("enter", "max_take", "Max takes a card"),
        Binding("enter", "max_place", "Put Max here"),
        Binding("space", "roll", "Roll the die", show=False),
        Binding("space", "max_take", "Max takes a card", show=False),
        Binding("space", "max_place", "Put Max here", show=False),
        Binding("left", "move('ccw')", "Counter-clockwise", key_display="←"),
        Binding("right", "move('cw')", "Clockwise", key_display="→"),
        Binding("left", "pile(-1)", "Pile", key_display="←"),
        Binding("right", "pile(1)", "Pile", key_display="→"),
        *(Binding(str(p), action, "Pile", show=False) for p, action in enumerate(PILE_AT)),
    ]

    cursor: reactive[int | None] = reactive(None, init=False)
    """Where Max would go, while you choose his pile."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.latest: dict[str, Any] | None = None
        """The latest event the banner tells (a card drawn, what Max did), worded as it is drawn:
        "you" is the view's seat, which a table shown afresh learns with its first view."""
        self.again = False
        self.asked_at: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        yield Static(id="prompt")
        with Horizontal(id="middle"):
            yield Static(id="board")
            yield Static(id="families")

    def on_mount(self) -> None:
        self.focus()
        self._redraw()

    def tv_scale(self, width: int, height: int) -> int:
        """2 (the board twice as large) once the screen has room for it, the families beside it
        (as wide as at 80×24) and a few lines of log: from 112×38.

        >>> WhiteRabbitTable().tv_scale(111, 60), WhiteRabbitTable().tv_scale(112, 37), WhiteRabbitTable().tv_scale(112, 38)
        (1, 1, 2)
        """
        board_w, board_h = board_size(2)
        families = 80 - board_size(1)[0]
        return 2 if width >= board_w + families and height >= board_h + TV_ROWS else 1

    def seat_scale(self, width: int, height: int) -> int:
        """A seat's table shows what the TV's does (the board, the families, the prompt): the
        same sizes, from 112×38."""
        return self.tv_scale(width, height)

    # -- what the view allows --------------------------------------------------------------

    def waiting(self, view: WhiteRabbitView, action: str) -> str:
        """Another seat's turn, in a child's words."""
        turn = view["turn"]
        if turn is None:
            return super().waiting(view, action)
        return t("It is {who}'s turn: wait for them.", who=seat_name(list(self.names), turn))

    def mode(self) -> str | None:
        """The phase you are to act in, or ``None`` when it is not up to you."""
        return None if self.blocked() or self.view is None else self.view["phase"]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.spectating or self.over:
            return False  # every key of the table is a move
        mode = self.mode()
        if action == "roll":
            return True if mode == "roll" else None if mode is None else False
        if action == "move":
            return mode == "direction"
        if action == "max_take":
            return mode == "max_take"
        if action in ("max_place", "pile", "pile_at"):
            return mode == "max_place"
        return True

    def on_key(self, event: events.Key) -> None:
        kind = KEY_KIND.get(event.key)
        mode = self.mode()
        if kind is None or (mode is not None and event.key in KEYS_NOW[mode]):
            return
        event.stop()
        event.prevent_default()
        why = self.blocked()
        if why is None and mode is not None and self.view is not None:
            reason = self.view.get("actions", {}).get(kind)
            why = (
                (rules_reason(self.view["game"], reason, self.names) if reason else t("Not now."))
                + " "
                + t(HINTS[mode])
            )
        self.notify(why or t("Not now."), title=t("Not now"), severity="warning")

    # -- actions -----------------------------------------------------------------------------

    def action_roll(self) -> None:
        self.send({"type": "roll"})

    def action_move(self, direction: str) -> None:
        self.send({"type": "move", "dir": direction})

    def action_max_take(self) -> None:
        view = self.view
        if view is None:
            return
        self.asked_at = view["rolls"]
        names = list(self.names)
        choices: list[tuple[Text, tuple[int | None, str | None], str | None]] = []
        for option in sorted(view.get("max_choices", []), key=lambda c: (CARD_VALUE[c["card"]], c["from"])):
            card = option["card"]
            label = styled(
                t("{chip} {card} from {who}", chip=slot(0), card=describe_card(card), who=slot(1)),
                chip(card),
                plain(seat_name(names, option["from"]), "bold", 16),
            )
            choices.append((label, (option["from"], card), None))
        choices.append((Text(t("Take nothing")), (None, None), None))
        if len(choices) > 1:
            title = t("MAX! Take a card you need")
        elif view.get("max_note"):
            title = t("Nobody has a value you lack: Max finds nothing to take.")
        else:
            title = t("Max finds nothing to take")
        self.ask(
            ChoiceScreen(title, choices),
            lambda choice: {"type": "max_take", "from": choice[0], "card": choice[1]},
            "max_take",
            lambda: self.notify(t(HINTS["max_take"]), title=t("Max is waiting")),
        )

    def action_pile(self, step: int) -> None:
        self.cursor = ((self.cursor or 0) + step) % SPACES

    def action_pile_at(self, pile: int) -> None:
        self.cursor = pile

    def action_max_place(self) -> None:
        if self.cursor is not None:
            self.send({"type": "max_place", "pile": self.cursor})

    # -- what happened -----------------------------------------------------------------------

    def happened(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            kind = event.get("type")
            if kind == "roll":
                self.again = False
            elif kind == "turn":
                self.again = bool(event.get("again"))
            elif kind in ("deal", "move", "max_take", "max_place", "game_over"):
                self.latest = event

    def _yours(self, seat: int | None) -> bool:
        """Whether ``seat`` is the view's own (the banner then says "you")."""
        return seat is not None and self.view is not None and seat == self.view["you"]

    def _banner(self, event: dict[str, Any]) -> Text:
        """The deal, a card drawn or what Max did, in words a child reads: "Ana drew g5 grey 5: kept!"."""
        kind = event["type"]
        if kind == "deal":
            return Text(t("The cards are dealt: Max is on top of pile {pile}. Good luck!", pile=event["max_pile"]))
        by = event.get("by")
        mine = self._yours(by)
        who = seat_name(list(self.names), by)
        if kind == "move":
            return self._drawn(event, who, mine)
        if kind == "max_take":
            if event.get("card") is None:
                return Text(t("You took nothing with Max.") if mine else t("{who} took nothing with Max.", who=who))
            card = event["card"]
            source = event["from"]
            if mine:
                sentence = t(
                    "With Max, you took {chip} {card} from {other}!",
                    other=seat_name(list(self.names), source),
                    chip=slot(0),
                    card=describe_card(card),
                )
            elif self._yours(source):
                sentence = t(
                    "With Max, {who} took {chip} {card} from you!", who=who, chip=slot(0), card=describe_card(card)
                )
            else:
                sentence = t(
                    "With Max, {who} took {chip} {card} from {other}!",
                    who=who,
                    other=seat_name(list(self.names), source),
                    chip=slot(0),
                    card=describe_card(card),
                )
            return styled(sentence, chip(card))
        if kind == "max_place":
            pile = event["pile"]
            return Text(
                t("You put Max on top of pile {pile}.", pile=pile)
                if mine
                else t("{who} put Max on top of pile {pile}.", who=who, pile=pile)
            )
        if event.get("stopped"):
            rolls = event.get("rolls") or 0
            return Text(
                tn(
                    "The game stopped after {n} roll: nobody wins.",
                    "The game stopped after {n} rolls: nobody wins.",
                    rolls,
                )
            )
        winner = event["winners"][0]
        if self._yours(winner):
            return Text(t("You have a complete rabbit family!"))
        return Text(t("{who} has a complete rabbit family!", who=seat_name(list(self.names), winner)))

    def _drawn(self, event: dict[str, Any], who: str, mine: bool) -> Text:
        """Where the rabbit stopped and the card drawn there: kept, slid under, or Max."""
        outcome, pile = event["outcome"], event["to"]
        if outcome == "empty":
            if event.get("steps") == 6:
                if mine:
                    return Text(
                        t("You stopped by pile {pile}: it is empty, no card (and no extra roll for the 6).", pile=pile)
                    )
                return Text(
                    t(
                        "{who} stopped by pile {pile}: it is empty, no card (and no extra roll for the 6).",
                        who=who,
                        pile=pile,
                    )
                )
            if mine:
                return Text(t("You stopped by pile {pile}: it is empty, no card.", pile=pile))
            return Text(t("{who} stopped by pile {pile}: it is empty, no card.", who=who, pile=pile))
        card = event["card"]
        if outcome == "max":
            if mine:
                sentence = t("You drew {chip}: Max Mümmelmann helps you to a card!", chip=slot(0))
            else:
                sentence = t("{who} drew {chip}: Max Mümmelmann helps them to a card!", who=who, chip=slot(0))
        elif outcome == "kept":
            if mine:
                sentence = t("You drew {chip} {card}: kept!", chip=slot(0), card=describe_card(card))
            else:
                sentence = t("{who} drew {chip} {card}: kept!", who=who, chip=slot(0), card=describe_card(card))
        elif mine:
            sentence = t(
                "You drew {chip} {card}: you already have a {value}, slid under pile {pile}.",
                chip=slot(0),
                card=describe_card(card),
                value=CARD_VALUE[card],
                pile=pile,
            )
        else:
            sentence = t(
                "{who} drew {chip} {card}: already has a {value}, slid under pile {pile}.",
                who=who,
                chip=slot(0),
                card=describe_card(card),
                value=CARD_VALUE[card],
                pile=pile,
            )
        return styled(sentence, chip(card))

    # -- drawing -----------------------------------------------------------------------------

    def watch_view(self) -> None:
        mode = self.mode()
        view = self.view
        if mode != "max_place" or view is None:
            self.cursor = None
        elif self.cursor is None:
            self.cursor = view["rabbit"]
        self._redraw()
        if mode == "max_take" and view and self.asked_at != view["rolls"] and self.app.screen is self.screen:
            self.action_max_take()

    def watch_cursor(self) -> None:
        self.refresh_bindings()
        self._redraw()

    def draw(self, view: WhiteRabbitView | None) -> None:
        self.query_one("#banner", Static).update(Text("") if self.latest is None else self._banner(self.latest))
        prompt = self.query_one("#prompt", Static)
        prompt.set_class(self.mode() is not None, "-yours")
        prompt.update(self._prompt(view))
        board = self.query_one("#board", Static)
        if view and view["piles"]:
            fresh = view["phase"] in ("direction", "max_take", "max_place")
            board.update(board_text(view, self.cursor, fresh, self._caption(view, fresh), self.scale))
        families = self.query_one("#families", Static)
        families.border_title = t("Families")
        families.update(self._families(view))

    def _caption(self, view: WhiteRabbitView, fresh: bool) -> str:
        if self.mode() == "roll":
            # Translators: the captions above the die ("the die", "rolled", ...), 22 characters at most
            return t("ROLL THE DIE!")
        if not view["die"]:
            return t("the die")
        if fresh and view["turn"] == view["you"]:
            return t("you rolled")
        return t("rolled") if fresh else t("last roll")

    def _prompt(self, view: WhiteRabbitView | None) -> Text:
        names = list(self.names)
        if not view:
            return Text(t("Waiting for the game to start…"))
        if "result" in view:
            return Text(t("The game is over."))
        phase, turn = view["phase"], view["turn"]
        if phase not in PLAYING or turn is None:
            return Text(t("Dealing the cards…"))
        mode = self.mode()
        if self.pending:
            return Text(t("Your move is on its way…"))
        if mode is None:
            tag = self.tags.get(turn, "")
            who = plain(seat_name(names, turn), limit=16).plain
            if tag:
                who = t("{name} ({tag})", name=who, tag=literal(tag))
            if phase == "roll":
                return Text(t("{who} rolls the die…", who=who))
            if phase == "direction":
                return Text(t("{who} rolled {die} and picks a way…", who=who, die=view["die"]))
            if phase == "max_take":
                return Text(t("{who} has MAX: which card will Max take?", who=who))
            return Text(t("{who} puts MAX on a pile…", who=who))
        if mode == "roll":
            return Text((t("A 6: ROLL AGAIN!") if self.again else t("YOUR TURN!")) + " " + t(HINTS["roll"]))
        land = view["landing"]
        if mode == "direction" and land is not None:
            return Text(
                t(
                    "You rolled {die}. ◄ LEFT goes to pile {left}, RIGHT ► to pile {right}.",
                    die=view["die"],
                    left=land["ccw"],
                    right=land["cw"],
                )
            )
        if mode == "max_take":
            return Text(t("You drew MAX!") + " " + t(HINTS["max_take"]))
        return Text(t("Put MAX on pile {pile}? ◄ ► or 0-7 to change, ENTER puts him there.", pile=self.cursor))

    def _families(self, view: WhiteRabbitView | None) -> Text:
        """Every seat's family: its cards by value, what it still needs, and titles; at scale 2
        with longer names, wider cards and a line between families."""
        names = list(self.names)
        text = Text(no_wrap=True, overflow="ellipsis")
        if not view:
            return text
        big = self.scale == 2
        for seat in range(view["players"]):
            turn = view["turn"] == seat
            text.append("▶ " if turn else "  ", "bold")
            text.append_text(plain(seat_name(names, seat), "bold" if turn else "", 24 if big else 12))
            if seat == view["you"]:
                text.append(" " + t("(you)"))
            elif self.tags.get(seat):
                text.append(f" ({self.tags[seat]})", "italic")  # whole: the name is the one cut
            cards = view["families"][seat]
            text.append(f"  {len(cards)}/6")
            if view["max_with"] == seat:
                text.append(" ")
                text.append_text(chip("max"))
            text.append("\n  ")
            held = {CARD_VALUE[c]: c for c in cards}
            for value in range(1, 7):
                card = chip(held[value]) if value in held else Text(f"_{value}", "dim")
                text.append_text(Text(f" {card.plain} ", card.style) if big else card)
                text.append(" ")
            text.append("\n  ")
            oberhase, missing = view["oberhase"][seat], view["missing"][seat]
            if oberhase:
                text.append(t("★ OBERHASE: all six {colour}!", colour=all_six(oberhase)), "bold reverse")
            elif not missing:
                text.append(t("★ complete family!"), "bold")
            else:
                text.append(t("needs {values}", values=" ".join(map(str, missing))), "italic")
            text.append("\n\n" if big else "\n")
        text.append_text(legend())
        return text
