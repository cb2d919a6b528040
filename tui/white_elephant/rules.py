"""White Elephant's rules as the in-app rules screen shows them, in Yule's own words."""

RULES = """\
# White Elephant

**Goal:** end with the *lowest* score. Junk gifts cost the number printed on them; a suit
you hold the most of becomes a Collection and costs only 1 per gift. Each Peanut you keep
takes 1 point off.

## The gifts
Eight suits, each numbered from 0 up: Snow Globe `SG` 0-10; Mug `MU`, Gift Basket `GB` and
Grill Kit `GK` 0-9; Board Game `BG` and Football `FB` 0-8; Bird House `BH` and Socks `SK` 0-7.
Some suits sit out depending on how many play (3 to 8). Every gift shows its two-letter code
beside its colour.

## A round
1. New gifts are dealt to the middle, the **Gift Exchange**: some face up, a few face down.
   Facedown ones are **Surprise Gifts** (`?4` is Surprise Gift 4); each carries a Peanut
   (`●`) that nobody may spend until the round ends.
2. The Start Player's marker goes to the Exchange with 1 Peanut from the supply.
3. The Start Player moves first; then the turn passes clockwise to the next player who has
   **no gifts in front of them** (players who already have gifts are skipped).

## Your turn: one main action
* **Take** (`t`): pick 2 or more gifts from the Exchange (Space marks them), then `t`.
  With a single gift left, taking is not possible.
* **Trade** (`r`): pay 1 Peanut into the Exchange and take *all* the gifts in front of one
  other player this round (Surprise Gifts keep their Peanuts). Shelves are safe.
* **Clear out** (`c`): take every gift left, the marker and every Peanut beside it. The round
  ends at once and you start the next one.

**Peek** (`p`): before or after your main action, pay 1 Peanut to look at a Surprise Gift
in the Exchange or in front of anyone. Only you learn what it is (shown as `?4=MU 5`).
Peek as often as your Peanuts allow; then **end your turn** (`e`). Yule ends it for you when
there is nothing left you could peek at.

Peanuts you pay go beside the marker, not back to the supply: whoever clears out gets them.

## End of a round
A round ends when the Exchange is empty or when everyone has gifts in front of them. Then
everyone secretly opens their Surprise Gifts, takes the Peanuts on them, and puts all their
gifts on their **Shelf**. Your Shelf is yours to look at; others see only how many gifts
it holds. Gifts left in the Exchange stay for the next round, with the marker and its
Peanuts, and the same Start Player; the full number of new gifts is dealt on top.

## End of the game
The round whose deal empties the deck is the final round. Gifts still in the Exchange then
score for nobody. For each suit, whoever has the most of it (everyone tied for the most)
makes a Collection: 1 point per gift. Every other gift is junk and scores its number.
Subtract your Peanuts. Lowest total wins; ties share the win.

## House rules Yule plays by
* 35 Peanuts in all: each player starts with 1, and when the supply runs out nothing more is
  placed on the marker or on new Surprise Gifts.
* A take may mix faceup and Surprise Gifts. Taking the very last gifts ends the round but is
  not a clear out: the marker, its Peanuts and the Start Player stay put.
* Peanuts sitting on Surprise Gifts in front of you cannot pay for a trade or a peek.
* You cannot peek at a gift you already know, or at anything on a Shelf.
* If the deck runs short, faceup gifts are dealt first, then facedown ones, until it is
  empty. The first Start Player is drawn at random.

## Keys
`Space` marks a gift, arrows move, `t` take, `r` trade, `c` clear out, `p` peek, `e` end
turn, `l` the whole log, `F1` or `?` these rules, `q` leave. Greyed keys say why when pressed.
"""
