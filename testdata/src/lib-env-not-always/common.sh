# shellcheck shell=bash
# None of these runs whenever serve.sh sources this library.
load_config() { . "$(dirname "${BASH_SOURCE[0]}")/model.env"; }
if [[ -n ${USE_GPU_CONF:-} ]]; then
  . "$(dirname "${BASH_SOURCE[0]}")/gpu.env"
fi
. conf/cwd.env
launch() { vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@"; }
