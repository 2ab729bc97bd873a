#!/usr/bin/env bash
# A pod's entrypoint: POD_IP and NODE_RANK come from the pod spec (the
# downward API), read plainly under set -u. bash stops there only when the
# caller has not set them; the dry run reads them as the caller's and
# compares the modes.
set -euo pipefail
. "$(dirname "$0")/pod.env"
echo "pod $POD_IP rank ${NODE_RANK}"
case "${MODE:-serve}" in
  serve) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs 16 ;; # want "kl passes --max-num-seqs 16" "kl boots with --max-num-seqs 16 where serve boots with 64"
esac
