#!/usr/bin/env bash
# compare.sh: time servelint, shellcheck and shfmt side by side on the same
# synthetic tree of N serve repos (renamed variants of testdata/src/* and
# examples/frank-archon, built by bench/gentree), for each N.
#
# Usage: bench/compare.sh [N...]            (default: 100 1600)
#
# Environment:
#   REPS=3            runs per (tool, N); the table shows the median
#   JOBS=$(nproc)     servelint -j
#   SC_MAX_FILES=0    when > 0, shellcheck runs on at most this many scripts
#                     and its time is extrapolated linearly to the whole tree
#                     (the row says "extrapolated")
#   KEEP=1            keep the temp dir (trees, binaries, raw timings)
#
# Every tool reads the same scripts: servelint is given the tree (it also
# reads the env files the scripts source: its job), shellcheck -f json1 and
# shfmt -l are given the list of the tree's scripts, all in one process per
# run (no process per file). bench/timeit runs each: wall time on a
# monotonic clock around the process alone, peak RSS and user+sys CPU from
# its rusage.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
read -r -a sizes <<<"${*:-100 1600}"
REPS=${REPS:-3}
JOBS=${JOBS:-$(nproc)}
SC_MAX_FILES=${SC_MAX_FILES:-0}
SHFMT_VERSION=v3.14.1
EVAL_RULES=argvdrift,ngramplacement,calibstep,stepcost

die() { echo "compare.sh: $*" >&2; exit 2; }
as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get install -y "$@" >/dev/null 2>&1 ||
    { as_root apt-get update >/dev/null 2>&1 && as_root apt-get install -y "$@" >/dev/null; }
}

# --- tools -----------------------------------------------------------------
command -v go >/dev/null || die "go is required"
command -v shellcheck >/dev/null || apt_install shellcheck
gobin=$(go env GOBIN); [[ -n $gobin ]] || gobin=$(go env GOPATH)/bin
shfmt=$gobin/shfmt
if [[ ! -x $shfmt ]] || [[ $("$shfmt" --version) != "$SHFMT_VERSION" ]]; then
  go install "mvdan.cc/sh/v3/cmd/shfmt@$SHFMT_VERSION"
fi
[[ $("$shfmt" --version) == "$SHFMT_VERSION" ]] || die "shfmt is not $SHFMT_VERSION"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/servelint-compare.XXXXXX")
if [[ -z ${KEEP:-} ]]; then trap 'rm -rf "$tmp"' EXIT; else echo "keeping $tmp" >&2; fi
(cd "$repo" && CGO_ENABLED=0 go build -o "$tmp/servelint" ./cmd/servelint && go build -o "$tmp/gentree" ./bench/gentree && go build -o "$tmp/timeit" ./bench/timeit)

# --- machine -----------------------------------------------------------------
model=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)
echo "machine: nproc=$(nproc), ${model:-unknown CPU}, $mem RAM, $(uname -sr)"
echo "tools:   servelint $(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?') (CGO_ENABLED=0 go build as the README installs it, -j $JOBS, $(go version | cut -d' ' -f3))," \
  "$(shellcheck --version | sed -n 's/^version: /shellcheck /p'), shfmt $("$shfmt" --version)"
echo "runs:    median of $REPS (after one warm-up run), wall = monotonic clock around the process (bench/timeit), CPU and peak RSS from its rusage"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) at start (other processes share the CPUs: compare CPU too)"
echo

# run OUTFILE CMD...: one timed run; bench/timeit appends "wall_ns rss_kb
# cpu_s" to OUTFILE (a monotonic clock around the process alone: no
# /usr/bin/time or date process in the measure).
run() {
  local out=$1; shift
  local rc=0
  "$tmp/timeit" "$out" "$tmp/stderr.txt" -- "$@" || rc=$?
  # servelint and shellcheck exit 1 with findings; shfmt -l exits 1 on a
  # file it cannot parse (the corpus has a broken script on purpose).
  if ((rc > 1)); then
    echo "compare.sh: $1 exited $rc:" >&2
    head -5 "$tmp/stderr.txt" >&2
    exit 1
  fi
}

# median COLUMN FILE
median() { sort -n -k"$1","$1" "$2" | awk -v c="$1" '{v[NR] = $c} END {print v[int((NR + 1) / 2)]}'; }

