"""The units of work the expert's search counts, in proportion to their CPU cost (ADR 50)."""

WORK_PER_CARD_DEALT = 1
WORK_PER_CARD_PLAYED = 1
WORK_PER_PLAY_OUT = 14
WORK_PER_NODE = 3
WORK_PER_LEAF = 2
WORK_PER_DEAL = 8
WORK_PER_TRY = 6
WORK_PER_WEIGHT = 3
WORK_PER_EXACT_DEAL = 1000
