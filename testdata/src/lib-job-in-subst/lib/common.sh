# lib/common.sh: one sglang worker in the background; prints its pid.
launch_worker() {
  local port=$1; shift
  nohup python3 -m sglang.launch_server --model-path /models/m --port "$port" "$@" >/dev/null 2>&1 &
  echo $!
}
