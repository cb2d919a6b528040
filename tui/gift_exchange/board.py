"""The Gift Exchange board: every gift as a numbered chip, in columns, drawn from a view.

Shared by the networked table, the organiser's party screen and the TV.  People see gift
numbers from 1 (``#3`` is gift id 2).  A wrapped gift shows ``▣`` and its wrapping (``▣?`` when
it is to be named at the reveal); an open one shows ``◆``, its label, who holds it, ``⇄2`` for
times stolen and ``❄`` once frozen: symbols beside the colours, so NO_COLOR loses nothing.

Keys on the board: arrows move, digits jump to a gift number (``1`` then ``2`` is gift 12 when
there is one), Enter chooses the gift under the cursor.

    >>> from ..words import set_language
    >>> set_language("en"); legend()
    '▣ wrapped  ▣? named when opened  ◆ open  ⇄2 stolen twice  ❄ frozen'
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...core.gift_exchange.views import Gift, GiftExchangeActions, GiftExchangeView, Refusal
from ..palette import ink
from ..refusals import rules_reason
from ..text import literal
from ..words import t, tn
from .words import gift_no, who

WRAPPED, OPENED, FROZEN, STOLEN = "▣", "◆", "❄", "⇄"


def legend() -> str:
    """What the board's symbols mean, on one line."""
    return t(
        "{wrapped} wrapped  {wrapped}? named when opened  {opened} open  {stolen}2 stolen twice  {frozen} frozen",
        wrapped=WRAPPED,
        opened=OPENED,
        stolen=STOLEN,
        frozen=FROZEN,
    )


def gift_words(gift: Gift) -> str:
    """A gift in plain words for prompts and refusals: ``#3 Waffle maker`` or ``#3 (tin)``."""
    if gift.get("opened") or gift.get("label"):
        label = literal(gift.get("label") or t("unnamed"))
        return f"{gift_no(gift['id'])} {label}"
    wrapping = literal(gift.get("wrapping") or t("wrapped"))
    return f"{gift_no(gift['id'])} ({wrapping})"


def refusal_words(refusal: Refusal, gift: Gift, doer: str | None) -> str:
    """A refusal from the view's ``actions`` in words, the gift named by its number; ``doer``
    is the guest it is said of (``None``: you)."""
    no = gift_no(gift["id"])
    code = refusal["code"]
    if code == "own_gift":
        if doer is None:
            return t("You can't open the gift you brought ({gift}) while other gifts are still wrapped.", gift=no)
        return t(
            "{who} can't open the gift they brought ({gift}) while other gifts are still wrapped.", who=doer, gift=no
        )
    if code == "wrapped":
        return t("{gift} is still wrapped: open it instead.", gift=no)
    if code == "yours":
        if doer is None:
            return t("You already hold {gift}.", gift=no)
        return t("{who} already holds {gift}.", who=doer, gift=no)
    if code == "frozen":
        steals = gift.get("steals", 0)
        return tn(
            "{gift} is frozen {frozen}: it has been stolen {n} time.",
            "{gift} is frozen {frozen}: it has been stolen {n} times.",
            steals,
            gift=no,
            frozen=FROZEN,
        )
    if code == "no_steal_back":
        if doer is None:
            return t("You can't steal {gift} straight back in the same turn.", gift=no)
        return t("{who} can't steal {gift} straight back in the same turn.", who=doer, gift=no)
    if code == "steal_cap":
        return t("No more steals this turn: open a wrapped gift.")
    return rules_reason("gift-exchange", refusal["reason"])


def move_for(gift: Gift, actions: GiftExchangeActions | None, doer: str | None = None) -> tuple[str | None, str | None]:
    """What choosing ``gift`` does for a seat with these ``actions`` (``doer``: the guest's
    name, ``None``: you): ``(kind, None)`` with kind ``"open"`` or ``"steal"``, or
    ``(None, reason)`` when it is not allowed."""
    gid = gift["id"]
    for refusal in actions["refusals"] if actions else []:
        if refusal["gift"] == gid:
            return None, refusal_words(refusal, gift, doer)
    if actions and gid in actions["open"]:
        return "open", None
    if actions and gid in actions["steal"]:
        return "steal", None
    if not gift.get("brought"):
        return None, t("Gift {gift} has not been brought yet.", gift=gift_no(gid))
    return None, t("That gift can't be chosen now.")


