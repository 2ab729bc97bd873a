#!/usr/bin/env bash
# A key defined twice with one value is read between its copies (line 2):
# the later copy is the one to delete. No fix where the later copy is not
# the same definition: it exports the key where the earlier did not (line
# 6), it reads a key changed in between (line 10), or it shares its line
# with another key (line 12).
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve /models/m --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-model-len "$ACME_MAX_MODEL_LEN" \
  --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS" --max-tokens-hint "$ACME_CLIENT_MAX_TOKENS" \
  --host "$ACME_HOST" --port "$ACME_PORT" --tp "$ACME_TP"
