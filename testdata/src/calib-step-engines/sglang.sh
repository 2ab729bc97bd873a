#!/usr/bin/env bash
# SGLang's step is --chunked-prefill-size: calib's own knob (law 4), as
# --max-num-batched-tokens is vLLM's. Its own value from the env file is no
# drift and no alias (no finding); a literal is still one.
set -euo pipefail
. "$(dirname "$0")/sglang.env"
step=$SGL_CHUNKED_PREFILL_SIZE
case "${1:-serve}" in
  serve) ;;
  calib) step=$SGL_CALIB_CHUNKED_PREFILL_SIZE ;;
  calib-doc) step=65536 ;; # want "calib-doc passes its own knob --chunked-prefill-size 65536 as a literal"
esac
exec python3 -m sglang.launch_server --model-path "$MODEL" --chunked-prefill-size "$step"
