"""Flowers' guided first game: deal 1 against Bot (easy), to the pupil's first Flower (F-4.3)."""

from mandalakit.core.messages import N_

from mandalakit.widgets.guided.script import Script, Step

SCRIPT = Script(
    game="flowers", seed=1, level="easy",
    welcome=N_("Your first game of Flowers, with a guide. Each turn, click the glowing colour of your hand, then "
               "the glowing mandala."),
    finale=N_("You made your first Flower! The game ends when a player has 3 Flowers, and the highest score wins. "
              "Now play a whole game on your own."),
    steps=(
        Step("play 1 orange on 2", N_("Play one orange card on mandala 2: orange is new there, so it lies face up "
                                      "and you take the mandala's claim marker.")),
        Step("play 1 yellow on 1", N_("Play one yellow card on mandala 1: a new colour there too. After playing "
                                      "just 1 card you draw new cards, up to 8 in your hand.")),
        Step("play 1 orange on 3", N_("Play orange on mandala 3. A mandala is complete when its two tiles and its "
                                      "face-up cards show all 6 colours.")),
        Step("play 1 green on 3", N_("Play green on mandala 3: it is the last colour missing there, so the "
                                     "mandala is complete."),
             milestone=N_("Mandala 3 is complete. The bot had more cards there, so it chose a tile first, and you "
                          "got the other tile: it glows under your hand."),
             light=("single0:0",)),
        Step("play 1 red on 2", N_("Play red on mandala 2, a new colour there: it fills the mandala one colour "
                                   "at a time.")),
        Step("play 1 purple on 2", N_("Play purple on mandala 2: one more new colour. Only green is missing now.")),
        Step("play 1 red on 3", N_("Play red on mandala 3: it has two new tiles and starts again.")),
        Step("play 1 green on 2", N_("Play green on mandala 2: it is the last colour missing there, so the "
                                     "mandala is complete."),
             milestone=N_("You got a second tile of the same colour: the pair of tiles is lit on the board. "
                          "Together they make a Flower, worth 2 + 2 × 2 = 6 points."),
             light=("0:0",)),
    ),
)
