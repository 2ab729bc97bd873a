#!/usr/bin/env bash
# MODE=kl ./bare.sh: the selector has no default in the script.
set -eo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  *) echo "usage: MODE=serve|kl $0" >&2; exit 2 ;;
esac
# want@8 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
