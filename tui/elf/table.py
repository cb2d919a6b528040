"""The Elf table: the Scoring Slots, the play area, a side panel and your hand with a preview.

:class:`ElfTable` draws one seat's view (an :class:`~yule.core.elf.views.ElfView`, the dict the host
sends) and the table's names, and
holds nothing more than that view plus which card and which placement you are looking at.
The preview of the chosen card comes from :func:`yule.core.elf.preview.preview`, which needs the
view alone.  A chosen move is posted as :class:`~yule.tui.widgets.GameTable.MoveChosen` in wire form
(``{"type": "play", "card": "cl-1", "heading": "S"}``, a jump adds ``"floe": [x, y]``, and
``{"type": "end"}``).

At 80×24 the 60 × 18 play area and the slots above it take 19 rows and 60 columns; the side
panel gets the other 20 columns and the hand bar the row below.  A larger terminal widens the
side panel (full names, card names) and gives the hand bar a second row and the log the others.
A big screen (the TV's, ``yule watch``, from 160×44, a player's from 160×45) draws the slots and
the play area at scale 2: 37 rows and 120 columns, the slots naming who filled them.

Every action has a key in the footer.  An action the view does not allow is greyed out there,
and pressing its key says why (the view's ``actions`` reasons, or why the chosen card does not
fit), never nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.elf.board import GOALS
from ...core.elf.cards import CARD_TYPE
from ...core.elf.preview import PlacementPreview, preview
from ...core.elf.views import ElfView
from ..hiding import backs, hidden_here
from ..palette import paint
from ..refusals import action_reason
from ..text import literal, name_and_tag, seat_name, wrap_words
from ..widgets import GameTable
from ..words import t
from .board import ARROWS, KIND_STYLE, board_rows, label
from .words import compass, describe_card, semicolons, type_name

SLOT_WIDTH = 10
BIG_LEFT, BIG_TOP = 120, 37
"""The slots and the play area at scale 2: 120 columns, 37 rows."""
BIG_SIDE = 40
"""The side panel beside them at scale 2, at least: every hand's card names on a line or two."""
TV_ROWS = 7
"""Rows of the TV around the table: the status line, the bar, the log (its border and three
lines) and the keys."""
SEAT_ROWS = 8
"""Rows of a seat's screen around the table at scale 2: the status line, the hand bar's two,
the log (its border and three lines) and the keys."""
WIDE_PANEL = 30
"""From this side-panel width on, hands show card names rather than type codes."""


def card_code(card: str) -> str:
    """A card's type code as hands show it: ``cl-7`` -> ``cl``."""
    return CARD_TYPE.get(card, card)


def card_words(card: str) -> str:
    """``Curve left (cl-7)``."""
    return describe_card(card)


def slot_fillers(view: ElfView) -> dict[str, int]:
    """Location id -> the seat whose card took Buddy there (from the laid paths)."""
    out: dict[str, int] = {}
    tokens = view["tokens"]
    for path in view["paths"]:
        for token in path["touched"]:
            if tokens[token]["kind"] == "location":
                out.setdefault(token, path["by"])
    return out


def slots_text(view: ElfView, names: list[str] | None = None) -> Text:
    """The six Scoring Slots, 10 characters each: ``[3 SNOW 1]`` is the Wise Snowman, taken
    by seat 1 for 3 points; ``[2 ····  ]`` is still free.  Given the ``names`` (the board at
    scale 2), 20 characters each, the seat named: ``[3 SNOW Ana]``."""
    text = Text()
    fillers = slot_fillers(view)
    values = view.get("slot_values", [3, 3, 2, 2, 1, 1])
    width = SLOT_WIDTH if names is None else 2 * SLOT_WIDTH
    for index, value in enumerate(values):
        taken = (view.get("slots") or [None] * len(values))[index]
        if taken is None:
            text.append(f"[{value} ····".ljust(width - 1) + "]", "dim")
            continue
        seat = fillers.get(taken)
        if names is None:
            slot = Text(f"[{value} {label(taken)} {'' if seat is None else seat + 1}]".ljust(width), "bold")
        else:
            name = "" if seat is None else literal(seat_name(names, seat), width - len("[3 SNOW ]"))
            slot = Text(f"[{value} {label(taken)} {name}".ljust(width - 1) + "]", "bold")
        slot.stylize(KIND_STYLE["location"], 3, 3 + len(label(taken)))  # in the colour of places
        text.append_text(slot)
    return text


