"""White Rabbit's rules as the in-app rules screen shows them, in Yule's own words, for
children and the grown-ups reading along: one text for each language (the German game is Max
Mümmelmann, and its own words are used)."""

RULES_EN = """\
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

RULES_FR = """\
# Lapin blanc (Max Mümmelmann)

**Le but :** être le premier à réunir toute une **famille lapin** : une carte de chaque
valeur **1, 2, 3, 4, 5 et 6** (le 6 est Papa Lapin, le 5 Maman Lapin, de 1 à 4 les enfants).
Les couleurs ne comptent pas pour gagner : une famille peut être toute mélangée.

## Les cartes et le plateau
* 24 cartes lapin de 4 couleurs, chaque couleur avec les valeurs 1 à 6. À l'écran, chaque
  carte montre une lettre pour sa couleur et sa valeur : `b` marron, `g` gris, `k` noir,
  `c` crème. Ainsi `g5` est le 5 gris. (Les lettres viennent de l'anglais.)
* **Max**, le lapin blanc à la carotte (en allemand *Max Mümmelmann*), est une carte en
  plus : `MAX`.
* Le plateau a 8 cases tout autour, numérotées de 0 à 7 dans le sens des aiguilles d'une
  montre. À côté de chaque case, il y a une pile de 3 cartes face cachée (`▮▮▮ 3`). Au
  début, Max est posé sur une des piles, et tout le monde voit laquelle.
* Il y a un seul **lapin** en bois pour tout le monde. Il part de la case 0.

## À ton tour
1. **Lance le dé :** appuie sur **Entrée** (ou Espace).
2. **Avance le lapin** d'autant de cases, dans un seul sens : **Gauche** (◄) tourne dans
   le sens inverse des aiguilles d'une montre, **Droite** (►) dans le sens des aiguilles.
   Avant que tu choisisses, le plateau montre où chaque sens arrive : `◄ GAUCHE` et
   `DROITE ►`. Tu ne peux pas t'arrêter avant ni changer de sens.
3. **Prends la carte du dessus** de la pile à côté du lapin. Tout le monde la voit.
   * Une valeur qui te manque : tu la **gardes**, face visible pour tous.
   * Une valeur que tu as déjà : elle **repart sous** la même pile, face cachée.
   * Une pile vide : pas de chance, pas de carte.
4. **Tu as fait 6 ?** Relance le dé ! Mais pas si le lapin s'est arrêté à une pile vide.

Ensuite, c'est au joueur suivant (dans le sens des aiguilles d'une montre).

## Max
Si tu pioches Max, il t'aide : tu peux **prendre une carte qui te manque à un autre
joueur** (Entrée ouvre la liste). Si personne n'a de carte qui te manque, tu ne prends
rien. Tu ne peux pas prendre une valeur que tu as déjà.

Max ne reste jamais chez toi : tu le **poses ensuite sur la pile de ton choix** (même une
pile vide). Choisis-la avec **Gauche/Droite** ou les chiffres **0-7**, puis appuie sur
**Entrée**. Tout le monde voit où va Max.

## La fin
Le premier qui a une famille complète de 1 à 6 gagne. Si c'est Max qui a apporté la
dernière carte, on pose d'abord Max sur une pile, puis la partie s'arrête.

**Super Lapin !** Celui qui a les six lapins d'une même couleur peut se dire *Super Lapin*
(en allemand *Oberhase*) et faire le tour de la table en sautant. L'écran écrit ce titre à
côté de sa famille.

## Les règles de la maison chez Yule
* Le premier joueur est celui de la première place (place 1) : c'est le salon qui décide.
* Chaque joueur lance le dé à son tour, avec Entrée.
* Une carte piochée est d'abord montrée à tous, puis gardée ou remise sous sa pile.
* Un 6 donne un nouveau lancer, sauf si le lapin s'est arrêté à une pile vide.
* Avec Max, tu prends à un autre joueur une carte d'une valeur qui te manque, ou rien ;
  puis Max va sur l'une des 8 piles, même vide, là où tout le monde le voit.
* Si Max complète ta famille, tu poses quand même Max d'abord ; ensuite tu gagnes.
* Pour qu'une partie ne dure pas toujours : après 500 lancers sans famille complète, la
  partie s'arrête et personne ne gagne.

## Les touches
`Entrée` lancer le dé (ou choisir avec Max, ou poser Max), `←` `→` avancer le lapin (ou
choisir la pile de Max), `0`-`7` choisir la pile de Max, `l` tout le journal, `F1` ou `?`
ces règles, `q` partir. Une touche qui ne fait rien pour l'instant te dit pourquoi.
"""

RULES_DE = """\
# Max Mümmelmann

