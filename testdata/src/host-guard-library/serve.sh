#!/usr/bin/env bash
# The host checks live in a sourced library's functions: the dry run asks
# the library's file tests too, assumes the model directory and its config,
# and compares the modes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.sh"
source "$here/serve.env"
MODEL_PATH=${MODEL_PATH:-/models/llama-70b}
require_dir "$MODEL_PATH"
require_file "$MODEL_PATH/config.json"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL_PATH" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL_PATH" --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
