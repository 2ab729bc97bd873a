#!/bin/sh
# serve.sh serve|kl|bench: dash/busybox ash, so `local` but no arrays. The
# dry run reads `local seqs=$1` as bash's local: kl's argv is the owner's.
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
  kl) launch "$APP_MAX_SEQS" "$APP_MAX_BATCHED_TOKENS" --seed 0 ;;
  bench) launch "$APP_MAX_SEQS" "$APP_MAX_BATCHED_TOKENS" --disable-log-requests ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
