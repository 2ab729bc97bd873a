#!/usr/bin/env bash
# up|down and start|stop|bench: only one branch boots; the others source
# a library or a virtualenv, or exit. Nothing to report.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
case "${1:-start}" in
  start)
    docker run -d --name vllm --gpus all vllm/vllm-openai:latest --model m \
      --max-num-seqs "$SRV_MAX_SEQS" --max-num-batched-tokens "$SRV_MAX_BATCHED_TOKENS"
    ;;
  stop)
    . "$here/lib.sh"
    stop_server
    ;;
  bench)
    source "$here/.venv/bin/activate"
    python bench.py --concurrency 32
    ;;
  *) echo "usage: $0 start|stop|bench" >&2; exit 2 ;;
esac
