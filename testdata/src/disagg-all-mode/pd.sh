#!/usr/bin/env bash
# A mode that starts both roles together (all) prefill & decode &) runs
# each role's engine, which reads that role's own keys: the engine of the
# prefill function is prefill's, whichever mode starts it (privateshape
# said "prefill|all passes --max-num-seqs from PD_PREFILL_MAX_NUM_SEQS, not
# from its owner" PD_DECODE_MAX_NUM_SEQS).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
source ./pd.env
kv_cfg() { printf '{"kv_connector":"NixlConnector","kv_role":"%s"}' "$1"; }
prefill() {
  CUDA_VISIBLE_DEVICES=0,1,2,3 vllm serve "$PD_MODEL" --port 8100 \
    --max-num-seqs "$PD_PREFILL_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$PD_PREFILL_MAX_NUM_BATCHED_TOKENS" \
    --kv-transfer-config "$(kv_cfg kv_producer)"
}
decode() {
  CUDA_VISIBLE_DEVICES=4,5,6,7 vllm serve "$PD_MODEL" --port 8200 \
    --max-num-seqs "$PD_DECODE_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$PD_DECODE_MAX_NUM_BATCHED_TOKENS" \
    --kv-transfer-config "$(kv_cfg kv_consumer)"
}
case ${1:-all} in
  prefill) prefill ;;
  decode) decode ;;
  all)
    prefill &
    decode &
    wait -n
    ;;
  *) exit 2 ;;
esac
