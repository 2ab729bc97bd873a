#!/bin/bash
# bench's only write to the argv is a call that appends through a nameref
# to the array named by its argument: add args writes args. It was no
# mode at all (a silent pass); it is one now, and the dry run, which does
# not follow a nameref in a function, says it could not evaluate it. show
# only reads through its nameref: info writes nothing and is no mode.
here=$(dirname "$0")
. "$here/n.env"
add() { local -n out=$1; out+=(--max-num-seqs 16); }
show() { local -n a=$1; echo "${a[@]}" >&2; }
args=(/m)
case "$1" in
  serve) args+=(--max-num-seqs "$N_MAX_NUM_SEQS") ;;
  bench) add args ;;
  info) show args ;;
esac
exec vllm serve "${args[@]}"
# want@14 "bench could not be evaluated .*a nameref in a function"