**Ziel:** Sammle als Erste oder Erster eine ganze **Hasenfamilie**: von jedem Wert
**1, 2, 3, 4, 5 und 6** eine Karte (die 6 ist der Hasenvater, die 5 die Hasenmutter,
1 bis 4 sind die Hasenkinder). Die Farben sind fürs Gewinnen egal: Eine Familie darf
ganz bunt gemischt sein.

## Die Karten und der Spielplan
* 24 Hasenkarten in 4 Farben, jede Farbe mit den Werten 1 bis 6. Auf dem Bildschirm zeigt
  jede Karte einen Buchstaben für ihre Farbe und ihren Wert: `b` braun, `g` grau,
  `k` schwarz, `c` creme. `g5` ist also die graue 5. (Die Buchstaben kommen aus dem
  Englischen.)
* **Max Mümmelmann**, der weiße Hase mit der Karotte, ist eine Karte extra: `MAX`.
* Der Spielplan hat 8 Felder rundherum, von 0 bis 7 im Uhrzeigersinn gezählt. Neben jedem
  Feld liegt ein Stapel mit 3 verdeckten Karten (`▮▮▮ 3`). Zu Beginn liegt Max oben auf
  einem Stapel, und alle sehen, auf welchem.
* Es gibt nur einen **Holzhasen** für alle. Er startet auf Feld 0.

## Du bist dran
1. **Würfle:** Drück **Enter** (oder die Leertaste).
2. **Zieh den Hasen** genau so viele Felder weiter, in eine Richtung: **Links** (◄) geht
   gegen den Uhrzeigersinn, **Rechts** (►) im Uhrzeigersinn. Bevor du wählst, zeigt der
   Spielplan, wo jede Richtung ankommt: `◄ LINKS` und `RECHTS ►`. Du darfst nicht früher
   stehen bleiben und nicht umdrehen.
3. **Nimm die oberste Karte** vom Stapel neben dem Feld des Hasen. Alle sehen sie.
   * Ein Wert, der dir noch fehlt: Du **behältst** ihn, offen für alle sichtbar.
   * Ein Wert, den du schon hast: Die Karte wird verdeckt **unter** denselben Stapel
     geschoben.
   * Ein leerer Stapel: Pech gehabt, keine Karte.
4. **Eine 6 gewürfelt?** Würfle noch einmal! Aber nicht, wenn der Hase an einem leeren
   Stapel stehen geblieben ist.

Dann ist die oder der Nächste dran (im Uhrzeigersinn, einen Platz weiter).

## Max Mümmelmann
Wenn du Max ziehst, hilft er dir: Du darfst **einer anderen Person eine Karte wegnehmen,
die dir noch fehlt** (Enter öffnet die Liste). Hat niemand eine Karte, die dir fehlt,
bekommst du nichts. Einen Wert, den du schon hast, darfst du nicht nehmen.

Max bleibt nie bei dir: Danach **legst du ihn oben auf einen Stapel** deiner Wahl (auch
auf einen leeren). Wähle ihn mit **Links/Rechts** oder den Zahlentasten **0-7** und drück
dann **Enter**. Alle sehen, wohin Max kommt.

## Das Ende
Wer zuerst eine ganze Familie von 1 bis 6 hat, gewinnt. Hat Max die letzte Karte gebracht,
wird zuerst Max auf einen Stapel gelegt, dann ist das Spiel zu Ende.

**Oberhase!** Wer alle sechs Hasen einer Farbe hat, darf sich *Oberhase* nennen und einmal
um den Tisch hüpfen. Der Bildschirm zeigt den Titel neben der Familie.

## Hausregeln bei Yule
* Es beginnt, wer am Tisch auf dem ersten Platz sitzt (Platz 1): Das entscheidet die Lobby.
* Alle würfeln selbst, wenn sie dran sind, mit Enter.
* Eine gezogene Karte sehen zuerst alle, dann wird sie behalten oder unter ihren Stapel
  geschoben.
* Eine 6 gibt einen neuen Wurf, außer der Hase ist an einem leeren Stapel stehen geblieben.
* Mit Max nimmst du einer anderen Person eine Karte mit einem Wert, der dir fehlt, oder
  nichts; dann kommt Max oben auf einen der 8 Stapel, auch einen leeren, wo alle ihn sehen.
* Macht Max deine Familie komplett, legst du Max trotzdem zuerst ab; dann gewinnst du.
* Damit ein Spiel nicht ewig dauert: Nach 500 Würfen ohne ganze Familie ist das Spiel
  vorbei, und niemand gewinnt.

## Tasten
`Enter` würfeln (oder mit Max wählen, oder Max ablegen), `←` `→` den Hasen ziehen (oder den
Stapel für Max wählen), `0`-`7` den Stapel für Max wählen, `l` das ganze Protokoll, `F1`
oder `?` diese Regeln, `q` gehen. Eine Taste, die gerade nichts tut, sagt dir, warum.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR, "de": RULES_DE}
"""The rules help in each language (:func:`yule.tui.words.localized` picks the app's)."""
