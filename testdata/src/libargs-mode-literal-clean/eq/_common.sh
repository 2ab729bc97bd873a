# shellcheck shell=bash
ARGS=(--max-num-seqs 128)
