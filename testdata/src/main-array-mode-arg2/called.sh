#!/usr/bin/env bash
# The array's first element is a variable that names the function: main
# may be called through it, so main is no entry and nothing is claimed.
main() {
  . "$(dirname "$0")/model.env"
  vllm serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --port "${2:-8000}"
}
entry=main
run=("$entry" "$@")
"${run[@]}"
