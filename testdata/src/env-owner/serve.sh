#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
case "$1" in
  serve)
    exec vllm serve "$ACME_MODEL" --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-model-len "$ACME_MAX_MODEL_LEN" --port "$ACME_PORT" # want "ACME_PORT is read here but no owning env file defines it"
    ;;
esac
