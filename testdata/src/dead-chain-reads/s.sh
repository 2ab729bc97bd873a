#!/usr/bin/env bash
# The fix deletes a chain's assignments only when nothing reads them: a
# read in arithmetic, through ${!name}, by declare -p, in eval's or trap's
# text, by [[ -v ]], in a function or a subshell, or an export keeps one.
set -euo pipefail
. "$(dirname "$0")/dr.env"
show() { echo "kl seats $k1"; }
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$DR_MAX_NUM_SEQS" ;;
  bench)
    x=$((DR_MAX_NUM_SEQS * 2))
    y=$x
    echo "requests: $(( x * 4 ))"
    exec vllm serve /m --max-num-seqs "$y" ;; # want "bench passes --max-num-seqs" "bench boots with --max-num-seqs 128"
  eval)
    a=$((DR_MAX_NUM_SEQS / 2))
    b=$a
    name=a
    echo "eval seats ${!name}"
    exec vllm serve /m --max-num-seqs "$b" ;; # want "eval passes --max-num-seqs" "eval boots with --max-num-seqs 32"
  kl)
    p=$((DR_MAX_NUM_SEQS / 4))
    q=$p
    declare -p p >>/tmp/kl.state
    exec vllm serve /m --max-num-seqs "$q" ;; # want "kl passes --max-num-seqs" "kl boots with --max-num-seqs 16"
  score)
    m=$((DR_MAX_NUM_SEQS * 3))
    n=$m
    eval 'echo "score seats $m"'
    exec vllm serve /m --max-num-seqs "$n" ;; # want "score passes --max-num-seqs" "score boots with --max-num-seqs 192"
  score2)
    t1=$((DR_MAX_NUM_SEQS * 5))
    t2=$t1
    trap 'echo "score2 seats $t1"' EXIT
    vllm serve /m --max-num-seqs "$t2" ;; # want "score2 passes --max-num-seqs" "score2 boots with --max-num-seqs 320"
  kl2)
    k1=$((DR_MAX_NUM_SEQS / 8))
    k2=$k1
    show
    exec vllm serve /m --max-num-seqs "$k2" ;; # want "kl2 passes --max-num-seqs" "kl2 boots with --max-num-seqs 8"
  eval2)
    v1=$((DR_MAX_NUM_SEQS * 6))
    v2=$v1
    [[ -v v1 ]] && echo set
    ( echo "sub $v1" )
    exec vllm serve /m --max-num-seqs "$v2" ;; # want "eval2 passes --max-num-seqs" "eval2 boots with --max-num-seqs 384"
  bench2)
    export e1=$((DR_MAX_NUM_SEQS * 7))
    e2=$e1
    exec vllm serve /m --max-num-seqs "$e2" ;; # want "bench2 passes --max-num-seqs" "bench2 boots with --max-num-seqs 448"
esac
