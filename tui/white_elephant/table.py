"""The White Elephant table: the Gift Exchange, every seat, your Shelf and your actions.

:class:`WhiteElephantTable` draws one seat's view (a
:class:`~yule.core.white_elephant.views.WhiteElephantView`, the dict the host sends) and the
table's names.  It never holds more than that view.  A chosen move is posted as
:class:`~yule.tui.widgets.GameTable.MoveChosen` in wire form (``{"type": "take", "cards": [...]}``);
whoever owns the connection sends it.

Every action has a key in the footer.  An action the view does not allow is greyed out there,
and pressing its key says why (the view's ``actions`` reasons), never nothing.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.white_elephant.cards import number_of, suit_of
from ...core.white_elephant.views import WhiteElephantView
from ..dialogs import ChoiceScreen, ConfirmScreen
from ..hiding import Private
from ..text import name_and_tag, plain, wrap_words
from ..widgets import GameTable
from ..words import language, t, tn
from .gifts import HIDDEN, PEANUT, SUIT_CODES, badges, gift_badge, hidden_known, suit_badge
from .words import chip_word, gift_name, is_surprise, seat_label, surprise_number


def legend() -> str:
    """The key to the Exchange's chips, under it."""
    return t("?N Surprise Gift  {peanut} Peanut  ?N=gift: peeked", peanut=PEANUT)


def exchange_title(gifts: int, pot: int) -> str:
    """The Exchange's border title: its gifts, and the marker's Peanuts."""
    return tn(
        "Gift Exchange: {n} gift, marker + {pot}{peanut}",
        "Gift Exchange: {n} gifts, marker + {pot}{peanut}",
        gifts,
        pot=pot,
        peanut=PEANUT,
    )


LABEL_ROOM = len("GB 8 Gift Basket")
"""A chip's label at most: the longest gift with its words."""


def _chip_label(ref: str, known: dict[str, str], on_gifts: dict[str, int], wide: bool = False) -> Text:
    """A gift's badge and what it is in words: ``GB 7 Gift Basket``, ``?2● Surprise``.

    A gift whose words would not fit shows its code only (``?2=MU 5●``, a Surprise Gift you
    peeked at): chips stay narrow enough for two columns at 80 wide, and nothing is cut off.
    ``wide`` (the TV of a big screen): a wide badge, and always the words.
    """
    label = gift_badge(ref, known, on_gifts, wide)
    card = known.get(ref, ref)
    words = " " + chip_word(None if is_surprise(card) or card == HIDDEN else suit_of(card))
    if wide or label.cell_len + len(words) <= LABEL_ROOM:
        label.append(words)
    return label


