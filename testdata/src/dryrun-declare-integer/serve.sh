#!/usr/bin/env bash
# declare -i, local -i and declare -l: the interpreter's declare lacks
# them ("declare: invalid option -i") and every mode was abandoned. The
# dry run now assigns as bash does: retries+=1 adds (4, not "31"), the
# function's local counter counts, and the served name is lower-cased
# (llama-serve-4). serve is evaluated, and bench's 16 is
# compared with the env file's 64.
set -euo pipefail
source "$(dirname "$0")/serve.env"
declare -i retries=3
retries+=1
declare -l name=Llama-Serve
declare -i seqs
seqs=$MAX_NUM_SEQS
wait_ready() {
  local -i n=0
  while (( n < retries )); do n+=1; done
  echo "$n"
}
tries=$(wait_ready)
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --served-model-name "$name-$tries" --max-num-seqs "$seqs" ;;
  bench) exec vllm serve "$MODEL" --served-model-name "$name-$tries" --max-num-seqs 16 ;;
esac
# want@23 "bench boots with --max-num-seqs 16 where serve boots with 64"
# want@23 "bench passes --max-num-seqs 16"
