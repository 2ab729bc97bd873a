#!/usr/bin/env bash
# A launcher with fixed flags of its own before "$@" (and a shifted port):
# a mode's second copy of the library's step overrides it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/run.sh"
. "$here/serve.env"
start() { launch_vllm 8000 --max-num-seqs "$MAX_NUM_SEQS" "$@"; }
case "${1:-serve}" in
  serve) start ;;
  kl) start --seed 0 ;;
  bench) start --max-num-batched-tokens 65536 ;; # want "bench boots with --max-num-batched-tokens 65536 where serve boots with 4096" "bench passes a second --max-num-batched-tokens 65536 that overrides the shared one"
esac
