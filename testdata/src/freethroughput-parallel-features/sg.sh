#!/bin/bash
# Claims about SGLang's and vLLM's parallelism features (DP attention,
# expert parallelism, two-batch overlap, DeepEP) name the batch only as a
# condition; a number of running requests beside them is still the subject.
. "$(dirname "$0")/serve.env"
# --enable-dp-attention gives essentially free throughput at large batch sizes for MLA models.
# Two-batch overlap hides the all-to-all, basically free throughput with DeepEP.
# Expert parallelism is free throughput once the batch is large enough.
# With DP attention, --max-running-requests 1024 is free throughput.
# Running requests beyond the limit are queued, which is free (no memory).
# Raising max_batch_size to 512 costs nothing on the PyTorch backend.
exec python3 -m sglang.launch_server --model-path /m --tp 8 --dp 8 --enable-dp-attention \
  --max-running-requests "$FP_MAX_RUNNING_REQUESTS" --chunked-prefill-size "$FP_CHUNKED_PREFILL_SIZE"
# want@9 "comment claims \"free throughput\""
# want@11 "comment claims \"costs nothing\""
