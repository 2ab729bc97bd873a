#!/usr/bin/env bash
# The engine runs from a uv project; `uv run -m` and options uv does not
# list here hide it (no finding rather than a guess).
set -euo pipefail
. "$(dirname "$0")/pw.env"
case "${1:-serve}" in
  serve) exec uv run --frozen --with flashinfer-python vllm serve /m \
           --max-num-seqs "$PW_MAX_NUM_SEQS" --max-num-batched-tokens "$PW_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec poetry run vllm serve /m \
           --max-num-seqs "$PW_MAX_NUM_SEQS" --max-num-batched-tokens 4096 ;;
  other) exec uv run --some-new-option value vllm serve /m --max-num-seqs 8 ;;
esac
# want@10 "kl boots with --max-num-batched-tokens 4096 where serve boots with 8192" "kl passes --max-num-batched-tokens 4096"
