#!/usr/bin/env bash
# What a subshell assigns reaches a function only when the function runs
# in that subshell: iso's ( seqs=64 ) is gone before start runs (bash boots
# iso with the owner's 256; it was "iso passes --max-num-seqs 64 through the
# mode-local seqs=64"), sub's start runs inside it and boots with 32. The
# same for an array: sub's ( args=(… 32); boot ) was found by the dry run
# alone, at the shared line, with no fix.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
args=(--max-num-seqs "$VLLM_MAX_NUM_SEQS")
start() { vllm serve /m --max-num-seqs "$seqs" "$@"; }
boot() { vllm serve /m "${args[@]}" "$@"; }
case "${1:-serve}" in
  serve) start ;;
  iso) ( seqs=64 ); start --port 8001 ;;
  sub) ( seqs=32; start --port 8002 ) ;; # want "sub boots with --max-num-seqs 32 where serve boots with 256" "sub passes --max-num-seqs 32 through the mode-local seqs=32"
  aserve) boot ;;
  aiso) ( args=(--max-num-seqs 64) ); boot --port 8001 ;;
  asub) ( args=(--max-num-seqs 32); boot --port 8002 ) ;; # want "asub boots with --max-num-seqs 32 where serve boots with 256" "asub passes --max-num-seqs 32;"
esac
