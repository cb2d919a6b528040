"""White Elephant's rules as the in-app rules screen shows them, in Yule's own words, written
for each language's readers: the same facts and keys in each, the game's words in each language
(the Peanuts are cacahuètes and Erdnüsse, the Gift Exchange the Bourse aux cadeaux and the
Tauschbörse, a Shelf an étagère and a Regal)."""

RULES_EN = """\
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

RULES_FR = """\
# Éléphant blanc

**But du jeu :** finir avec le score le *plus bas*. Chaque cadeau de camelote coûte le nombre
imprimé dessus ; une sorte de cadeau dont tu as le plus d'exemplaires devient une Collection
et ne coûte qu'1 point par cadeau. Chaque cacahuète qui te reste retire 1 point.

## Les cadeaux
Huit sortes, chacune numérotée à partir de 0 : Boule à neige `SG` 0-10 ; Mug `MU`, Panier
garni `GB` et Kit barbecue `GK` 0-9 ; Jeu de société `BG` et Ballon `FB` 0-8 ; Nichoir `BH`
et Chaussettes `SK` 0-7. Selon le nombre de joueurs (3 à 8), certaines sortes sont retirées.
Chaque cadeau montre son code de deux lettres à côté de sa couleur.

## Une manche
1. De nouveaux cadeaux sont distribués au milieu, dans la **Bourse aux cadeaux** : la
   plupart face visible, quelques-uns face cachée. Ceux-là sont les **cadeaux surprises**
   (`?4` est le cadeau surprise 4) ; chacun porte une cacahuète (`●`) que personne ne peut
   dépenser avant la fin de la manche.
2. Le marqueur de premier joueur va dans la Bourse, avec 1 cacahuète de la réserve.
3. Le premier joueur commence ; ensuite le tour passe, dans le sens des aiguilles d'une
   montre, au prochain joueur qui n'a **aucun cadeau devant lui** (ceux qui en ont déjà
   sont sautés).

## Ton tour : une action principale
* **Prendre** (`t`) : choisis 2 cadeaux ou plus dans la Bourse (Espace les coche), puis `t`.
  S'il ne reste qu'un seul cadeau, tu ne peux pas prendre.
* **Échanger** (`r`) : paie 1 cacahuète à la Bourse et prends *tous* les cadeaux posés
  devant un autre joueur cette manche (les cadeaux surprises gardent leurs cacahuètes).
  Les étagères ne craignent rien.
* **Tout rafler** (`c`) : prends tous les cadeaux restants, le marqueur et toutes les
  cacahuètes à côté de lui. La manche s'arrête aussitôt et c'est toi qui commences la
  suivante.

**Coup d'œil** (`p`) : avant ou après ton action principale, paie 1 cacahuète pour regarder
un cadeau surprise, dans la Bourse ou devant n'importe qui. Toi seul sais ce que c'est
(affiché `?4=MU 5`). Jette autant de coups d'œil que tes cacahuètes le permettent, puis
**finis ton tour** (`e`). Yule le finit pour toi quand il n'y a plus rien à regarder.

Les cacahuètes payées vont à côté du marqueur, pas dans la réserve : celui qui rafle tout
les récupère.

## Fin d'une manche
Une manche se termine quand la Bourse est vide ou quand tout le monde a des cadeaux devant
lui. Alors chacun ouvre en secret ses cadeaux surprises, prend leurs cacahuètes et range
tous ses cadeaux sur son **étagère**. Ton étagère, toi seul la regardes ; les autres ne
voient que le nombre de cadeaux qu'elle contient. Les cadeaux restés dans la Bourse y
restent pour la manche suivante, avec le marqueur, ses cacahuètes et le même premier
joueur ; on distribue quand même le nombre complet de nouveaux cadeaux par-dessus.

## Fin de la partie
La manche dont la distribution vide la pioche est la dernière. Les cadeaux encore dans la
Bourse ne comptent alors pour personne. Pour chaque sorte, celui qui en a le plus (tous les
ex æquo) en fait une Collection : 1 point par cadeau. Tous les autres cadeaux sont de la
camelote et comptent leur nombre. Retire tes cacahuètes. Le total le plus bas gagne ; en
cas d'égalité, la victoire est partagée.

## Les règles maison de Yule
* 35 cacahuètes en tout : chacun commence avec 1 ; quand la réserve est vide, on n'en pose
  plus sur le marqueur ni sur les nouveaux cadeaux surprises.
* On peut prendre à la fois des cadeaux visibles et des cadeaux surprises. Prendre les
  tout derniers cadeaux termine la manche, mais ce n'est pas tout rafler : le marqueur,
  ses cacahuètes et le premier joueur ne bougent pas.
* Les cacahuètes posées sur les cadeaux surprises devant toi ne peuvent payer ni un échange
  ni un coup d'œil.
* Tu ne peux pas regarder un cadeau que tu connais déjà, ni rien sur une étagère.
* Si la pioche ne suffit plus, on distribue d'abord les cadeaux face visible, puis ceux
  face cachée, jusqu'à ce qu'elle soit vide. Le premier joueur de la partie est tiré au
  sort.

## Touches
`Espace` coche un cadeau, les flèches déplacent, `t` prendre, `r` échanger, `c` tout rafler,
`p` coup d'œil, `e` finir le tour, `l` tout le journal, `F1` ou `?` ces règles, `q` quitter.
Une touche grisée dit pourquoi quand on l'appuie.
"""

RULES_DE = """\
# Schrottwichteln

