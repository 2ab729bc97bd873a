# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
setup() {
  ARGS=(--max-num-seqs "$MAX_NUM_SEQS")
}
setup
