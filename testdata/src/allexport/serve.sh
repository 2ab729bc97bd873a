#!/usr/bin/env bash
# set -a exports every key sourced: envsubst reads the step and the seats
# from the environment, so no key is unused.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$here/serve.env"; set +a
envsubst < "$here/config.yaml.tmpl" > /tmp/sglang.yaml
case "${1:-serve}" in
  serve)
    exec python3 -m sglang.launch_server --config /tmp/sglang.yaml \
      --mem-fraction-static "$SGL_MEM_FRACTION_STATIC" --context-length "$SGL_CONTEXT_LENGTH" --port 30000 ;;
  kl)
    exec python3 -m sglang.launch_server --config /tmp/sglang.yaml \
      --mem-fraction-static "$SGL_MEM_FRACTION_STATIC" --context-length "$SGL_CONTEXT_LENGTH" --port 30001 ;;
esac
