#!/usr/bin/env bash
# An interactive preset menu: presets are shapes by design.
PS3="preset: "
select preset in small large; do
  case $preset in
    small) SEQS=16; STEP=2048; break ;;
    large) SEQS=128; STEP=16384; break ;;
  esac
done
exec vllm serve "$1" --max-num-seqs "$SEQS" --max-num-batched-tokens "$STEP"
