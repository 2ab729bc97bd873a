#!/usr/bin/env bash
# Wrappers that take words of their own, then shift them off before "$@":
# a retry runner (its count) and a launcher (its port and name).
set -euo pipefail
. "$(dirname "$0")/rs.env"
retry() {
  local n=$1
  shift
  set -x
  for ((i = 0; i < n; i++)); do
    "$@" && return 0
    sleep 5
  done
  return 1
}
launch() {
  local port=$1 name=$2
  shift 2
  exec vllm serve /m --port "$port" --served-model-name "$name" "$@"
}
case "${1:-serve}" in
  serve) launch 8000 m --max-num-seqs "$RS_MAX_NUM_SEQS" --max-num-batched-tokens "$RS_MAX_NUM_BATCHED_TOKENS" ;;
  kl) launch 8001 m --max-num-seqs "$RS_MAX_NUM_SEQS" --max-num-batched-tokens "$RS_MAX_NUM_BATCHED_TOKENS" ;;
  bench) retry 3 vllm serve /m --port 8002 --served-model-name m --max-num-seqs "$RS_MAX_NUM_SEQS" --max-num-batched-tokens 65536 ;;
esac
# want@24 "bench boots with --max-num-batched-tokens 65536 where serve boots with 8192" "bench passes --max-num-batched-tokens 65536"
