"""The Gift Exchange table: the board of gifts, whose move it is, the steal chain, the reveal.

:class:`GiftExchangeTable` draws one seat's view (a
:class:`~yule.core.gift_exchange.views.GiftExchangeView`; networked play: you bring your gift with
``b``, then open or steal by keys when your view has ``actions``).  :class:`OrganiserTable`
draws the organiser's public view and moves for whichever guest is acting (organiser mode).
Neither holds more than the view it was given; moves go out as
:class:`~yule.tui.widgets.GameTable.MoveChosen` in wire form.

Choosing a gift the rules refuse says why (the view's ``actions.refusals``), never nothing.
"""

from __future__ import annotations

from typing import Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...core.gift_exchange.views import Gift, GiftExchangeActions, GiftExchangeView
from ...netplay.frames import Acting
from ..dialogs import ConfirmScreen
from ..refusals import rules_reason
from ..text import literal
from ..widgets import GameTable
from ..words import t, tn
from .board import GiftBoard, chain_text, gift_words, legend, move_for, newly_opened, reveal_text, turn_text
from .forms import FormScreen, label_field, wrapping_field
from .words import gift_no, who


def options_text(options: dict[str, Any]) -> str:
    """The house options in a few words."""
    limit = options.get("steal_limit")
    cap = options.get("max_steals_per_turn")
    parts = [
        tn("frozen after {n} steal", "frozen after {n} steals", limit) if limit else t("never frozen"),
        steal_back_text(options),
        tn("{n} steal a turn", "{n} steals a turn", cap) if cap else t("no steal cap"),
        t("final swap") if options.get("final_swap") else t("no final swap"),
        t("own gift may be opened") if options.get("open_own") else t("own gift opened last"),
    ]
    return " · ".join(parts)


def steal_back_text(options: dict[str, Any]) -> str:
    """``no_steal_back`` with its scope, in a few words.

    >>> steal_back_text({"no_steal_back": True, "steal_back_scope": "last"})
    'no steal back of the last loss'
    """
    if not options.get("no_steal_back"):
        return t("steal back allowed")
    if options.get("steal_back_scope") == "last":
        return t("no steal back of the last loss")
    return t("no steal back")


NO_ACTIONS: GiftExchangeActions = {
    "bring": False, "open": [], "steal": [], "keep": False, "refusals": [], "name_needed": []
}  # fmt: skip
"""What a seat may do while it is nobody's move on this screen: nothing."""


