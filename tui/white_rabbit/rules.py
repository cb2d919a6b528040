"""White Rabbit's rules as the in-app rules screen shows them, in Yule's own words, for
children and the grown-ups reading along."""

RULES = """\
# White Rabbit (Max Mümmelmann)

**Goal:** be the first to collect a whole **rabbit family**: one card of each value
**1, 2, 3, 4, 5 and 6** (the 6 is Father Rabbit, the 5 Mother Rabbit, 1 to 4 the children).
The colours do not matter for winning: a family may be all mixed up.

## The cards and the board
* 24 rabbit cards in 4 colours, each colour with the values 1 to 6. On screen every card
  shows a letter for its colour and its value: `b` brown, `g` grey, `k` black, `c` cream,
  so `g5` is the grey 5.
* **Max Mümmelmann**, the white rabbit with the carrot, is one extra card: `MAX`.
* The board has 8 spaces around it, numbered 0 to 7 going clockwise. Beside each space
  lies a pile of 3 face-down cards (`▮▮▮ 3`). At the start Max lies on top of one pile,
  and everyone can see which one.
* There is one wooden **rabbit** for everybody. It starts on space 0.

## Your turn
1. **Roll the die:** press **Enter** (or Space).
2. **Move the rabbit** exactly that many spaces, one way round: **Left** (◄) goes
   counter-clockwise, **Right** (►) goes clockwise. Before you choose, the board shows where
   each way would land: `◄ LEFT` and `RIGHT ►`. You may not stop early or change direction.
3. **Take the top card** of the pile beside the rabbit's space. Everybody sees it.
   * A value you still need: you **keep** it, face up for all to see.
   * A value you already have: it is **slid under** the same pile, face down.
   * An empty pile: bad luck, no card.
4. **Rolled a 6?** Roll again! But not when the rabbit stopped by an empty pile.

Then it is the next player's turn (clockwise, one seat on).

## Max Mümmelmann
If you draw Max, he helps you: you may **take one card you still need from another
player** (Enter opens the list). If nobody has a card you need, you take nothing. You may
not take a value you already have.

Max never stays with you: then you **put him on top of any pile** you like (an empty one
too). Choose it with **Left/Right** or the number keys **0-7**, then press **Enter**.
Everyone sees where Max goes.

## The end
The first player with a complete family of 1 to 6 wins. If Max brought the last card, Max
is put on a pile first, then the game ends.

**Oberhase!** Whoever holds all six rabbits of one colour may call themselves *Oberhase*
(Head Rabbit) and hop once around the table. The screen shows the title beside their family.

## House rules Yule plays by
* The first player is whoever sits first at the table (seat 1): the lobby decides.
* Each player rolls the die for their own turn, with Enter.
* A card you draw is shown to everyone first, then kept or slid under its pile.
* A 6 gives another roll, except after stopping by an empty pile.
* With Max you take one card of a value you lack from any other player, or nothing; then
  Max goes on top of any of the 8 piles, empty ones too, where everyone sees him.
* If Max completes your family, you still put Max down first; then you win.
* So a game cannot go on for ever: after 500 rolls without a complete family the game stops,
  and nobody wins.

## Keys
`Enter` roll (or choose with Max, or put Max down), `←` `→` move the rabbit (or pick Max's
pile), `0`-`7` pick Max's pile, `l` the whole log, `F1` or `?` these rules, `q` leave.
A key that does nothing now tells you why.
"""
