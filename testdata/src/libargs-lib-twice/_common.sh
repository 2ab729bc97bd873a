# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
ARGS=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${BENCH:-} == 1 ]]; then
  ARGS=(--max-num-seqs 256)
fi
