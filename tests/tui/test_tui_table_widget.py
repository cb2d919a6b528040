"""The White Elephant table widget on its own: keys, greyed actions and their reasons,
literal names, and what one seat's screen shows of Surprise Gifts."""

from __future__ import annotations

from tui_support import Position, ViewApp, position, screen_text  # noqa: F401  (fixture)

from yule.core.white_elephant.cards import number_of, suit_of
from yule.tui.text import literal
from yule.tui.white_elephant.gifts import SUIT_CODES, card_code, is_surprise, surprise_number
from yule.tui.white_elephant.table import GiftGrid, WhiteElephantTable
from yule.tui.widgets import GameLog, GameTable, PlainApp


async def test_take_two_marked_gifts_by_keys(position: Position):
    seat = position.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        exchange = position.state.view(seat)["exchange"]
        await pilot.press("space", "right", "space", "t")
        await pilot.pause()
        assert app.moves[0] == {"type": "take", "cards": exchange[:2]}
        # The turn ends by itself or waits for "e"; either way the next seat moves after it.
        if position.turn == seat:
            await pilot.press("e")
            await pilot.pause()
        assert app.moves[-1] == {"type": "end"} and position.turn != seat


class RefusingApp(ViewApp):
    """The host refuses every move (another seat's move made it illegal, say)."""

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        message.prevent_default()  # not played, as ViewApp's handler would
        self.moves.append(message.move)
        self.screen.query_one(GameTable).refused("The table changed before your move reached the host.")


async def test_a_refused_take_keeps_the_gifts_marked(position: Position):
    seat = position.turn
    app = RefusingApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        exchange = position.state.view(seat)["exchange"]
        await pilot.press("space", "right", "space", "t")
        await pilot.pause()
        assert app.screen.query_one(GiftGrid).marked == frozenset(exchange[:2])
        assert "(2 marked)" in screen_text(app)
        await pilot.press("t")  # tried again as it was
        await pilot.pause()
        assert app.moves == [{"type": "take", "cards": exchange[:2]}] * 2


async def test_a_refused_key_says_why_and_sends_nothing(position: Position):
    seat = position.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(WhiteElephantTable)
        assert table.check_action("trade", ()) is None  # greyed in the footer
        await pilot.press("r")
        await pilot.pause()
        assert app.moves == []
        notes = [n.message for n in app.notes]
        assert "Nobody has gifts in front of them to trade for." in notes
        await pilot.press("space", "t")  # one gift marked only
        await pilot.pause()
        assert app.moves == [] and any("Mark 2 or more gifts" in n.message for n in app.notes)


async def test_not_your_turn_is_explained(position: Position):
    seat = (position.turn + 1) % 4
    app = ViewApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        turn_name = literal(position.names[position.turn])
        assert any(n.message == f"It is {turn_name}'s turn, not yours." for n in app.notes)
        assert app.moves == []


async def test_peek_shows_the_gift_to_this_seat_only(position: Position):
    seat = position.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.moves[0]["type"] == "peek"
        handle = app.moves[0]["card"]
        card = position.state.view(seat)["known"][handle]
        number = handle.removeprefix("surprise-")
        assert f"?{number}={card_code(card)}" in screen_text(app)
    other = ViewApp(position, (seat + 1) % 4)
    async with other.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(other)
        assert f"?{number}=" not in text


