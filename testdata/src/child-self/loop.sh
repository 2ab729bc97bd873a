#!/usr/bin/env bash
# Runs the dispatcher that runs it.
exec "$(dirname "$0")/run.sh" serve
