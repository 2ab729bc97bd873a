#!/usr/bin/env bash
# Each mode sources its own shell settings: bench's sets 16 seats.
set -euo pipefail
here=$(dirname "$0")
. "$here/run.env"
case "$1" in
  serve) . "$here/conf/serve.sh" ;;
  kl) . "$here/conf/kl.sh" ;;
  bench) . "$here/conf/bench.sh" ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" # want "bench boots with --max-num-seqs 16 where serve boots with 8"
