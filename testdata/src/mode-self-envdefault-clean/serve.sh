#!/bin/bash
# Installed as serve.sh, kl.sh and kl-ref.sh (symlinks), the mode the name
# unless MODE names one: the modes differ only in --port, nothing to
# report (hunt 10, t01).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/serve.env"
mode=${MODE:-$(basename "$0" .sh)}
port=8000
case $mode in
  serve) ;;
  kl) port=8001 ;;
  kl-ref) port=8002 ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN" --port "$port"
