# shellcheck shell=bash
# bench's ARGS: one from the owner key, one equal to the owner's value.
ARGS=(--max-num-seqs "$MAX_NUM_SEQS" --port 8001)
