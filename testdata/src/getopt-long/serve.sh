#!/usr/bin/env bash
# The long-option loop of a bash launcher, getopt(1) answered by the dry
# run: bench's own --max-num-seqs is compared with serve's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
getopt --test >/dev/null && true
if [[ $? -ne 4 ]]; then echo "enhanced getopt needed" >&2; exit 1; fi
OPTS=$(getopt --options m:p: --longoptions mode:,port: --name "$0" -- "$@")
eval set -- "$OPTS"
mode=serve port=8000
while true; do
  case "$1" in
    -m|--mode) mode=$2; shift 2 ;;
    -p|--port) port=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "bad option $1" >&2; exit 2 ;;
  esac
done
case $mode in
  serve) exec vllm serve /m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --port "$port" --max-num-seqs 32 ;; # want "bench boots with --max-num-seqs 32 where serve boots with 64" "bench passes --max-num-seqs 32"
esac
