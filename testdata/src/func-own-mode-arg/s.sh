#!/usr/bin/env bash
# start's $1 is its own word (run or dry), not the script's mode: dry is
# no mode of the script.
. "$(dirname "$0")/fo.env"
start() {
  local how=$1
  shift
  if [[ $how == dry ]]; then
    echo vllm serve "$@"
    return
  fi
  vllm serve /m "$@"
}
case "${1:-serve}" in
  serve) start run --max-num-seqs "$FO_MAX_NUM_SEQS" ;;
  kl) start run --max-num-seqs "$FO_MAX_NUM_SEQS" --port 2 ;;
esac
