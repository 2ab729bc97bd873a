package lsp

import (
	"fmt"
	"strings"
)

// genScript writes a serve script of exactly lines lines with many modes,
// the shape of a long-lived campaign script: a header that sources its env
// file, shared helpers, a base argv, one case arm per mode (some with
// private shapes, "free throughput" comments and mode-local variables), and
// the launch. env is the env file it sources (name.env beside it). salt
// varies one literal so that successive texts differ.
func genScript(name string, lines, salt int) (script, env string) {
	var b strings.Builder
	n := 0
	line := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		n++
	}
	const modes = 24
	line("#!/usr/bin/env bash")
	line("# %s.sh MODE [--dry-run]: boot radiance in one campaign mode.", name)
	line("set -euo pipefail")
	line(`here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)`)
	line("# shellcheck source=%s.env", name)
	line(`. "$here/%s.env"`, name)
	line("")
	line(`mode=${1:?usage: %s.sh MODE [--dry-run]}`, name)
	line("dry=${2:-}")
	line("")
	line("args=(")
	line(`  serve "$CAMP_MODEL"`)
	line(`  --max-model-len "$CAMP_MAX_MODEL_LEN"`)
	line(`  --tp "$CAMP_TP"`)
	line(`  --host-pool-mib "$CAMP_HOST_POOL_MIB"`)
	line(`  --gpu-headroom-mib "$CAMP_GPU_HEADROOM_MIB"`)
	line("  --kv-cache-dtype fp8")
	line(`  --port "$CAMP_PORT"`)
	line(")")
	line("docker_env=()")
	line("")
	// Helpers: the bulk of a long script.
	helpers := 0
	for n < lines/2 {
		line("# helper %d: check a precondition of the campaign (ünïcødé 🚀 in comments is fine)", helpers)
		line("check_%d() {", helpers)
		line(`  local want=${1:-%d}`, helpers)
		line(`  if [[ -z "${CAMP_IMAGE:-}" ]]; then`)
		line(`    echo "check_%d: CAMP_IMAGE is not set" >&2`, helpers)
		line("    return 1")
		line("  fi")
		line(`  printf '%%s\n' "check_%d ok ($want)"`, helpers)
		line("}")
		line("")
		helpers++
	}
	line(`case "$mode" in`)
	arm := (lines - n - 20) / modes
	for m := 0; m < modes; m++ {
		start := n
		line("  mode%d)", m)
		switch {
		case m == 0:
			line(`    args+=(--max-num-seqs "$CAMP_MAX_SEQS"`)
			line(`           --max-num-batched-tokens "$CAMP_MAX_BATCHED_TOKENS")`)
		case m%4 == 1:
			line("    # a wide step is free throughput for mode%d", m)
			line(`    args+=(--max-num-seqs "$CAMP_MAX_SEQS"`)
			line("           --max-num-batched-tokens %d)", 2048+salt+m)
		case m%4 == 2:
			line("    seqs%d=%d", m, 16+m)
			line(`    args+=(--max-num-seqs "$seqs%d"`, m)
			line(`           --max-num-batched-tokens "$CAMP_MAX_BATCHED_TOKENS")`)
		default:
			line(`    args+=(--max-num-seqs "$CAMP_MAX_SEQS"`)
			line(`           --max-num-batched-tokens "$CAMP_MAX_BATCHED_TOKENS")`)
		}
		for n-start < arm-2 {
			line("    check_%d %d", (n-start)%max(helpers, 1), m)
		}
		line("    ;;")
	}
	line("  *)")
	line(`    echo "unknown mode: $mode" >&2`)
	line("    exit 2")
	line("    ;;")
	line("esac")
	line("")
	line(`if [[ $dry == --dry-run ]]; then`)
	line(`  printf '%%q\n' radiance "${args[@]}"`)
	line("  exit 0")
	line("fi")
	line("")
	line("log=/var/log/radiance/%s_${mode}.log", name)
	for n < lines-4 {
		line(": # padding %d", n)
	}
	line(`exec docker run --rm --gpus all --network host \`)
	line(`  --env-file "$here/%s.env" "${docker_env[@]}" \`, name)
	line(`  -v /cache:/cache \`)
	line(`  "$CAMP_IMAGE" radiance "${args[@]}" >>"$log" 2>&1`)

	env = strings.Join([]string{
		"# " + name + ": the one proven serving shape.",
		"CAMP_IMAGE=radiance:2026.11.3",
		"CAMP_MODEL=/models/qwen38-a3b-bf16",
		"CAMP_MAX_MODEL_LEN=32768",
		"CAMP_MAX_SEQS=8",
		"CAMP_MAX_BATCHED_TOKENS=1024",
		"CAMP_HOST_POOL_MIB=98304",
		"CAMP_GPU_HEADROOM_MIB=1536",
		"CAMP_TP=2",
		"CAMP_PORT=7770",
		"",
	}, "\n")
	return b.String(), env
}
