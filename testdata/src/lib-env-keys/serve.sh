#!/usr/bin/env bash
# model.env (sourced by common.sh) owns the ACME_ keys: ACME_MAX_LEN is
# missing from it; ACME_PORT is common.sh's own.
source "$(dirname "$0")/common.sh"
echo "port $ACME_PORT"
launch --port "$ACME_PORT" --max-model-len "$ACME_MAX_LEN" # want "ACME_MAX_LEN is read here but no owning env file defines it \(\S*lib-env-keys/model.env\)"
