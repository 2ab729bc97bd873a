#!/usr/bin/env bash
# The model shifted off inside main "$@" (after getopts' options): the next
# $1 is the script's second word, the mode.
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  while getopts "p:" opt; do
    case $opt in p) PORT=$OPTARG ;; *) exit 2 ;; esac
  done
  shift $((OPTIND-1))
  local model=${1:?usage: main-shift.sh [-p PORT] MODEL [serve|bench]}
  shift
  local mode=${1:-serve}
  local seqs=$MAX_NUM_SEQS
  case "$mode" in
    serve) ;;
    bench) seqs=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64"
    *) exit 2 ;;
  esac
  exec vllm serve "$model" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "${PORT:-8000}"
}
main "$@"
