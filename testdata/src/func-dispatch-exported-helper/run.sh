#!/usr/bin/env bash
# Subcommands run by their own name ("$@"). start_engine is exported to the
# child shells of timeout and xargs (export -f), which call it by name: a
# helper, not a mode of its own, so nothing is compared or reported for it.
set -euo pipefail
. "$(dirname "$0")/run.env"
start_engine() {
  vllm serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" --port "$1" --host "$2"
}
warm() { curl -s "localhost:$1/v1/models" >/dev/null; }
export -f start_engine warm
serve() {
  exec vllm serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS"
}
replicas() {
  for port in 8001 8002; do
    timeout 3600 bash -c "start_engine $port 0.0.0.0" &
  done
  sleep 60
  printf '%s\n' 8001 8002 | xargs -I{} bash -c 'warm {}'
  wait
}
status() { curl -sf localhost:8000/health && echo up; }
"$@"
