#!/bin/bash
# Plain argv (no arrays) over backslash continuations, TGI launcher, flags
# carried in an unquoted string variable.
COMMON="--max-concurrent-requests 128 --max-total-tokens 8192"
if [[ "$1" == "serve" ]]; then
  PREFILL=4096
else
  PREFILL=2048
fi
text-generation-launcher \
  --model-id /data/model \
  $COMMON \
  --max-batch-prefill-tokens $PREFILL \
  --port 3000
