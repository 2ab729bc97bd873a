#!/usr/bin/env bash
# nounset-caller-read with its body in main "$@": the set -u is main's, and
# POD_IP and NODE_RANK (the pod spec's, the downward API) are still the
# caller's, read plainly under it. The dry run reads them as the caller's
# and compares the modes, as at the top level.
main() {
  set -euo pipefail
  . "$(dirname "$0")/pod.env"
  echo "pod $POD_IP rank ${NODE_RANK}"
  case "${MODE:-serve}" in
    serve) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs "$MAX_NUM_SEQS" ;;
    kl) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs "$MAX_NUM_SEQS" --max-logprobs 20 ;;
  esac
}
main "$@"
