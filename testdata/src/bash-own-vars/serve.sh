#!/usr/bin/env bash
# Variables bash sets itself, read under set -u by a colour and log helper:
# TERM and SHELL (bash's own when the environment has none), SHLVL,
# BASHPID, BASH_SUBSHELL. Each was unbound in the dry run, which ended
# every mode there; bench's own 32 is now compared with serve's 256.
set -euo pipefail
. "$(dirname "$0")/serve.env"
if [[ -t 1 && $TERM != dumb ]]; then BOLD=$(tput bold); else BOLD=""; fi
log() { echo "${BOLD}[serve $BASHPID lvl $SHLVL sub $BASH_SUBSHELL via $SHELL] $*"; }
mode=${1:-serve}
case $mode in
  serve) log "serving"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) log "bench"; exec vllm serve "$MODEL" --max-num-seqs 32 ;; # want "bench boots with --max-num-seqs 32 where serve boots with 256" "bench passes --max-num-seqs 32; .*serve.env:2 owns it"
esac
