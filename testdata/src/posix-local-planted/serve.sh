#!/bin/sh
# A planted literal through `local seqs=$1`: seen by the dry run and the model.
set -eu
. "$(dirname "$0")/serve.env"

launch() {
  local seqs=$1 step=$2
  shift 2
  exec vllm serve "$APP_MODEL" \
    --max-num-seqs "$seqs" \
    --max-num-batched-tokens "$step" "$@"
}

case "${1:-serve}" in
  serve) launch "$APP_MAX_SEQS" "$APP_MAX_BATCHED_TOKENS" ;;
  kl) launch 64 "$APP_MAX_BATCHED_TOKENS" --seed 0 ;; # want "kl boots with --max-num-seqs 64" "kl passes --max-num-seqs 64 through seqs=\$1"
  bench) launch "$APP_MAX_SEQS" "$APP_MAX_BATCHED_TOKENS" --disable-log-requests ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
