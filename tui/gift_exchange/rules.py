"""Gift Exchange's rules as the in-app rules screen shows them, in Yule's own words: one text
for each language, written for its readers (the same facts and the same keys)."""

RULES_EN = """\
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

## When the party changes
The organiser mends the party as it goes. A **latecomer** brings their wrapped gift, which
joins the pile; they get a turn at a place drawn at random among the guests still to play
(never before the turn under way). A guest who **stepped out** is skipped when their turn
begins: they go to the end of the order and play when they are back. Nobody goes home without
a gift, so once everyone else has played, the organiser opens or steals for them. A mistyped
**label** can be fixed until the end (a wrapped gift's stays secret).

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
`F1` or `?` these rules. The organiser also has `u` undo, `t` the TV view, `a` a latecomer,
`p` skip the guest whose turn begins and `f` fix the label of the gift under the cursor.
"""

RULES_FR = """\
# Échange de cadeaux

Le jeu de la fête : chaque invité apporte un cadeau emballé et chacun repart avec un cadeau.
Personne ne gagne ; tout le plaisir est dans les vols.

## Apporter les cadeaux
Chaque invité apporte un cadeau : un **nom** qui dit ce que c'est (secret : personne ne le voit
avant l'ouverture) et un **emballage** que tout le monde voit (« petite boîte, papier doré »).
Le nom peut rester vide : on le tape alors à l'ouverture du cadeau. Quand tous les cadeaux
sont là, l'ordre de passage est tiré au sort.

## Un tour
À ton tour, tu **ouvres** un cadeau emballé (il est à toi, et ton tour est fini) ou tu **voles**
un cadeau ouvert à celui qui l'a. L'invité qui se fait voler joue aussitôt : lui aussi ouvre
ou vole. Un tour peut donc être une chaîne de vols ; il s'arrête quand quelqu'un ouvre un
cadeau.

## Ce que tu ne peux pas voler
* un cadeau que tu as déjà, ou un cadeau emballé (ouvre-le plutôt) ;
* un cadeau **gelé** (`❄`) : volé autant de fois que la limite de vols (3, sauf si l'hôte l'a
  changée) ;
* un cadeau qu'on t'a pris plus tôt dans ce même tour (pas de vol en retour), si cette règle
  maison est active ; avec la portée « seulement le dernier cadeau perdu », seul le cadeau
  qu'on t'a pris en dernier est concerné (comme dans d'autres applis d'échange de cadeaux) ;
* plus rien du tout une fois atteint le plafond de vols du tour, si l'hôte en a fixé un :
  il faut alors ouvrir.

## L'échange final
Quand le dernier cadeau est ouvert, le premier invité de l'ordre (qui n'avait rien à voler au
premier tour) peut échanger son cadeau contre n'importe quel cadeau ouvert et non gelé, ou
garder le sien. Ce choix ne lui est proposé que s'il y a de quoi échanger.

## Quand la fête change
L'organisateur arrange la fête en cours de route. Un invité **en retard** apporte son cadeau
emballé, qui rejoint la pile ; il joue à une place tirée au sort parmi les invités qui n'ont
pas encore joué (jamais avant le tour en cours). Un invité **sorti un moment** est passé quand
son tour commence : il va à la fin de l'ordre et joue à son retour. Personne ne repart sans
cadeau : une fois que tous les autres ont joué, l'organisateur ouvre ou vole pour lui. Un
**nom** mal tapé peut être corrigé jusqu'à la fin (celui d'un cadeau emballé reste secret).

## Règles maison
Limite de vols (3 par défaut), pas de vol en retour (oui ; pour tous les cadeaux perdus
pendant le tour, ou seulement pour le dernier), vols par tour (sans plafond), échange final
(oui), ouvrir son propre cadeau (permis). L'organisateur les règle avant le tirage de
l'ordre.

## À l'écran
Les cadeaux sont numérotés à partir de `#1`. `▣` emballé (`▣?` : nommé à l'ouverture), `◆`
ouvert, avec son nom et qui l'a, `⇄2` volé deux fois, `❄` gelé. Les cadeaux interdits sont
grisés ; en choisir un te dit pourquoi.

## Touches
Les flèches déplacent, les chiffres sautent au cadeau de ce numéro, `Enter` ouvre ou vole le
cadeau sous le curseur, `o` ouvrir, `s` voler, `k` garder (échange final), `b` apporter ton
cadeau, `l` tout le journal, `F1` ou `?` ces règles. L'organisateur a aussi `u` annuler,
`t` la vue télé, `a` un invité en retard, `p` passer l'invité dont le tour commence et `f`
corriger le nom du cadeau sous le curseur.
"""

