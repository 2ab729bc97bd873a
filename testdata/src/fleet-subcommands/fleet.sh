#!/usr/bin/env bash
# A fleet of TGI containers, one per model, with start/stop/restart/status
# subcommands: only start (and restart, which runs start's code) launches
# the engine. start_one skips a container that docker ps lists as running
# (return 0): docker ps is not run in the dry run, so that check is assumed
# to pass and start's argv is evaluated; restart boots the same argv. stop
# and status write their own locals named like start_one's (id, name,
# port), which never reach its argv: subcommands, not modes. Nothing to say.
set -euo pipefail
ENV_FILE="$(cd "$(dirname "$0")" && pwd)/fleet.env"
set -a
. "$ENV_FILE"
set +a
FLEET=("meta-llama/Llama-3.1-8B-Instruct|0" "Qwen/Qwen2.5-14B-Instruct|1")
name_of() { local id=$1; local n=${id##*/}; echo "tgi-${n,,}"; }
start_one() {
  local id=$1 gpus=$2 port=$3 name
  name=$(name_of "$id")
  if docker ps --format '{{.Names}}' | grep -qx "$name"; then
    echo "$name already running on :$port"
    return 0
  fi
  docker run -d --name "$name" --gpus "\"device=${gpus}\"" --env-file "$ENV_FILE" \
    -e MODEL_ID="$id" -p "${port}:80" "$TGI_IMAGE" --json-output >/dev/null
}
stop_one() {
  local id=$1 name
  name=$(name_of "$id")
  docker stop -t 30 "$name" >/dev/null 2>&1 || echo "$name was not running" >&2
}
cmd_start() {
  local e id gpus idx=0
  for e in "${FLEET[@]}"; do
    IFS='|' read -r id gpus <<<"$e"
    start_one "$id" "$gpus" $((8080 + idx))
    idx=$((idx + 1))
  done
}
cmd_stop() {
  local e id
  for e in "${FLEET[@]}"; do
    IFS='|' read -r id _ <<<"$e"
    stop_one "$id"
  done
}
cmd_status() {
  local e id name port=8080
  for e in "${FLEET[@]}"; do
    IFS='|' read -r id _ <<<"$e"
    name=$(name_of "$id")
    printf '%s %s\n' "$name" "$(docker inspect -f '{{.State.Status}}' "$name" 2>/dev/null || echo absent)"
    port=$((port + 1))
  done
}
case "${1:-status}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  restart) cmd_stop; cmd_start ;;
  status) cmd_status ;;
  *) echo "usage: $0 start|stop|restart|status" >&2; exit 2 ;;
esac
