#!/bin/sh
# util-linux getopt(1) normalises the options, eval set -- takes its
# quoted words, and the loop picks the mode: the dry run answers getopt
# from its words (serve.sh --mode eval), so both modes are evaluated; eval
# only adds its seed. getopt was skipped, its output a placeholder that
# took the *) exit 2 branch: "could not be evaluated".
. "$(dirname "$0")/serve.env"
OPTS=$(getopt -o m: --long mode: -n serve.sh -- "$@") || exit 2
eval set -- "$OPTS"
mode=serve
while true; do
	case "$1" in
		-m | --mode) mode=$2; shift 2 ;;
		--) shift; break ;;
		*) exit 2 ;;
	esac
done
case $mode in serve) x= ;; eval) x="--seed 0" ;; esac
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" $x
