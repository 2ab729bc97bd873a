#!/usr/bin/env bash
# Sourced by lib.sh: loads the shape for the shell too.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$ROOT/serve.env"
log() { echo "[$(date +%T)] $*" >&2; }
