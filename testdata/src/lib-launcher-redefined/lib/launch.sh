#!/usr/bin/env bash
# A launcher: each call's words go to the engine.
launch() { exec vllm serve /m --port 8000 "$@"; }
