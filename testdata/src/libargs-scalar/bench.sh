#!/usr/bin/env bash
. "$(dirname "$0")/_common.sh"
exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --max-num-seqs 512 # want "bench.sh passes a second --max-num-seqs 512 that overrides the owner's copy \(line 3\)"
