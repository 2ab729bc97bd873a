#!/usr/bin/env bash
# The options are parsed by a function handed "$@" (shift first, then $1),
# over a default the environment may set.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
MODE=${MODE:-serve}
EXTRA=()
parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -m|--mode) shift; MODE=$1; shift ;;
      --) shift; EXTRA+=("$@"); break ;;
      *) EXTRA+=("$1"); shift ;;
    esac
  done
}
parse_args "$@"
ARGS=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
case "$MODE" in
  serve) exec vllm serve "$MODEL" "${ARGS[@]}" "${EXTRA[@]}" ;;
  kl) exec vllm serve "$MODEL" "${ARGS[@]}" --max-model-len 4096 "${EXTRA[@]}" ;;
esac
# want@22 "kl boots with --max-model-len 4096 where serve does not pass it"
