#!/usr/bin/env bash
# Env-only container: the image's entrypoint reads MAX_NUM_SEQS itself.
set -a
. ./tgi.env
set +a
docker compose up -d
docker run -d --name tgi --gpus all --env-file ./tgi.env -p 8080:80 ghcr.io/huggingface/text-generation-inference:2.4