def trigger_words(view: ElfView, entry: PlacementPreview) -> list[str]:
    """What laying a previewed placement would do, token by token in path order."""
    words = []
    taken = sum(1 for s in view.get("slots", []) if s is not None) + (1 if view.get("seventh") else 0)
    values = view.get("slot_values", [3, 3, 2, 2, 1, 1])
    for trigger in entry.get("triggers", []):
        token = trigger["token"]
        kind = view["tokens"][token]["kind"]
        if kind == "location":
            if taken < len(values):
                words.append(
                    t("{place} → slot {slot} ({points})", place=label(token), slot=taken + 1, points=values[taken])
                )
            else:
                words.append(t("{place} → 7th, worth 0", place=label(token)))
            taken += 1
        elif kind == "gingerbread":
            words.append(t("{token}: you take it", token=label(token)))
        elif kind == "syrup":
            words.append(t("{token}: draw 1", token=label(token)))
        elif kind == "floe":
            words.append(t("~~~~: jump offered"))
        else:
            words.append(t("NYC*: Snow Globe +2, game ends"))
    return words


class SidePanel(Widget):
    """Your Goal card and Gingerbread values, the deck and the jump, and every seat's hand."""

    DEFAULT_CSS = """
    SidePanel { width: 1fr; height: 100%; border-left: vkey $primary; }
    """

    view: ElfView | None = None
    names: tuple[str, ...] = ()
    tags: dict[int, str] = {}

    def show(self, view: ElfView | None, names: tuple[str, ...], tags: dict[int, str]) -> None:
        self.view, self.names, self.tags = view, names, tags
        self.refresh()

    def render(self) -> Text:
        hidden = hidden_here(self)
        return side_text(self.view, list(self.names), self.tags, self.content_size.width, hidden)


def side_text(view: ElfView | None, names: list[str], tags: dict[int, str], width: int, hidden: bool = False) -> Text:
    """The side panel's lines for a panel ``width`` columns wide (19 at 80×24); ``hidden``: the
    seat's hand is hidden, its Goal card and Gingerbread values drawn as card backs as wide."""
    width = max(width, 12)
    text = Text()
    if not view:
        return Text(t("Waiting for the host…"), "italic")
    over = "result" in view
    goal = view.get("goal")
    slots = view.get("slots") or []
    values = view.get("slot_values", [])
    if goal:
        labels = [label(loc) for loc in goal["locations"]]
        # Translators: "Goal" heads your Goal card's places, "now" what each is worth so far (4 letters at most).
        head, now = t("Goal"), t("now")
        room = max(4, len(head), len(now))
        text.append(f"{head:<{room}} ", "bold")
        if hidden:
            labels = [backs(4) for _ in labels]  # every label is 4 letters (a board's token)
        text.append(" ".join(labels), "dim" if hidden else KIND_STYLE["location"])
        text.append(f"\n{now:>{room}} ")
        marks = []
        for loc in goal["locations"]:
            if hidden:
                marks.append(f"{backs(1):>4}")  # which places score is the goal's secret
            elif loc in slots:
                marks.append(f"{values[slots.index(loc)]:>4}")
            elif loc == view.get("seventh"):
                marks.append("   0")
            else:
                marks.append("   ·")
        text.append(" ".join(marks) + "\n")
    mine = view.get("my_gingerbread")
    if mine is not None:
        # Translators: your Gingerbread Men in the side panel (short: G1=2 G3=1 follow on its line).
        text.append(t("Ginger") + " ", "bold")
        worth = [backs(1) if hidden else str(g["value"]) for g in mine]  # every value is one digit
        text.append(" ".join(f"{g['spot'].upper()}={v}" for g, v in zip(mine, worth, strict=True)) or t("none yet"))
        text.append("\n")
    if over and view.get("gingerbread_values"):
        # Translators: every Gingerbread Man's value, once the game is over (G1=2 G2=1 ... follow).
        text.append(t("All GB") + " ", "bold")
        text.append(" ".join(f"{spot.upper()}={v}" for spot, v in view["gingerbread_values"].items()))
        text.append("\n")
    jump = view.get("jump") or {}
    deck = t("Deck {n}", n=view.get("deck", 0))
    if jump.get("used"):
        state, style = t("jump used"), ""
    elif jump.get("offer"):
        state, style = t("JUMP NOW"), "bold reverse"
    else:
        state, style = t("jump open"), ""
    text.append(deck + ("\n" if len(deck) + 1 + len(state) > width else " "))
    text.append(state, style)
    seventh = view["seventh"]
    if seventh:
        text.append("\n" + t("7th {place} (0)", place=label(seventh)))
    text.append("\n" + "─" * width + "\n", "dim")
    hands = view.get("hands", [])
    counts = view.get("gingerbread_counts", [])
    goals = view.get("goals") or []
    for seat in range(view.get("players", len(hands))):
        turn = view.get("turn") == seat
        line = Text("▶" if turn else " ", "bold")
        line.append(f"{seat + 1} ")
        tag = t("you") if seat == view.get("you") else tags.get(seat, "")
        count = f" gb{counts[seat] if seat < len(counts) else 0}"
        name = name_and_tag(seat_name(names, seat), tag, width - line.cell_len - len(count), "bold" if turn else "")
        name.truncate(width - line.cell_len - len(count), pad=True)
        line.append_text(name)
        line.append(count)
        text.append_text(line)
        text.append("\n")
        if over and seat < len(goals):
            words = [Text(goals[seat], "bold")] + [
                paint(label(loc), KIND_STYLE["location"]) for loc in GOALS.get(goals[seat], ())
            ]
        else:
            cards = hands[seat] if seat < len(hands) else []
            wide = width >= WIDE_PANEL
            words = [Text(type_name(card_code(c)) if wide else card_code(c)) for c in cards] or [
                Text(t("no cards"), "italic")
            ]
        text.append_text(wrap_words(words, width, "  "))
        text.append("\n")
    text.append(t("@ Buddy ═ preview") + "\n" + t("+ touch  narw spent"), "dim")
    return text


