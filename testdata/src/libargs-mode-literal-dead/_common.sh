# shellcheck shell=bash
ARGS=(--max-num-seqs 256 --port 8001)
