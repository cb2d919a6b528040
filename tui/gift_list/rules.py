"""Gift List's rules as the in-app rules screen shows them, in Yule's own words, written for
each language's readers (the French in the words of the game's French rules: the grenier, the
Liste de Cadeaux, the fêtes); the same facts and keys in each."""

RULES_EN = """\
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

RULES_FR = """\
# Liste de Cadeaux

Tu es un radin de première : trois personnes attendent un cadeau de toi, et tu ne comptes pas
dépenser un sou pour elles. Heureusement, il y a les fêtes White Elephant : tu y apportes une
vieillerie de ton grenier, et tu en repars avec un trésor qui fera plaisir à tes proches.

**But :** finir avec le score le *plus haut*. Pour chacune des trois personnes de ta Liste de
Cadeaux, seul ton meilleur cadeau de sa couleur compte.

## Les cartes
* 50 cartes Cadeaux : cinq couleurs, numérotées de 1 à 10. À l'écran, une carte est l'initiale
  (anglaise) de sa couleur et son numéro, sur sa couleur : `R7` est le 7 rouge.
* Chaque couleur est celle d'une personne : `R` rouge (red), **Belle-Maman** ; `O` orange, le
  **Voisin Farfelu** ; `Y` jaune (yellow), **Pompon le Chat** ; `B` bleu (blue), un **Parfait
  Inconnu** ; `G` vert (green), le **Grand-Oncle Irwin**.
* 10 cartes Liste de Cadeaux, une pour chaque choix de 3 personnes parmi les 5. Chaque joueur en
  reçoit une et la garde secrète jusqu'à la fin.
* Ta main est ton **grenier** : 8 cartes à 3 ou 4 joueurs, 7 à 5, 6 à 6, 5 à 7. Le reste du
  paquet ne sert pas et reste caché. Il y a une fête par carte du grenier.

