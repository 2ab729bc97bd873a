#!/usr/bin/env bash
# serve.sh [-e|-E] [-b|-B]: getopts switches of two letters each pick eval
# and bench; every mode boots the shape serve.env owns, eval with its own
# config file, bench with more logging. Nothing to report.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/serve.env"
MODE=serve
while getopts "eEbB" opt; do
  case $opt in
    e|E) MODE=eval ;;
    b|B) MODE=bench ;;
    \?) echo "unknown option" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
extra="$HERE/extra.yaml"
declare -a mode_args=()
case "$MODE" in
  serve) ;;
  eval) extra="$HERE/eval.yaml" ;;
  bench) mode_args+=(--log_level info) ;;
esac
exec trtllm-serve "$MODEL" --backend pytorch \
  --max_batch_size "$MAX_BATCH_SIZE" --max_num_tokens "$MAX_NUM_TOKENS" \
  --extra_llm_api_options "$extra" "${mode_args[@]}"
