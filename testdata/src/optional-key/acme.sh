#!/usr/bin/env bash
# ACME_EXTRA_ARGS is optional: the script tests it with a default before the
# plain read. ACME_TP is read with no default anywhere: a missing key.
set -euo pipefail
. "$(dirname "$0")/acme.env"
ACME_LOG_DIR=${ACME_LOG_DIR:-/var/log/acme}
mkdir -p "$ACME_LOG_DIR"
if [[ -n ${ACME_EXTRA_ARGS:-} ]]; then echo "extra: $ACME_EXTRA_ARGS"; fi
exec vllm serve "$ACME_MODEL" --port "${ACME_PORT:-8000}" --tensor-parallel-size "$ACME_TP" \
  --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS" # want@9 "ACME_TP is read here but no owning env file defines it"
