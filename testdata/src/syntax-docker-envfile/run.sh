#!/usr/bin/env bash
here=$(dirname "$0")
exec docker run --rm --env-file "$here/run.env" --env-file "$here/ok.env" vllm/vllm-openai:v0.6 --model m
