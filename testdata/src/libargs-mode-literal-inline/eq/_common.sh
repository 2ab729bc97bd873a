# shellcheck shell=bash
# The owner's value, inline: nothing of bench's own.
ARGS=(--max-num-seqs=128 --port 8001)
