#!/usr/bin/env bash
# A negated if whose then refuses (no boot): a requirement, no flag; the
# boot after it reads the owner.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
if [[ ${ACCEPT_LICENSE:-0} != 1 ]]; then
  echo "set ACCEPT_LICENSE=1" >&2
  exit 1
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
