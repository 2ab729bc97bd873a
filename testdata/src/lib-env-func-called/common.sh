# shellcheck shell=bash
load_config() {
  set -a
  . "$(dirname "${BASH_SOURCE[0]}")/model.env"
  set +a
}
launch() { vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@"; }
