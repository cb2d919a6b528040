"""Elf's rules as the in-app rules screen shows them, in Yule's own words, house rules included:
one text a language (:data:`RULES`), each written for its readers."""

RULES_EN = """\
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

RULES_FR = """\
# Elfe : voyage depuis le pôle Nord

**But du jeu :** ensemble, vous menez Buddy l'elfe du pôle Nord jusqu'à New York, mais chacun
espère en secret qu'il passera d'abord par les trois lieux de *sa* carte Objectif. Plus un lieu
est visité tôt, plus il rapporte, à tous ceux dont la carte le montre. Le plus haut score gagne.

## Le plateau
Une grille de 26 × 14 cases entourée d'une marge vide de 2 cases (on peut y poser des cartes).
Les lieux, larges de deux cases chacun, sont notés par un code : M. Narval `NARW`, le Sage
Bonhomme de neige `SNOW`, la Forêt des sucres d'orge `CANE`, le Village des bonbons `GUMD`,
Central Park `PARK`, la Meilleure Tasse de café du monde `CAFE` et le grand magasin Gimbels
`GIMB`. Il y a aussi quatre bonshommes en pain d'épices `G1` à `G4`, deux pots de sirop
d'érable `S1%%` `S2%%`, deux banquises `~~~~` et New York `NYC*`. Buddy part de `vv`, vers le sud.

À l'écran, Buddy est un `@` suivi d'une flèche qui montre sa direction (`@v`, `@>`, `@↘`...).
Les cartes posées sont en traits simples (`─│┌┐└┘`). Ce qui a été pris ou utilisé s'écrit en
minuscules (`narw`, `g1`, `s1%%` ; une banquise utilisée devient `x~~x`). La ligne au-dessus du
plateau montre les six **cases de score** : `[3 SNOW 2]` veut dire que le Sage Bonhomme de
neige a pris la case 1, qui vaut 3, grâce à une carte de la place 2.

## Mise en place
On mélange les 60 cartes Chemin ; chacun en reçoit 3, **face visible** : toutes les mains sont
publiques. Chacun reçoit aussi une carte Objectif secrète de trois lieux (deux cartes Objectif
ont toujours exactement un lieu en commun). Les bonshommes en pain d'épices sont posés face
cachée : leurs valeurs (1, 2, 2 et 3) restent secrètes. La place 1 commence.

## Les cartes Chemin
Chaque carte part de la flèche de Buddy et laisse une nouvelle flèche sur sa dernière case.
Les types (avec le code de la main) : Tout droit 2 `s2` et Tout droit 3 `s3` ; Virage à
gauche/droite `cl` `cr` (un pas, puis un quart de tour) ; Chicane à gauche/droite `zl` `zr`
(un S, même direction à la sortie) ; Diagonale à gauche/droite `kl` `kr` (finit en biais,
flèche dans le coin) ; Épingle à gauche/droite `ul` `ur` (demi-tour complet).

* Après une flèche droite, la carte doit continuer tout droit à partir d'elle.
* Après une flèche en coin (par exemple sud-est), la carte peut partir dans l'une de ses deux
  directions (sud ou est), jamais en revenant sur la carte en coin.
* Toutes les cases de la carte sont sur le plateau ou dans la marge, et la nouvelle flèche doit
  laisser de quoi continuer (elle ne peut pas pointer hors du jeu), sauf si la carte atteint
  New York.
* Les cartes peuvent se croiser, se chevaucher et recouvrir des cartes et des jetons plus anciens.

## À ton tour
Pose **une ou plusieurs** cartes, une à la fois, puis **finis ton tour** (`e`) : tu pioches 2
cartes (moins si la pioche est presque vide). La main n'a pas de limite.

**Touches :** `←` `→` choisissent une carte de ta main ; sa pose s'affiche sur le plateau en
traits doubles (`═║╔`), avec sa nouvelle flèche, et les cases autour de chaque chose qu'elle
toucherait sont marquées `+`. `Espace` fait défiler les façons de la poser : les directions
après une flèche en coin, et les cases et directions d'un saut de banquise. `Entrée` la pose.
Une carte marquée `×` dans ta main ne part pas de la flèche de Buddy pour l'instant.

## Toucher les choses
Une carte touche un jeton quand l'une de ses cases est sur le jeton ou sur l'une des 8 cases
autour (les coins comptent). On suit la carte case par case ; chaque jeton se déclenche à la
première case qui le touche, et la carte entière est toujours jouée jusqu'au bout.

* **Lieu :** il va dans la case de score libre la plus à gauche (3, 3, 2, 2, 1, 1 points). À la
  fin, *tous* ceux dont la carte Objectif le montre marquent cette case, peu importe qui y a
  mené Buddy. Le 7e lieu visité vaut 0.
* **Bonhomme en pain d'épices :** celui qui a posé la carte le prend et il est seul à voir sa
  valeur jusqu'à la fin (sur le côté, tes « biscuits » : `G1=2`). Les autres voient seulement
  combien tu en as (`gb1`).
