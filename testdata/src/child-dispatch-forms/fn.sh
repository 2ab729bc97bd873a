#!/usr/bin/env bash
# A function of the dispatcher runs the launcher, handing it its words.
set -euo pipefail
here=$(dirname "$0")
launch() { "$here/scripts/serve.sh" --port 8000 "$@"; }
case "${1:-serve}" in
  serve) launch ;;
  kl) launch --max-num-seqs 32 ;; # want "kl passes a second --max-num-seqs 32" "kl boots with --max-num-seqs 32 where serve boots with 256"
esac
