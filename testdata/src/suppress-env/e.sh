#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/e.env"
exec docker run --rm --env-file "$here/e.env" radiance:1 radiance serve /m \
  --max-num-seqs "$E_MAX_SEQS" \
  --max-num-batched-tokens "$E_MAX_BATCHED_TOKENS"
