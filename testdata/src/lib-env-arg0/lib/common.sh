# shellcheck shell=bash
# $0 here is the script that sources this library (serve.sh at the top):
# config/model.env beside serve.sh, not lib/config/model.env.
. "$(dirname "$0")/config/model.env"
launch() { vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@"; }
