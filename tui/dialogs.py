"""Small modal dialogs shared by every screen: choose one of a list, or answer yes or no; and
the base of every screen that is answered (:class:`Answered`, :class:`Dialog`).

A screen that is answered is answered once: keys arriving together (a held key, a paste, keys
batched over SSH) may answer it twice before it has gone, and Textual's ``dismiss`` closes
whatever screen is on top, so the second answer closed the screen under it too (a table, a
party: the app left blank, or ``ScreenStackError``) and was acted on twice.

A yes-or-no question (:class:`ConfirmScreen`) shows its keys, and Enter never says yes: it
gives the question's safe answer (the one that ends, discards or gives away nothing), or
nothing at all.

Labels are Rich ``Text`` (never markup strings), so names inside them show literally.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .widgets import KeysFooter, MarkedOptionList
from .words import N_, t

T = TypeVar("T")
R = TypeVar("R")


def _done() -> AwaitComplete:
    """Nothing to wait for: a dismissal that closes nothing."""
    return AwaitComplete.nothing()  # type: ignore[no-untyped-call]  # Textual leaves it untyped


class Answered(Screen[R]):
    """A screen dismissed with an answer, once (see the module docstring): a second answer, or
    one given while another screen is on top of it, closes nothing else.

    Dismissed while another screen lies over it (its question withdrawn: :meth:`withdraw`), it
    goes as soon as it is on top again, unanswered by any key meanwhile."""

    answered = False
    """True once dismissed: its answer is given (its callback called) and it is going."""
    withdrawn = False
    """True once withdrawn (:meth:`withdraw`): its question is moot, whatever it was answered."""
    _later: tuple[R | None] | None = None
    """The answer it was dismissed with while another screen lay over it, until it is on top."""

    def dismiss(self, result: R | None = None) -> AwaitComplete:
        if self.answered:
            return _done()
        if not self.is_active:
            if self in self.app.screen_stack:
                self._later = (result,)
            return _done()
        self.answered = True
        return super().dismiss(result)

    def withdraw(self) -> None:
        """Close unanswered (``None``): the question is moot."""
        if not self.answered:
            self.withdrawn = True
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        if self._later is not None:
            self.dismiss(self._later[0])


class Dialog(ModalScreen[R], Answered[R]):
    """A modal screen that is answered once (:class:`Answered`): the base of every dialog."""


class ChoiceList(MarkedOptionList):
    """A dialog's choices: every one can be highlighted (a refused one too: the dialog says why),
    and Up/Down stop at the first and the last instead of wrapping round to the other end."""

    def action_cursor_down(self) -> None:
        if self.option_count:
            self.highlighted = 0 if self.highlighted is None else min(self.option_count - 1, self.highlighted + 1)

    def action_cursor_up(self) -> None:
        if self.option_count:
            self.highlighted = 0 if self.highlighted is None else max(0, self.highlighted - 1)


class ChoiceScreen(Dialog[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value, reason it cannot be picked or None); Esc cancels.

    A choice that cannot be picked is marked ``×`` and dimmed; highlighted, the line under the
    list says why, and Enter on it says so again instead of choosing.
    """

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 70; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ChoiceScreen #why { color: $text-muted; height: auto; }
    ChoiceScreen #why.-refused { color: $warning; text-style: bold; }
    ChoiceScreen OptionList, ChoiceScreen OptionList:focus { height: auto; max-height: 14; border: none; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    LIST: ClassVar[type[ChoiceList]] = ChoiceList
    """The list of the choices (a subclass may take keys of its own as they arrive)."""
    HINT = N_("Enter to choose, Esc to cancel.")
    """The line under the choices, after "Up/Down to move, " at first (a choice that cannot be
    picked says why there instead): marked, worded as it is shown (a subclass marks its own)."""

    def __init__(
        self, title: str, choices: list[tuple[Text, T, str | None]], start: T | None = None, hint: str | None = None
    ) -> None:
        """``title``, the choices' labels and reasons, and ``hint`` (in place of :attr:`HINT`)
        come worded by the caller."""
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.start = start
        self.hint = hint

    def _hint(self) -> str:
        return self.hint if self.hint is not None else t(self.HINT)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Text(self.title_text)  # a name in it reads as typed
            options = []
            for i, (label, _, why) in enumerate(self.choices):
                if why is not None:
                    label = Text("× ", "bold") + label
                    label.stylize("dim")
                options.append(Option(label, id=str(i)))
            yield self.LIST(*options)
            yield Static(Text(t("Up/Down to move, {hint}", hint=self._hint())), id="why")
        yield KeysFooter()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        enabled = [i for i, (_, value, why) in enumerate(self.choices) if why is None]
        preferred = [i for i in enabled if self.choices[i][1] == self.start]
        if self.choices:
            options.highlighted = (preferred or enabled or [0])[0]
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        _, value, why = self.choices[int(event.option.id or 0)]
        if why is None:
            self.dismiss(value)
        else:
            self._say(t("Not possible: {why}", why=why), refused=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        why = self.choices[int(event.option.id or 0)][2]
        self._say(f"× {why}" if why else self._hint(), refused=False)

    def _say(self, words: str, refused: bool) -> None:
        line = self.query_one("#why", Static)
        line.update(Text(words))
        line.set_class(refused, "-refused")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog[bool | None]):
    """A yes-or-no question, its keys shown under it: ``y`` says yes (``yes``: what it does, in
    a word or two), ``n`` says no (``no``); Esc gives the safe answer (``safe``: no, unless
    said), and so does Enter, unless ``enter`` is False: then Enter does nothing.  None when it
    was withdrawn (:meth:`~Answered.withdraw`).

    A question whose yes ends, discards or gives away something keeps ``safe`` False: a stray
    Esc then Enter (the question asked, then said yes to) quit Yule.  The question and the
    answers' words come worded by the caller (None: ``yes``, ``no`` in the app's language).
    """

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static {
        width: 60; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "safe", "Safe answer", show=False),
        Binding("enter", "enter", "Safe answer", show=False),
    ]

    def __init__(
        self,
        question: Text | str,
        *,
        yes: str | None = None,
        no: str | None = None,
        safe: bool = False,
        enter: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes = t("yes") if yes is None else yes
        self.no = t("no") if no is None else no
        self.safe = safe
        """The answer Esc gives (and Enter, unless :attr:`enter` is False)."""
        self.enter = enter

    def keys_text(self) -> Text:
        """The question's keys in words: ``y quit   n stay   Enter or Esc: stay``."""
        safe = escape(self.yes if self.safe else self.no)
        text = Text.assemble(("y", "bold"), f" {self.yes}   ", ("n", "bold"), f" {self.no}   ")
        if self.enter:
            text.append_text(Text.from_markup(t("[b]Enter[/] or [b]Esc[/]: {safe}", safe=safe)))
        else:
            text.append_text(Text.from_markup(t("[b]Esc[/]: {safe}", safe=safe)))
        return text

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(self.question, "\n\n", self.keys_text()))
        yield KeysFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_safe(self) -> None:
        self.dismiss(self.safe)

    def action_enter(self) -> None:
        if self.enter:
            self.dismiss(self.safe)
