#!/usr/bin/env bash
# docker compose --env-file is compose's reader, not docker run's: an
# export line is fine there (no syntax finding).
set -euo pipefail
docker --log-level warn compose --env-file "$(dirname "$0")/compose.env" up -d
