"""Units of work the expert's search counts (``effort``), in proportion to their CPU cost."""

# Units of work, in proportion to their CPU cost (fitted by least squares to the CPU time
# of the expert's decisions in hands against hard, benchmarks/README.md): a play-out costs
# its cards plus copying the position and scoring the hand; a deal, each try at dealing
# (the tries that fail at a dead end too) and setting up the position dealt.
WORK_PER_CARD_DEALT = 1
WORK_PER_CARD_PLAYED = 1
WORK_PER_PLAY_OUT = 14
WORK_PER_NODE = 3
WORK_PER_LEAF = 2
WORK_PER_DEAL = 8
WORK_PER_TRY = 6
WORK_PER_EXACT_DEAL = 1000
