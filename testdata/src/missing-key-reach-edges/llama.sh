#!/usr/bin/env bash
# The server is a path in a variable (not understood): what reaches it is
# not known, so every read of the file's prefix is the boot's.
set -euo pipefail
. "$(dirname "$0")/llama.env"
exec "$BIN_DIR/llama-server" -m "$LLAMA_MODEL" --ctx-size "$LLAMA_CTX" --parallel "$LLAMA_PARALLEL" # want "LLAMA_CTX is read here but no owning env file defines it"
