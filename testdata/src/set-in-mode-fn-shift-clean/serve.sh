#!/bin/sh
# bench shifts its set -- words: the 16384 never reaches the engine.
. "$(dirname "$0")/serve.env"
serve() {
  set -- --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
  exec vllm serve "$MODEL" "$@"
}
bench() {
  set -- --max-num-batched-tokens 16384 --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
  shift 2
  exec vllm serve "$MODEL" "$@"
}
case "${1:-serve}" in
  serve) serve ;;
  bench) bench ;;
esac