def turn_text(view: GiftExchangeView, names: list[str]) -> str:
    """Whose move it is, in words."""
    phase = view.get("phase")
    if "result" in view or phase == "over":
        return t("The gift exchange is over: everyone goes home with a gift.")
    if phase == "bringing":
        missing = [who(names, g["id"]) for g in view.get("gifts", []) if not g["brought"]]
        if not missing:
            return t("Every gift is here: drawing the order…")
        if len(missing) > 6:
            more = len(missing) - 6
            return tn(
                "Bringing gifts: waiting for {names} and {n} more.",
                "Bringing gifts: waiting for {names} and {n} more.",
                more,
                names=", ".join(missing[:6]),
            )
        return t("Bringing gifts: waiting for {names}.", names=", ".join(missing))
    active = view.get("active") or []
    if not active:
        return "…"
    doer = who(names, active[0])
    if phase == "final":
        return t("Final swap: {who} may swap for any open, unfrozen gift, or keep.", who=doer)
    turn = (view.get("turn") or 0) + 1
    return t(
        "Turn {turn} of {turns}: {who} opens a wrapped gift or steals an open one.",
        turn=turn,
        turns=view.get("turns"),
        who=doer,
    )


def chain_text(view: GiftExchangeView, names: list[str]) -> str:
    """This turn's steals in order: ``Ben took #3 from Ana → Ana took #5 from Cy``."""
    steps = [
        t(
            "{who} took {gift} from {victim}",
            who=who(names, c["by"]),
            gift=gift_no(c["gift"]),
            victim=who(names, c["from"]),
        )
        for c in view.get("chain", [])
    ]
    return " → ".join(steps)


def newly_opened(before: GiftExchangeView | None, after: GiftExchangeView | None) -> Gift | None:
    """The gift open in ``after`` that ``before`` had wrapped (the reveal to show), else ``None``."""
    if before is None or after is None:
        return None
    was = {g["id"] for g in before.get("gifts", []) if g.get("opened")}
    new = [g for g in after.get("gifts", []) if g.get("opened") and g["id"] not in was]
    return new[-1] if new else None


def reveal_text(gift: Gift, names: list[str]) -> Text:
    """``★ Revealed: Ana opened #3: Waffle maker``, the label as typed, highlighted."""
    mark = "\x00"  # never in a name: literal() writes control characters as escapes
    words = t(
        "★ Revealed: {who} opened {gift}: {label}",
        who=who(names, gift.get("holder")),
        gift=gift_no(gift["id"]),
        label=mark,
    )
    text = Text(style="bold")
    for i, piece in enumerate(words.split(mark)):
        if i:
            text.append(literal(gift.get("label") or ""), style="bold reverse")
        text.append(piece)
    return text


