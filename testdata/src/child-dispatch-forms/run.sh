#!/usr/bin/env bash
# The ways a dispatcher runs the launcher: through bash or sh, by a path
# relative to the directory it moved to, in the background then waited for.
set -euo pipefail
here=$(dirname "$0")
cd "$here"
case "${1:-serve}" in
  serve) bash "$here/scripts/serve.sh" ;;
  bench) sh ./scripts/serve.sh --port 8001 ;;
  kl)
    ./scripts/serve.sh --max-num-seqs 32 & # want "kl passes a second --max-num-seqs 32" "kl boots with --max-num-seqs 32 where serve boots with 256"
    wait
    ;;
  score) bash -x scripts/serve.sh --max-num-batched-tokens 4096 ;; # want "score passes a second --max-num-batched-tokens 4096" "score boots with --max-num-batched-tokens 4096 where serve boots with 8192"
esac