**Ziel:** am Ende die *wenigsten* Punkte haben. Jedes Ramsch-Geschenk kostet die Zahl, die
darauf steht; von einer Sorte, von der du am meisten hast, wird eine Sammlung, und die kostet
nur 1 Punkt pro Geschenk. Jede Erdnuss, die du behältst, zieht 1 Punkt ab.

## Die Geschenke
Acht Sorten, jede ab 0 nummeriert: Schneekugel `SG` 0-10; Tasse `MU`, Präsentkorb `GB`
und Grillset `GK` 0-9; Brettspiel `BG` und Football `FB` 0-8; Vogelhaus `BH` und Socken
`SK` 0-7. Je nach Spielerzahl (3 bis 8) bleiben manche Sorten draußen. Jedes Geschenk
zeigt sein Kürzel aus zwei Buchstaben neben seiner Farbe.

## Eine Runde
1. Neue Geschenke kommen in die Mitte, in die **Tauschbörse**: die meisten offen, ein paar
   verdeckt. Die verdeckten sind **Überraschungsgeschenke** (`?4` ist Überraschungsgeschenk
   4); auf jedem liegt eine Erdnuss (`●`), die niemand ausgeben darf, bevor die Runde endet.
2. Der Startspielermarker kommt mit 1 Erdnuss aus dem Vorrat in die Tauschbörse.
3. Der Startspieler beginnt; danach geht es im Uhrzeigersinn weiter zum nächsten Spieler,
   der **noch keine Geschenke vor sich hat** (wer schon welche hat, wird übersprungen).

## Dein Zug: eine Hauptaktion
* **Nehmen** (`t`): such dir 2 oder mehr Geschenke aus der Tauschbörse aus (die Leertaste
  markiert sie), dann `t`. Liegt nur noch ein Geschenk da, kannst du nicht nehmen.
* **Tauschen** (`r`): zahl 1 Erdnuss in die Tauschbörse und nimm *alle* Geschenke, die ein
  anderer Spieler in dieser Runde vor sich hat (Überraschungsgeschenke behalten ihre
  Erdnüsse). Was im Regal steht, ist sicher.
* **Abräumen** (`c`): nimm alle übrigen Geschenke, den Marker und alle Erdnüsse daneben.
  Die Runde endet sofort, und du beginnst die nächste.

**Spicken** (`p`): vor oder nach deiner Hauptaktion zahlst du 1 Erdnuss und schaust dir ein
Überraschungsgeschenk an, in der Tauschbörse oder vor irgendwem. Nur du erfährst, was es ist
(angezeigt als `?4=MU 5`). Spick so oft, wie deine Erdnüsse reichen; dann **beende deinen
Zug** (`e`). Yule beendet ihn für dich, wenn es nichts mehr zum Spicken gibt.

Bezahlte Erdnüsse kommen neben den Marker, nicht zurück in den Vorrat: Wer abräumt,
bekommt sie.

## Ende einer Runde
Eine Runde endet, wenn die Tauschbörse leer ist oder alle Geschenke vor sich haben. Dann
packen alle heimlich ihre Überraschungsgeschenke aus, nehmen die Erdnüsse darauf und stellen
alle ihre Geschenke in ihr **Regal**. Dein Regal darfst nur du ansehen; die anderen sehen
nur, wie viele Geschenke darin stehen. Was in der Tauschbörse liegen bleibt, bleibt für die
nächste Runde dort, mit dem Marker, seinen Erdnüssen und demselben Startspieler; die volle
Zahl neuer Geschenke kommt trotzdem dazu.

## Spielende
Die Runde, in der der Stapel leer wird, ist die letzte. Geschenke, die dann noch in der
Tauschbörse liegen, zählen für niemanden. Wer von einer Sorte am meisten hat (bei
Gleichstand alle), macht daraus eine Sammlung: 1 Punkt pro Geschenk. Alles andere ist Ramsch
und zählt seine Zahl. Zieh deine Erdnüsse ab. Die kleinste Summe gewinnt; bei Gleichstand
teilt man sich den Sieg.

## Yules Hausregeln
* 35 Erdnüsse insgesamt: Jeder beginnt mit 1; ist der Vorrat leer, kommt nichts mehr auf
  den Marker oder auf neue Überraschungsgeschenke.
* Beim Nehmen darfst du offene Geschenke und Überraschungsgeschenke mischen. Wer die
  allerletzten Geschenke nimmt, beendet die Runde, räumt aber nicht ab: Marker, seine
  Erdnüsse und der Startspieler bleiben, wo sie sind.
* Erdnüsse auf Überraschungsgeschenken vor dir kannst du weder fürs Tauschen noch fürs
  Spicken ausgeben.
* Du kannst nicht bei einem Geschenk spicken, das du schon kennst, und nie in ein Regal.
* Reicht der Stapel nicht mehr, werden erst die offenen, dann die verdeckten Geschenke
  verteilt, bis er leer ist. Der erste Startspieler wird ausgelost.

## Tasten
`Leertaste` markiert ein Geschenk, die Pfeiltasten bewegen, `t` nehmen, `r` tauschen,
`c` abräumen, `p` spicken, `e` Zug beenden, `l` das ganze Protokoll, `F1` oder `?` diese
Regeln, `q` verlassen. Ausgegraute Tasten sagen beim Drücken, warum.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR, "de": RULES_DE}
