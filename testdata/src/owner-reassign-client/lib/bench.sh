# The benchmark client, shared by the serve scripts: it reads the seats the
# script's env file owns as its concurrency.
log() { echo "[bench] $*" >&2; }
run_bench() {
  log "concurrency $MAX_NUM_SEQS"
  vllm bench serve --model /m --max-concurrency "$MAX_NUM_SEQS" --num-prompts 500
}