* **Sirop d'érable :** la première carte qui touche un pot (ou son sirop renversé) fait piocher
  tout de suite à son joueur la carte du dessus ; il peut la jouer ce tour-ci. Chaque pot ne
  sert qu'une fois.
* **Banquise :** toucher une banquise permet à **la toute prochaine carte de ton tour** de
  partir d'une case de l'*autre* banquise, dans n'importe quelle direction qui s'en éloigne.
  Poser une carte normale ou finir ton tour laisse passer l'occasion ; une nouvelle touche
  l'offre à nouveau. Le saut n'a lieu qu'une fois par partie ; ensuite les banquises ne font
  plus rien.
* **New York :** la carte qui touche New York termine la partie aussitôt. Son joueur prend la
  boule à neige, qui vaut 2.

## Bloqué
Si tu commences ton tour sans aucune carte qui va, tu pioches une carte à la fois jusqu'à en
avoir une qui va, puis tu joues normalement. Si la pioche s'épuise avant, toute ta main est
défaussée et ton tour s'arrête. Un joueur sans carte alors que la pioche est vide passe son tour.

## Fin et score
La partie s'arrête quand une carte touche New York, ou quand un tour finit alors que la pioche
et toutes les mains sont vides. On dévoile alors toutes les cartes Objectif et les valeurs des
bonshommes en pain d'épices. Ton score : la valeur des cases de score des lieux de ta carte
Objectif (0 pour un lieu non visité), plus tes bonshommes en pain d'épices, plus 2 pour la
boule à neige. Le plus haut total gagne ; en cas d'égalité, la victoire est partagée.

## Les choix de cette table (règles maison)
La règle ne donne ni plateau ni forme de cartes : le plateau, les formes de cartes et la règle
du toucher sont ceux de Yule. Les cases de score valent 3, 3, 2, 2, 1, 1 ; les bonshommes en
pain d'épices 1, 2, 2, 3. Le septième lieu est Gimbels. La place 1 commence au lieu de
« l'anniversaire le plus proche de Noël ». Le saut de banquise doit être la carte suivante du
même tour. On joue à 2, 3 ou 4.
"""

RULES_DE = """\
# Elf: Reise vom Nordpol

**Ziel:** Gemeinsam führt ihr Buddy den Elf vom Nordpol nach New York, aber jeder hofft
heimlich, dass er zuerst die drei Orte auf *seiner* Zielkarte besucht. Je früher ein Ort
besucht wird, desto mehr ist er wert, und zwar für alle, deren Karte ihn zeigt. Die meisten
Punkte gewinnen.

## Der Spielplan
Ein Raster aus 26 × 14 Feldern mit einem leeren Rand von 2 Feldern ringsum (auch dorthin
dürfen Karten). Die Orte, je zwei Felder breit, stehen als Kürzel da: Herr Narwal `NARW`, der
Weise Schneemann `SNOW`, der Zuckerstangenwald `CANE`, das Fruchtgummidorf `GUMD`, der
Central Park `PARK`, die weltbeste Tasse Kaffee `CAFE` und das Kaufhaus Gimbels `GIMB`. Dazu
vier Lebkuchenmänner `G1` bis `G4`, zwei Gläser Ahornsirup `S1%%` `S2%%`, zwei Eisschollen
`~~~~` und New York `NYC*`. Buddy startet bei `vv` und schaut nach Süden.

Auf dem Bildschirm ist Buddy ein `@` mit einem Pfeil für seine Richtung (`@v`, `@>`, `@↘` ...).
Gelegte Karten sind einfache Linien (`─│┌┐└┘`). Was genommen oder verbraucht ist, steht in
Kleinbuchstaben (`narw`, `g1`, `s1%%`; eine verbrauchte Scholle wird `x~~x`). Die Zeile über dem
Plan zeigt die sechs **Wertungsfelder**: `[3 SNOW 2]` heißt, der Weise Schneemann kam auf Feld
1 und ist 3 wert, gespielt von Platz 2.

## Vorbereitung
Die 60 Wegkarten werden gemischt; jeder bekommt 3, **offen**: Alle Hände sind für alle
sichtbar. Jeder bekommt eine geheime Zielkarte mit drei Orten (zwei Zielkarten haben immer
genau einen Ort gemeinsam). Die Lebkuchenmänner liegen verdeckt: Ihre Werte (1, 2, 2 und 3)
bleiben geheim. Platz 1 beginnt.

## Die Wegkarten
Jede Karte setzt an Buddys Pfeil an und hinterlässt auf ihrem letzten Feld einen neuen Pfeil.
Die Sorten (mit ihrem Kürzel auf der Hand): Gerade 2 `s2` und Gerade 3 `s3`; Kurve
links/rechts `cl` `cr` (ein Schritt, dann eine Vierteldrehung); S-Kurve links/rechts `zl` `zr`
(versetzt, danach dieselbe Richtung); Schräg links/rechts `kl` `kr` (endet schräg, Pfeil in
der Ecke); Kehre links/rechts `ul` `ur` (ganz herum).