class HandBar(Widget):
    """Your hand (the chosen card marked) and what the chosen placement would do."""

    DEFAULT_CSS = """
    HandBar { height: 1fr; min-height: 1; padding: 0 1 0 0; }
    """

    content: Text = Text()

    def show(self, content: Text) -> None:
        self.content = content
        self.refresh()

    def render(self) -> Text:
        return self.content


class ElfTable(GameTable[ElfView], can_focus=True):
    """One seat's Elf table, drawn from its view; moves go out as messages."""

    MOVES = ("play", "end", "turn")

    DEFAULT_CSS = f"""
    ElfTable {{ height: 1fr; layout: vertical; }}
    ElfTable #top {{ height: 19; }}
    ElfTable #left {{ width: 60; }}
    ElfTable #slots {{ height: 1; }}
    ElfTable #board {{ height: 18; }}
    ElfTable.-scale-2 #top {{ height: {BIG_TOP}; }}
    ElfTable.-scale-2 #left {{ width: {BIG_LEFT}; }}
    ElfTable.-scale-2 #board {{ height: {BIG_TOP - 1}; }}
    ElfTable.-spectating, ElfTable.-spectating #bar {{ height: auto; }}
    ElfTable.-spectating #bar {{ text-style: bold; }}
    ElfTable.-spectating #top {{ align-horizontal: center; }}
    ElfTable.-spectating SidePanel {{ max-width: 60; }}
    """
    BINDINGS = [
        Binding("left", "card(-1)", "Card", key_display="←→"),
        Binding("right", "card(1)", "Card", show=False),
        Binding("space", "turn", "Heading", key_display="space"),
        Binding("enter", "play", "Play"),
        Binding("e", "end", "End turn"),
    ]

    selected: reactive[int] = reactive(0, init=False)
    """Index in your hand of the card you are looking at."""
    choice: reactive[int] = reactive(0, init=False)
    """Index of the placement previewed among that card's legal placements."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield Static(id="slots")
                yield Static(id="board")
            yield SidePanel(id="side")
        yield HandBar(id="bar")

    def on_mount(self) -> None:
        self.focus()
        self._redraw()

    # -- what you hold and look at -----------------------------------------------------------

    @property
    def hand(self) -> list[str]:
        view = self.view
        you = view["you"] if view else None
        return list(view["hands"][you]) if view and you is not None else []

    @property
    def card(self) -> str | None:
        hand = self.hand
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view["phase"] == "play" and view["you"] is not None and view["turn"] == view["you"]

    def options(self, card: str | None = None) -> list[PlacementPreview]:
        """The legal placements of ``card`` (the chosen one by default) on your turn."""
        card = card or self.card
        if card is None or self.view is None or not self.my_turn():
            return []
        return preview(self.view, card)

    def previewed(self) -> PlacementPreview | None:
        options = self.options()
        if not options or self.pending:
            return None
        return options[self.choice % len(options)]

    def tv_scale(self, width: int, height: int) -> int:
        """2 (the play area at double size) once the screen has room for it, the side panel
        beside it and a few lines of log under it: from 160×44.

        >>> ElfTable().tv_scale(159, 60), ElfTable().tv_scale(160, 43), ElfTable().tv_scale(160, 44)
        (1, 1, 2)
        """
        return 2 if width >= BIG_LEFT + BIG_SIDE and height >= BIG_TOP + TV_ROWS else 1

    def seat_scale(self, width: int, height: int) -> int:
        """2 (the play area at double size, with the preview) once the screen has room for it,
        the side panel beside it, the hand bar and a few lines of log under it: from 160×45.

        >>> ElfTable().seat_scale(159, 60), ElfTable().seat_scale(160, 44), ElfTable().seat_scale(200, 50)
        (1, 1, 2)
        """
        return 2 if width >= BIG_LEFT + BIG_SIDE and height >= BIG_TOP + SEAT_ROWS else 1

    # -- what the view allows --------------------------------------------------------------

    def reason(self, action: str) -> str | None:
        """Why ``action`` cannot be done now, in plain words; ``None`` when it can."""
        view = self.view
        why = self.blocked(action)
        if why is not None or view is None:
            return why
        if action == "end" or view["actions"].get("play"):
            return action_reason(view, "end" if action == "end" else "play", self.names)
        card = self.card
        if card is None:
            return t("Your hand is empty: end your turn (e).")
        options = self.options(card)
        if not options:
            heading = view["arrow"]["heading"]
            arrow = ARROWS[heading] + " " + compass(heading)
            return t(
                "{card} does not fit from Buddy's arrow ({arrow}): choose another card with ←→.",
                card=card_words(card),
                arrow=arrow,
            )
        if action == "turn" and len(options) == 1:
            return t("{card} fits only one way here.", card=card_words(card))
        return None

    # -- actions -----------------------------------------------------------------------------

    def action_card(self, step: int) -> None:
        hand = self.hand
        if not hand:
            self.notify(t("Your hand is empty."), severity="warning")
            return
        self.selected = (self.selected + step) % len(hand)

    def action_turn(self) -> None:
        self.choice = (self.choice + 1) % max(1, len(self.options()))

    def action_play(self) -> None:
        entry = self.previewed()
        if entry is not None:
            self.send(dict(entry["move"]))

    def action_end(self) -> None:
        self.send({"type": "end"})

    # -- drawing -----------------------------------------------------------------------------

    def watch_view(self, old: ElfView | None, new: ElfView | None) -> None:
        kept = None
        if old is not None and new is not None and old["you"] == new["you"]:
            you = old["you"]
            if you is not None and 0 <= self.selected < len(old["hands"][you]):
                kept = old["hands"][you][self.selected]
        hand = self.hand
        self.selected = hand.index(kept) if kept in hand else min(self.selected, max(0, len(hand) - 1))
        if self.my_turn() and not self.options():
            fits = [i for i, c in enumerate(hand) if self.options(c)]
            if fits:
                self.selected = fits[0]
        self.choice = 0
        self._redraw()

    def watch_selected(self) -> None:
        self.choice = 0
        self._redraw()

    def watch_choice(self) -> None:
        self._redraw()

    def draw(self, view: ElfView | None) -> None:
        slots = slots_text(view, list(self.names) if self.scale == 2 else None) if view else None
        self.query_one("#slots", Static).update(slots or Text(t("Waiting for the host…")))
        entry = self.previewed()
        board = Text("\n").join(board_rows(view, entry, self.scale)) if view else Text("")
        self.query_one("#board", Static).update(board)
        self.query_one(SidePanel).show(view, self.names, self.tags)
        self.query_one(SidePanel).refresh()  # the hand hidden or shown (it reads the table's choice)
        self.query_one(HandBar).show(self._bar_text(view, entry))

    def _bar_text(self, view: ElfView | None, entry: PlacementPreview | None) -> Text:
        if not view:
            return Text(t("Waiting for the game to start…"))
        names = list(self.names)
        text = Text()
        you = view["you"]
        if you is not None:
            text.append(t("Hand") + " ", "bold")
            hand = self.hand
            mine = self.my_turn()
            for i, card in enumerate(hand):
                fits = bool(self.options(card)) if mine else True
                code = card_code(card) + ("" if fits else "×")
                if i == self.selected and mine:
                    text.append(f"‹{code}›", "bold reverse")
                else:
                    text.append(f" {code} ", "" if fits else "dim")
            if not hand:
                text.append(t("empty") + " ", "italic")
            text.append(" │ ", "dim")
        if "result" in view:
            text.append(t("The game is over: every Goal card and Gingerbread value is shown."), "bold")
        elif view["phase"] != "play":
            text.append(t("Dealing…"))
        elif not self.my_turn():
            turn = view["turn"]
            tag = self.tags.get(turn, "") if turn is not None else ""
            who = seat_name(names, turn)
            text.append(t("{who}'s turn ({tag}).", who=who, tag=tag) if tag else t("{who}'s turn.", who=who))
        elif self.pending:
            text.append(t("Your card is on its way…"))
        elif entry is not None:
            options = self.options()
            move = entry["move"]
            card = move["card"]
            text.append(f"{card_words(card)} ", "bold")
            if move.get("floe"):
                x, y = move["floe"]
                text.append(t("JUMP ~~({x},{y})", x=x, y=y), "bold reverse")
            text.append(f"→{compass(move['heading'])}")
            if len(options) > 1:
                text.append(f" {self.choice % len(options) + 1}/{len(options)}")
            words = trigger_words(view, entry)
            text.append(t(": {effects}.", effects=semicolons(words) if words else t("touches nothing")))
        else:
            text.append(self.reason("play") or t("Choose a card with ←→."))
        return text
