# shellcheck shell=bash
launch() {
  exec vllm serve /m --max-num-seqs "$LB_MAX_NUM_SEQS" --max-model-len "$LB_MAX_MODEL_LEN" "$@"
}
