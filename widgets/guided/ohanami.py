"""Ohanami's guided first game: the first round of deal 1 against Bot (easy), to its score (O-3.1)."""

from mandalakit.core.messages import N_

from mandalakit.widgets.guided.script import Script, Step

SCRIPT = Script(
    game="ohanami", seed=1, level="easy",
    welcome=N_("Your first game of Ohanami, with a guide. Each turn, the glowing card or row is the one to click."),
    finale=N_("You played a whole round! Round 2 also scores green cards (4 points each), and round 3 grey (7 each) "
              "and pink (1, 3, 6, 10… for 1, 2, 3, 4… pinks). Now play a whole game on your own."),
    steps=(
        Step("pick 87 118", N_("Keep 118 and 87. In round 1 only blue cards score, 3 points each, and 118 is your "
                               "only blue; the green 87 will score from round 2.")),
        Step("place 87>1 118>2", N_("Start two rows: 87 in row 1, then 118 in row 2 (click a card, then its row)."),
             milestone=N_("You started two rows! A row only grows at its ends: a card higher than its top card, "
                          "or lower than its bottom card."), light=("card87", "card118")),
        Step("pick 8 20", N_("The hands were swapped. Keep the blues 8 and 20: each blue card in your rows gives "
                             "3 points at the end of this round.")),
        Step("place 8>3 20>3", N_("Start your third row with 8, then put 20 on it: 20 is higher than 8, so it goes "
                                  "on top.")),
        Step("pick 21 48", N_("No blue card this time. Keep 21 and 48: both are higher than 20, so they fit on "
                              "row 3.")),
        Step("place 21>3 48>3", N_("Put 21 on row 3, then 48: each one is higher than the card on top.")),
        Step("pick 53 55", N_("Only pink cards are left. Keep 53 and 55: they fit on row 3 too, and pinks score "
                              "a lot in round 3.")),
        Step("place 53>3 55>3", N_("Put 53 and then 55 on row 3. Cards stay in your rows for the whole game.")),
        Step("place 49>1 95>1", N_("The last two cards come without a choice: 49 and 95. Put 49 under 87 in row 1 "
                                   "(it is lower), then 95 on top (it is higher)."),
             milestone=N_("Round 1 is scored: your blue cards 8, 20 and 118 give 3 points each, 9 points. Then "
                          "everyone gets 10 new cards for round 2."), light=("card8", "card20", "card118")),
    ),
)
