# shellcheck shell=bash
# Shared by the launch scripts: sources the numbers beside it.
. "$(dirname "${BASH_SOURCE[0]}")/model.env"
launch() { vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@"; }
