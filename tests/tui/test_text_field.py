"""A text field keeps the order of the keys that reach it together (Textual issue 6605)."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from yule.tui.widgets import TextField

EDITING = {"backspace": "\x7f", "left": None, "end": None}


class Form(App[None]):
    def __init__(self, field: Input) -> None:
        super().__init__()
        self.field = field

    def compose(self) -> ComposeResult:
        yield self.field


async def typed_at_once(field: Input, keys: list[str]) -> str:
    """The field's value after ``keys`` reach it all at once, as from a quick typist or an SSH
    connection that batches them: posted without waiting between keys."""
    app = Form(field)
    async with app.run_test() as pilot:
        field.focus()
        await pilot.pause()
        for key in keys:
            app.post_message(events.Key(key, EDITING.get(key, key)))
        await pilot.pause()
        await pilot.pause()
        return field.value


@pytest.mark.parametrize(
    ("field", "keys", "value"),
    [
        (TextField, ["b", "a", "backspace", "c", "left", "x", "end", "d"], "bxcd"),
        (lambda: TextField(type="integer"), ["1", "2", "backspace", "3", "left", "4", "end", "5"], "1435"),
    ],
    ids=["text", "number"],
)
async def test_editing_keys_keep_their_place_among_the_characters(field, keys, value):
    assert await typed_at_once(field(), keys) == value
