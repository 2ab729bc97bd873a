# shellcheck shell=bash
# Gives the port a default of its own.
ACME_PORT=${ACME_PORT:-8000}
launch() { vllm serve "$ACME_MODEL" --max-num-seqs "$ACME_SEQS" "$@"; }