class GiftBoard(Widget, can_focus=True):
    """Gifts as chips in columns; ``lines`` rows per chip (2 on the TV)."""

    DEFAULT_CSS = """
    GiftBoard { height: auto; }
    """
    BINDINGS = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("home", "jump_to(0)", "First", show=False),
        Binding("end", "jump_to(-1)", "Last", show=False),
    ]

    gifts: reactive[tuple[Gift, ...]] = reactive((), layout=True, always_update=True)
    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """Enter on a gift."""

        def __init__(self, gift: int) -> None:
            super().__init__()
            self.gift = gift

    class Moved(Message):
        """The cursor is on another gift."""

        def __init__(self, gift: int) -> None:
            super().__init__()
            self.gift = gift

    def __init__(self, *, chip_width: int = 38, lines: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chip_width = chip_width
        self.lines = lines
        self.names: list[str] = []
        self.refused: dict[int, str] = {}
        """Gift id -> why the acting seat may not choose it (drawn dimmed)."""
        self.active: int | None = None
        self.digits = ""

    def show(self, gifts: list[Gift], names: list[str], refused: dict[int, str], active: int | None) -> None:
        self.names, self.refused, self.active = names, refused, active
        self.gifts = tuple(gifts)
        if self.gifts:
            self.cursor = min(self.cursor, len(self.gifts) - 1)

    @property
    def current(self) -> Gift | None:
        return self.gifts[self.cursor] if self.gifts else None

    def columns(self, width: int | None = None) -> int:
        return max(1, (width if width is not None else self.size.width) // self.chip_width)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, -(-len(self.gifts) // self.columns(width)) * self.lines)

    def chip(self, index: int, gift: Gift) -> list[Text]:
        """The chip's rows, each exactly ``chip_width`` cells."""
        width = self.chip_width - 1
        here = index == self.cursor and self.has_focus
        head = Text(">" if here else " ", style="bold")
        head.append(f"{gift_no(gift['id']):>3} ", style="bold")
        lines = [head]
        if not gift.get("brought"):
            head.append(t("… not brought yet"), style="dim italic")
        elif not gift.get("opened"):
            head.append(WRAPPED + ("?" if gift.get("blank") else " "), style="bold")
            wrapping = Text(literal(gift.get("wrapping") or t("wrapped")), style="italic")
            if self.lines > 1:
                lines.append(Text("      ") + wrapping)
            else:
                head.append_text(Text(" ") + wrapping)
        else:
            head.append(OPENED + " ", style="bold")
            holder = who(self.names, gift.get("holder"))
            marks = Text()
            if gift.get("steals"):
                marks.append(f" {STOLEN}{gift['steals']}")
            if gift.get("frozen"):
                marks.append(f" {FROZEN}", style="bold")
            label = Text(literal(gift.get("label") or t("unnamed")), style="bold")
            if self.lines > 1:
                head.append_text(label)
                second = Text(f"      {holder}", style="")
                second.append_text(marks)
                lines.append(second)
            else:
                room = width - head.cell_len - marks.cell_len - 2 - min(len(holder), 12)
                label.truncate(max(6, room), overflow="ellipsis")
                head.append_text(label)
                head.append(" " + (holder if len(holder) <= 12 else holder[:11] + "…"))
                head.append_text(marks)
        style = ""
        if gift["id"] in self.refused:
            style = "dim"
        elif gift.get("frozen"):
            style = ink("sky-blue")
        elif gift.get("opened"):
            style = ink("bluish-green")
        for line in lines:
            line.truncate(width, overflow="ellipsis", pad=True)
            if style:
                line.stylize(style)
            if index == self.cursor:
                line.stylize("reverse")
            line.append(" ")
        while len(lines) < self.lines:
            lines.append(Text(" " * self.chip_width))
        return lines

    def render(self) -> Text:
        if not self.gifts:
            return Text(t("No gifts yet."), style="italic")
        columns = self.columns()
        rows: list[Text] = []
        for start in range(0, len(self.gifts), columns):
            chips = [self.chip(i, self.gifts[i]) for i in range(start, min(start + columns, len(self.gifts)))]
            rows.extend(Text("").join(chip[row] for chip in chips) for row in range(self.lines))
        return Text("\n").join(rows)

    def watch_cursor(self, cursor: int) -> None:
        box = self.parent
        if isinstance(box, VerticalScroll):
            row = cursor // self.columns() * self.lines
            box.scroll_to_region(Region(0, row, 1, self.lines), animate=False)
        if self.gifts:
            self.post_message(self.Moved(self.gifts[cursor]["id"]))

    def action_move(self, dx: int, dy: int) -> None:
        self.digits = ""
        if self.gifts:
            step = dx + dy * self.columns()
            self.cursor = max(0, min(len(self.gifts) - 1, self.cursor + step))

    def action_jump_to(self, index: int) -> None:
        self.digits = ""
        if self.gifts:
            self.cursor = index % len(self.gifts)

    def point_at(self, gift: int) -> None:
        """Put the cursor on gift id ``gift`` (if it is on the board)."""
        for index, g in enumerate(self.gifts):
            if g["id"] == gift:
                self.cursor = index
                return

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            typed = self.digits + event.character
            if not 1 <= int(typed) <= len(self.gifts):
                typed = event.character
            self.digits = typed if int(typed) * 10 <= len(self.gifts) else ""
            if 1 <= int(typed) <= len(self.gifts):
                self.point_at(int(typed) - 1)
        elif event.key == "enter":
            event.stop()
            self.digits = ""
            if self.current is not None:
                self.post_message(self.Chosen(self.current["id"]))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