class GiftGrid(Widget, can_focus=True):
    """The gifts in the Exchange in columns: arrows move, Space marks gifts for a take.

    Every chip is as wide as the widest one, so nothing in a chip is ever cut off (a peeked
    Surprise Gift's chip is the longest); the columns are as many as fit.  A spectator's grid
    (``watching``) has no cursor and no marks: its arrows scroll.  A ``wide`` grid (the TV of a
    big screen) has wide badges and a blank line between its rows.  Once the game is ``over``,
    nothing is marked (no Space in the footer).
    """

    DEFAULT_CSS = """
    GiftGrid { height: auto; }
    """
    BINDINGS = [
        Binding("space", "mark", "Mark"),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
    ]

    refs: reactive[tuple[str, ...]] = reactive(())
    cursor: reactive[int] = reactive(0)
    marked: reactive[frozenset[str]] = reactive(frozenset())
    watching: reactive[bool] = reactive(False, layout=True)
    known: dict[str, str] = {}
    on_gifts: dict[str, int] = {}
    wide: bool = False
    labels: list[Text] = []
    speaks: str = ""
    """The language the chips' words are in (new words when it changes)."""

    class Marked(Message):
        """The set of marked gifts changed."""

        def __init__(self, marked: frozenset[str]) -> None:
            super().__init__()
            self.marked = marked

    def show(self, refs: list[str], known: dict[str, str], on_gifts: dict[str, int], wide: bool = False) -> None:
        """Draw these gifts; the layout is redone only when the grid's rows change."""
        now = (tuple(refs), known, on_gifts, wide, language())
        if now == (self.refs, self.known, self.on_gifts, self.wide, self.speaks):
            return
        rows = self._rows(self.size.width) if self.size.width else -1
        self.known, self.on_gifts, self.wide, self.speaks = known, on_gifts, wide, language()
        self.labels = [_chip_label(ref, known, on_gifts, wide) for ref in refs]
        self.refs = tuple(refs)
        self.marked = frozenset(r for r in self.marked if r in refs)
        self.cursor = min(self.cursor, max(0, len(refs) - 1))
        self.refresh(layout=rows != self._rows(self.size.width))

    @property
    def current(self) -> str | None:
        return self.refs[self.cursor] if self.refs else None

    def _chip_width(self) -> int:
        """Cursor mark, ``[x] `` (not when watching), the longest label and a space between columns."""
        return 1 + (0 if self.watching else 4) + max((label.cell_len for label in self.labels), default=0) + 1

    def _columns(self, width: int | None = None) -> int:
        return max(1, ((self.size.width if width is None else width) + 1) // self._chip_width())

    def _rows(self, width: int) -> int:
        """The grid's lines: a line per row of chips (and one between rows when ``wide``)."""
        rows = max(1, -(-len(self.refs) // self._columns(width)))
        return 2 * rows - 1 if self.wide else rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self._rows(width)

    def _chip(self, index: int, ref: str, width: int) -> Text:
        if self.watching:
            chip = Text(" ")
            chip.append_text(self.labels[index])
            chip.truncate(width, pad=True)
            return chip
        chip = Text(">" if index == self.cursor and self.has_focus else " ")
        chip.append("[x] " if ref in self.marked else "[ ] ")
        chip.append_text(self.labels[index])
        chip.truncate(width, pad=True)
        if index == self.cursor:
            chip.stylize("reverse")
        return chip

    def render(self) -> Text:
        if not self.refs:
            return Text(t("The Gift Exchange is empty."), style="italic")
        columns = self._columns()
        width = min(self._chip_width() - 1, self.size.width)
        rows = []
        for start in range(0, len(self.refs), columns):
            chips = [self._chip(i, self.refs[i], width) for i in range(start, min(start + columns, len(self.refs)))]
            rows.append(Text(" ").join(chips))
        return Text("\n\n" if self.wide else "\n").join(rows)

    def watch_cursor(self, cursor: int) -> None:
        box = self.parent
        if isinstance(box, VerticalScroll):
            box.scroll_to_region(Region(0, (cursor // self._columns()) * (2 if self.wide else 1), 1, 1), animate=False)

    def watch_marked(self, marked: frozenset[str]) -> None:
        self.post_message(self.Marked(marked))

    over = False
    """True once the game is over: nothing to mark any more."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not ((self.watching or self.over) and action == "mark")

    def action_move(self, dx: int, dy: int) -> None:
        box = self.parent
        if self.watching and isinstance(box, VerticalScroll):
            box.scroll_relative(y=dy, animate=False)
        elif self.refs:
            step = dx + dy * self._columns()
            self.cursor = max(0, min(len(self.refs) - 1, self.cursor + step))

    def action_mark(self) -> None:
        ref = self.current
        if ref is not None:
            self.marked = self.marked ^ {ref}

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class SeatsPanel(Widget):
    """Every seat: whose turn (``>``), the Start Player (``*``), Peanuts, Shelf size and the
    gifts in front of it this round; names get the room the panel's width leaves them.  The key
    to ``>`` and ``*`` is in the panel's title, so all 8 seats and their gifts have the rows.
    A ``wide`` panel (the TV of a big screen) names the gifts in front of a seat and leaves a
    line between seats."""

    DEFAULT_CSS = """
    SeatsPanel { width: 35; height: 1fr; border-top: solid $primary; border-left: solid $primary; padding: 0 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.border_title = self._title()
        self.view: WhiteElephantView | None = None
        self.names: list[str] = []
        self.tags: dict[int, str] = {}
        self.wide = False
        self.hidden = False
        """The seat's hand is hidden: the gifts it peeked at show card backs."""

    @staticmethod
    def _title() -> str:
        return t("Players > turn * Start Player")

    def show(
        self,
        view: WhiteElephantView | None,
        names: list[str],
        tags: dict[int, str],
        wide: bool = False,
        hidden: bool = False,
    ) -> None:
        """Draw these seats (``hidden``: the seat's hand is hidden); the layout is redone only
        for a panel as tall as its lines, when their number changes."""
        if self.border_title != self._title():
            self.border_title = self._title()
        if (view, names, tags, wide, hidden) != (self.view, self.names, self.tags, self.wide, self.hidden):
            auto = self.styles.height is not None and self.styles.height.is_auto
            lines = self._seats(self.size.width).plain.count("\n") if auto else 0
            self.view, self.names, self.tags, self.wide, self.hidden = view, names, tags, wide, hidden
            self.refresh(layout=auto and lines != self._seats(self.size.width).plain.count("\n"))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """Every seat's lines (a panel as tall as it needs)."""
        return self._seats(width).plain.count("\n") + 1

    def render(self) -> Text:
        return self._seats(self.size.width)

    def _seats(self, width: int) -> Text:
        """A line per seat, and one with the gifts in front of it when there are some."""
        view, names = self.view, self.names
        lines: list[Text] = []
        if view is None:
            return Text()
        width = max(20, width)
        known = view.get("known", {})
        if self.hidden:
            known = hidden_known(known)
        on_gifts, peanuts, sizes, front, you = (
            view["on_gifts"],
            view["peanuts"],
            view["shelf_sizes"],
            view["front"],
            view["you"],
        )
        for seat in range(view["players"]):
            turn = view["turn"] == seat
            line = Text(">" if turn else " ", "bold")
            line.append("*" if view["start_player"] == seat else " ", "bold")
            right = f" {peanuts[seat]:>2}{PEANUT} " + t("shelf {size}", size=sizes[seat])
            tag = t("you") if seat == you else self.tags.get(seat, "")
            room = width - 2 - len(right)
            style = "bold reverse" if turn else "bold" if seat == you else ""
            label = name_and_tag(seat_label(names, seat), tag, room, style)
            label.truncate(room, pad=True)
            line.append_text(label)
            line.append(right)
            if self.wide and seat:
                lines.append(Text())
            lines.append(line)
            if front[seat] and self.wide:
                gifts = [_chip_label(ref, known, on_gifts, wide=True) + Text(" ") for ref in front[seat]]
                lines.append(wrap_words(gifts, width, "   "))
            elif front[seat]:
                lines.append(wrap_words([gift_badge(ref, known, on_gifts) for ref in front[seat]], width, "   "))
        return Text("\n").join(lines)


class WhiteElephantTable(GameTable[WhiteElephantView]):
    """One seat's White Elephant table, drawn from its view; moves go out as messages."""

    MOVES = ("take", "trade", "clear", "peek", "end")
    HIDDEN_MOVES = ("take", "trade", "clear", "peek")
    """The moves chosen from what you hold and peeked at (the trade and peek lists show it)."""

    DEFAULT_CSS = """
    WhiteElephantTable { height: 1fr; layout: vertical; }
    WhiteElephantTable #info { height: 1; color: $text-muted; padding: 0 1; }
    WhiteElephantTable #prompt { height: 1; padding: 0 1; text-style: bold; }
    WhiteElephantTable #prompt.-yours { background: $accent 30%; }
    WhiteElephantTable #board { height: 1fr; }
    WhiteElephantTable #left { width: 1fr; }
    WhiteElephantTable #exchange-box { height: 1fr; border-top: solid $primary; }
    WhiteElephantTable #legend { height: 1; color: $text-muted; padding: 0 1; }
    WhiteElephantTable.-spectating, WhiteElephantTable.-spectating #board { height: auto; }
    WhiteElephantTable.-spectating #left, WhiteElephantTable.-spectating #exchange-box { height: auto; }
    WhiteElephantTable.-spectating #left { min-width: 45; }
    WhiteElephantTable.-spectating SeatsPanel { height: auto; width: 1fr; min-width: 35; max-width: 50; }
    WhiteElephantTable.-spectating.-scale-2 SeatsPanel { min-width: 50; max-width: 60; }
    """
    BINDINGS = [
        Binding("t", "take", "Take"),
        Binding("r", "trade", "Trade"),
        Binding("c", "clear", "Clear out"),
        Binding("p", "peek", "Peek"),
        Binding("e", "end", "End"),  # the turn: short, so the footer fits 80 columns
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="info")
        yield Static(id="prompt")
        with Horizontal(id="board"):
            with Vertical(id="left"):
                with VerticalScroll(id="exchange-box") as box:
                    box.border_title = exchange_title(0, 0)
                    box.can_focus = False
                    yield GiftGrid(id="grid")
                yield Static(Text(legend()), id="legend")
                yield Shelf(id="shelf")
            yield SeatsPanel(id="seats")

    def on_mount(self) -> None:
        self.query_one(GiftGrid).focus()
        self._redraw()

    def tv_scale(self, width: int, height: int) -> int:
        """2 (wide badges named in words, a line between rows and seats, a wider players
        panel) from 120×40, where 8 seats and their gifts leave the log some lines.

        >>> WhiteElephantTable().tv_scale(119, 60), WhiteElephantTable().tv_scale(120, 39), WhiteElephantTable().tv_scale(120, 40)
        (1, 1, 2)
        """
        return 2 if width >= 120 and height >= 40 else 1

    # -- actions -----------------------------------------------------------------------------

    def action_take(self) -> None:
        grid = self.query_one(GiftGrid)
        if self.view is None:
            return
        chosen = [r for r in self.view["exchange"] if r in grid.marked]
        if len(chosen) < 2:
            self.notify(
                tn(
                    "Mark 2 or more gifts with Space, then press t ({n} marked).",
                    "Mark 2 or more gifts with Space, then press t ({n} marked).",
                    len(chosen),
                ),
                title=t("Can't take yet"),
                severity="warning",
            )
            return
        self.send({"type": "take", "cards": chosen})  # marked still: they leave the exchange once taken

    def action_trade(self) -> None:
        view = self.view
        if view is None:
            return
        names = list(self.names)
        choices: list[tuple[Text, int, str | None]] = []
        for seat, gifts in enumerate(view["front"]):
            if seat == view["you"]:
                continue
            label = plain(seat_label(names, seat), "bold", 16)
            label.append(": ")
            if gifts:
                label.append_text(badges(gifts, view.get("known"), view["on_gifts"]))
            else:
                label.append(t("no gifts"), "italic")
            why = None if gifts else t("{who} has no gifts in front of them.", who=seat_label(names, seat))
            choices.append((label, seat, why))
        self.ask(
            ChoiceScreen(t("Trade: pay 1 Peanut, take all their gifts"), choices),
            lambda seat: {"type": "trade", "target": seat},
            "trade",
        )

    def action_clear(self) -> None:
        view = self.view
        if view is None:
            return
        left, pot = len(view["exchange"]), view["pot"]
        question = Text(
            t(
                "Clear out: take all {gifts} left in the Exchange, the marker and its {peanuts}?",
                gifts=tn("{n} gift", "{n} gifts", left),
                peanuts=tn("{n} Peanut", "{n} Peanuts", pot),
            )
            + " "
            + t("The round ends and you start the next one.")
        )
        self.ask(ConfirmScreen(question, yes=t("clear out"), no=t("not now")), lambda _: {"type": "clear"}, "clear")

    def action_peek(self) -> None:
        view = self.view
        if view is None:
            return
        names = list(self.names)
        known = view.get("known", {})
        on_gifts = view["on_gifts"]
        places: list[tuple[str, int | None]] = [(ref, None) for ref in view["exchange"] if is_surprise(ref)]
        for seat, gifts in enumerate(view["front"]):
            places += [(ref, seat) for ref in gifts if is_surprise(ref)]
        choices: list[tuple[Text, str, str | None]] = []
        for ref, holder in sorted(places, key=lambda p: int(surprise_number(p[0]))):
            number = surprise_number(ref)
            label = gift_badge(ref, known, on_gifts)
            label.append(" ")
            if holder is None:
                label.append(t("Surprise Gift {number}, in the Gift Exchange", number=number))
            elif holder == view["you"]:
                label.append(t("Surprise Gift {number}, in front of you", number=number))
            else:
                label.append(
                    t("Surprise Gift {number}, in front of {who}", number=number, who=seat_label(names, holder))
                )
            why = t("You already know it: {gift}.", gift=gift_name(ref, known)) if ref in known else None
            choices.append((label, ref, why))
        self.ask(
            ChoiceScreen(
                t("Peek: pay 1 Peanut to see a Surprise Gift"), choices, start=self.query_one(GiftGrid).current
            ),
            lambda ref: {"type": "peek", "card": ref},
            "peek",
        )

    def action_end(self) -> None:
        self.send({"type": "end"})

    # -- drawing -----------------------------------------------------------------------------

    def watch_view(self) -> None:
        self._redraw()
        view = self.view
        if view is not None and self.fresh and view["phase"] == "after" and view.get("actions", {}).get("peek"):
            # Nothing left to peek at or no Peanut to peek with: end the turn for the player.
            self.send({"type": "end"})

    def on_gift_grid_marked(self, event: GiftGrid.Marked) -> None:
        event.stop()
        self._redraw_prompt()

    def draw(self, view: WhiteElephantView | None) -> None:
        """Update every part in place, and only the parts that changed; only the Exchange's
        rows may change the layout."""
        exchange = view["exchange"] if view else []
        grid = self.query_one(GiftGrid)
        grid.watching = self.spectating
        if grid.over != self.over:
            grid.over = self.over
            grid.refresh_bindings()
        wide = self.scale == 2
        known = view.get("known", {}) if view else {}
        if self.hand_hidden:
            known = hidden_known(known)
        grid.show(exchange, known, view["on_gifts"] if view else {}, wide)
        self._update("#info", self._info_text(view))
        self._update("#legend", Text(legend()))
        box = self.query_one("#exchange-box")
        title = exchange_title(len(exchange), view["pot"] if view else 0)
        if box.border_title != title:
            box.border_title = title
        shelf = self.query_one(Shelf)
        shelf.display = not self.spectating
        shelf.show(view.get("shelf", []) if view else [])
        self.query_one(SeatsPanel).show(view, list(self.names), self.tags, wide, self.hand_hidden)
        self._redraw_prompt()

    def _update(self, selector: str, text: Text) -> None:
        """Show ``text`` in one of the table's lines, unless it shows it already."""
        static = self.query_one(selector, Static)
        if static.content != text:
            static.update(text, layout=False)

    def _info_text(self, view: WhiteElephantView | None) -> Text:
        if not view:
            return Text(t("Waiting for the host…"))
        text = Text(t("Round {round}", round=view["round"]), style="bold")
        if view["final_round"]:
            text.append(" ")
            text.append(t("(final round)"), style="bold reverse")
        text.append(
            " · " + t("deck {deck} · supply {supply}{peanut}", deck=view["deck"], supply=view["supply"], peanut=PEANUT)
        )
        you = view["you"]
        if you is not None:
            text.append(
                " · " + t("your Peanuts {peanuts}{peanut}", peanuts=view["peanuts"][you], peanut=PEANUT), style="bold"
            )
        return text

    def _redraw_prompt(self) -> None:
        prompt = self.query_one("#prompt", Static)
        view = self.view
        you, turn = (view["you"], view["turn"]) if view else (None, None)
        names = list(self.names)
        prompt.set_class(turn is not None and turn == you, "-yours")
        if not view:
            text = t("Waiting for the game to start…")
        elif "result" in view:
            text = t("The game is over.")
        elif turn is None:
            text = t("Dealing…")
        elif turn != you:
            tag = self.tags.get(turn, "")
            who = seat_label(names, turn)
            text = t("{who}'s turn ({tag}).", who=who, tag=tag) if tag else t("{who}'s turn.", who=who)
        elif self.pending:
            text = t("Your move is on its way…")
        elif view["phase"] == "after":
            text = t("Peek at a Surprise Gift (p) or end your turn (e).")
        else:
            text = tn(
                "Your turn: Space marks ({n} marked), t takes · r trade · c clear out · p peek",
                "Your turn: Space marks ({n} marked), t takes · r trade · c clear out · p peek",
                len(self.query_one(GiftGrid).marked),
            )
        self._update("#prompt", Text(text))


class Shelf(Private, Widget):
    """Your Shelf grouped by suit: ``GB 2 7 9  MU 0 3``; a suit's gifts are never split over two
    lines, and the box is as tall as the whole Shelf needs (the Exchange above gives way).
    Card backs over all of it while the hand is hidden (:class:`~yule.tui.hiding.Private`)."""

    DEFAULT_CSS = """
    Shelf { height: auto; border-top: solid $primary; padding: 0 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[str] = []
        self.border_title = self._title()

    def _title(self) -> str:
        if not self.cards:
            return t("Your Shelf")
        return tn("Your Shelf: {n} gift", "Your Shelf: {n} gifts", len(self.cards))

    def show(self, cards: list[str]) -> None:
        if cards != self.cards:
            self.cards = list(cards)
            self.refresh(layout=True)
        if self.border_title != self._title():
            self.border_title = self._title()

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self._text(width).plain.count("\n") + 1

    def render(self) -> Text:
        return self._text(self.size.width)

    def _text(self, width: int) -> Text:
        if not self.cards:
            return Text(t("empty"), style="italic")
        groups: dict[str, list[int]] = {}
        for card in self.cards:
            groups.setdefault(suit_of(card), []).append(number_of(card))
        parts = []
        for suit in SUIT_CODES:
            if suit in groups:
                part = suit_badge(suit)
                part.append(" " + " ".join(str(n) for n in sorted(groups[suit])))
                parts.append(part + Text(" "))  # two spaces between suits
        text = wrap_words(parts, max(width, 12), "")
        text.rstrip()
        return text