results=$tmp/results.txt
: >"$results"
for n in "${sizes[@]}"; do
  tree=$tmp/tree-$n
  summary=$("$tmp/gentree" -src "$repo" -n "$n" -o "$tree" -scripts "$tmp/scripts-$n.txt")
  mapfile -t scripts <"$tmp/scripts-$n.txt"
  files=${#scripts[@]}
  lines=$(sed -n 's/.* lines=\([0-9]*\).*/\1/p' <<<"$summary")
  echo "N=$n: $summary" >&2
  sc_scripts=("${scripts[@]}")
  sc_scale=1
  if ((SC_MAX_FILES > 0 && files > SC_MAX_FILES)); then
    sc_scripts=("${scripts[@]:0:SC_MAX_FILES}")
    sc_scale=$(awk -v a="$files" -v b="$SC_MAX_FILES" 'BEGIN {print a / b}')
  fi
  declare -A cmds=(
    [servelint]="$tmp/servelint -j $JOBS --format json $tree"
    [servelint-noeval]="$tmp/servelint -j $JOBS --format json --disable $EVAL_RULES $tree"
  )
  names=(servelint servelint-noeval shellcheck shfmt)
  for name in "${names[@]}"; do : >"$tmp/$name-$n.txt"; done
  for ((r = 0; r <= REPS; r++)); do
    for name in "${names[@]}"; do
      out=$tmp/$name-$n.txt
      ((r == 0)) && out=/dev/null # warm-up: page cache, binaries
      case $name in
        shellcheck) run "$out" shellcheck -f json1 "${sc_scripts[@]}" ;;
        shfmt) run "$out" "$shfmt" -l "${scripts[@]}" ;;
        *) # shellcheck disable=SC2086 # the command line is split on purpose
          run "$out" ${cmds[$name]} ;;
      esac
    done
  done
  for name in "${names[@]}"; do
    wall=$(median 1 "$tmp/$name-$n.txt")
    rss=$(median 2 "$tmp/$name-$n.txt")
    cpu=$(median 3 "$tmp/$name-$n.txt")
    note=""
    if [[ $name == shellcheck && $sc_scale != 1 ]]; then
      wall=$(awk -v w="$wall" -v s="$sc_scale" 'BEGIN {printf "%.0f", w * s}')
      cpu=$(awk -v c="$cpu" -v s="$sc_scale" 'BEGIN {printf "%.2f", c * s}')
      note="extrapolated from ${#sc_scripts[@]} scripts"
    fi
    echo "$name $n $files $lines $wall $rss $cpu ${note// /_}" >>"$results"
  done
done

# --- table -------------------------------------------------------------------
awk '
  {tool[NR] = $1; n[NR] = $2; files[NR] = $3; wall[NR] = $5; rss[NR] = $6; cpu[NR] = $7; note[NR] = $8
   if ($1 == "servelint") { base[$2] = $5; cbase[$2] = $7 }
   if ($1 == "shfmt") { floor[$2] = $5; cfloor[$2] = $7 }
   if ($1 == "shellcheck") { sc[$2] = $5; csc[$2] = $7 }
   if ($1 == "servelint") { pf[$2] = $5 / $3; cpf[$2] = $7 / $3; ns[++k] = $2 } }
  END {
    printf "| %-16s | %5s | %5s | %10s | %13s | %12s | %9s | %13s |%s\n", "tool", "N", "files", "wall (ms)", "per-file (ms)", "vs servelint", "CPU (s)", "peak RSS (MiB)", ""
    printf "|%s|%s|%s|%s|%s|%s|%s|%s|\n", "------------------", "------:", "------:", "-----------:", "---------------:", "--------------:", "----------:", "---------------:"
    for (i = 1; i <= NR; i++) {
      nt = (note[i] != "") ? "  (" note[i] ")" : ""
      gsub("_", " ", nt)
      printf "| %-16s | %5d | %5d | %10.1f | %13.3f | %11.2fx | %9.3f | %14.1f |%s\n", tool[i], n[i], files[i], wall[i] / 1e6, wall[i] / 1e6 / files[i], wall[i] / base[n[i]], cpu[i], rss[i] / 1024, nt
    }
    print ""
    print "goals (servelint = all rules, evaluation included):"
    for (j = 1; j <= k; j++) {
      m = ns[j]
      r1 = sc[m] / base[m]; r2 = base[m] / floor[m]
      printf "  N=%-5d wall: shellcheck/servelint = %6.1fx (goal >= 20x: %s)   servelint/shfmt = %5.2fx (goal <= 2x: %s)\n", m, r1, (r1 >= 20 ? "met" : "NOT met"), r2, (r2 <= 2 ? "met" : "NOT met")
      if (cbase[m] > 0 && cfloor[m] > 0)
        printf "  N=%-5d CPU:  shellcheck/servelint = %6.1fx                      servelint/shfmt = %5.2fx\n", m, csc[m] / cbase[m], cbase[m] / cfloor[m]
      else
        printf "  N=%-5d CPU:  (a tool took no measurable CPU)\n", m
    }
    if (k >= 2) {
      g = pf[ns[k]] / pf[ns[1]]
      printf "  per-file wall N=%d -> N=%d: %.3f ms -> %.3f ms = %.2fx (goal <= 1.3x: %s)\n", ns[1], ns[k], pf[ns[1]] / 1e6, pf[ns[k]] / 1e6, g, (g <= 1.3 ? "met" : "NOT met")
      if (cpf[ns[1]] > 0)
        printf "  per-file CPU  N=%d -> N=%d: %.3f ms -> %.3f ms = %.2fx\n", ns[1], ns[k], cpf[ns[1]] * 1e3, cpf[ns[k]] * 1e3, cpf[ns[k]] / cpf[ns[1]]
    }
  }' "$results"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) at end"
