#!/usr/bin/env bash
# A case on "$0" matches the whole path the script runs as: *dirword*
# takes every name in this directory, the script's own too, and
# ./bench.sh only a run typed so. Neither names a mode to compare.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
case "$0" in
  *dirword*) seqs=16 ;;
  ./bench.sh) seqs=4 ;;
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
