# shellcheck shell=bash
# Sources the numbers beside it, and gives the port a default of its own.
. "$(dirname "${BASH_SOURCE[0]}")/model.env"
ACME_PORT=${ACME_PORT:-8000}
launch() { vllm serve "$ACME_MODEL" --max-num-seqs "$ACME_SEQS" "$@"; }
