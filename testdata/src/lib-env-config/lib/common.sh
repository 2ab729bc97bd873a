# shellcheck shell=bash
COMMON_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$COMMON_DIR/../config/model.env" || exit 1
launch_vllm() {
  local port=$1; shift
  vllm serve "$MODEL_PATH" --max-num-seqs "$MAX_NUM_SEQS" --port "$port" "$@"
}
