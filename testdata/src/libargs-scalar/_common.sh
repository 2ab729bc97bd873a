# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
SEQS="$MAX_NUM_SEQS"
