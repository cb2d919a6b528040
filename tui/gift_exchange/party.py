"""Organiser mode, ``yule party``: one terminal runs the whole gift exchange at a party.

The app starts the real host in this process (on every interface, so a TV on the LAN can
``yule watch`` it) over the data folder, and connects to it as the table's organiser.  The
organiser types the guests and their gifts (:class:`SetupScreen`; a label may be left blank
and typed at the reveal), sets the house options, sees how long the party will take with
them (:class:`~yule.tui.howlong.HowLong`, at the seconds a turn the host has learnt from the parties
it has seen, or as the organiser sets them with ``+`` and ``-``), and draws the order: the table is created
in organiser mode with the guests, and each gift is brought for its guest.  Then
:class:`PartyScreen` picks what the acting guest opens or steals (Enter on the gift under the
cursor; it starts on a gift they may choose), ``u`` undoes the last move, ``t`` shows the TV
view; the organiser mends the party as it goes: ``a`` adds a latecomer and their gift (placed
fairly among those still to play), ``p`` passes over the guest whose turn begins (they stepped
out: they go to the end of the order), ``f`` fixes the label of the gift under the cursor
(:class:`PartyScreen`).  The end shows the summary and exports it (the record, a CSV, Markdown
and a text to print or send to the family).  The party's table is followed by a
:class:`~yule.netplay.client.follower.TableFollower`: the organiser's table and the TV view draw
from it.

Nothing is lost: the setup is saved to ``DATA/party.json`` after every change (with the
table and its organiser token once the order is drawn), and the host commits every move to
its SQLite store before anyone sees it.  Started again on the same data folder, ``yule party``
offers to resume.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core import get_game
from ...core.base import Event, View
from ...core.gift_exchange.options import DEFAULT_OPTIONS
from ...core.gift_exchange.views import GiftExchangeView
from ...netplay import DEFAULT_PORT
from ...netplay.client import Client, ConnectionLost, HostError
from ...netplay.client.follower import TableFollower
from ...netplay.housesets import fitted
from ...netplay.private import write_private
from ..dialogs import ChoiceScreen, ConfirmScreen
from ..following import FollowScreen
from ..hosted import HostedApp
from ..houserules import LAST, chosen_set, fitted_note, host_sets, rules_menu, save_rules
from ..howlong import SECONDS_A_TURN, HowLong, pace_seconds
from ..newtable import remembered_settings
from ..profile import Profile
from ..refusals import failed, frame_said, said
from ..scores import Headline, ScoreSheet
from ..screens import RulesScreen
from ..sizeguard import SizeGuard
from ..text import literal
from ..widgets import ChatInput, GameLog, KeysFooter, StatusLine
from ..words import N_, seat_label, t, tn
from . import RULES
from .board import GiftBoard
from .forms import Field, FormScreen, label_field, name_field, wrapping_field
from .summary import export, summary_table
from .table import OrganiserTable, options_text
from .tv import GiftExchangeTV
from .words import gift_no, who

GAME = "gift-exchange"
MIN_GUESTS, MAX_GUESTS = 2, 40
PARTY_FILE = "party.json"


@dataclass
class Guest:
    name: str
    label: str = ""
    wrapping: str = ""


class UnreadableParty(Exception):
    """``party.json`` is there but cannot be read (damaged, or not ours to read): ``path``, and
    ``reason`` (the system's or the parser's words)."""

    def __init__(self, path: Path, reason: object) -> None:
        super().__init__(f"{path} cannot be read: {reason}")
        self.path = path
        self.reason = str(reason)


@dataclass
class Party:
    """What ``party.json`` holds: the setup, and the table once the order is drawn."""

    guests: list[Guest] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_OPTIONS))
    table: int | None = None
    token: str | None = None
    seconds: float | None = None
    """The seconds a turn the organiser set for the estimate (None: the host's, as learnt)."""
    house_rules: str | None = None
    """The host's set of house rules the options were picked from, while they are still its own."""

    @classmethod
    def load(cls, folder: Path) -> Party | None:
        """The saved party; None when there is none.  :class:`UnreadableParty` when ``party.json``
        is there but cannot be read (it is left as it is: see :meth:`keep_aside`)."""
        path = folder / PARTY_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            seconds = data.get("seconds")
            low, high = SECONDS_A_TURN
            seconds = float(seconds) if isinstance(seconds, int | float) and low <= seconds <= high else None
            rules = data.get("house_rules")
            return cls([Guest(**g) for g in data["guests"]], {**DEFAULT_OPTIONS, **data["options"]},
                       data.get("table"), data.get("token"), seconds,
                       rules if isinstance(rules, str) else None)  # fmt: skip
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise UnreadableParty(path, e) from None

    @staticmethod
    def keep_aside(folder: Path) -> Path:
        """Move an unreadable ``party.json`` aside as a backup, so that a new party never
        overwrites it; returns where it went (``OSError`` when it cannot be moved)."""
        kept = folder / time.strftime("party-unreadable-%Y%m%d-%H%M%S.json")
        os.replace(folder / PARTY_FILE, kept)
        return kept

    def save(self, folder: Path) -> None:
        """Write atomically (a killed process leaves the old file or the new one).

        The file holds the organiser token, so only its owner may read it.
        """
        folder.mkdir(parents=True, exist_ok=True)
        write_private(folder / PARTY_FILE, json.dumps(asdict(self), indent=1, ensure_ascii=False).encode("utf-8"))


def _limit(text: str, what: str) -> str | None:
    if text and not (text.isdigit() and int(text) >= 1):
        return t("{what}: a whole number of at least 1, or blank for none.", what=what)
    return None


def _yes_no(text: str, what: str) -> str | None:
    return None if text.lower() in ("y", "n", "yes", "no") else t("{what}: y or n.", what=what)


def _scope(text: str, what: str) -> str | None:
    return None if text.lower() in ("t", "l", "turn", "last") else t("{what}: t or l.", what=what)


OPTION_KINDS: dict[str, tuple[Callable[[str, str], str | None], Callable[[Any], str], Callable[[str], Any]]] = {
    "limit": (_limit, lambda value: "" if value is None else str(value), lambda text: int(text) if text else None),
    "flag": (_yes_no, lambda value: "y" if value else "n", lambda text: text.lower().startswith("y")),
    "scope": (_scope, lambda value: value[0], lambda text: "last" if text.lower().startswith("l") else "turn"),
}
"""How each kind of house option is typed: (its check, the value as typed, the typed text as a value)."""


OPTION_FIELDS = (
    ("steal_limit", N_("Steal limit: frozen after this many steals (blank: never)"), "limit"),
    ("max_steals_per_turn", N_("Steals allowed in one turn (blank: no cap)"), "limit"),
    ("no_steal_back", N_("No stealing straight back in the same turn (y/n)"), "flag"),
    ("steal_back_scope", N_("No stealing back of: t any gift lost this turn, l only the last one lost (t/l)"), "scope"),
    ("final_swap", N_("Final swap for the first guest (y/n)"), "flag"),
    ("open_own", N_("A guest may open the gift they brought (y/n)"), "flag"),
)
"""Each house option in the options form: its key, its label (worded with :func:`t` where
shown), its kind (:data:`OPTION_KINDS`)."""

OPTION_NAMES = {
    "steal_limit": N_("Steal limit"),
    "max_steals_per_turn": N_("Steals allowed in one turn"),
    "no_steal_back": N_("No stealing straight back in the same turn"),
    "steal_back_scope": N_("No stealing back of"),
    "final_swap": N_("Final swap for the first guest"),
    "open_own": N_("A guest may open the gift they brought"),
}
"""Each house option's name, as a refusal of what was typed for it says it."""


class SetupScreen(Screen[None]):
    """The guests and their gifts, the options, then the draw (:class:`Draw`, heard by the app)."""

    DEFAULT_CSS = """
    SetupScreen #head { height: auto; padding: 0 1; text-style: bold; }
    SetupScreen #options { height: auto; padding: 0 1; color: $text-muted; }
    SetupScreen HowLong { color: $text-muted; }
    SetupScreen OptionList { height: 1fr; border-top: solid $primary; }
    SetupScreen #help { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("a", "add", "Add guest"),
        Binding("e", "edit", "Edit"),
        Binding("x,delete", "remove", "Remove"),
        Binding("o", "options", "Options"),
        Binding("h", "house_rules", "House rules"),
        Binding("k", "keep_rules", "Save rules"),
        Binding("d", "draw", "Draw the order"),
        Binding("plus", "turn_time(1)", "+Time", show=False),
        Binding("minus", "turn_time(-1)", "-Time", show=False),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    class Draw(Message):
        """Everyone is in: the organiser draws the order, and the party begins."""

    def __init__(self, party: Party, folder: Path, learnt: float | None = None) -> None:
        """``learnt``: the seconds people take a turn at a gift exchange, as the host learnt them."""
        super().__init__()
        self.party = party
        self.folder = folder
        self.learnt = learnt

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield Static(id="head")
        yield Static(id="options")
        yield HowLong()
        yield OptionList(id="guests")
        yield Static(
            Text(t("Labels stay hidden here (e shows one to edit). A blank label is typed when the gift is opened.")),
            id="help",
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(OptionList).focus()
        if not self.party.guests:
            self.action_add()

    def redraw(self, highlight: int | None = None) -> None:
        guests = self.party.guests
        self.query_one("#head", Static).update(Text(tn(
            "Party setup: {n} guest ({least} to {most}). a adds a guest with their gift; d draws the order once everyone is in.",
            "Party setup: {n} guests ({least} to {most}). a adds a guest with their gift; d draws the order once everyone is in.",
            len(guests), least=MIN_GUESTS, most=MAX_GUESTS,
        )))  # fmt: skip
        options_line = Text(t("Options (o): {options}", options=options_text(self.party.options)))
        if self.party.house_rules is not None:
            options_line.append(" · " + t("House rules: {name}", name=literal(self.party.house_rules)))
        self.query_one("#options", Static).update(options_line)
        self._how_long()
        options = self.query_one(OptionList)
        old = options.highlighted
        options.clear_options()
        for i, guest in enumerate(guests):
            line = Text(f"{i + 1:>2}. ", style="bold")
            line.append(literal(guest.name, 24).ljust(25), style="bold")
            line.append(t("label ✓ hidden") if guest.label else t("no label: named at the reveal"), style="italic")
            line.append(" · " + literal(guest.wrapping or t("(no wrapping described)"), 40))
            options.add_option(Option(line))
        if guests:
            target = highlight if highlight is not None else old if old is not None else 0
            options.highlighted = max(0, min(len(guests) - 1, target))

    def _save(self) -> None:
        self.party.save(self.folder)

    def _seconds(self) -> float:
        """The seconds a turn the estimate counts: the organiser's, else the host's (in whole
        seconds, as every screen at the host counts them), else the usual."""
        return self.party.seconds or pace_seconds(GAME, {} if self.learnt is None else {GAME: self.learnt})

    def _how_long(self) -> None:
        line = self.query_one(HowLong)
        if len(self.party.guests) < MIN_GUESTS:
            line.tell(t("How long: with {least} guests or more, the party's length is shown here.", least=MIN_GUESTS))
            return
        line.ask(get_game(GAME), len(self.party.guests), self.party.options, self._seconds(),
                 t("; + and - change the seconds a turn"))  # fmt: skip

    def action_turn_time(self, step: int) -> None:
        """Five seconds more or fewer a turn (at least 5, at most the longest)."""
        low, high = SECONDS_A_TURN
        seconds = self._seconds()
        self.party.seconds = float(max(max(low, 5), min(high, 5 * round(seconds / 5) + 5 * step)))
        self._save()
        self._how_long()

    def _adding_title(self) -> str:
        return t("Guest {number} and their gift (Esc when everyone is in)", number=len(self.party.guests) + 1)

    def _guest_form(self, index: int | None, then: Callable[[dict[str, str]], str | None] | None = None) -> FormScreen:
        """The form for guest ``index``, or (``None``) for new guests one after the other."""
        guest = self.party.guests[index] if index is not None else Guest("")

        def check(values: dict[str, str]) -> str | None:
            name = values["name"]
            others = {g.name.casefold(): g.name for i, g in enumerate(self.party.guests) if i != index}
            if not name:
                return t("Type the guest's name.")
            if name.casefold() in others:
                return t(
                    "There is already a guest called {name}: give each guest a different name.",
                    name=others[name.casefold()],
                )
            return None

        title = self._adding_title() if index is None else t("Edit guest {number}", number=index + 1)
        fields = [name_field(guest.name), label_field(guest.label), wrapping_field(guest.wrapping)]
        return FormScreen(title, fields, check, then)

    def action_add(self) -> None:
        if len(self.party.guests) >= MAX_GUESTS:
            self.notify(t("A gift exchange has at most {most} guests.", most=MAX_GUESTS), severity="warning")
            return

        def added(values: dict[str, str]) -> str | None:
            """Saved; the form stays open for the next guest, while there is room for one."""
            self.party.guests.append(Guest(values["name"], values["label"], values["wrapping"]))
            self._save()
            self.redraw(len(self.party.guests) - 1)
            if len(self.party.guests) >= MAX_GUESTS:
                self.notify(
                    t("That is {most} guests, the most a gift exchange has.", most=MAX_GUESTS), severity="warning"
                )
                return None
            return self._adding_title()

        self.app.push_screen(self._guest_form(None, added))

    def action_edit(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is None:
            self.notify(t("Add a guest first (a)."), severity="warning")
            return

        def edited(values: dict[str, str] | None) -> None:
            if values is not None:
                self.party.guests[index] = Guest(values["name"], values["label"], values["wrapping"])
                self._save()
                self.redraw(index)

        self.app.push_screen(self._guest_form(index), edited)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_edit()

    def action_remove(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is None:
            return
        guest = self.party.guests[index]

        def answer(yes: bool | None) -> None:
            if yes:
                del self.party.guests[index]
                self._save()
                self.redraw(index)

        question = Text(t("Remove {name} and their gift?", name=literal(guest.name)))
        self.app.push_screen(ConfirmScreen(question, yes=t("remove"), no=t("keep them")), answer)

    def action_options(self) -> None:
        opts = self.party.options
        fields = []
        for key, label, kind in OPTION_FIELDS:
            fields.append(Field(key, t(label), 4, "", OPTION_KINDS[kind][1](opts[key])))

        def check(values: dict[str, str]) -> str | None:
            for key, _, kind in OPTION_FIELDS:
                problem = OPTION_KINDS[kind][0](values[key], t(OPTION_NAMES[key]))
                if problem:
                    return problem
            return None

        def chosen(values: dict[str, str] | None) -> None:
            if values is None:
                return
            before = dict(opts)
            for key, _, kind in OPTION_FIELDS:
                opts[key] = OPTION_KINDS[kind][2](values[key])
            if opts != before:  # no longer the set picked, if one was
                self.party.house_rules = None
            self._save()
            self.redraw()

        self.app.push_screen(FormScreen(t("House options"), fields, check), chosen)

    # -- house rules: pick a host's set, or keep the options as one (:mod:`yule.tui.houserules`) ---

    def _client(self) -> Client | None:
        client = getattr(self.app, "client", None)
        return client if isinstance(client, Client) else None

    @work(exclusive=True, group="rules")
    async def action_house_rules(self) -> None:
        """Pick the options: the ones last used, a set the host keeps, or the game's defaults."""
        game = get_game(GAME)
        last = remembered_settings(game, Profile.load().tables.get(GAME))
        sets = await host_sets(self._client(), GAME)
        choices: list[tuple[Text, str, str | None]] = [
            (label, value, None) for label, value in rules_menu(last is not None, sets)
        ]
        chosen = await self.app.push_screen_wait(ChoiceScreen(t("House rules"), choices))
        if chosen is None:
            return
        name = chosen_set(chosen)
        kept = next((s for s in sets if s["name"] == name), None)
        if chosen == LAST and last is not None:
            options = last["options"]
        elif kept is not None:
            settings, whole = fitted(game, kept)
            options = settings["options"]
            if not whole:
                self.notify(fitted_note(kept["name"]), severity="warning")
        else:
            options = dict(game.default_options)
        self.party.options = dict(options)
        self.party.house_rules = kept["name"] if kept is not None else None
        self._save()
        self.redraw()

    @work(exclusive=True, group="rules")
    async def action_keep_rules(self) -> None:
        """Keep the party's options on the host as a set of house rules, under a name (asked)."""
        game = get_game(GAME)
        seats = max(game.min_players, min(game.max_players, len(self.party.guests)))
        settings = {"seats": seats, "open": False, "options": dict(self.party.options), "turn_seconds": None}
        name = await save_rules(self, self._client(), GAME, settings)
        if name is not None:
            self.party.house_rules = name
            self._save()
            self.redraw()

    def action_draw(self) -> None:
        n = len(self.party.guests)
        if n < MIN_GUESTS:
            self.notify(t("A gift exchange needs at least {least} guests ({count} so far): a adds one.",
                          least=MIN_GUESTS, count=n),
                        title=t("Not yet"), severity="warning")  # fmt: skip
            return
        question = Text(tn("Draw the order for {n} guest? After the draw, a latecomer can still join and a label be fixed.",
                           "Draw the order for {n} guests? After the draw, a latecomer can still join and a label be fixed.",
                           n))  # fmt: skip

        def draw(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Draw())

        self.app.push_screen(ConfirmScreen(question, yes=t("draw"), no=t("not yet")), draw)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(RULES))

    def action_quit(self) -> None:
        self.app.exit(0)


