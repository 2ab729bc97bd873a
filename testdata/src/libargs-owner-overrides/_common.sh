# shellcheck shell=bash
# Shared defaults; serve passes the owner's number after them.
ARGS=(--max-num-seqs 256 --port 8001)
