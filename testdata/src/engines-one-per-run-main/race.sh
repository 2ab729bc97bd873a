#!/usr/bin/env bash
# The same inside main "$@", but kl does not exit after its background
# engine: the exec after the if runs too, and which engine a dry run reaches
# first is a race (an info, as at the top level).
set -euo pipefail
. "$(dirname "$0")/race.env"

main() {
  local mode=${1:-serve}
  args=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
  if [[ $mode == kl ]]; then # want "kl could not be evaluated \(it starts 2 engines \(lines 12, 15\), line 12 in the background"
    vllm "${args[@]}" --port 8001 &
    sleep 60
  fi
  exec vllm "${args[@]}"
}

main "$@"
