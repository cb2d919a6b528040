"""Gift List's rules as the in-app rules screen shows them, in Yule's own words."""

RULES = """\
# Gift List

You are a tightwad with three people to buy presents for and not a penny to spend on them.
Luckily there are White Elephant parties: bring junk from your attic, come home with
something your people will love.

**Goal:** end with the *highest* score. For each of the three people on your Gift List,
only your best gift in their colour counts.

## The cards
* 50 gift cards: five colours numbered 1 to 10. On screen a card is its colour's letter and
  its number on that colour: `R7` is red 7.
* Each colour is wanted by one person: `R` red, the **Mother-in-Law**; `O` orange, the
  **Crazy Neighbor**; `Y` yellow, **Fluffy the Cat**; `B` blue, the **Random Stranger**;
  `G` green, **Great Uncle Irwin**.
* 10 Gift List cards, one for every choice of 3 of the 5 people. Each player gets one and
  keeps it secret until the end.
* Your hand is your **attic**: 8 cards with 3 or 4 players, 7 with 5, 6 with 6, 5 with 7.
  The rest of the deck stays out of the game, unseen. There is one party per attic card.

## A party
1. **Bring a gift.** Everyone at once, in secret, puts one attic card face down in front of
   them (Left/Right choose the card, `b` brings it). The table sees who has brought and who
   is still choosing, never what. A wrapped gift is named by the player who brought it.
2. **Open or steal.** The party's first seat (`*`) opens a wrapped gift. After that, the turn
   goes clockwise to the next player who holds no gift yet. On your turn either:
   * **open** (`o`) a wrapped gift and keep it face up in front of you. You may not open
     the gift you brought yourself while any other gift is still wrapped; or
   * **steal** (`s`) a face-up gift from another player. The player you robbed moves next
     and must open or steal in turn.
3. **Locked gifts.** A stolen gift stays in its thief's hand (`⊘ locked`) and cannot be stolen
   again until the next gift is opened; then every gift is up for grabs again.
4. The party ends when the last wrapped gift is opened: everyone keeps the gift they hold.
   Received gifts are face up for all to see. The next party's first seat is one to the left.

## End of the game
After the last party every Gift List is revealed. For each person on your list, your highest
received card of their colour scores its number (nothing if you got none of that colour);
other gifts score nothing. Add up the three. The highest total wins; a tie shares the win.

## House rules Yule plays by
* Party 1 starts with the first seat; each party after that starts one seat to the left.
* Whoever opens first must open someone else's gift; your own only when it is the last
  one wrapped.
* After a steal the robbed player moves at once. After an opening, the turn goes clockwise
  from the player whose regular turn it was (not a robbed player moving out of turn) to the
  next player who holds no gift.
* There is one of each Gift List card: no two players share a list.

## Keys
Left/Right choose an attic card, `b` (or Enter) brings it, `o` open, `s` steal, `l` the
whole log, `F1` or `?` these rules, `q` leave. Greyed keys say why when pressed.
"""
