#!/usr/bin/env bash
# A branch that sets what the argv reads with no assignment word (an
# arithmetic command, let, printf -v, read, unset, or a call of a function
# shared code calls too) is a mode of its own: the dry run gives its value,
# and bash boots each of these with its own number.
. "$(dirname "$0")/serve.env"
setk() { seqs=$1; }
setk "$VLLM_MAX_NUM_SEQS"
case "${1:-serve}" in
  serve) ;;
  arith) (( seqs = 64 )) ;;
  pv) printf -v seqs '%d' 48 ;;
  rd) read -r seqs <<< 32 ;;
  lt) let seqs=16 ;;
  gone) unset seqs ;;
  fn) setk 8 ;; # want "fn boots with --max-num-seqs 8 where serve boots with 256" "fn passes --max-num-seqs 8 through seqs=.1"
esac
exec vllm serve /m --max-num-seqs "${seqs:-4}" # want "arith boots with --max-num-seqs 64 where serve boots with 256" "pv boots with --max-num-seqs 48" "rd boots with --max-num-seqs 32" "lt boots with --max-num-seqs 16" "gone boots with --max-num-seqs 4"
