"""Elf's rules as the in-app rules screen shows them, in Yule's own words, house rules included."""

RULES = """\
# Elf: Journey from the North Pole

**Goal:** together you walk Buddy the Elf from the North Pole to New York City, but each of
you secretly hopes he visits the three places on *your* Goal card first. The earlier a place
is visited, the more it is worth, to everyone whose card shows it. Highest score wins.

## The board
A grid of 26 × 14 cells with a 2-cell blank margin around it (cards may lie in the margin).
Places, each two cells wide: Mr. Narwhal `NARW`, the Wise Snowman `SNOW`, the Candy Cane
Forest `CANE`, Gumdrop Village `GUMD`, Central Park `PARK`, the World's Best Cup of Coffee
`CAFE` and Gimbels `GIMB`. Also four Gingerbread Men `G1`-`G4`, two Maple Syrup jars `S1%%`
`S2%%`, two Ice Floes `~~~~` and New York City `NYC*`. Buddy starts at `vv` heading south.

On screen Buddy is `@` with an arrow for his heading (`@v`, `@>`, `@↘` ...). Laid cards are
single lines (`─│┌┐└┘`). Something taken or spent shows in lower case (`narw`, `g1`, `s1%%`;
a spent floe is `x~~x`). The row above the board holds the six **Scoring Slots**:
`[3 SNOW 2]` means the Wise Snowman took slot 1, worth 3, when seat 2 played there.

## Setup
The 60 path cards are shuffled; each player gets 3, **face up**: all hands are public.
Everyone gets one secret Goal card of three places (any two Goal cards share exactly one
place). The Gingerbread Men hide their values (1, 2, 2 and 3) face down. Seat 1 starts.

## The path cards
Each card enters from Buddy's arrow and leaves a new arrow on its last cell. Types (codes as
in the hands): Straight 2 `s2` and Straight 3 `s3`; Curve left/right `cl` `cr` (one step,
then a quarter turn); Jog left/right `zl` `zr` (an S-bend, same heading after); Corner
left/right `kl` `kr` (ends diagonally, arrow in the corner); Hairpin left/right `ul` `ur`
(turns right round).

* After a straight arrow the card must carry straight on from it.
* After a corner arrow (for example south-east) the card may set off along either of its two
  parts (south or east), never back over the corner card.
* Every cell of the card lies on the board or its margin, and the new arrow must leave room
  to go on (it may not point off the edge), unless the card reaches NYC.
* Cards may cross, overlap and cover earlier cards and tokens.

## Your turn
Play **one or more** cards, one at a time, then **end your turn** (`e`): you draw 2 (fewer
if the deck is short). Hands have no limit.

**Keys:** `←` `→` choose a card in your hand; its placement is previewed on the board in
double lines (`═║╔`), with its new arrow, and the cells around each thing it would touch
marked `+`. `Space` cycles the ways it can be laid: the headings after a corner arrow,
and the floe cells and headings of an Ice Floe jump. `Enter` plays it. A card marked `×` in
your hand does not fit from Buddy's arrow right now.

## Touching things
A card touches a token when one of its cells is on the token or on one of the 8 cells around
it (corners count). The card is followed cell by cell; each token triggers at the first cell
that touches it, and the whole card always resolves.

* **Place:** it goes to the leftmost free Scoring Slot (3, 3, 2, 2, 1, 1 points). At the end
  *everyone* whose Goal card shows it scores that slot, whoever moved Buddy there. The 7th
  place visited is worth 0.
* **Gingerbread Man:** whoever played the card takes it and alone sees its value until the
  end. Others see only how many you have (`gb1`).
* **Maple Syrup:** the first card to touch a jar (or its spilt syrup) draws its player the top
  card of the deck at once; it may be played this turn. Each jar works once.
* **Ice Floe:** touching a floe lets the **very next card of your turn** start from a cell of
  the *other* floe, in any heading that leads off it. Playing a normal card or ending the turn
  lets the chance pass; a later touch offers it again. The jump happens once per game; after
  it the floes do nothing.
* **NYC:** the card that touches New York City ends the game at once. Its player takes the
  Snow Globe, worth 2.

## Stuck
If you start your turn with no card that fits, you draw one card at a time until one fits,
then play as usual. If the deck runs out first, your whole hand is discarded and your turn
ends. A player with no cards while the deck is empty is skipped.

## End and score
The game ends when a card touches NYC, or when a turn ends with the deck and every hand
empty. Then all Goal cards and Gingerbread values are shown. Your score: the slot values of
the places on your Goal card (0 for a place not visited), plus your Gingerbread Men, plus 2
for the Snow Globe. Highest total wins; a tie shares the win.

## This table's own calls (house rules)
The rule book has no board and no card shapes: Yule's board, card shapes and touch rule are
its own. Scoring Slots are 3, 3, 2, 2, 1, 1; Gingerbread Men are 1, 2, 2, 3. The seventh
place is Gimbels. Seat 1 starts instead of "the birthday closest to Christmas". The Ice
Floe jump must be the next card of the same turn. The game is for 2 to 4 players.
"""
