# Shared by every serve script: the engine's words are all the library's,
# and read what the script set before the call.
log() { echo "[$(date +%T)] $*" >&2; }
start_server() {
  log "starting $MODEL with $SEQS seats"
  exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
}
