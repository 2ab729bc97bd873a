#!/usr/bin/env bash
# The same in the body of main "$@", negated, the off path a block that
# boots and exits.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
main() {
  [[ ${LOW_MEM:-0} != 1 ]] && { vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"; exit $?; }
  exec vllm serve "$MODEL" --max-num-seqs 32 # want "LOW_MEM=1 passes --max-num-seqs 32.*privateshape" "LOW_MEM=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
}
main "$@"
