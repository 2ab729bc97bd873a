#!/bin/bash
# The getopt(1) preamble's `set -o errexit -o pipefail -o noclobber -o
# nounset`: interp knows no noclobber and failed the set whole, so no mode
# was evaluated ("set: invalid option"). The dry run writes no file:
# noclobber is dropped, the other options kept, each -o's name read as
# its name.
set -o errexit -o pipefail -o noclobber -o nounset
. "$(dirname "$0")/serve.env"
PARSED=$(getopt --options=m: --longoptions=mode: --name "$0" -- "$@")
eval set -- "$PARSED"
mode=serve
while true; do
	case "$1" in
		-m | --mode) mode="$2"; shift 2 ;;
		--) shift; break ;;
		*) exit 3 ;;
	esac
done
extra=()
if [[ $mode == eval ]]; then extra=(--seed 0); fi
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "${extra[@]}"