class OrganiserScreen(Screen[None]):
    """A screen of the organiser's: ``u`` takes back the last move, ``t`` shows the TV view (the
    app hears :class:`Undo` and :class:`ShowTV`)."""

    class Undo(Message):
        """Take back the last move."""

    class ShowTV(Message):
        """Show what the TV shows."""

    def action_undo(self) -> None:
        self.post_message(self.Undo())

    def action_tv(self) -> None:
        self.post_message(self.ShowTV())


class PartyScreen(OrganiserScreen, FollowScreen):
    """The organiser's table: the board, the log (with the chat) and the organiser's keys."""

    DEFAULT_CSS = """
    PartyScreen GameLog { height: 5; }
    """
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("t", "tv", "TV view"),
        Binding("a", "latecomer", "Latecomer"),
        Binding("p", "skip", "Skip guest"),
        Binding("f", "fix_label", "Fix label"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("l", "whole_log", "Log"),
        Binding("m", "chat", "Chat"),
        Binding("q", "quit", "Quit"),
    ]

    class Mend(Message):
        """The organiser mends the party: ``move`` (a latecomer, a skip, a label put right) for the app to send."""

        def __init__(self, move: dict[str, Any]) -> None:
            super().__init__()
            self.move = move

    def __init__(self, follower: TableFollower[GiftExchangeView]) -> None:
        super().__init__(follower)
        self.party = follower
        """The party's table."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield OrganiserTable(id="game")
        yield GameLog()
        yield ChatInput()
        yield KeysFooter()

    @property
    def table(self) -> OrganiserTable:
        return self.query_one(OrganiserTable)

    def show(self, view: View, names: list[str], tags: dict[int, str], events: list[Event] | None = None) -> None:
        """Draw the party's view, and whom the organiser may move for now."""
        if not self.ready:
            return  # drawn once mounted
        frame, table = self.party.frame, self.table
        table.acting_now = [] if frame is None else frame.get("acting", [])
        table.names = tuple(names)
        table.view = self.party.view

    def action_chat(self) -> None:
        self.query_one(ChatInput).open()

    # -- mending the party -------------------------------------------------------------------

    def _playing(self) -> GiftExchangeView | None:
        """The party's view while it is played (else a word why not, and None)."""
        view = self.party.view
        if view is None or view["phase"] == "over":
            self.notify(t("The party is over: there is nothing left to mend."), severity="warning")
            return None
        return view

    def action_latecomer(self) -> None:
        """A latecomer and their gift: their name, the label and the wrapping."""
        if self._playing() is None:
            return
        names = self.party.names

        def check(values: dict[str, str]) -> str | None:
            name = values["name"]
            if not name:
                return t("Type the guest's name.")
            same = next((n for n in names if n.casefold() == name.casefold()), None)
            if same is not None:
                return t("There is already a guest called {name}: give each guest a different name.", name=same)
            return None

        def added(values: dict[str, str] | None) -> None:
            if values is not None:
                self.post_message(self.Mend({"type": "arrive", **values}))

        fields = [name_field(), label_field(), wrapping_field()]
        self.app.push_screen(FormScreen(t("A latecomer and their gift"), fields, check), added)

    def action_skip(self) -> None:
        """Pass over the guest whose turn begins (they stepped out), once asked."""
        view = self._playing()
        if view is None:
            return
        if view["phase"] != "playing" or view["turn"] is None or not view["order"]:
            self.table.refused(t("Only a guest whose turn begins can be skipped."))
            return
        seat = view["order"][view["turn"]]
        name = who(self.party.names, seat)
        question = Text(t("{name} stepped out? Their turn moves to the end of the order.", name=name))

        def answer(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Mend({"type": "skip", "seat": seat}))

        self.app.push_screen(ConfirmScreen(question, yes=t("skip them"), no=t("wait")), answer)

    def action_fix_label(self) -> None:
        """Put the label of the gift under the cursor right: a one-line edit of the old one."""
        view = self._playing()
        if view is None:
            return
        current = self.table.query_one(GiftBoard).current
        if current is None or not current["brought"]:
            self.table.refused(t("Put the cursor on a gift first."))
            return
        gift = current["id"]
        old = current.get("label")
        if old is None:  # wrapped: the label as the organiser typed it
            guests = getattr(self.app, "party", None)
            typed = guests.guests if isinstance(guests, Party) else []
            old = typed[gift].label if gift < len(typed) else ""

        def check(values: dict[str, str]) -> str | None:
            return None if values["label"] else t("Type the gift's label.")

        def fixed(values: dict[str, str] | None) -> None:
            if values is not None and values["label"] != old:
                self.post_message(self.Mend({"type": "relabel", "gift": gift, "label": values["label"]}))

        title = t("Fix the label of gift {gift}", gift=gift_no(gift))
        self.app.push_screen(FormScreen(title, [label_field(old, optional=False)], check), fixed)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(RULES))

    def action_quit(self) -> None:
        question = t("Quit? The party is saved after every move: yule party resumes it.")

        def quit_(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        self.app.push_screen(ConfirmScreen(question, yes=t("quit"), no=t("stay")), quit_)


class EndScreen(OrganiserScreen):
    """Who goes home with what; export it (:class:`Export`); undo the last move if it was a mistake."""

    DEFAULT_CSS = """
    EndScreen VerticalScroll { height: 1fr; }
    """
    BINDINGS = [
        Binding("e", "export", "Export"),
        Binding("u", "undo", "Undo last move"),
        Binding("t", "tv", "TV view"),
        Binding("q", "quit", "Quit"),
    ]

    class Export(Message):
        """Export the party: its record, CSV, Markdown and text."""

    def __init__(self, view: GiftExchangeView, names: list[str]) -> None:
        super().__init__()
        self.view = view
        self.names = names

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield Headline(Text(tn(
            "The gift exchange is over: all {n} guest goes home with a gift.",
            "The gift exchange is over: all {n} guests go home with a gift.",
            len(self.names),
        )))  # fmt: skip
        with VerticalScroll():
            yield ScoreSheet(summary_table(self.view, self.names))
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_export(self) -> None:
        self.post_message(self.Export())

    def action_quit(self) -> None:
        self.app.exit(0)


class PartyApp(SizeGuard, HostedApp):
    """Organiser mode: see the module docstring."""

    TITLE = "Yule party"

    def __init__(self, data_dir: Path, *, bind: str | None = None, port: int = DEFAULT_PORT) -> None:
        super().__init__({"place": "Yule party", "code": None, "connection": "connecting"})
        self.data_dir = Path(data_dir)
        self.bind_address = bind
        self.port = port
        self.party = Party()
        self.table: TableFollower[GiftExchangeView] | None = None
        """The party's table, from the draw on."""
        self.party_screen: PartyScreen | None = None
        self.end_screen: EndScreen | None = None
        self.tv: GiftExchangeTV | None = None
        self.bringing = False
        self.address = ""

    # -- start ---------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.boot()

    @work(exclusive=True, group="boot")
    async def boot(self) -> None:
        from ...netplay.discovery import local_addresses
        from ...netplay.host.server import Host

        bind = self.bind_address or "0.0.0.0"  # IPv4 on every interface: one port, reachable from the TV
        self.host = Host(self.data_dir, away_timeout=3600, bot_workers=1)
        try:
            port = await self.host.start(bind, self.port)
        except OSError:
            port = await self.host.start(bind, 0)  # the usual port is taken: any free one
        self.address = f"{local_addresses()[0] if bind == '0.0.0.0' else bind}:{port}"
        self.client = Client("127.0.0.1" if bind == "0.0.0.0" else bind, port, name="Organiser")
        await self.client.connect()
        self.read_frames()
        self.set_status(place=t("Yule party · TV after the draw: yule watch {address}", address=self.address),
                        connection="connected")  # fmt: skip
        try:
            saved = Party.load(self.data_dir)
        except UnreadableParty as e:
            try:
                kept = Party.keep_aside(self.data_dir)
            except OSError as moved:
                words = t(
                    "{path} cannot be read ({reason}), and it cannot be moved aside ({moved}): fix or remove it first.",
                    path=e.path,
                    reason=e.reason,
                    moved=moved,
                )
                self.notify(literal(words), title=t("Yule party stops"), severity="error", timeout=60)
                return
            words = t(
                "{path} cannot be read ({reason}). It is kept as {kept}; a new party begins.",
                path=e.path,
                reason=e.reason,
                kept=kept.name,
            )
            self.notify(literal(words), title=t("The saved party is damaged"), severity="warning", timeout=60)  # fmt: skip
            saved = None
        if saved is not None and (table := saved.table) is not None and saved.token is not None:
            self.party, self.table = saved, TableFollower(table, name=seat_label)  # its frames are followed from now on
            try:
                await self.client.organise(saved.token)
            except HostError:
                self.party, self.table = Party(options=saved.options), None
            else:
                status = self.host.tables[table].status if table in self.host.tables else "over"
                if status != "over" and await self.push_screen_wait(ConfirmScreen(
                    tn("Resume the unfinished party at table {table} ({n} guest)?",
                       "Resume the unfinished party at table {table} ({n} guests)?", len(saved.guests), table=table),
                    yes=t("resume"), no=t("start a new party"), safe=True,
                )):  # fmt: skip
                    await self.follow_party(status)
                    return
                await self.client.leave(table)
                self.party, self.table = Party(options=saved.options), None
        elif saved is not None and saved.guests:
            if await self.push_screen_wait(ConfirmScreen(
                tn("Continue setting up the party ({n} guest so far)?",
                   "Continue setting up the party ({n} guests so far)?", len(saved.guests)),
                yes=t("continue"), no=t("start afresh"), safe=True,
            )):  # fmt: skip
                self.party = saved
            else:
                self.party = Party(options=saved.options)
        if saved is None:  # a first party here: the options this organiser last used, as the new-table form's
            last = remembered_settings(get_game(GAME), Profile.load().tables.get(GAME))
            if last is not None:
                self.party.options = dict(last["options"])
        self.party.save(self.data_dir)
        try:
            learnt = (await self.client.paces()).get(GAME)
        except (HostError, ConnectionLost):
            learnt = None
        await self.push_screen(SetupScreen(self.party, self.data_dir, learnt))

    # -- the draw ------------------------------------------------------------------------------

    def on_setup_screen_draw(self, message: SetupScreen.Draw) -> None:
        self.start_party()

    @work(exclusive=True, group="start")
    async def start_party(self) -> None:
        assert self.client is not None
        party = self.party
        try:
            created = await self.client.create_table(
                GAME,
                len(party.guests),
                options=party.options,
                sit=False,
                bot_delay=0,
                organised=True,
                guests=[g.name for g in party.guests],
                house_rules=party.house_rules,
            )
        except (HostError, ConnectionLost) as e:
            self.notify(failed(e), title=t("The party can't start"), severity="error", timeout=20)
            return
        party.table, party.token = created["table"], created["organiser_token"]
        party.save(self.data_dir)
        remember_party(party)
        self.table = TableFollower(created["table"], name=seat_label)
        await self.follow_party("waiting")

    async def follow_party(self, status: str) -> None:
        """Show the party's table; start it if it has not started (a kill right after the draw)."""
        assert self.client is not None and self.table is not None
        self.party_screen = PartyScreen(self.table)
        if isinstance(self.screen, SetupScreen):
            await self.switch_screen(self.party_screen)
        else:
            await self.push_screen(self.party_screen)
        if self.table.info is not None:
            self._table_info(self.table)
        if self.table.view is not None:
            self._viewed(self.table)
        if status == "waiting":
            await self.client.start(self.table.id)

    def _missing_gifts(self) -> list[int]:
        view = None if self.table is None else self.table.view
        if view is None or view["phase"] != "bringing":
            return []
        return [g["id"] for g in view["gifts"] if not g["brought"]]

    @work(exclusive=True, group="bring")
    async def bring_gifts(self) -> None:
        """Bring each guest's gift as typed at the setup (after a resume: the ones not yet brought)."""
        assert self.client is not None and self.table is not None
        self.bringing = True
        try:
            for seat in self._missing_gifts():
                guest = self.party.guests[seat]
                move = {"type": "bring", "label": guest.label, "wrapping": guest.wrapping}
                await self.client.move(self.table.id, move, seat=seat)
        except (HostError, ConnectionLost) as e:
            self.notify(failed(e), title=t("A gift could not be brought"), severity="error")
        finally:
            self.bringing = False

    # -- frames ------------------------------------------------------------------------------

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:
        frame = message.frame
        if frame["type"] == "connection":
            self.set_status(connection=frame["state"])
        elif frame["type"] == "error":
            self.notify(frame_said(frame), title=t("From the host"), severity="error")
        elif self.table is not None and (change := self.table.take(frame)) is not None:
            if change.kind == "table":
                self._table_info(self.table)
            for screen in (self.party_screen, self.tv):
                if screen is not None:
                    screen.follow(change)
            if change.kind == "view":
                self._viewed(self.table)

    def _table_info(self, table: TableFollower[GiftExchangeView]) -> None:
        place = t("Yule party · TV: yule watch {address} --code", address=self.address)
        self.set_status(place=place, code_prefix=" ", code=None if table.info is None else table.info.get("code"))

    def _viewed(self, table: TableFollower[GiftExchangeView]) -> None:
        """A new view of the party: its end (or its end undone), and the gifts still to bring."""
        view = table.view
        if self.party_screen is not None and view is not None:
            if "result" in view and self.end_screen is None:
                self.end_screen = EndScreen(view, table.names)
                self.push_screen(self.end_screen)
            elif "result" not in view and self.end_screen is not None:
                if self.end_screen in self.screen_stack:
                    self.party_screen.pop_until_active()  # the end and any screen over it
                self.end_screen = None
        if self._missing_gifts() and not self.bringing:
            self.bring_gifts()

    def on_organiser_table_seat_move_chosen(self, message: OrganiserTable.SeatMoveChosen) -> None:
        self.send_move(message.move, message.seat)

    @work(group="moves")
    async def send_move(self, move: dict[str, Any], seat: int | None) -> None:
        if self.client is None or self.table is None or self.party_screen is None:
            return
        try:
            await self.client.move(self.table.id, move, seat=seat)
        except HostError as e:
            self.party_screen.table.refused(said(e, "gift-exchange", self.table.names))
        except ConnectionLost:
            self.party_screen.table.refused(t("The host is not answering: the move was not made. Try again."))

    # -- mending the party ----------------------------------------------------------------------

    def on_party_screen_mend(self, message: PartyScreen.Mend) -> None:
        self.send_mend(message.move)

    @work(group="moves")
    async def send_mend(self, move: dict[str, Any]) -> None:
        """Send the organiser's mending move; once the host took it, ``party.json`` follows (a
        latecomer's gift, a label put right: what ``f`` offers to edit next)."""
        if self.client is None or self.table is None or self.party_screen is None:
            return
        try:
            await self.client.move(self.table.id, move)
        except HostError as e:
            self.party_screen.table.refused(said(e, "gift-exchange", self.table.names))
            return
        except ConnectionLost:
            self.party_screen.table.refused(t("The host is not answering: nothing was changed. Try again."))
            return
        guests = self.party.guests
        if move["type"] == "arrive":
            guests.append(Guest(move["name"], move["label"], move["wrapping"]))
        elif move["type"] == "relabel" and move["gift"] < len(guests):
            guests[move["gift"]].label = move["label"]
        self.party.save(self.data_dir)

    # -- the organiser's keys ------------------------------------------------------------------

    def on_organiser_screen_undo(self, message: OrganiserScreen.Undo) -> None:
        self.undo()

    def on_organiser_screen_show_tv(self, message: OrganiserScreen.ShowTV) -> None:
        self.tv = GiftExchangeTV(self.table)
        self.push_screen(self.tv, lambda _: setattr(self, "tv", None))

    def on_end_screen_export(self, message: EndScreen.Export) -> None:
        default = str(Path.cwd() / f"yule-party-{self.party.table}")
        self.push_screen(
            FormScreen(t("Export the party (record, CSV, Markdown and a text to print) to the folder"),
                       [Field("folder", t("Folder"), 400, "", default)],
                       lambda v: None if v["folder"] else t("Type a folder.")),
            lambda v: None if v is None else self.export_to(Path(v["folder"]).expanduser()),
        )  # fmt: skip

    def export_to(self, folder: Path) -> None:
        table = self.table
        assert table is not None and table.view is not None
        try:
            game_no = 1 if table.info is None else table.info["game_no"]
            record = json.loads(self.host.store.record_path(table.id, game_no).read_text(encoding="utf-8"))
            paths = export(folder, record, table.view, table.names)
        except OSError as e:
            self.notify(literal(e), title=t("Export failed"), severity="error")
            return
        words = t("{files} written to {folder}", files=", ".join(p.name for p in paths), folder=folder)
        self.notify(literal(words), title=t("Exported"), timeout=10)


def export_last(data_dir: Path, folder: Path) -> int:
    """``yule party --export DIR``: the last finished party's record, CSV, Markdown and text.

    The party of ``party.json`` when it is finished, else the newest finished Gift Exchange
    record in the data folder.  Its summary is the final public view replayed from the record.
    """
    from ...core.records import RecordError, replay

    records = sorted((data_dir / "records").glob("table-*-game-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    try:
        saved = Party.load(data_dir)
    except UnreadableParty:
        saved = None
    if saved is not None and saved.table is not None:
        records.sort(key=lambda p: not p.name.startswith(f"table-{saved.table}-game-"))
    for path in records:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if record.get("game") != GAME:
                continue
            state = replay(record).state
        except (OSError, ValueError, RecordError):
            continue
        if state.is_over:
            written = export(folder, record, dict(state.view(None)), record["players"])
            print(
                t("Exported the party of {record}: {files}", record=path.name, files=", ".join(str(p) for p in written))
            )
            return 0
    print(t("yule party: no finished party in {folder}", folder=data_dir))
    return 1


def remember_party(party: Party) -> None:
    """The organiser's profile remembers the party's options as the last used for the game (as the
    new-table form's are: the next party, and the form, open on them)."""
    profile = Profile.load()
    seats = max(MIN_GUESTS, min(MAX_GUESTS, len(party.guests)))
    profile.tables[GAME] = {"seats": seats, "open": False, "options": dict(party.options), "turn_seconds": None}
    profile.save()
