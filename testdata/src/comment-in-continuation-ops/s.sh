#!/usr/bin/env bash
# A commented-out line that ends in a backslash cuts the command too, whatever
# the next line holds (the image here). After &&, || or | bash reads on past
# the newline and the comment: the list goes on with the next line of code.
set -euo pipefail
pip install -U vllm && \
  # pip install flashinfer-python && \
  pip install hf_transfer
journalctl -u vllm | \
  # grep -v DEBUG | \
  tail -n 50
if [[ ${1:-} == serve || \
      # any other value serves too
      -n "${SERVE_ANYWAY:-}" ]]; then
  echo serving
fi
docker run --rm --gpus all \
  # --env-file serve.env \
  vllm/vllm-openai:v0.9.1 --model /m
# want@18 "a comment inside a .-continued command ends it: bash continues no comment, so line 19 \(vllm/vllm-openai"
