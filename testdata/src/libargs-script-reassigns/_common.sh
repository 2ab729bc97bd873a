# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
ARGS=(--max-num-seqs "$MAX_NUM_SEQS" --port 8000)