RULES_DE = """\
# Geschenketausch

Das Spiel für die Feier: Alle bringen ein verpacktes Geschenk mit, und alle gehen mit einem
nach Hause. Niemand gewinnt; der Spaß liegt im Klauen.

## Geschenke mitbringen
Jeder Gast bringt ein Geschenk mit: einen **Namen**, der sagt, was es ist (geheim: niemand
sieht ihn vor dem Auspacken), und eine **Verpackung**, die alle sehen („kleine Schachtel,
Goldpapier“). Der Name darf leer bleiben; dann wird er beim Auspacken eingetippt. Sobald alle
Geschenke da sind, wird die Reihenfolge ausgelost.

## Ein Zug
Bist du dran, **packst** du ein verpacktes Geschenk **aus** (es gehört dir, und dein Zug ist
vorbei) oder du **klaust** ein offenes Geschenk von dem, der es hat. Wer beklaut wurde, ist
sofort dran: auch er packt aus oder klaut. Ein Zug kann also eine Kette von Klauereien sein;
er endet, wenn jemand ein Geschenk auspackt.

## Was du nicht klauen darfst
* ein Geschenk, das du schon hast, oder ein verpacktes (pack es lieber aus);
* ein **eingefrorenes** Geschenk (`❄`): eins, das so oft geklaut wurde, wie das Klaulimit
  erlaubt (3, außer der Gastgeber hat es geändert);
* ein Geschenk, das dir früher in demselben Zug abgenommen wurde (kein Zurückklauen), wenn
  diese Hausregel gilt; mit der Reichweite „nur das zuletzt verlorene“ nur das Geschenk, das
  dir zuletzt abgenommen wurde (wie in anderen Apps zum Geschenketauschen);
* gar nichts mehr, sobald die Klau-Obergrenze des Zugs erreicht ist, falls der Gastgeber eine
  gesetzt hat: dann wird ausgepackt.

## Der letzte Tausch
Ist das letzte Geschenk ausgepackt, darf der erste Gast der Reihenfolge (der im ersten Zug
nichts zu klauen hatte) sein Geschenk gegen ein beliebiges offenes, nicht eingefrorenes
tauschen oder seins behalten. Das wird nur angeboten, wenn es etwas zum Tauschen gibt.

## Wenn sich die Feier ändert
Der Organisator bringt die Feier unterwegs in Ordnung. Wer **zu spät** kommt, bringt sein
verpacktes Geschenk mit, und es kommt zu den anderen; sein Zug wird zufällig unter den Gästen
ausgelost, die noch nicht dran waren (nie vor dem laufenden Zug). Ein Gast, der **kurz weg**
ist, wird übersprungen, wenn sein Zug beginnt: Er kommt ans Ende der Reihenfolge und ist dran,
wenn er zurück ist. Niemand geht ohne Geschenk nach Hause: Waren alle anderen dran, packt der
Organisator für ihn aus oder klaut. Ein vertippter **Name** lässt sich bis zum Schluss
berichtigen (der eines verpackten Geschenks bleibt geheim).

## Hausregeln
Klaulimit (3, wenn nichts anderes eingestellt ist), kein Zurückklauen (an; es gilt für jedes
in diesem Zug verlorene Geschenk oder nur für das letzte), Klauen pro Zug (ohne Obergrenze),
letzter Tausch (an), eigenes Geschenk auspacken (erlaubt). Der Organisator stellt sie ein,
bevor die Reihenfolge ausgelost wird.

## Auf dem Bildschirm
Die Geschenke sind ab `#1` nummeriert. `▣` verpackt (`▣?` bekommt beim Auspacken einen Namen),
`◆` offen, mit Namen und wer es hat, `⇄2` zweimal geklaut, `❄` eingefroren. Gesperrte
Geschenke sind abgeblendet; wählst du eins, erfährst du, warum.

## Tasten
Pfeiltasten bewegen, Ziffern springen zu einer Geschenknummer, `Enter` packt das Geschenk
unter dem Cursor aus oder klaut es, `o` auspacken, `s` klauen, `k` behalten (letzter Tausch),
`b` dein Geschenk mitbringen, `l` das ganze Protokoll, `F1` oder `?` diese Regeln. Der
Organisator hat außerdem `u` rückgängig, `t` die TV-Ansicht, `a` einen Nachzügler, `p` den Gast
überspringen, dessen Zug beginnt, und `f` den Namen des Geschenks unter dem Cursor berichtigen.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR, "de": RULES_DE}
"""The rules help in each language (:func:`yule.tui.words.localized` picks the app's)."""
