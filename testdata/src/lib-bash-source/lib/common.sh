# shellcheck shell=bash
# A library: refuses to run on its own, finds its siblings from its own
# path (bash's BASH_SOURCE[0] is this file while it is sourced, and in the
# functions it defines).
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  echo "source this file" >&2
  exit 1
fi
LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$LIB_DIR/../serve.env"
launch() {
  local here
  here=$(dirname "${BASH_SOURCE[0]}")
  [[ -f $here/common.sh ]] || exit 3
  exec vllm serve "$V_MODEL" --max-num-seqs "$V_MAX_NUM_SEQS" "$@"
}
