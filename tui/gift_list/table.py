"""The Gift List table: the party, everyone's received gifts, your attic and your Gift List.

:class:`GiftListTable` draws one seat's view (a :class:`~yule.core.gift_list.views.GiftListView`, the
dict the host sends) and the table's names;
it never holds more than that view.  Wrapped gifts are named by the seat that brought them,
and the only wrapped card this screen ever names is your own.  A chosen move is posted as
:class:`~yule.tui.widgets.GameTable.MoveChosen` in wire form (``{"type": "bring", "card": ...}``,
``{"type": "open", "from": seat}``, ``{"type": "steal", "from": seat}``).

Every action has a key in the footer.  An action the view does not allow is greyed out there,
and pressing its key says why (the view's ``actions`` reasons), never nothing.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.gift_list.cards import CARD_COLOUR, CARD_NUMBER, COLOUR_OF_PERSON, COLOURS, gain
from ...core.gift_list.views import GiftListView
from ..dialogs import ChoiceScreen
from ..hiding import Private, PrivateStatic, backs
from ..text import name_and_tag, plain, seat_name
from ..widgets import GameTable
from ..words import t, tn, tp
from .cards import LOCKED, WRAPPED, card_badge, card_code, cards_text, person_badge
from .words import card_words, fill

CHIP_WIDTH = 5
COLUMNS = {1: (20, 12, 13), 2: (32, 16, 20)}
"""The party's columns at each scale: a seat's name, their gift, what they hold (then what
they received: at scale 2, where the party is a block 118 wide in the middle of the TV, room
for 7 wide badges)."""
TV_ROWS = 13
"""Rows of the TV around the party's seats: the status line, the info and the prompt, the
party's border, heading and key (a blank line above it), the log (its border and four lines)
and the keys."""
SEATS = 7
"""The most seats at a Gift List table."""
BOTTOM_ROWS = 5
"""The least rows of your attic and Gift List under the party (a seat's table)."""


def attic_order(cards: list[str]) -> list[str]:
    """An attic as shown: colour by colour, low numbers first."""
    return sorted(cards, key=lambda c: (COLOURS.index(CARD_COLOUR[c]), CARD_NUMBER[c]))


class Attic(Private, Widget, can_focus=True):
    """Your attic's cards in a row; Left/Right choose the one to bring.  Card backs over all of
    it while the hand is hidden (:class:`~yule.tui.hiding.Private`)."""

    DEFAULT_CSS = """
    Attic { height: auto; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
    ]

    cards: reactive[tuple[str, ...]] = reactive((), layout=True)
    cursor: reactive[int] = reactive(0)
    choosing: reactive[bool] = reactive(False)
    """True while you may bring: the chosen card is then bracketed."""

    def show(self, cards: list[str], choosing: bool) -> None:
        self.cards = tuple(attic_order(cards))
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        self.choosing = choosing

    @property
    def current(self) -> str | None:
        return self.cards[self.cursor] if self.cards else None

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, -(-len(self.cards) // max(1, width // CHIP_WIDTH)))

    def render(self) -> Text:
        if not self.cards:
            return Text(tp("attic", "empty"), style="italic")
        per_row = max(1, self.size.width // CHIP_WIDTH)
        rows = []
        for start in range(0, len(self.cards), per_row):
            row = Text()
            for index in range(start, min(start + per_row, len(self.cards))):
                chosen = self.choosing and index == self.cursor
                chip = Text("[" if chosen else " ")
                chip.append_text(card_badge(self.cards[index]))
                chip.append("]" if chosen else " ")
                chip.pad_right(CHIP_WIDTH - chip.cell_len)
                if chosen and self.has_focus:
                    chip.stylize("reverse", 0, 1)
                    chip.stylize("reverse", chip.cell_len - 2)
                row.append_text(chip)
            rows.append(row)
        return Text("\n").join(rows)

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = max(0, min(len(self.cards) - 1, self.cursor + step))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class GiftListTable(GameTable[GiftListView]):
    """One seat's Gift List table, drawn from its view; moves go out as messages."""

    MOVES = ("bring", "open", "steal")
    HIDDEN_MOVES = MOVES
    """Each is chosen from your attic or your list (the open and steal lists show them)."""

    DEFAULT_CSS = """
    GiftListTable { height: 1fr; layout: vertical; }
    GiftListTable #info { height: 1; color: $text-muted; padding: 0 1; }
    GiftListTable #prompt { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
    GiftListTable #prompt.-yours { background: $accent 30%; }
    GiftListTable #party { height: auto; border-top: solid $primary; padding: 0 1; }
    GiftListTable #bottom { height: 1fr; min-height: 5; }
    GiftListTable #attic-box { width: 1fr; border-top: solid $primary; padding: 0 1; }
    GiftListTable #brought { height: auto; color: $text-muted; }
    GiftListTable #list { width: 34; border-top: solid $primary; border-left: solid $primary; padding: 0 1; }
    GiftListTable.-spectating { height: auto; }
    GiftListTable.-spectating.-scale-2 { align-horizontal: center; }
    GiftListTable.-spectating.-scale-2 > Static { width: 118; }
    """
    BINDINGS = [
        Binding("b,enter", "bring", "Bring", key_display="b"),
        Binding("o", "open", "Open"),
        Binding("s", "steal", "Steal"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="info")
        yield Static(id="prompt")
        yield Static(id="party")
        with Horizontal(id="bottom"):
            with Vertical(id="attic-box"):
                yield Attic(id="attic")
                yield PrivateStatic(id="brought")
            yield PrivateStatic(id="list")

    def on_mount(self) -> None:
        self.query_one(Attic).focus()
        self._redraw()

    def tv_scale(self, width: int, height: int) -> int:
        """2 (wider columns and badges, a line between seats) from 120 columns, with two rows
        for every seat and a few lines of log: from 120×27.

        >>> GiftListTable().tv_scale(119, 60), GiftListTable().tv_scale(120, 26), GiftListTable().tv_scale(120, 27)
        (1, 1, 2)
        """
        return 2 if width >= 120 and height >= 2 * SEATS + TV_ROWS else 1

    def seat_scale(self, width: int, height: int) -> int:
        """As the TV's, with room for your attic and Gift List under the party: from 120×32.

        >>> GiftListTable().seat_scale(120, 31), GiftListTable().seat_scale(120, 32)
        (1, 2)
        """
        return 2 if width >= 120 and height >= 2 * SEATS + TV_ROWS + BOTTOM_ROWS else 1

    # -- what the view allows --------------------------------------------------------------

    def _waiting_for(self, view: GiftListView) -> str:
        names = list(self.names)
        return ", ".join(seat_name(names, s) for s, done in enumerate(view["brought"]) if not done)

    def waiting(self, view: GiftListView, action: str) -> str:
        """While the others bring, or on another seat's turn."""
        if view["phase"] == "bring":
            who = self._waiting_for(view)
            if action == "bring":
                return t("You have brought your gift to this party; waiting for {who}.", who=who)
            return t("Wait until everyone has brought a gift (waiting for {who}).", who=who)
        if action == "bring" and view["phase"] == "play":
            return t("Everyone has brought a gift to this party.")
        return super().waiting(view, action)

    # -- actions -----------------------------------------------------------------------------

    def action_bring(self) -> None:
        card = self.query_one(Attic).current
        if card is not None:
            self.send({"type": "bring", "card": card})

    def action_open(self) -> None:
        view = self.view
        if view is None:
            return
        you, names = view["you"], list(self.names)
        allowed = view.get("open_from", [])
        mine = view.get("my_gift")
        choices: list[tuple[Text, int, str | None]] = []
        for seat, wrapped in enumerate(view["wrapped"]):
            if not wrapped:
                continue
            label = Text(f"{WRAPPED} ")
            if seat == you and mine is not None:
                label.append_text(fill(t("the gift you brought ({card})"), card=card_badge(mine)))
                why = (
                    None if seat in allowed else t("You open the gift you brought only when no other gift is wrapped.")
                )
            else:
                owner = plain(seat_name(names, seat), "bold", 16)
                label.append_text(fill(t("the gift {owner} brought"), owner=owner))
                why = None if seat in allowed else t("Not allowed now.")
            choices.append((label, seat, why))
        self.ask(
            ChoiceScreen(t("Open a wrapped gift (named by who brought it)"), choices),
            lambda seat: {"type": "open", "from": seat},
            "open",
        )

    def action_steal(self) -> None:
        view = self.view
        if view is None:
            return
        you, names = view["you"], list(self.names)
        allowed = view.get("steal_from", [])
        best = view.get("best", {})
        choices: list[tuple[Text, int, str | None]] = []
        for seat, card in enumerate(view["holding"]):
            if card is None or seat == you:
                continue
            label = fill(
                # Translators: a gift you may steal: who holds it, its code on its colour, its words.
                t("{holder}: {card} {words}"),
                holder=plain(seat_name(names, seat), limit=16),
                card=card_badge(card),
                words=card_words(card),
            )
            label.style = "bold"
            worth = gain(best, card)
            if worth:
                label.append("  " + t("+{points} to your score", points=worth))
            else:
                wanted = any(COLOUR_OF_PERSON[p] == CARD_COLOUR[card] for p in best)
                label.append("  " + (t("+0, you have better") if wanted else t("+0, not on your list")))
            why: str | None
            if view["locked"][seat]:
                label.append(f"  {LOCKED} ")
                label.append(tp("gift", "locked"))
                why = t("Just stolen: it can't be stolen again until the next gift is opened.")
            else:
                why = None if seat in allowed else t("Not allowed now.")
            choices.append((label, seat, why))
        self.ask(
            ChoiceScreen(t("Steal an open gift: its holder moves next"), choices),
            lambda seat: {"type": "steal", "from": seat},
            "steal",
        )

    # -- drawing -----------------------------------------------------------------------------

    def watch_view(self) -> None:
        self._redraw()

    def draw(self, view: GiftListView | None) -> None:
        self.query_one("#info", Static).update(self._info_text(view))
        self.query_one("#prompt", Static).update(self._prompt_text(view))
        self.query_one("#prompt").set_class(self._yours(view), "-yours")
        party = self.query_one("#party", Static)
        party.border_title = t("The party: one gift brought by each seat")
        party.update(self._party_text(view))
        self.query_one("#bottom").display = not self.spectating
        attic = view.get("attic", []) if view else []
        self.query_one(Attic).show(attic, self.reason("bring") is None)
        self.query_one("#attic-box").border_title = tn("Your attic: {n} card", "Your attic: {n} cards", len(attic))
        self.query_one("#brought", Static).update(self._brought_text(view))
        gift_list = self.query_one("#list", Static)
        gift_list.border_title = t("Your Gift List (secret)")
        gift_list.update(_list_text(view))

    def _yours(self, view: GiftListView | None) -> bool:
        return any(self.reason(action) is None for action in self.MOVES) if view else False

    def _info_text(self, view: GiftListView | None) -> Text:
        if not view:
            return Text(t("Waiting for the host…"))
        names = list(self.names)
        text = Text(t("Party {party} of {parties}", party=view["party"], parties=view["parties"]), style="bold")
        if view["first"] is not None:
            text.append(" · " + t("first seat: {who}", who=seat_name(names, view["first"])))
        if view["you"] is not None:
            score = backs(2) if self.hand_hidden else view.get("score", 0)  # a score has 2 digits at most
            text.append(" · " + t("your score so far {score}", score=score), style="bold")
        return text

    def _prompt_text(self, view: GiftListView | None) -> Text:
        names = list(self.names)
        if not view or view["phase"] == "deal":
            return Text(t("Waiting for the game to start…"))
        phase, turn, you = view["phase"], view["turn"], view["you"]
        if "result" in view or phase == "over":
            return Text(t("The game is over: every Gift List is revealed on the score sheet."))
        if self.pending:
            return Text(t("Your move is on its way…"))
        if phase == "bring":
            if self.reason("bring") is None:
                return Text(t("Bring a gift in secret: Left/Right choose a card from your attic, b brings it."))
            return Text(t("Everyone brings a gift at once. Still choosing: {who}.", who=self._waiting_for(view)))
        if turn == you:
            if self.reason("steal") is None:
                return Text(t("Your turn: o opens a wrapped gift, s steals an open one."))
            return Text(t("Your turn: o opens a wrapped gift (nothing to steal now)."))
        who = seat_name(names, turn)
        tag = self.tags.get(turn, "") if turn is not None else ""
        if tag:
            return Text(t("{who}'s turn ({tag}): open or steal.", who=who, tag=tag))
        return Text(t("{who}'s turn: open or steal.", who=who))

    def _party_text(self, view: GiftListView | None) -> Text:
        if not view:
            return Text("")
        names = list(self.names)
        phase = view["phase"]
        wide = self.scale == 2
        name_width, gift_width, holds_width = COLUMNS[self.scale]
        # Translators: the party's column headings (Seat: 19 letters at most, Their gift: 11, Holds: 12).
        headings = (tp("party", "Seat"), t("Their gift"), t("Holds"))
        text = Text("  " + "".join(h.ljust(w) for h, w in zip(headings, COLUMNS[self.scale], strict=True)), "dim")
        text.append(t("Received (public)"), "dim")
        brought, wrapped = view["brought"], view["wrapped"]
        holding, locked, received = view["holding"], view["locked"], view["received"]
        for seat in range(view["players"]):
            text.append("\n\n" if wide else "\n")
            turn = view["turn"] == seat
            text.append(">" if turn else " ", "bold")
            text.append("*" if view["first"] == seat else " ", "bold")
            you = seat == view["you"]
            tag = tp("seat", "you") if you else self.tags.get(seat, "")
            name = name_and_tag(
                seat_name(names, seat), tag, name_width - 1, "bold" if turn else "", "" if you else "italic"
            )
            name.truncate(name_width - 1, pad=True)
            text.append_text(name + Text(" "))
            gift = _gift_state(phase, brought[seat], wrapped[seat])
            gift.pad_right(gift_width - gift.cell_len)
            text.append_text(gift)
            holds = Text("")
            held = holding[seat]
            if held is not None:
                holds.append_text(card_badge(held, wide))  # the colour is the card's, not the words'
                if locked[seat]:
                    holds.append(f" {LOCKED} " + tp("gift", "locked"), "bold")
            elif phase == "play":
                holds = Text("-", "dim")
            holds.pad_right(holds_width - holds.cell_len)
            text.append_text(holds)
            text.append_text(cards_text(received[seat], wide) if received[seat] else Text("-", "dim"))
        text.append("\n\n" if wide else "\n")
        key = t("> to move · * first seat · {locked} locked: can't be stolen until a gift is opened", locked=LOCKED)
        text.append(key, "dim")
        return text

    def _brought_text(self, view: GiftListView | None) -> Text:
        if not view:
            return Text("")
        mine = view.get("my_gift")
        if mine:
            sentence = t("You brought {card} ({words}): still wrapped, only you know it.")
            return fill(sentence, card=card_badge(mine), words=card_words(mine))
        if view["you"] is not None and self.reason("bring") is None:
            return Text(t("Nobody sees what you bring until it is opened."))
        return Text("")


def _gift_state(phase: str, brought: bool, wrapped: bool) -> Text:
    """A seat's gift at the party: brought or still being chosen, then wrapped or opened."""
    if phase == "bring" and brought:
        # Translators: a seat's gift at the party, 10 letters at most (as the next three).
        return Text("✓ " + tp("gift", "brought"))
    if phase == "bring":
        # Translators: a seat still choosing the gift it brings, 10 letters at most.
        return Text("… " + tp("gift", "choosing"), "italic")
    if phase == "play" and wrapped:
        # Translators: a gift still face down, 10 letters at most.
        return Text(f"{WRAPPED} " + tp("gift", "wrapped"))
    if phase == "play":
        # Translators: a gift opened (face up), 10 letters at most.
        return Text("□ " + tp("gift", "opened"), "dim")
    return Text("")


def _list_text(view: GiftListView | None) -> Text:
    """Your three people, the best card you have received for each, and your score so far."""
    people = view.get("list") if view else None
    if not view or not people:
        return Text(t("Secret until the end of the game."), style="italic")
    best = view.get("best", {})
    text = Text("")
    for person in people:
        line = person_badge(person)
        line.pad_right(21 - line.cell_len)
        card = best.get(person)
        if card:
            line.append_text(card_badge(card))
            line.append(f"{CARD_NUMBER[card]:>{8 - len(card_code(card))}}")
        else:
            line.append("-      0", "dim")
        text.append_text(line + Text("\n"))
    so_far = t("Score so far")
    text.append(f"{so_far:<21}{view.get('score', 0):>8}", "bold")
    return text
