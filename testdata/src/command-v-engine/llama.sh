#!/usr/bin/env bash
# `command -v llama-server` asks whether the engine is installed; it starts
# nothing. It was taken for a second engine started beside the nohup one, so
# every mode was "could not be evaluated" (a race of two background engines).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/llama.env"

up() {
  command -v llama-server >/dev/null || { echo "llama-server not on PATH" >&2; exit 1; }
  command -V llama-server >/dev/null 2>&1 || exit 1
  nohup llama-server -m /models/q.gguf \
    -c "$LLAMA_CTX_SIZE" -np "$LLAMA_PARALLEL" -b "$LLAMA_BATCH_SIZE" \
    >>/tmp/llama.log 2>&1 &
  echo $! >/tmp/llama.pid
}

case "${1:-up}" in
  up) up ;;
  restart) kill "$(cat /tmp/llama.pid)" || true; up ;;
  *) echo "usage: llama.sh up|restart" >&2; exit 2 ;;
esac
