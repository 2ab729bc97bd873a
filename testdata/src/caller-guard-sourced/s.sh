#!/usr/bin/env bash
# lib.sh guards HF_TOKEN as the script does: the caller supplies it, so the
# guard in the sourced library takes the placeholder too, and kl-ref's seats
# are compared (the library's guard stopped every mode since 8e6bdd9).
set -euo pipefail
here="$(dirname "$0")"
. "$here/g.env"
. "$here/lib.sh"
case "$1" in
  serve) exec docker run -e HF_TOKEN="${HF_TOKEN:?}" img vllm serve /m --max-num-seqs "$G_MAX_NUM_SEQS" ;;
  kl) exec docker run -e HF_TOKEN="${HF_TOKEN:?}" img vllm serve /m --max-num-seqs "$G_MAX_NUM_SEQS" ;;
  kl-ref) exec docker run -e HF_TOKEN="${HF_TOKEN:?}" img vllm serve /m --max-num-seqs 4 ;;
esac
# want@12 "kl-ref boots with --max-num-seqs 4 where serve boots with 8" "kl-ref passes --max-num-seqs 4"
