#!/usr/bin/env bash
# A script that boots SGLang for calib and vLLM for the others: the owner of
# the window owns SGLang's --context-length as it owns vLLM's --max-model-len,
# and a second name read into either is a shim of it.
set -euo pipefail
. "$(dirname "$0")/rig.env"
case "${1:?usage: rig.sh serve|kl|calib}" in
  calib)
    exec python3 -m sglang.launch_server --model-path "$RIG_MODEL" \
      --context-length "$LEGACY_CTX" --max-running-requests "$RIG_MAX_SEQS"
    ;;
  kl)
    exec python3 -m sglang.launch_server --model-path "$RIG_MODEL" \
      --context-length "${KL_CTX:-$RIG_MAX_MODEL_LEN}" --max-running-requests "$RIG_MAX_SEQS"
    ;;
  serve)
    exec vllm serve "$RIG_MODEL" --max-model-len "$RIG_MAX_MODEL_LEN" --max-num-seqs "$RIG_MAX_SEQS"
    ;;
esac
# want@10 "calib reads LEGACY_CTX, a shim of RIG_MAX_MODEL_LEN"
# want@14 "--context-length lets KL_CTX override its owner RIG_MAX_MODEL_LEN"
