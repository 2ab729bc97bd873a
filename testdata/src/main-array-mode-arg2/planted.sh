#!/usr/bin/env bash
# The mode is the second word, read inside main "$@", and every mode runs
# the engine through the base array: score's own --max-num-seqs 16 is its
# private shape. "${base[@]}" was taken for a call that may name main, so
# main was no entry, its $2 not the script's, and no mode was found.
main() {
  set -euo pipefail
  . "$(dirname "$0")/model.env"
  model_dir=${1:?model dir}
  what=${2:-serve}
  base=(vllm serve "$model_dir" --max-num-seqs "$V_MAX_NUM_SEQS")
  case $what in
    serve) "${base[@]}" --port 8000 ;;
    score) "${base[@]}" --port 8001 --max-num-seqs 16 ;; # want "score passes a second --max-num-seqs 16 that overrides the shared one" "score boots with --max-num-seqs 16 where serve boots with 8"
  esac
}
main "$@"
