#!/usr/bin/env bash
# serve and bench both boot with the library's 256: the proven shape, not
# bench's own number.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "${ARGS[@]}" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" --port 8001 ;;
esac
