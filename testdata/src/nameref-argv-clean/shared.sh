#!/bin/bash
# Each arm calls the function that writes argv through its nameref (kl
# also sets the log level), the engine runs after the case: what the
# function writes (out=(…), then out+=(…)) is argv's once,
# not once per call (read twice, each flag was a "second" one).
set -euo pipefail
. "$(dirname "$0")/serve.env"
build() {
  local -n out=$1
  out=(serve "$MODEL" --max-num-seqs "$2")
  out+=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
}
case "${1:-serve}" in
  serve) build argv "$MAX_NUM_SEQS" ;;
  kl) build argv "$MAX_NUM_SEQS"; export VLLM_LOGGING_LEVEL=DEBUG ;;
  *) exit 2 ;;
esac
exec vllm "${argv[@]}"
