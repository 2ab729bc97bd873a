#!/usr/bin/env bash
# Modes run by their own name ("$@"); each calls the launcher a variable
# names (launcher=launch_docker): launch_local and launch_docker are called
# through it, helpers, not modes evaluated on their own (PORT unset there).
set -euo pipefail
. "$(dirname "$0")/run.env"
launch_local() {
  exec vllm serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" --port "$PORT"
}
launch_docker() {
  exec docker run --rm --gpus all -p "$PORT:$PORT" vllm/vllm-openai:v0.9.1 --model "$RUN_MODEL" \
    --max-num-seqs "$RUN_MAX_NUM_SEQS" --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" --port "$PORT"
}
if [[ ${USE_DOCKER:-0} == 1 ]]; then launcher=launch_docker; else launcher=launch_local; fi
serve() { PORT=8000; "$launcher"; }
kl() { PORT=8001; "$launcher"; }
bench() { PORT=8002; RUN_MAX_NUM_SEQS=256; "$launcher"; } # want "bench re-assigns the owner RUN_MAX_NUM_SEQS=256 inside the mode" "bench boots with --max-num-seqs 256 where serve boots with 32"
"$@"
