#!/usr/bin/env bash
# The engine config is rendered from a quoted template by envsubst, which
# reads the keys from its environment: `export K` hands them to it, so they
# are used though the script never expands them. R_MAX_MODEL_LEN is never
# exported (export -n only takes the attribute away): envsubst renders it
# empty, and no mode inherits it.
set -euo pipefail
here=$(dirname "$0")
. "$here/render.env"
export R_MAX_NUM_SEQS
declare -x R_MAX_BATCHED_TOKENS
export -n R_MAX_MODEL_LEN
case "${1:-serve}" in
  serve) name=serve ;;
  kl) name=kl ;;
  *) exit 2 ;;
esac
envsubst <<'EOF' > "$here/engine.yaml"
max-num-seqs: ${R_MAX_NUM_SEQS}
max-num-batched-tokens: ${R_MAX_BATCHED_TOKENS}
max-model-len: ${R_MAX_MODEL_LEN}
EOF
exec vllm serve /m --config "$here/engine.yaml" --served-model-name "$name"
