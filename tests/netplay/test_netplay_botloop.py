"""The bot loop of a table (:mod:`yule.netplay.host.botloop`), on a table of its own: a kick wakes the
loop while it waits out the bots' delay, the bots play a game to its end, a stand-in makes a
person's one move, and the bots think in the share of the address the table was made from.
The pace: a bot's first move of its turn waits the bots' delay, its next choices a beat of it;
its roll, or its one move right after its own, none (the move after that the whole delay); a
bot thinks while the last move is on show; a seat with one move makes it without thinking."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import until

from yule.core import Bot, get_game
from yule.core.base import MoveDict, View, seat_of
from yule.core.bots import determinizer, forced
from yule.core.levels import Strength
from yule.core.session import Session
from yule.netplay.host.botloop import TURN_BEAT, BotLoop
from yule.netplay.host.thinkers import Thinkers

HOUR = 3600.0


class BotsAlone:
    """A table as the bot loop sees it (:class:`~yule.netplay.host.botloop.BotTable`): a game of
    White Elephant where bots move for the ``bots`` seats; each move is played at once."""

    def __init__(self, bot_delay: float, bots: set[int] = {0, 1, 2}, game: str = "white-elephant") -> None:  # noqa: B006 (never changed)
        self.id = 1
        self.made_by: str | None = "127.0.0.2"
        self.bot_delay = bot_delay
        self.thinkers: Thinkers = Thinkers()
        self.players = ["Ana", "Ben", "Cy"]
        self.session = Session(get_game(game), 3, seed="kick")
        self.loop: BotLoop | None = None
        self.session.draw_chance()
        self.bots = bots
        self.notes: list[dict[str, Any] | None] = []
        self.played: list[int] = []
        """The seat of each move played, in order."""
        self.kinds: list[tuple[str, bool]] = []
        """The type of each move played, in order, and whether it was the seat's one move."""
        self.told: list[str] = []
        self.paused = False
        """The table is paused (:mod:`yule.netplay.host.pause`): no bot moves."""

    @property
    def playing(self) -> Session[Any] | None:
        return None if self.session.state.is_over else self.session

    def controlled(self, seat: int) -> bool:
        return seat in self.bots

    def people(self) -> bool:
        return len(self.bots) < len(self.players)

    def play_for(self, seat: int, wire: MoveDict, *, note: dict[str, Any] | None = None) -> None:
        self.kinds.append((wire["type"], forced(self.session.state, seat) is not None))
        self.session.play(seat, wire)
        self.notes.append(note)
        self.played.append(seat)
        if self.loop is not None:
            self.loop.kick(seat)  # as a table does

    def tell(self, code: str, message: str) -> None:
        self.told.append(code)


class Shares(Thinkers):
    """Thinkers that note whose share each decision is thought in, and the views thought on."""

    def __init__(self) -> None:
        super().__init__()
        self.by: list[str] = []
        self.views: list[View] = []

    async def choose(self, table: int, by: str, people: bool, bot: Bot[Any], view: View) -> MoveDict:
        self.by.append(by)
        self.views.append(view)
        return await super().choose(table, by, people, bot, view)


def bots_of(table: BotsAlone, kind: str = "greedy", loop: BotLoop | None = None) -> BotLoop:
    loop = loop or BotLoop(table)
    loop.make(table.session.game, [kind] * 3, "kick", Strength())
    table.loop = loop
    return loop


class Paced(BotLoop):
    """A bot loop that notes, for each move it waits for, the seat and its pause, and waits no time."""

    def __init__(self, table: BotsAlone) -> None:
        super().__init__(table)
        self.paused: list[tuple[int, float]] = []

    async def _wait(self, seat, still):
        self.paused.append((seat, self.pause(seat)))
        return True


async def asleep(loop: BotLoop) -> None:
    """Until the loop waits out its delay (it forgets any kick as it begins to wait)."""
    await until(lambda: loop.task is not None and not loop.kicked.is_set(), "the loop waiting")


async def test_a_kick_wakes_the_loop_while_it_waits_out_the_delay():
    table = BotsAlone(bot_delay=HOUR)
    loop = bots_of(table)
    moves = list(table.session.moves)
    loop.kicked.set()
    loop.kick()  # the loop starts, and waits an hour before the first move
    await asleep(loop)
    loop.kick()  # woken, it reads the delay again: still an hour to wait
    await asleep(loop)
    assert table.session.moves == moves and loop.task is not None and not loop.task.done()
    table.bot_delay = 0
    loop.kick()  # woken, with no delay left: the bots move now
    await until(lambda: len(table.session.moves) > len(moves), "a bot's move")
    loop.close()