async def test_names_are_shown_literally(position: Position):
    while position.turn != 1:  # [bold red]Eve[/]'s turn
        position.bots(1)
    app = ViewApp(position, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[bold red]Eve[/]'s turn (bot)." in text and "[bold red]Eve[/]'s turn." in text  # table, log
        assert "\\x1b[31mMal" in text and "\x1b" not in text
        await pilot.press("c")  # the notice quoting her name reads it as the table and the log do
        await pilot.pause()
        (notice,) = [n for n in app.notes if "[bold red]Eve[/]" in n.message]
        assert notice.message == "It is [bold red]Eve[/]'s turn, not yours." and not notice.markup


async def test_arrows_move_the_cursor_within_the_exchange(position: Position):
    app = ViewApp(position, position.turn)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(GiftGrid)
        await pilot.press("down", "right", "right", "right")
        assert grid.cursor == 5  # 2 columns at 80×24: down one row, right three
        await pilot.press("up", "up", "up", "up", "left", "left", "left")
        assert grid.cursor == 0


async def test_a_long_shelf_shows_every_gift_at_80x24():
    position = Position(players=3, seed=3)
    while not position.state.is_over and len(position.state.view(1)["shelf"]) < 23:
        position.bots(1)
    shelf = position.state.view(1)["shelf"]
    app = ViewApp(position, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"Your Shelf: {len(shelf)} gifts" in text
        for suit in {suit_of(card) for card in shelf}:  # each suit's gifts whole, on one line
            numbers = " ".join(str(n) for n in sorted(number_of(c) for c in shelf if suit_of(c) == suit))
            assert f"{SUIT_CODES[suit]} {numbers}" in text, f"{suit} {numbers} is not all on screen:\n{text}"


async def test_eight_seats_and_their_gifts_fit_with_the_key_at_80x24():
    played, fronts = Position(players=8, seed=3), []  # the moment of a whole game with the most seat lines
    while not played.state.is_over:
        fronts.append(sum(1 for front in played.state.view(0)["front"] if front))
        played.bots(1)
    position = Position(players=8, seed=3)
    position.bots(fronts.index(max(fronts)))
    view = position.state.view(0)
    assert max(fronts) >= 4
    app = ViewApp(position, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Players > turn * Start Player" in text
        assert len([line for line in text.splitlines() if "shelf" in line]) == 8, text  # every seat
        for front in view["front"]:  # and every gift in front of one
            for ref in front:
                shown = f"?{surprise_number(ref)}" if is_surprise(ref) else card_code(ref)
                assert shown in text, f"{ref} is not on the screen:\n{text}"


class TableApp(PlainApp):
    """A White Elephant table on its own, recording each move it sends and the seq it goes with."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[dict, int | None]] = []

    def compose(self):
        yield WhiteElephantTable()

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        self.sent.append((message.move, message.seq))


async def test_the_turn_ends_by_itself_once_per_position_however_often_it_is_drawn(position: Position):
    seat = position.turn
    view = {**position.state.view(seat), "phase": "after"}
    view["actions"] = {**view["actions"], "peek": "You have no Peanut left to peek with.", "end": None}
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(WhiteElephantTable)
        table.seq = 7
        table.view = view
        await pilot.pause()
        table.names = tuple(position.names)  # a redraw: new names ...
        table.view = view  # ... the same view drawn again ...
        table.view = dict(view)  # ... and the same position sent again after a reconnect
        await pilot.pause()
        assert app.sent == [({"type": "end"}, 7)] and table.pending
        table.seq = 8
        table.view = dict(view)
        await pilot.pause()
    assert app.sent == [({"type": "end"}, 7), ({"type": "end"}, 8)]


async def test_a_spectators_table_is_the_public_view_with_the_log_in_every_row_left(position: Position):
    app = ViewApp(position, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Your Shelf" not in text and "your Peanuts" not in text and "Players > turn" in text
        keys = {b.description for _, b, _, _ in app.screen.active_bindings.values() if b.show}
        assert not keys & {"Take", "Trade", "Clear out", "Peek", "End turn", "Mark"}
        await pilot.press("t")  # a move key says why it does nothing
        await pilot.pause()
        assert "You are watching this table, not playing." in app.notes.messages
        log = app.screen.query_one(GameLog)
        table = app.screen.query_one(WhiteElephantTable)
        assert log.region.y == table.region.bottom and log.region.bottom == 23  # down to the keys
