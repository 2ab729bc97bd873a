#!/usr/bin/env bash
# Login and clustered shell options before -c (bash -lc, sh -lc, -euxc,
# -l -c, --login -c), -o NAME among them (-euo pipefail -c: the name is
# the next word; it was read as no string at all), and a shell
# entrypoint given -lc after the image: each string's engine is read, a
# mode's own shape reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -lc "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  lc) bash -lc "vllm serve $MODEL --max-num-seqs 32" ;; # want "lc passes --max-num-seqs 32" "lc boots with --max-num-seqs 32 where serve boots with 512"
  shlc) sh -lc "vllm serve $MODEL --max-num-seqs 33" ;; # want "shlc passes --max-num-seqs 33" "shlc boots with --max-num-seqs 33 where serve boots with 512"
  eux) /bin/bash -euxc "vllm serve $MODEL --max-num-seqs 34" ;; # want "eux passes --max-num-seqs 34" "eux boots with --max-num-seqs 34 where serve boots with 512"
  split) bash -l -c "vllm serve $MODEL --max-num-seqs 35" ;; # want "split passes --max-num-seqs 35" "split boots with --max-num-seqs 35 where serve boots with 512"
  long) bash --login -c "vllm serve $MODEL --max-num-seqs 36" ;; # want "long passes --max-num-seqs 36" "long boots with --max-num-seqs 36 where serve boots with 512"
  ent) docker run --rm --entrypoint bash img -lc "vllm serve $MODEL --max-num-seqs 37" ;; # want "ent passes --max-num-seqs 37" "ent boots with --max-num-seqs 37 where serve boots with 512"
  pipe) bash -euo pipefail -c "vllm serve $MODEL --max-num-seqs 38" ;; # want "pipe passes --max-num-seqs 38" "pipe boots with --max-num-seqs 38 where serve boots with 512"
  shopt) bash -O extglob -o pipefail -lc "vllm serve $MODEL --max-num-seqs 39" ;; # want "shopt passes --max-num-seqs 39" "shopt boots with --max-num-seqs 39 where serve boots with 512"
  *) exit 2 ;;
esac