async def test_a_move_thought_out_while_the_table_is_paused_is_dropped_and_no_kick_starts_the_loop():
    table = BotsAlone(bot_delay=HOUR)
    loop = bots_of(table)
    moves = list(table.session.moves)
    loop.kick()
    await asleep(loop)  # thinking, and waiting out its delay
    table.paused = True
    table.bot_delay = 0
    loop.kicked.set()  # woken with no delay left, as a resumed table's kick would: its move is dropped
    await until(lambda: loop.task.done(), "the loop stopped")
    loop.kick()  # a paused table's kick starts nothing
    assert loop.task.done() and table.session.moves == moves and not table.played
    table.paused = False
    loop.kick()  # resumed: the bots think again, and move
    await until(lambda: len(table.session.moves) > len(moves), "a bot's move once resumed")
    loop.close()


async def test_the_bots_play_a_game_to_its_end_and_the_loop_stops():
    table = BotsAlone(bot_delay=0)
    loop = bots_of(table)
    loop.kick()
    await until(lambda: loop.task is not None and loop.task.done(), "the game's end")
    assert table.session.state.is_over and table.notes and not any(table.notes) and not table.told
    loop.kick()  # between games a kick does nothing
    assert loop.task.done()


async def test_a_stand_in_makes_a_persons_one_move_with_its_note_and_the_loop_waits_for_people():
    table = BotsAlone(bot_delay=0, bots=set())
    loop = bots_of(table)
    loop.kick()
    await until(lambda: loop.task is not None and loop.task.done(), "the loop seeing nothing to move")
    mover = table.session.movers()[0]
    before = len(table.session.moves)
    note = {"type": "time_up", "seat": mover}
    loop.once(mover, note)
    await until(lambda: table.notes, "the stand-in's move")
    assert table.notes == [note] and table.session.moves[before]["by"] == mover


async def test_the_bots_think_in_the_share_of_the_address_the_table_was_made_from():
    for made_by, share in [("127.0.0.2", "127.0.0.2"), (None, "table 1")]:  # not known: a share of its own
        table = BotsAlone(bot_delay=0)
        table.made_by = made_by
        table.thinkers = thinkers = Shares()
        loop = bots_of(table)
        loop.kick()
        await until(lambda: loop.task is not None and loop.task.done(), "the game's end")
        assert thinkers.by and set(thinkers.by) == {share}


@pytest.mark.parametrize("game", ["white-rabbit", "elf"])  # rolls; ends with nothing left to play
async def test_a_bots_roll_or_one_move_after_its_own_goes_at_once_its_next_the_delay_and_its_next_choice_a_beat(
    game,
):
    table = BotsAlone(bot_delay=HOUR, game=game)
    loop = bots_of(table, loop=Paced(table))
    loop.kick()
    await until(lambda: loop.task is not None and loop.task.done(), "the game's end")
    expected, chose = [], None  # the seat whose choice the last move was
    for seat, (kind, only) in zip(table.played, table.kinds, strict=True):
        at_once = kind == "roll" or (seat == chose and only)
        expected.append(0.0 if at_once else HOUR * TURN_BEAT if seat == chose else HOUR)
        chose = None if at_once else seat
    assert [seat for seat, _ in loop.paused] == table.played and [pause for _, pause in loop.paused] == expected
    assert {0.0, HOUR, HOUR * TURN_BEAT} <= set(expected)


async def test_a_bot_thinks_while_the_last_move_is_on_show():
    table = BotsAlone(bot_delay=HOUR)
    table.thinkers = thinkers = Shares()
    loop = bots_of(table, "ismcts")
    moves = list(table.session.moves)
    loop.kick()
    await until(lambda: thinkers.views, "a bot thinking")
    await asleep(loop)
    assert table.session.moves == moves  # it has thought, and waits out the delay
    loop.close()


async def test_a_seat_with_one_move_makes_it_without_thinking():
    table = BotsAlone(bot_delay=0, game="white-rabbit")  # every turn begins with a roll
    table.thinkers = thinkers = Shares()
    loop = bots_of(table, "ismcts")
    loop.kick()
    await until(lambda: loop.task is not None and loop.task.done(), "the game's end")
    assert any(move["type"] == "roll" for move in table.session.moves) and thinkers.views
    for view in thinkers.views:
        assert forced(determinizer(view).sample(None), seat_of(view)) is None
