#!/usr/bin/env bash
# A hostile serve script: every mode tries to get out of the dry-run sandbox.
# The test runs it with VICTIM (a directory outside the tree that must not
# change), TOKEN (a unique word for file names) and PORT (a TCP listener that
# must never see a connection).
here=$(cd "$(dirname "$0")" && pwd)
victim=${VICTIM:?}
tok=${TOKEN:?}
port=${PORT:?}

case "$1" in
  exec)
    touch "$victim/created-$tok"
    rm -rf "$victim"
    rm -f "$here/keep.txt"
    /bin/rm -rf "$victim"
    /usr/bin/touch "$victim/abs-$tok"
    command rm -rf "$victim"
    builtin command touch "$victim/cmd-$tok"
    env touch "$victim/env-$tok"
    nohup touch "$victim/nohup-$tok"
    timeout 5 touch "$victim/timeout-$tok"
    numactl --cpunodebind=0 touch "$victim/numactl-$tok"
    taskset -c 0 touch "$victim/taskset-$tok"
    sudo touch "$victim/sudo-$tok"
    sh -c "touch $victim/sh-$tok"
    bash -c "touch $victim/bash-$tok"
    python3 -c "open('$victim/py-$tok', 'w')"
    docker run --rm -v "$victim:/v" alpine touch "/v/docker-$tok"
    "$here/evil.sh"
    ./evil.sh
    exec touch "$victim/exec-$tok"
    ;;
  net)
    curl -s "http://127.0.0.1:$port/curl"
    wget -q -O- "http://127.0.0.1:$port/wget"
    nc 127.0.0.1 "$port" </dev/null
    ssh -p "$port" 127.0.0.1 true
    echo hi > "/dev/tcp/127.0.0.1/$port"
    cat < "/dev/tcp/127.0.0.1/$port"
    x=$(curl -s "http://127.0.0.1:$port/subst")
    ;;
  tilde)
    echo ~nobody/x
    ;;
  eval)
    eval "touch $victim/eval-$tok"
    eval 'rm -rf "$victim"'
    cmd="touch $victim/evalvar-$tok"
    eval "$cmd"
    eval "$(curl -s "http://127.0.0.1:$port/payload")"
    ;;
  redir)
    echo x > "$victim/redir-$tok"
    echo x >> "$victim/append-$tok"
    echo x &> "$victim/all-$tok"
    echo x > "/tmp/servelint-hostile-$tok"
    echo x > "$TMPDIR/redir-$tok"
    echo x > "$TMPDIR/sh-interp-$tok"
    echo x > "${TMPDIR%/*}/sh-interp-$tok"
    : > "$here/keep.txt"
    exec 3> "$victim/fd3-$tok"
    exec > "$victim/stdout-$tok"
    echo y
    exec 2> "$victim/stderr-$tok"
    echo z >&2
    ;;
  subst)
    a=$(touch "$victim/subst-$tok")
    b=`rm -rf "$victim"`
    c=$(echo x > "$victim/substredir-$tok")
    d="$(cat /etc/passwd)"
    e=$(</etc/passwd)
    f=$( (touch "$victim/subsub-$tok") )
    ;;
  procsubst)
    cat <(touch "$victim/procsubst-$tok")
    ;;
  evalprocsubst)
    eval 'diff <(touch "$victim/evalps-$tok") >(rm -rf "$victim")'
    ;;
  sourceprocsubst)
    . "$here/procsubst.env"
    ;;
  sourceprocsubstarg)
    . "$here/procsubst-arg.env"
    ;;
  trap)
    trap "touch $victim/trap-$tok" EXIT
    trap 'rm -rf "$victim"' ERR
    false
    ;;
  source)
    source /etc/passwd
    . /etc/profile
    source "$here/escape/passwd"
    . "$here/escape/victim"
    source passwd
    ;;
  lookup)
    command -v rm
    command -V curl
    type -p curl
    type rm
    hash rm
    which curl
    PATH=/usr/bin:/bin
    command -v ls
    type -P ls
    pwd -P
    ;;
  bg)
    sleep 1000 &
    (touch "$victim/bg-$tok") &
    { rm -rf "$victim"; } &
    touch "$victim/pipe-$tok" | rm -rf "$victim"
    wait
    ;;
  cd)
    cd /etc
    cat passwd
    source ./passwd
    cd "$victim" && rm -rf ./*
    for f in "$victim"/* /etc/*; do touch "$f.$tok"; done
    ;;
  owner)
    [ -O "$here/keep.txt" ] && echo mine
    ;;
  owner2)
    op=-G
    test "$op" "$here/keep.txt" && echo ours
    ;;
  host)
    exec radiance serve /m --home "$HOME" --user "${USER:-}" --path "$PATH" \
      --uid "$UID" --tilde ~ --host "$(hostname)" --pwd "$(pwd -P)" \
      --passwd "$(cat /etc/passwd)" --hostname "$(</etc/hostname)" \
      --glob /etc/pass* --link "$(readlink -f "$here/escape/passwd")" \
      --shell "${SHELL:-}" --tmp "$TMPDIR" --who "$(whoami)"
    ;;
esac
