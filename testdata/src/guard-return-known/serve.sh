#!/usr/bin/env bash
# plan sets a flag the script itself reads: launch() returns before the
# engine on a value the dry run knows, so that decision is kept (plan
# boots nothing, and is said not evaluated); serve's check of docker ps is
# on a value the dry run does not know, and is assumed to pass.
set -euo pipefail
. "$(dirname "$0")/serve.env"
PLAN_ONLY=0
launch() {
  if [[ $PLAN_ONLY == 1 ]]; then
    echo "would start vllm with --max-num-seqs $VLLM_MAX_NUM_SEQS"
    return 0
  fi
  if docker ps --format '{{.Names}}' | grep -qx vllm; then
    echo "vllm already running"
    return 0
  fi
  docker run -d --name vllm --gpus all vllm/vllm-openai:v0.6.4 --model /models/llama \
    --max-num-seqs "$VLLM_MAX_NUM_SEQS"
}
case "${1:-serve}" in
  serve) launch ;;
  plan) PLAN_ONLY=1; launch ;; # want "plan could not be evaluated .script finished .status 0. without reaching an engine invocation.: its argv was not compared with serve's"
esac
