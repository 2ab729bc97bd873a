#!/bin/bash
# bench's only write to the argv is a call that appends through a nameref
# to the array named by its argument: add args writes args. It was no
# mode at all (a silent pass); it is one now. args is a global, which the
# dry run reaches through the nameref as bash does: bench's argv is
# evaluated and compared (its 16 against the env file's 8), no longer
# "could not be evaluated". show only reads through its nameref: info
# writes nothing and is no mode. The 16 is read in add's body, where the
# call's array is written: bench's own literal, rewritten there (add is
# bench's alone).
here=$(dirname "$0")
. "$here/n.env"
add() { local -n out=$1; out+=(--max-num-seqs 16); } # want "bench boots with --max-num-seqs 16 where serve boots with 8" "bench passes --max-num-seqs 16; .*N_MAX_NUM_SEQS=8"
show() { local -n a=$1; echo "${a[@]}" >&2; }
args=(/m)
case "$1" in
  serve) args+=(--max-num-seqs "$N_MAX_NUM_SEQS") ;;
  bench) add args ;;
  info) show args ;;
esac
exec vllm serve "${args[@]}"
