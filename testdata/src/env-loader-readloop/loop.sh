#!/usr/bin/env bash
# The env file loaded line by line, each key exported.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
while IFS='=' read -r key value; do
  [[ -z $key || $key == \#* ]] && continue
  export "$key=$value"
done < "$here/.env"
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$RL_MAX_NUM_SEQS" --max-num-batched-tokens "$RL_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs "$RL_MAX_NUM_SEQS" --max-num-batched-tokens 32768 ;;
esac
# want@11 "bench boots with --max-num-batched-tokens 32768 where serve boots with 8192" "bench passes --max-num-batched-tokens 32768"
