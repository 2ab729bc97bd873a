#!/usr/bin/env bash
# A select menu asked again until a listed item is typed, its number
# (REPLY) the port's offset: each mode sets the owner's values, nothing to
# report.
set -euo pipefail
. "$(dirname "$0")/serve.env"
PS3="mode? "
while true; do
  select mode in serve bench kl; do
    [[ -n $mode ]] && break
    echo "no item $REPLY" >&2
  done
  case $mode in
    serve | bench | kl) break ;;
    *) echo "pick again" >&2 ;;
  esac
done
port=$((8000 + REPLY))
case $mode in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=$MAX_NUM_SEQS ;;
  kl) seqs=$MAX_NUM_SEQS ;;
esac
exec vllm serve --model /models/m --port "$port" --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
