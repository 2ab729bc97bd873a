#!/usr/bin/env bash
# bench's overlay is read in a subshell that only runs the client: bash
# boots bench with a.env's 128 (it was "bench's own env file re-sets
# FA_MAX_NUM_SEQS=64"). big reads its own in the script's shell: found.
here=$(dirname "$0")
. "$here/a.env"
load() { . "$here/a-$1.env"; }
mode=${1:-serve}
case "$mode" in
  serve) exec vllm serve /m --max-num-seqs "$FA_MAX_NUM_SEQS" ;;
  bench) ( load "$mode"; python client.py --max-concurrency "$FA_MAX_NUM_SEQS" ); exec vllm serve /m --max-num-seqs "$FA_MAX_NUM_SEQS" --port 8001 ;;
  big) load "$mode"; exec vllm serve /m --max-num-seqs "$FA_MAX_NUM_SEQS" --port 8002 ;; # want "big boots with --max-num-seqs 512 where serve boots with 128"
esac
