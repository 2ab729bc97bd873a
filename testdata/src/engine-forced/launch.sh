#!/usr/bin/env bash
. "$(dirname "$0")/launch.env"
case "$1" in
  serve) exec ./bin/serve-llm --model "$LLM_MODEL" --max-num-seqs "$LLM_MAX_NUM_SEQS" ;;
  eval) exec ./bin/serve-llm --model "$LLM_MODEL" --max-num-seqs 64 ;; # want "eval passes --max-num-seqs 64; .*LLM_MAX_NUM_SEQS=32 \(privateshape\)" "eval boots with --max-num-seqs 64 where serve boots with 32.*\(argvdrift\)"
esac
