#!/usr/bin/env bash
# chat and embed are two servers: embed loads another model (-m from
# another key) and is sized for it, in the script or by its own key. Not a
# mode of chat's shape: nothing compared, no alias.
set -euo pipefail
. "$(dirname "$0")/llama.env"
case "${1:-chat}" in
  chat)
    exec llama-server -m "$GGUF" -c "$LLAMA_CTX_SIZE" -np "$LLAMA_PARALLEL" --port 8080 ;;
  embed)
    exec llama-server -m "$EMBED_GGUF" --embedding --pooling mean -c 8192 --port 8081 ;;
  embed-key)
    exec llama-server -m "$EMBED_GGUF" --embedding -c "$EMBED_CTX_SIZE" --port 8081 ;;
  *) echo "usage: $0 chat|embed|embed-key" >&2; exit 2 ;;
esac
