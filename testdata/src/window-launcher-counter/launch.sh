#!/bin/bash
# launch.sh: boot TGI in docker and block until it answers; CI calls this
# before its smoke tests.
MODEL_ID=${MODEL_ID:-meta-llama/Llama-3.1-8B-Instruct}
NAME=tgi-smoke
MAX_TRIES=120

docker run -d --rm --name "$NAME" --gpus all --shm-size 1g -p 8080:80 \
  -v "$HOME/.cache/huggingface:/data" \
  ghcr.io/huggingface/text-generation-inference:3.0 \
  text-generation-launcher --model-id "$MODEL_ID" --max-concurrent-requests 64

tries=0
while ! curl -sf http://127.0.0.1:8080/health >/dev/null; do
  ((tries++))
  if ((tries > MAX_TRIES)); then
    echo "TGI did not come up after $MAX_TRIES tries" >&2
    docker logs "$NAME" | tail -n 50 >&2
    docker rm -f "$NAME"
    exit 1
  fi
  sleep 2
done
echo "TGI is up"
