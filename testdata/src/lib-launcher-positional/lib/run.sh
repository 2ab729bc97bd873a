# serve_model MODEL SEATS, serve_shifted MODEL SEATS: the engine's numbers
# are the caller's words.
serve_model() { exec vllm serve "$1" --max-num-seqs "$2" --max-num-batched-tokens "$PL_MAX_NUM_BATCHED_TOKENS"; }
serve_shifted() {
  local model=$1
  shift
  exec vllm serve "$model" --max-num-seqs "$1" --max-num-batched-tokens "$PL_MAX_NUM_BATCHED_TOKENS"
}