class GiftExchangeTable(GameTable[GiftExchangeView]):
    """One seat's Gift Exchange table, drawn from its view; moves go out as messages."""

    MOVES = ("open", "steal", "keep", "bring")
    HIDDEN_MOVES = ("bring",)
    """Bringing types your gift's label, which stays secret until it is opened."""

    DEFAULT_CSS = """
    GiftExchangeTable { height: 1fr; layout: vertical; }
    GiftExchangeTable #info { height: auto; color: $text-muted; padding: 0 1; }
    GiftExchangeTable #prompt { height: auto; max-height: 3; padding: 0 1; text-style: bold; }
    GiftExchangeTable #prompt.-yours { background: $accent 30%; }
    GiftExchangeTable #reveal { height: auto; padding: 0 1; text-style: bold; background: $success 30%; display: none; }
    GiftExchangeTable #reveal.-shown { display: block; }
    GiftExchangeTable #board-box { height: 1fr; border-top: solid $primary; }
    GiftExchangeTable #legend { height: 1; color: $text-muted; padding: 0 1; }
    GiftExchangeTable.-spectating, GiftExchangeTable.-spectating #board-box { height: auto; }
    """
    BINDINGS = [
        Binding("o", "open", "Open"),
        Binding("s", "steal", "Steal"),
        Binding("k", "keep", "Keep"),
        Binding("b", "bring", "Bring gift"),
        Binding("u", "undo", "Undo"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.previous: GiftExchangeView | None = None
        self.reveal: Text | None = None
        self.typed: dict[str, str] = {}
        """The bring form's values sent last, until the bring is taken (a refusal keeps them)."""
        self.named: dict[int, str] = {}
        """Gift -> the name typed for it at the reveal, until it is open (a refusal keeps it)."""

    def compose(self) -> ComposeResult:
        yield Static(id="info")
        yield Static(id="prompt")
        yield Static(id="reveal")
        with VerticalScroll(id="board-box") as box:
            box.border_title = t("Gifts")
            box.can_focus = False
            yield GiftBoard(id="board")
        yield Static(Text(legend()), id="legend")

    def on_mount(self) -> None:
        self.query_one(GiftBoard).focus()
        self._redraw()

    # -- who acts ------------------------------------------------------------------------------

    def acting(self) -> tuple[int | None, GiftExchangeActions]:
        """The seat this screen moves for now and its ``actions`` (``None``, :data:`NO_ACTIONS`: nobody)."""
        view = self.view
        if view is not None and "actions" in view:
            return view["you"], view["actions"]
        return None, NO_ACTIONS

    def who(self, seat: int | None) -> str:
        return who(list(self.names), seat)

    def doer(self, seat: int | None) -> str | None:
        """The guest a prompt or a refusal speaks of: ``None`` when it is you."""
        return None if self.view is not None and seat == self.view["you"] else self.who(seat)

    def reason(self, action: str) -> str | None:
        """Why ``action`` can't be done now, in plain words; ``None`` when it can."""
        view = self.view
        if view is None:
            return t("The game has not started yet.")
        if "result" in view:
            return t("The gift exchange is over.")
        seat, actions = self.acting()
        if seat is None:
            if view["you"] is None:
                return t("You are watching this party, not playing.")
            if view["phase"] == "bringing":
                return t("You have brought your gift: waiting for the others.")
            return t("It is {who}'s move, not yours.", who=self.who(view["active"][0] if view["active"] else None))
        if self.pending:
            return t("The last move is on its way to the host.")
        if action == "choose":
            return (
                t("Play starts once every gift is brought and the order is drawn.")
                if view["phase"] == "bringing"
                else None
            )
        if action == "bring":
            return None if actions["bring"] else t("Bringing is over: every gift is here.")
        if action == "keep":
            return None if actions["keep"] else t("Keeping is only for the final swap: open or steal a gift.")
        if view["phase"] == "bringing":
            return t("Play starts once every gift is brought and the order is drawn.")
        if action == "open" and not actions["open"]:
            return t("Every gift is open: swap (s) for an open one or keep (k).")
        if action == "steal" and not actions["steal"]:
            return t("There is no open gift you may steal now: open a wrapped one.")
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.organiser
        return super().check_action(action, parameters)

    # -- moves ---------------------------------------------------------------------------------

    def choose(self, gift_id: int, wanted: str | None = None) -> None:
        """Open or steal gift ``gift_id`` (``wanted``: only that kind), or say why not."""
        view = self.view
        why = self.reason(wanted or "choose")
        if why or view is None:
            self.notify(literal(why or t("Not now.")), title=t("Not now"), severity="warning")
            return
        seat, actions = self.acting()
        gift = view["gifts"][gift_id]
        kind, why = move_for(gift, actions, self.doer(seat))
        if wanted is not None and kind is not None and kind != wanted:
            why = (t("{gift} is still wrapped: open it (o or Enter).", gift=gift_no(gift_id)) if wanted == "steal"
                   else t("{gift} is already open: steal it (s or Enter).", gift=gift_no(gift_id)))  # fmt: skip
            kind = None
        if kind is None:
            title = t("Can't take {gift}", gift=gift_no(gift_id))
            self.notify(literal(why or t("Not allowed.")), title=title, severity="warning")
            return
        if kind == "steal":
            self.send({"type": "steal", "gift": gift_id})
        elif gift_id in actions["name_needed"]:

            def named(values: dict[str, str]) -> dict[str, Any]:
                self.named[gift_id] = values["label"]  # typed again for free if the opening is refused
                return {"type": "open", "gift": gift_id, "label": values["label"]}

            self.ask(
                FormScreen(t("{who} opens {gift}: what is it?", who=self.who(seat), gift=gift_no(gift_id)),
                           [label_field(self.named.get(gift_id, ""), optional=False)],
                           lambda v: None if v["label"] else t("Type what the gift is, as it is revealed.")),
                named,
                "open",
            )  # fmt: skip
        else:
            self.send({"type": "open", "gift": gift_id})

    def on_gift_board_chosen(self, event: GiftBoard.Chosen) -> None:
        event.stop()
        self.choose(event.gift)

    def on_gift_board_moved(self, event: GiftBoard.Moved) -> None:
        event.stop()
        self._redraw_prompt()

    def _cursor_gift(self) -> int | None:
        current = self.query_one(GiftBoard).current
        return None if current is None else current["id"]

    def action_open(self) -> None:
        gift = self._cursor_gift()
        if gift is not None:
            self.choose(gift, "open")

    def action_steal(self) -> None:
        gift = self._cursor_gift()
        if gift is not None:
            self.choose(gift, "steal")

    def action_keep(self) -> None:
        seat, _ = self.acting()
        doer = self.doer(seat)
        if doer is None:
            question = t("You keep the gift you hold and the party ends?")
        else:
            question = t("{who} keeps the gift they hold and the party ends?", who=doer)
        confirm = ConfirmScreen(question, yes=t("keep it and end"), no=t("not yet"))
        self.ask(confirm, lambda _: {"type": "keep"}, "keep")

    def action_undo(self) -> None:
        """The organiser takes back the last move: the app asks the host."""
        self.post_message(self.Undo())

    def action_bring(self) -> None:
        """The bring form, filled in with what was typed last time if that bring was refused."""
        typed = self.typed

        def bring(values: dict[str, str]) -> dict[str, Any]:
            self.typed = values  # kept until the bring is taken: a refused one is typed again for free
            return {"type": "bring", "label": values["label"], "wrapping": values["wrapping"]}

        self.ask(
            FormScreen(
                t("Bring your gift"), [label_field(typed.get("label", "")), wrapping_field(typed.get("wrapping", ""))]
            ),
            bring,
            "bring",
        )

    # -- drawing -------------------------------------------------------------------------------

    def watch_view(self) -> None:
        actions = self.view.get("actions") if self.view is not None else None
        if self.typed and not (actions is not None and actions["bring"]):
            self.typed = {}  # the bring was taken (or bringing is over): the next form starts empty
        if self.view is not None:
            self.named = {gift: label for gift, label in self.named.items() if not self.view["gifts"][gift]["opened"]}
        opened = newly_opened(self.previous, self.view)
        self.reveal = None if opened is None else reveal_text(opened, list(self.names))
        self.previous = self.view
        self._redraw()

    def draw(self, view: GiftExchangeView | None) -> None:
        seat, actions = self.acting()
        refused = (
            {r["gift"]: rules_reason("gift-exchange", r["reason"], self.names) for r in actions["refusals"]}
            if seat is not None
            else {}
        )
        board = self.query_one(GiftBoard)
        first_show = not board.gifts
        gifts = view["gifts"] if view else []
        if self.hand_hidden and view is not None:
            gifts = unlabelled(gifts, view["you"])
        board.show(gifts, list(self.names), refused, seat)
        if first_show or seat is not None:
            self._preselect(actions)
        box = self.query_one("#board-box")
        wrapped = view["wrapped"] if view else 0
        box.border_title = t(
            "Gifts: {wrapped}, {open}",
            wrapped=tn("{n} wrapped", "{n} wrapped", wrapped),
            open=tn("{n} open", "{n} open", len(gifts) - wrapped),
        )
        info = Text(options_text(view["options"]) if view else t("Waiting for the host…"))
        self.query_one("#info", Static).update(info)
        reveal = self.query_one("#reveal", Static)
        reveal.set_class(self.reveal is not None, "-shown")
        reveal.update(self.reveal or "")
        self._redraw_prompt()

    def _preselect(self, actions: GiftExchangeActions) -> None:
        """Put the cursor on a gift the acting seat may choose (keep it if it may already)."""
        board = self.query_one(GiftBoard)
        allowed = actions["open"] + actions["steal"]
        current = board.current
        if allowed and (current is None or current["id"] not in allowed):
            board.point_at(allowed[0])

    def prompt_text(self) -> Text:
        view = self.view
        names = list(self.names)
        if not view:
            return Text(t("Waiting for the game to start…"))
        seat, actions = self.acting()
        text = Text(turn_text(view, names))
        you, phase = view["you"], view["phase"]
        if seat is not None and you == seat and "result" not in view:
            if self.pending:
                text = Text(t("Your move is on its way…"))
            elif actions["bring"]:
                text = Text(t("Bring your gift: press b (its label stays secret until it is opened)."))
            elif phase == "final":
                text = Text(t("Final swap: Enter or s swaps for the gift under the cursor; k keeps yours."))
            else:
                text = Text(t("Your move: Enter opens or steals the gift under the cursor (digits jump to a number)."))
        chain = chain_text(view, names)
        if chain:
            text.append("\n" + t("Steals this turn: {chain}", chain=chain), style="")
        current = self.query_one(GiftBoard).current
        if seat is not None and current is not None and "result" not in view:
            doer = self.doer(seat)
            kind, why = move_for(current, actions, doer)
            if kind is None and why and phase != "bringing":
                text.append(f"\n{why}", style="italic")
            elif kind is not None:
                text.append(
                    "\n" + enter_text("swap" if phase == "final" else kind, doer, gift_words(current)), style=""
                )
        return text

    def _redraw_prompt(self) -> None:
        if not self.is_mounted:
            return
        prompt = self.query_one("#prompt", Static)
        seat, _ = self.acting()
        prompt.set_class(seat is not None and self.view is not None and seat == self.view["you"], "-yours")
        prompt.update(self.prompt_text())


def unlabelled(gifts: list[Gift], you: int | None) -> list[Gift]:
    """The gifts as the table shows them while the hand is hidden: the one you brought, still
    wrapped, without its label (as everyone else sees it).

    >>> [g.get("label") for g in unlabelled([{"id": 0, "opened": False, "label": "Socks"}, {"id": 1, "opened": True, "label": "Mug"}], 0)]
    [None, 'Mug']
    """
    shown: list[Gift] = []
    for gift in gifts:
        if gift["id"] == you and not gift["opened"] and "label" in gift:
            gift = cast(Gift, {key: value for key, value in gift.items() if key != "label"})
        shown.append(gift)
    return shown


def enter_text(kind: str, doer: str | None, gift: str) -> str:
    """What Enter does on ``gift``: ``kind`` ``open``, ``steal`` or ``swap`` (the final swap),
    for ``doer`` (``None``: you)."""
    if doer is None:
        if kind == "open":
            return t("Enter: open {gift}", gift=gift)
        if kind == "steal":
            return t("Enter: steal {gift}", gift=gift)
        return t("Enter: swap for {gift}", gift=gift)
    if kind == "open":
        return t("Enter: {who} will open {gift}", who=doer, gift=gift)
    if kind == "steal":
        return t("Enter: {who} will steal {gift}", who=doer, gift=gift)
    return t("Enter: {who} will swap for {gift}", who=doer, gift=gift)


class OrganiserTable(GiftExchangeTable):
    """Organiser mode: the public view, and moves for the guest who is acting."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.acting_now: list[Acting] = []
        """The frame's ``acting``: each seat that may move now and its actions."""

    @property
    def spectating(self) -> bool:
        return False  # the public view, but the organiser moves for every guest

    def acting(self) -> tuple[int | None, GiftExchangeActions]:
        view = self.view
        if self.acting_now and view is not None and view["phase"] != "bringing":
            return self.acting_now[0]["seat"], self.acting_now[0]["actions"]
        return None, NO_ACTIONS

    def reason(self, action: str) -> str | None:
        if action == "bring":
            return t("Gifts are brought when the party is set up.")
        view = self.view
        if view and "result" not in view and view["phase"] == "bringing":
            return t("The gifts are being brought: the order is drawn once they all are.")
        return super().reason(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("bring", "undo"):
            return False  # gifts are brought at the setup; undo is the party screen's key
        return super().check_action(action, parameters)

    def send(self, move: dict[str, Any]) -> None:
        seat, _ = self.acting()
        self.pending = True
        self.post_message(self.SeatMoveChosen(move, seat))

    class SeatMoveChosen(GameTable.MoveChosen):
        """A move the organiser chose for ``seat``."""

        def __init__(self, move: dict[str, Any], seat: int | None) -> None:
            super().__init__(move)
            self.seat = seat
