"""Gift Exchange's rules as the in-app rules screen shows them, in Yule's own words."""

RULES = """\
# Gift Exchange

The party game: everyone brings one wrapped gift and everyone goes home with one. Nobody
wins; the fun is in the stealing.

## Bringing the gifts
Each guest brings a gift: a **label** saying what it is (secret: nobody else sees it until it
is opened) and a **wrapping** everyone can see ("small box, gold paper"). A label may be left
blank, and is then typed when the gift is opened. Once every gift is here, the turn order is
drawn at random.

## A turn
On your turn either **open** a wrapped gift (it is yours, and your turn is over) or **steal**
an open gift from whoever holds it. The guest you stole from moves next: they too open or
steal. So one turn can be a chain of steals; it ends when somebody opens a gift.

## What you can't steal
* a gift you already hold, or a wrapped one (open it instead);
* a **frozen** gift (`❄`): one stolen as many times as the steal limit (3 unless the host
  changed it);
* a gift that was taken from you earlier in this same turn (no steal back), when that house
  option is on; with the scope "only the last gift lost", just the gift taken from you most
  recently (as other gift-exchange apps rule);
* anything at all once the turn's steal cap is reached, when the host set one: then open.

## The final swap
When the last gift is open, the first guest of the order (who had nothing to steal on the
first turn) may swap their gift for any open, unfrozen one, or keep what they have. It is
offered only when there is something to swap for.

## House options
Steal limit (default 3), no steal back (on; it covers every gift lost this turn, or only
the last one), steals per turn (no cap), final swap (on), opening your own gift (allowed). The organiser sets them before the order is drawn.

## On screen
Gifts are numbered from `#1`. `▣` wrapped (`▣?` is named when opened), `◆` open with its
label and holder, `⇄2` stolen twice, `❄` frozen. Refused gifts are dimmed; choosing one says
why.

## Keys
Arrows move, digits jump to a gift number, `Enter` opens or steals the gift under the
cursor, `o` open, `s` steal, `k` keep (final swap), `b` bring your gift, `l` the whole log,
`F1` or `?` these rules. The organiser also has `u` undo and `t` the TV view.
"""