## Une fête
1. **Apporter un cadeau à la fête.** Tous en même temps et en secret, chacun pose une carte de
   son grenier face cachée devant lui (Gauche/Droite choisissent la carte, `b` l'apporte). La
   table voit qui a apporté son cadeau et qui choisit encore, jamais quoi. Un cadeau emballé
   porte le nom du joueur qui l'a apporté.
2. **Ouvrir ou voler.** Le premier joueur de la fête (`*`) ouvre un cadeau emballé. Ensuite, le
   tour passe dans le sens des aiguilles d'une montre au prochain joueur qui n'a pas encore de
   cadeau. À ton tour, au choix :
   * **ouvrir** (`o`) un cadeau emballé et le garder face visible devant toi. Tu ne peux pas
     ouvrir le cadeau que tu as apporté tant qu'un autre est encore emballé ;
   * **voler** (`s`) un cadeau ouvert à un autre joueur. Le joueur volé joue aussitôt : à lui
     d'ouvrir ou de voler.
3. **Cadeaux bloqués.** Un cadeau volé reste dans la main de son voleur (`⊘ bloqué`) et ne peut
   plus être volé avant qu'un nouveau cadeau soit ouvert ; alors tous les cadeaux ouverts
   peuvent de nouveau être volés.
4. La fête se termine quand le dernier cadeau emballé est ouvert : chacun garde le cadeau qu'il
   a. Les cadeaux reçus restent face visible, à la vue de tous. La fête suivante commence par
   le joueur à gauche.

## Fin de la partie
Après la dernière fête, toutes les Listes de Cadeaux sont révélées. Pour chaque personne de ta
liste, ta carte reçue la plus forte de sa couleur rapporte son numéro (rien si tu n'as reçu
aucune carte de cette couleur) ; les autres cadeaux ne rapportent rien. Additionne les trois.
Le plus haut total gagne ; en cas d'égalité, la victoire est partagée.

## Les règles maison de Yule
* La fête 1 commence par le premier joueur ; chaque fête suivante commence un joueur plus à
  gauche.
* Celui qui ouvre en premier doit ouvrir le cadeau d'un autre ; le sien seulement s'il est le
  dernier encore emballé.
* Après un vol, le joueur volé joue aussitôt. Après une ouverture, le tour passe dans le sens
  des aiguilles d'une montre, à partir du joueur dont c'était le tour normal (pas d'un joueur
  volé qui jouait hors tour), jusqu'au prochain joueur sans cadeau.
* Chaque carte Liste de Cadeaux n'existe qu'en un exemplaire : deux joueurs n'ont jamais la
  même liste.

## Touches
Gauche/Droite choisissent une carte du grenier, `b` (ou Entrée) l'apporte, `o` ouvrir, `s`
voler, `l` tout le journal, `F1` ou `?` ces règles, `q` quitter. Une touche grisée dit pourquoi
quand on appuie dessus.
"""

RULES_DE = """\
# Wunschliste

Du bist ein alter Geizhals: Drei Leute warten auf ein Geschenk von dir, und du willst keinen
Cent dafür ausgeben. Zum Glück gibt es Wichtelfeiern: Du bringst Krempel vom Dachboden mit und
gehst mit etwas nach Hause, über das sich deine Leute freuen.

**Ziel:** am Ende die *höchste* Punktzahl. Für jede der drei Personen auf deiner Wunschliste
zählt nur dein bestes Geschenk in ihrer Farbe.

## Die Karten
* 50 Geschenkkarten: fünf Farben, jeweils von 1 bis 10. Auf dem Bildschirm ist eine Karte der
  (englische) Anfangsbuchstabe ihrer Farbe und ihre Zahl, auf ihrer Farbe: `R7` ist Rot 7.
* Jede Farbe gehört zu einer Person: `R` Rot (red), die **Schwiegermutter**; `O` Orange, der
  **Verrückte Nachbar**; `Y` Gelb (yellow), **Katze Flocke**; `B` Blau (blue), **Irgendein
  Fremder**; `G` Grün (green), **Großonkel Irwin**.
* 10 Wunschlistenkarten, eine für jede Auswahl von 3 der 5 Personen. Jeder bekommt eine und
  hält sie bis zum Schluss geheim.
* Deine Handkarten sind dein **Dachboden**: 8 Karten bei 3 oder 4 Spielern, 7 bei 5, 6 bei 6,
  5 bei 7. Der Rest des Stapels bleibt ungesehen aus dem Spiel. Es gibt eine Feier für jede
  Karte auf dem Dachboden.

## Eine Feier
1. **Ein Geschenk mitbringen.** Alle gleichzeitig und geheim legen eine Karte vom Dachboden
   verdeckt vor sich (Links/Rechts wählt die Karte, `b` bringt sie mit). Der Tisch sieht, wer
   schon etwas mitgebracht hat und wer noch wählt, aber nie, was. Ein verpacktes Geschenk
   trägt den Namen dessen, der es mitgebracht hat.
2. **Auspacken oder stehlen.** Wer die Feier beginnt (`*`), packt ein verpacktes Geschenk aus.
   Danach geht der Zug im Uhrzeigersinn an den nächsten Spieler, der noch kein Geschenk hat.
   Bist du dran, dann entweder:
   * **auspacken** (`o`): ein verpacktes Geschenk auspacken und offen vor dich legen. Dein
     eigenes darfst du nicht auspacken, solange ein anderes noch verpackt ist; oder
   * **stehlen** (`s`): einem anderen Spieler ein offenes Geschenk wegnehmen. Der Bestohlene
     ist sofort dran und muss seinerseits auspacken oder stehlen.
3. **Tabu.** Ein gestohlenes Geschenk bleibt beim Dieb (`⊘ tabu`) und kann erst wieder
   gestohlen werden, wenn das nächste Geschenk ausgepackt ist; dann ist wieder alles zu haben.
4. Die Feier endet, wenn das letzte verpackte Geschenk ausgepackt ist: Jeder behält das
   Geschenk, das er gerade hat. Erhaltene Geschenke liegen offen, für alle sichtbar. Die nächste
   Feier beginnt einen Platz weiter links.

## Spielende
Nach der letzten Feier werden alle Wunschlisten aufgedeckt. Für jede Person auf deiner Liste
zählt deine höchste erhaltene Karte ihrer Farbe so viele Punkte wie ihre Zahl (nichts, wenn du
keine Karte dieser Farbe bekommen hast); andere Geschenke zählen nichts. Die drei zusammen sind
deine Punkte. Die höchste Summe gewinnt; bei Gleichstand teilt man sich den Sieg.

## Hausregeln von Yule
* Feier 1 beginnt beim ersten Platz, jede weitere Feier einen Platz weiter links.
* Wer als Erster auspackt, muss das Geschenk eines anderen auspacken; das eigene nur, wenn es
  als letztes noch verpackt ist.
* Nach einem Diebstahl ist der Bestohlene sofort dran. Nach dem Auspacken geht der Zug im
  Uhrzeigersinn weiter, ab dem Spieler, der regulär dran war (nicht ab einem Bestohlenen, der
  außer der Reihe zog), bis zum nächsten Spieler ohne Geschenk.
* Jede Wunschlistenkarte gibt es nur einmal: Keine zwei Spieler haben dieselbe Liste.

## Tasten
Links/Rechts wählt eine Karte vom Dachboden, `b` (oder Enter) bringt sie mit, `o` auspacken,
`s` stehlen, `l` das ganze Protokoll, `F1` oder `?` diese Regeln, `q` verlassen. Ausgegraute
Tasten sagen beim Drücken, warum.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR, "de": RULES_DE}
"""The rules help in each language (:func:`yule.tui.words.localized` picks the app's)."""
