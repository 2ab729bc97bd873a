#!/usr/bin/env bash
# `local -x K`, and `declare -x K` in a function, make a new, empty K local
# to the function: envsubst is handed no K, so the owned keys stay unused.
# `declare -gx K` exports the global K: that one is used.
set -euo pipefail
here=$(dirname "$0")
. "$here/render.env"
render() {
  local -x L_MAX_BATCHED_TOKENS
  declare -x L_MAX_MODEL_LEN
  declare -gx L_GPU_HEADROOM_MIB
  envsubst <<'EOF' > "$here/engine.yaml"
batched: ${L_MAX_BATCHED_TOKENS} len: ${L_MAX_MODEL_LEN} headroom: ${L_GPU_HEADROOM_MIB}
EOF
}
render
case "${1:-serve}" in
  serve) name=serve ;;
  kl) name=kl ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$L_MAX_NUM_SEQS" --config "$here/engine.yaml" --served-model-name "$name"
