#!/usr/bin/env bash
# Shell options before -c as bash reads them: its long options first
# (--rcfile FILE and --init-file FILE take the next word), then its
# one-letter ones led by '-' or '+' (+o NAME, +e turn an option off); the
# string runs either way, and its engine is read, a mode's own shape
# reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  po) bash +o posix -c "vllm serve $MODEL --max-num-seqs 32" ;; # want "po passes --max-num-seqs 32" "po boots with --max-num-seqs 32 where serve boots with 512"
  rc) bash --rcfile /etc/llm.rc -ic "vllm serve $MODEL --max-num-seqs 33" ;; # want "rc passes --max-num-seqs 33" "rc boots with --max-num-seqs 33 where serve boots with 512"
  pe) sh +eu -c "vllm serve $MODEL --max-num-seqs 34" ;; # want "pe passes --max-num-seqs 34" "pe boots with --max-num-seqs 34 where serve boots with 512"
  init) bash --noprofile --init-file "$HOME/.llmrc" --posix -e +O extglob -c "vllm serve $MODEL --max-num-seqs 35" ;; # want "init passes --max-num-seqs 35" "init boots with --max-num-seqs 35 where serve boots with 512"
  ent) docker run --rm --entrypoint bash img --rcfile /r +o posix -lc "vllm serve $MODEL --max-num-seqs 36" ;; # want "ent passes --max-num-seqs 36" "ent boots with --max-num-seqs 36 where serve boots with 512"
  *) exit 2 ;;
esac
