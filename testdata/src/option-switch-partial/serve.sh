#!/usr/bin/env bash
# kl has a switch; calib, tested in the if/elif chain, has none: the
# dry run cannot reach it, and evaluating it as the default (serve) gave
# calib serve's argv. Not understood: silent.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case "$1" in
    -k|--kl) MODE=kl; shift ;;
    -v|--verbose) set -x; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS")
if [[ $MODE == serve ]]; then
  exec radiance serve "${args[@]}" --ngram-placement ram
elif [[ $MODE == kl ]]; then
  exec radiance serve "${args[@]}" --ngram-placement ram
elif [[ $MODE == calib ]]; then
  exec radiance serve "${args[@]}" --ngram-placement disk
fi
