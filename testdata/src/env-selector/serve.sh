#!/usr/bin/env bash
# A container entrypoint: the mode comes from the environment
# (docker run -e MODE=kl …), not from $1.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
MODE=${MODE:-serve}
case "$MODE" in
  serve)
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8000 ;;
  kl)
    exec vllm serve "$MODEL" --max-num-seqs 16 \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
  *)
    echo "unknown MODE=$MODE" >&2
    exit 2 ;;
esac
# want@13 "kl boots with --max-num-seqs 16 where serve boots with 64; scoring" "kl passes --max-num-seqs 16; .*serve.env:2 owns it"