* Nach einem geraden Pfeil muss die Karte geradeaus an ihn anschließen.
* Nach einem Pfeil in der Ecke (zum Beispiel Südost) darf die Karte in eine seiner beiden
  Richtungen losgehen (Süd oder Ost), nie zurück über die Eckkarte.
* Jedes Feld der Karte liegt auf dem Plan oder seinem Rand, und der neue Pfeil muss Platz zum
  Weitergehen lassen (er darf nicht über den Rand zeigen), außer die Karte erreicht New York.
* Karten dürfen sich kreuzen, überlappen und ältere Karten und Marker verdecken.

## Dein Zug
Lege **eine oder mehrere** Karten, eine nach der anderen, und **beende dann deinen Zug** (`e`):
Du ziehst 2 Karten (weniger, wenn der Stapel fast leer ist). Die Hand hat kein Limit.

**Tasten:** `←` `→` wählen eine Karte deiner Hand; wie sie läge, zeigt der Plan in doppelten
Linien (`═║╔`), mit dem neuen Pfeil, und die Felder um alles, was sie berühren würde, sind mit
`+` markiert. `Leertaste` wechselt zwischen den Arten, sie zu legen: die Richtungen nach einem
Eckpfeil und die Felder und Richtungen eines Sprungs von der Eisscholle. `Enter` legt sie.
Eine Karte mit `×` auf deiner Hand passt gerade nicht an Buddys Pfeil.

## Dinge berühren
Eine Karte berührt einen Marker, wenn eines ihrer Felder auf dem Marker oder auf einem der 8
Felder darum liegt (Ecken zählen). Die Karte wird Feld für Feld abgegangen; jeder Marker löst
beim ersten Feld aus, das ihn berührt, und die ganze Karte wird immer ausgeführt.

* **Ort:** Er kommt auf das freie Wertungsfeld ganz links (3, 3, 2, 2, 1, 1 Punkte). Am Ende
  bekommen *alle*, deren Zielkarte ihn zeigt, die Punkte dieses Felds, egal wer Buddy
  hingebracht hat. Der 7. besuchte Ort zählt 0.
* **Lebkuchenmann:** Wer die Karte gelegt hat, nimmt ihn und sieht als Einziger seinen Wert
  bis zum Ende. Die anderen sehen nur, wie viele du hast (`gb1`).
* **Ahornsirup:** Die erste Karte, die ein Glas (oder den verschütteten Sirup) berührt, lässt
  ihren Spieler sofort die oberste Karte des Stapels ziehen; er darf sie noch in diesem Zug
  legen. Jedes Glas wirkt nur einmal.
* **Eisscholle:** Wer eine Scholle berührt, darf mit der **allernächsten Karte seines Zugs**
  auf einem Feld der *anderen* Scholle anfangen, in jede Richtung, die von ihr wegführt. Eine
  normale Karte oder das Ende des Zugs lässt die Gelegenheit verstreichen; eine spätere
  Berührung bietet sie wieder an. Gesprungen wird nur einmal im Spiel; danach tun die
  Schollen nichts mehr.
* **New York:** Die Karte, die New York berührt, beendet das Spiel sofort. Ihr Spieler
  bekommt die Schneekugel, 2 Punkte wert.

## Festgefahren
Hast du zu Beginn deines Zugs keine Karte, die passt, ziehst du eine nach der anderen, bis
eine passt, und spielst dann wie gewohnt. Ist der Stapel vorher leer, wird deine ganze Hand
abgeworfen und dein Zug endet. Wer keine Karten hat, während der Stapel leer ist, wird
übersprungen.

## Ende und Wertung
Das Spiel endet, wenn eine Karte New York berührt oder wenn ein Zug endet, während der Stapel
und alle Hände leer sind. Dann werden alle Zielkarten und Lebkuchenwerte aufgedeckt. Deine
Punkte: die Werte der Wertungsfelder der Orte auf deiner Zielkarte (0 für einen nicht besuchten
Ort), plus deine Lebkuchenmänner, plus 2 für die Schneekugel. Die höchste Summe gewinnt; bei
Gleichstand teilt man sich den Sieg.

## Was dieser Tisch festlegt (Hausregeln)
Die Spielregel hat weder Plan noch Kartenformen: Plan, Kartenformen und die Berührungsregel
sind Yules eigene. Die Wertungsfelder zählen 3, 3, 2, 2, 1, 1, die Lebkuchenmänner 1, 2, 2, 3.
Der siebte Ort ist Gimbels. Platz 1 beginnt, statt „wessen Geburtstag Weihnachten am
nächsten liegt“. Der Sprung von der Eisscholle muss die nächste Karte desselben Zugs sein.
Gespielt wird zu zweit bis zu viert.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR, "de": RULES_DE}
"""The rules help as written for each language."""
