#!/usr/bin/env bash
# clean.sh with a drift planted in kl: seen only once the modes are
# evaluated (POD_IP, NODE_RANK the caller's inside main "$@").
main() {
  set -euo pipefail
  . "$(dirname "$0")/pod.env"
  echo "pod $POD_IP rank ${NODE_RANK}"
  case "${MODE:-serve}" in
    serve) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs "$MAX_NUM_SEQS" ;;
    kl) exec vllm serve "$MODEL" --host "$POD_IP" --max-num-seqs 16 --max-logprobs 20 ;; # want "kl passes --max-num-seqs 16" "kl boots with --max-num-seqs 16 where serve boots with 64"
  esac
}
main "$@"
