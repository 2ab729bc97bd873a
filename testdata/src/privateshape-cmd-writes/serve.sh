#!/usr/bin/env bash
# A mode's own number set by a statement that is no assignment word is a
# private shape as seqs=256 is: arithmetic, let, printf -v, read from a
# here-string, : "${seqs:=…}" where nothing set seqs before.
# (let "seqs = 256": the dry run evaluates a quoted let string as bash does.)
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  arith) (( seqs = 256 )) ;; # want "arith boots with --max-num-seqs 256" "arith passes --max-num-seqs 256 through the mode-local"
  double) (( seqs = MAX_NUM_SEQS * 2 )) ;; # want "double boots with --max-num-seqs 128" "double passes --max-num-seqs MAX_NUM_SEQS [*] 2 .line 20., arithmetic on its owner"
  letw) let seqs=256 ;; # want "letw boots with --max-num-seqs 256" "letw passes --max-num-seqs 256 through the mode-local"
  lets) let "seqs = 256" ;; # want "lets boots with --max-num-seqs 256" "lets passes --max-num-seqs 256 through the mode-local let"
  pfd) printf -v seqs %d 256 ;; # want "pfd boots with --max-num-seqs 256" "pfd passes --max-num-seqs 256 through the mode-local"
  pfs) printf -v seqs '%s' 256 ;; # want "pfs boots with --max-num-seqs 256" "pfs passes --max-num-seqs 256 through the mode-local"
  here) read -r seqs <<< 256 ;; # want "here boots with --max-num-seqs 256" "here passes --max-num-seqs 256 through the mode-local"
  hereq) read -r seqs <<< "256" ;; # want "hereq boots with --max-num-seqs 256" "hereq passes --max-num-seqs 256 through the mode-local"
  dflt) : "${seqs:=256}" ;; # want "dflt boots with --max-num-seqs 256" "dflt passes --max-num-seqs 256 through the mode-local"
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs"
