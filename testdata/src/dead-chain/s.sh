#!/usr/bin/env bash
# The fix deletes the chain of mode-local variables it leaves unread, and
# keeps one still read elsewhere.
. "$(dirname "$0")/dc.env"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$DC_MAX_NUM_SEQS" ;;
  bench)
    x=$((DC_MAX_NUM_SEQS * 2))
    y=$x
    exec vllm serve /m --max-num-seqs "$y" ;;
  eval)
    a=$((DC_MAX_NUM_SEQS / 2))
    b=$a
    echo "eval with $a seats"
    exec vllm serve /m --max-num-seqs "$b" ;;
esac
# want@10 "bench passes --max-num-seqs \$\(\(DC_MAX_NUM_SEQS \* 2\)\) through the mode-local y=\$x .* ← x=" "bench boots with --max-num-seqs 128 where serve boots with 64"
# want@15 "eval passes --max-num-seqs .* through the mode-local b=\$a" "eval boots with --max-num-seqs 32"
