#!/usr/bin/env bash
# As planted.sh, each mode adding only its port and its logprobs.
main() {
  set -euo pipefail
  . "$(dirname "$0")/model.env"
  model_dir=${1:?model dir}
  what=${2:-serve}
  base=(vllm serve "$model_dir" --max-num-seqs "$V_MAX_NUM_SEQS")
  case $what in
    serve) "${base[@]}" --port 8000 ;;
    score) "${base[@]}" --port 8001 --max-logprobs 20 ;;
  esac
}
main "$@"
