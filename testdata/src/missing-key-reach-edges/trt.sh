#!/usr/bin/env bash
# A shape key read into a config the engine is handed (a heredoc) is the
# boot's: the file defines TRT_MAX_NUM_TOKENS, not TRT_MAX_BATCH_SIZE.
set -euo pipefail
. "$(dirname "$0")/trt.env"
cat > /tmp/extra.yaml <<YAML
max_batch_size: ${TRT_MAX_BATCH_SIZE}
max_num_tokens: ${TRT_MAX_NUM_TOKENS}
YAML
exec trtllm-serve "$TRT_MODEL" --max_seq_len "$TRT_MAX_SEQ_LEN" --extra_llm_api_options /tmp/extra.yaml
# want@7 "TRT_MAX_BATCH_SIZE is read here but no owning env file defines it"
