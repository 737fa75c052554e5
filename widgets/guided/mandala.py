"""Mandala's guided first game: deal 3 against Bot (easy), to its first completed mandala (M-5) and a field started in the other."""

from mandalakit.core.messages import N_

from mandalakit.widgets.guided.script import Script, Step

SCRIPT = Script(
    game="mandala", seed=3, level="easy",
    welcome=N_("Your first game of Mandala, with a guide. Each turn, click the glowing colour of your hand, then "
               "the glowing place."),
    finale=N_("Well done: you completed mandala B, put three colours into your river and started your field "
              "in mandala A. At the end, each card in your cup scores the number of its colour's space in your "
              "river. Now play a whole game on your own."),
    steps=(
        Step("mountain B black", N_("Put your black card on mountain B: after a mountain card you draw up to 3 new "
                                    "cards. A mountain's cards are the prize when its mandala is complete.")),
        Step("field B green 1", N_("Put a green card in your field of mandala B. When it is complete, the player "
                                   "with more cards in their field picks first.")),
        Step("mountain B yellow", N_("Mandala B has five colours: only yellow is missing. Put a yellow card on "
                                     "mountain B to complete it."),
             milestone=N_("Mandala B is complete: its mountain and fields hold all 6 colours. You have more cards "
                          "in your field than the bot, so you pick first."),
             light=("mountainB:black", "mountainB:purple", "mountainB:yellow", "mountainB:orange",
                    "mountainB:red", "fieldB0:green")),
        Step("pick red", N_("Take the red cards. A new colour goes into your river: red takes space 1, so each red "
                            "card in your cup will score 1 point.")),
        Step("pick black", N_("The bot had no cards in its field, so its pick went to the discard pile. Take black: "
                              "it takes river space 2, worth 2 points per black card in your cup.")),
        Step("pick yellow", N_("Take the last colour, yellow: it takes river space 3."),
             milestone=N_("Mandala B is done: red, black and yellow are in your river. Its fields went to the "
                          "discard pile, and 2 new cards went onto its mountain."),
             light=("river0:red", "river0:black", "river0:yellow")),
        Step("field A orange 1", N_("Now start your field in mandala A with an orange card, to pick first when it "
                                    "is complete.")),
    ),
)
