#!/usr/bin/env bash
# shopt -s lastpipe in one mode's branch turns it on for that mode alone:
# bash boots pipe with the owner's 256 (its read ran in a subshell). The dry
# run took lastpipe as on for every mode and said "pipe boots with
# --max-num-seqs 64". Only a top-level shopt counts now (lp, which bash
# boots with 32, is not compared).
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  pipe) echo 64 | read -r seqs ;;
  lp) shopt -s lastpipe; echo 32 | read -r seqs ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
