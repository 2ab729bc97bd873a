#!/usr/bin/env bash
# serve.sh [-k|-K] [-b|-B] [-p PORT]: getopts switches of two letters each,
# tested with two [[ ]] joined by ||, pick kl and bench, serve by default.
# The dry run passes -k or -b; bench's own --max-num-seqs was missed: only one
# test per branch was read.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while getopts ":kKbBp:" o; do
  if [[ $o == k ]] || [[ $o == K ]]; then
MODE=kl
elif [[ $o == b ]] || [[ $o == B ]]; then
MODE=bench
elif [[ $o == p ]]; then
PORT=$OPTARG
else
echo "usage: serve.sh [-k|-b] [-p PORT]" >&2; exit 2
fi
done
shift $((OPTIND - 1))
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS" --port "${PORT:-8000}")
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  kl) exec vllm serve "${args[@]}" --seed 0 ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 4 ;; # want "bench passes a second --max-num-seqs 4" "bench boots with --max-num-seqs 4 where serve boots with 64"
esac
