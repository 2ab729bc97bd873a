#!/usr/bin/env bash
# Under set -u, bash expands ${X:+--flag "$X"} only when X is set: the
# k8s entrypoint idiom for optional flags never trips nounset. The dry run
# reads it so (it stopped with "LOGPROBS: unbound variable", and no mode
# was compared): kl's private seats are seen. ${A:+$B} with B unset still
# stops it, as it stops bash.
set -euo pipefail
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) PORT=8000 ;;
  kl) PORT=8001; LOGPROBS=20; AS_MAX_NUM_SEQS=8 ;; # want "kl boots with --max-num-seqs 8 where serve boots with 64"
  *) exit 2 ;;
esac
exec vllm serve /m \
  ${AS_MAX_NUM_SEQS:+--max-num-seqs "$AS_MAX_NUM_SEQS"} \
  ${AS_MAX_NUM_BATCHED_TOKENS+--max-num-batched-tokens=${AS_MAX_NUM_BATCHED_TOKENS}} \
  ${LOGPROBS:+--max-logprobs "$LOGPROBS"} ${QUANTIZATION:+--quantization $QUANTIZATION} \
  --port "$PORT"
