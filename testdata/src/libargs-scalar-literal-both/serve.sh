#!/usr/bin/env bash
# serve and bench both boot with the library's SEQS=256: bench boots
# exactly as the proven mode does, the proven shape, not its own (the array
# form is libargs-mode-literal-clean/both). Only serve's use is reported,
# with no fix; a fix at bench's alone would boot it apart from serve.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;; # want "serve passes --max-num-seqs \"\$SEQS\" from SEQS=256 .*\(no fix: serve, the proven mode, boots with it"
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
esac
