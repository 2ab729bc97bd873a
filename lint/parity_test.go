package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

// TestLayoutParity writes each planted mistake (scenario) in every layout a
// serve script is written in (case "$1" with arrays, if/elif, per-mode
// functions, --flag=value, plain argv, strings of flags, POSIX sh, a mode
// picked by the environment or by an option) for every engine launcher, and
// checks that each cell gets the findings the scenario plants, on the line
// that carries the mistake, and nothing else; that each mode's dry-run argv
// holds the values the scenario means; and that --fix leaves a script whose
// modes boot alike (a second --fix changes nothing).
func TestLayoutParity(t *testing.T) {
	if testing.Short() {
		t.Skip("the layout matrix evaluates every mode of 784 scripts")
	}
	for _, sc := range parityScenarios {
		for _, lay := range parityLayouts {
			for _, eng := range parityEngines {
				name := sc.name + "/" + lay.name + "/" + eng.name
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					checkParityCell(t, sc, lay, eng)
				})
			}
		}
	}
}

// pline is one generated line and what it means (its tag), so that a
// finding's line is compared by meaning across layouts.
type pline struct{ text, tag string }

// pflag is one flag a mode passes: its role (seats, step, len, port) and
// the env key it reads, or a literal, or a mode-local variable (local)
// holding the literal.
type pflag struct {
	role    string
	key     string // env key without the APP_ prefix, "" for a literal
	literal string
	local   string // a variable the mode sets to literal (seqs=16)
}

type pmode struct {
	name string
	own  []pflag // the mode's own flags, after the shared ones
}

// pshape is what a scenario's script passes: flags every mode shares, and
// each mode's own.
type pshape struct {
	shared []pflag
	modes  []pmode
}

type pengine struct {
	name string
	// prefix is the launch words before the flags (the model included).
	prefix string
	flags  map[string]string // role → flag name
	keys   map[string]string // role → env key (without APP_)
	vals   map[string]string // role → value in the env file
	// extraKey is a shape key of this engine the scripts never read.
	extraKey, extraVal string
}

type pscenario struct {
	name  string
	shape func(e pengine) pshape
	// envExtra adds lines to the env file (tagged env:NAME).
	envExtra func(e pengine) []pline
	// noPort leaves APP_PORT out of the env file; unusedExtra adds the
	// engine's extra shape key.
	noPort, unusedExtra bool
	// want is the set of "rule@tag" findings.
	want []string
	// fixed is the findings left after --fix.
	fixed []string
	// argv: mode → role → value the dry run must show.
	argv map[string]map[string]string
}

var parityModeNames = []string{"serve", "kl", "kl-ref", "bench"}

func owner(e pengine, role string) pflag { return pflag{role: role, key: e.keys[role]} }

// perMode is the reference shape: len and port shared, each mode passing
// its own seats and step (from the owner unless over says otherwise).
func perMode(e pengine, over map[string]map[string]pflag) pshape {
	sh := pshape{shared: []pflag{owner(e, "len"), owner(e, "port")}}
	for _, n := range parityModeNames {
		seats, step := owner(e, "seats"), owner(e, "step")
		if f, ok := over[n]["seats"]; ok {
			seats = f
		}
		if f, ok := over[n]["step"]; ok {
			step = f
		}
		sh.modes = append(sh.modes, pmode{name: n, own: []pflag{seats, step}})
	}
	return sh
}

// allShared passes every flag in the shared part; a mode may add its own
// second copy (extra).
func allShared(e pengine, extra map[string][]pflag) pshape {
	sh := pshape{shared: []pflag{owner(e, "len"), owner(e, "port"), owner(e, "seats"), owner(e, "step")}}
	for _, n := range parityModeNames {
		sh.modes = append(sh.modes, pmode{name: n, own: extra[n]})
	}
	return sh
}

var parityScenarios = []pscenario{
	{
		name:  "clean",
		shape: func(e pengine) pshape { return perMode(e, nil) },
	},
	{
		name:  "clean-shared",
		shape: func(e pengine) pshape { return allShared(e, nil) },
	},
	{
		name: "seats",
		shape: func(e pengine) pshape {
			return perMode(e, map[string]map[string]pflag{"bench": {"seats": {role: "seats", literal: "16"}}})
		},
		want: []string{"privateshape@bench:seats", "argvdrift@bench:seats"},
		argv: map[string]map[string]string{"bench": {"seats": "16"}},
	},
	{
		name: "seats-local",
		shape: func(e pengine) pshape {
			return perMode(e, map[string]map[string]pflag{"bench": {"seats": {role: "seats", literal: "16", local: "seqs"}}})
		},
		want: []string{"privateshape@bench:seats", "argvdrift@bench:seats"},
		argv: map[string]map[string]string{"bench": {"seats": "16"}},
	},
	{
		name: "step",
		shape: func(e pengine) pshape {
			return perMode(e, map[string]map[string]pflag{"kl-ref": {"step": {role: "step", literal: "2048"}}})
		},
		want: []string{"privateshape@kl-ref:step", "argvdrift@kl-ref:step"},
		argv: map[string]map[string]string{"kl-ref": {"step": "2048"}},
	},
	{
		name: "override",
		shape: func(e pengine) pshape {
			return allShared(e, map[string][]pflag{"bench": {{role: "seats", literal: "16"}}})
		},
		want: []string{"privateshape@bench:seats", "argvdrift@bench:seats"},
		argv: map[string]map[string]string{"bench": {"seats": "16"}},
	},
	{
		name: "alias",
		shape: func(e pengine) pshape {
			return perMode(e, map[string]map[string]pflag{"kl": {"seats": {role: "seats", key: "KL_" + e.keys["seats"]}}})
		},
		envExtra: func(e pengine) []pline {
			return []pline{{"APP_KL_" + e.keys["seats"] + "=" + e.vals["seats"], "env:alias"}}
		},
		want: []string{"shapealias@env:alias", "shapealias@kl:seats"},
	},
	{
		name:        "envowner",
		shape:       func(e pengine) pshape { return perMode(e, nil) },
		noPort:      true,
		unusedExtra: true,
		want:        []string{"envowner@shared:port", "envowner@env:extra"},
		fixed:       []string{"envowner@shared:port", "envowner@env:extra"},
	},
}

var parityEngines = []pengine{
	{
		name: "llama-server", prefix: `llama-server -m "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--parallel", "step": "--batch-size", "len": "--ctx-size", "port": "--port"},
		keys:     map[string]string{"seats": "PARALLEL", "step": "BATCH_SIZE", "len": "CTX_SIZE", "port": "PORT"},
		vals:     map[string]string{"seats": "8", "step": "512", "len": "8192", "port": "8080"},
		extraKey: "N_GPU_LAYERS", extraVal: "99",
	},
	{
		name: "trtllm", prefix: `trtllm-serve "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max_batch_size", "step": "--max_num_tokens", "len": "--max_seq_len", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_BATCH_SIZE", "step": "MAX_NUM_TOKENS", "len": "MAX_SEQ_LEN", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "8000"},
		extraKey: "TP_SIZE", extraVal: "2",
	},
	{
		name: "vllm", prefix: `vllm serve "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max-num-seqs", "step": "--max-num-batched-tokens", "len": "--max-model-len", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_NUM_SEQS", "step": "MAX_NUM_BATCHED_TOKENS", "len": "MAX_MODEL_LEN", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "8000"},
		extraKey: "GPU_MEMORY_UTILIZATION", extraVal: "0.85",
	},
	{
		name: "vllm-py", prefix: `python3 -m vllm.entrypoints.openai.api_server --model "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max-num-seqs", "step": "--max-num-batched-tokens", "len": "--max-model-len", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_NUM_SEQS", "step": "MAX_NUM_BATCHED_TOKENS", "len": "MAX_MODEL_LEN", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "8000"},
		extraKey: "GPU_MEMORY_UTILIZATION", extraVal: "0.85",
	},
	{
		name: "sglang", prefix: `python3 -m sglang.launch_server --model-path "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max-running-requests", "step": "--chunked-prefill-size", "len": "--context-length", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_RUNNING_REQUESTS", "step": "CHUNKED_PREFILL_SIZE", "len": "CONTEXT_LENGTH", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "30000"},
		extraKey: "MEM_FRACTION_STATIC", extraVal: "0.85",
	},
	{
		name: "tgi", prefix: `text-generation-launcher --model-id "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max-concurrent-requests", "step": "--max-batch-prefill-tokens", "len": "--max-total-tokens", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_CONCURRENT_REQUESTS", "step": "MAX_BATCH_PREFILL_TOKENS", "len": "MAX_TOTAL_TOKENS", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "8080"},
		extraKey: "MAX_BATCH_TOTAL_TOKENS", extraVal: "65536",
	},
	{
		name: "docker-vllm", prefix: `docker run --rm --gpus all --ipc=host -v /models:/models vllm/vllm-openai:v0.9.1 --model "$APP_MODEL"`,
		flags:    map[string]string{"seats": "--max-num-seqs", "step": "--max-num-batched-tokens", "len": "--max-model-len", "port": "--port"},
		keys:     map[string]string{"seats": "MAX_NUM_SEQS", "step": "MAX_NUM_BATCHED_TOKENS", "len": "MAX_MODEL_LEN", "port": "PORT"},
		vals:     map[string]string{"seats": "64", "step": "4096", "len": "8192", "port": "8000"},
		extraKey: "GPU_MEMORY_UTILIZATION", extraVal: "0.85",
	},
}

// fmtFlag renders one flag in a layout's style: "sep" is " " or "=",
// quoted says whether an expansion is double-quoted.
func fmtFlag(e pengine, f pflag, sep string, quoted bool) string {
	v := f.literal
	if f.key != "" || f.local != "" {
		v = "$APP_" + f.key
		if f.local != "" {
			v = "$" + f.local
		}
		if quoted {
			v = `"` + v + `"`
		}
	}
	return e.flags[f.role] + sep + v
}

// locals are the lines setting a mode's local variables.
func locals(m pmode, indent string) []pline {
	var out []pline
	for _, f := range m.own {
		if f.local != "" {
			out = append(out, pline{indent + f.local + "=" + f.literal, m.name + ":local"})
		}
	}
	return out
}

// flagLines writes flags one a line, tagged prefix+role, each line ending
// with end (a continuation) but the last when last is false.
func flagLines(e pengine, fs []pflag, tag, indent, sep, end string, last bool) []pline {
	var out []pline
	for i, f := range fs {
		cont := end
		if i == len(fs)-1 && !last {
			cont = ""
		}
		out = append(out, pline{indent + fmtFlag(e, f, sep, true) + cont, tag + f.role})
	}
	return out
}

// stringLines writes NAME="flag …" over one line a flag, unquoted
// expansions inside the string.
func stringLines(e pengine, name string, fs []pflag, tag, indent string) []pline {
	if len(fs) == 0 {
		return []pline{{indent + name + `=""`, ""}}
	}
	var out []pline
	for i, f := range fs {
		text := indent + "  " + fmtFlag(e, f, " ", false)
		if i == 0 {
			text = indent + name + `="` + fmtFlag(e, f, " ", false)
		}
		if i == len(fs)-1 {
			text += `"`
		}
		out = append(out, pline{text, tag + f.role})
	}
	return out
}

type playout struct {
	name string
	gen  func(e pengine, sh pshape) []pline
}

const parityHead = "#!/usr/bin/env bash\nset -euo pipefail\n. \"$(dirname \"$0\")/serve.env\""

const parityUsage = `echo "usage: $0 serve|kl|kl-ref|bench" >&2`

func head(extra ...string) []pline {
	var out []pline
	for _, l := range strings.Split(parityHead, "\n") {
		out = append(out, pline{l, ""})
	}
	for _, l := range extra {
		out = append(out, pline{l, ""})
	}
	return out
}

// arrayBody writes a mode's locals and `args+=(…)`, one flag a line.
func arrayBody(e pengine, m pmode, indent, sep string) []pline {
	out := locals(m, indent)
	if len(m.own) == 0 {
		return append(out, pline{indent + ":", ""})
	}
	out = append(out, pline{indent + "args+=(", ""})
	out = append(out, flagLines(e, m.own, m.name+":", indent+"  ", sep, "", true)...)
	return append(out, pline{indent + ")", ""})
}

func sharedArray(e pengine, sh pshape, sep string) []pline {
	out := []pline{{"args=(", ""}}
	out = append(out, flagLines(e, sh.shared, "shared:", "  ", sep, "", true)...)
	return append(out, pline{")", ""})
}

func caseArray(sel, sep string, pre []string) func(e pengine, sh pshape) []pline {
	return func(e pengine, sh pshape) []pline {
		out := head(pre...)
		out = append(out, sharedArray(e, sh, sep)...)
		out = append(out, pline{"case " + sel + " in", ""})
		for _, m := range sh.modes {
			out = append(out, pline{"  " + m.name + ")", ""})
			out = append(out, arrayBody(e, m, "    ", sep)...)
			out = append(out, pline{"    ;;", ""})
		}
		out = append(out, pline{"  *) " + parityUsage + "; exit 2 ;;", ""}, pline{"esac", ""})
		return append(out, pline{"exec " + e.prefix + ` "${args[@]}"`, ""})
	}
}

func ifElif(e pengine, sh pshape) []pline {
	out := head(`mode=${1:-}`)
	out = append(out, sharedArray(e, sh, " ")...)
	for i, m := range sh.modes {
		kw := "elif"
		if i == 0 {
			kw = "if"
		}
		out = append(out, pline{kw + " [[ $mode == " + m.name + " ]]; then", ""})
		out = append(out, arrayBody(e, m, "  ", " ")...)
	}
	out = append(out, pline{"else", ""}, pline{"  " + parityUsage, ""}, pline{"  exit 2", ""}, pline{"fi", ""})
	return append(out, pline{"exec " + e.prefix + ` "${args[@]}"`, ""})
}

// launchLines writes a mode's locals and its whole engine command, the
// shared and the mode's own flags one a line with continuations.
func launchLines(e pengine, shared []pflag, m pmode, indent, sep string) []pline {
	out := locals(m, indent)
	out = append(out, pline{indent + "exec " + e.prefix + ` \`, ""})
	out = append(out, flagLines(e, shared, m.name+":shared:", indent+"  ", sep, ` \`, len(m.own) > 0)...)
	return append(out, flagLines(e, m.own, m.name+":", indent+"  ", sep, ` \`, false)...)
}

func funcsDollar1(e pengine, sh pshape) []pline {
	out := head()
	for _, m := range sh.modes {
		out = append(out, pline{m.name + "() {", ""})
		out = append(out, launchLines(e, sh.shared, m, "  ", " ")...)
		out = append(out, pline{"}", ""})
	}
	return append(out, pline{`case "${1:-}" in serve|kl|kl-ref|bench) ;; *) ` + parityUsage + `; exit 2 ;; esac`, ""}, pline{`"$1"`, ""})
}

func funcsCase(e pengine, sh pshape) []pline {
	out := head()
	fn := func(m pmode) string { return strings.ReplaceAll(m.name, "-", "_") + "_mode" }
	for _, m := range sh.modes {
		out = append(out, pline{fn(m) + "() {", ""})
		out = append(out, launchLines(e, sh.shared, m, "  ", " ")...)
		out = append(out, pline{"}", ""})
	}
	out = append(out, pline{`case "${1:-}" in`, ""})
	for _, m := range sh.modes {
		out = append(out, pline{"  " + m.name + ") " + fn(m) + " ;;", ""})
	}
	return append(out, pline{"  *) " + parityUsage + "; exit 2 ;;", ""}, pline{"esac", ""})
}

func plainArgv(sep string) func(e pengine, sh pshape) []pline {
	return func(e pengine, sh pshape) []pline {
		out := head()
		out = append(out, pline{`case "${1:-}" in`, ""})
		for _, m := range sh.modes {
			out = append(out, pline{"  " + m.name + ")", ""})
			out = append(out, launchLines(e, sh.shared, m, "    ", sep)...)
			out = append(out, pline{"    ;;", ""})
		}
		return append(out, pline{"  *) " + parityUsage + "; exit 2 ;;", ""}, pline{"esac", ""})
	}
}

// stringFlags carries the flags in strings: COMMON for the shared ones and
// EXTRA for the mode's, expanded unquoted. posix writes a POSIX sh script
// with [ "$1" = x ] tests.
func stringFlags(posix bool) func(e pengine, sh pshape) []pline {
	return func(e pengine, sh pshape) []pline {
		var out []pline
		if posix {
			out = []pline{{"#!/bin/sh", ""}, {"set -eu", ""}, {". ./serve.env", ""}, {`mode=${1:-}`, ""}, {`EXTRA=""`, ""}}
		} else {
			out = head(`mode=${1:-}`)
		}
		out = append(out, stringLines(e, "COMMON", sh.shared, "shared:", "")...)
		for i, m := range sh.modes {
			kw, test := "elif", "[[ $mode == "+m.name+" ]]"
			if i == 0 {
				kw = "if"
			}
			if posix {
				test = `[ "$mode" = ` + m.name + " ]"
			}
			out = append(out, pline{kw + " " + test + "; then", ""})
			out = append(out, locals(m, "  ")...)
			out = append(out, stringLines(e, "EXTRA", m.own, m.name+":", "  ")...)
		}
		out = append(out, pline{"else", ""}, pline{"  " + parityUsage, ""}, pline{"  exit 2", ""}, pline{"fi", ""})
		out = append(out, pline{"# shellcheck disable=SC2086", ""})
		return append(out, pline{"exec " + e.prefix + " $COMMON $EXTRA", ""})
	}
}

// modeFuncs writes mode_NAME functions run as "mode_${1//-/_}".
func modeFuncs(e pengine, sh pshape) []pline {
	out := head()
	for _, m := range sh.modes {
		out = append(out, pline{"mode_" + strings.ReplaceAll(m.name, "-", "_") + "() {", ""})
		out = append(out, launchLines(e, sh.shared, m, "  ", " ")...)
		out = append(out, pline{"}", ""})
	}
	return append(out, pline{`[[ -n ${1:-} ]] || { ` + parityUsage + `; exit 2; }`, ""}, pline{`"mode_${1//-/_}"`, ""})
}

// setArgs builds the argv in the positional parameters: the shared flags
// with set --, each mode's with set -- "$@" ….
func setArgs(e pengine, sh pshape) []pline {
	out := head(`mode=${1:-}`, `set --`)
	for _, f := range sh.shared {
		out = append(out, pline{`set -- "$@" ` + fmtFlag(e, f, " ", true), "shared:" + f.role})
	}
	out = append(out, pline{`case "$mode" in`, ""})
	for _, m := range sh.modes {
		out = append(out, pline{"  " + m.name + ")", ""})
		out = append(out, locals(m, "    ")...)
		if len(m.own) == 0 {
			out = append(out, pline{"    :", ""})
		}
		for _, f := range m.own {
			out = append(out, pline{`    set -- "$@" ` + fmtFlag(e, f, " ", true), m.name + ":" + f.role})
		}
		out = append(out, pline{"    ;;", ""})
	}
	out = append(out, pline{"  *) " + parityUsage + "; exit 2 ;;", ""}, pline{"esac", ""})
	return append(out, pline{"exec " + e.prefix + ` "$@"`, ""})
}

// andLines writes each mode's flags as `[[ $mode == NAME ]] && args+=(…)`.
func andLines(e pengine, sh pshape) []pline {
	out := head(`mode=${1:-}`)
	out = append(out, pline{`case "$mode" in serve|kl|kl-ref|bench) ;; *) ` + parityUsage + `; exit 2 ;; esac`, ""})
	out = append(out, sharedArray(e, sh, " ")...)
	for _, m := range sh.modes {
		for _, l := range locals(m, "") {
			out = append(out, pline{`[[ $mode == ` + m.name + ` ]] && ` + l.text, l.tag})
		}
		for _, f := range m.own {
			out = append(out, pline{`[[ $mode == ` + m.name + ` ]] && args+=(` + fmtFlag(e, f, " ", true) + ")", m.name + ":" + f.role})
		}
	}
	return append(out, pline{"exec " + e.prefix + ` "${args[@]}"`, ""})
}

var parityLayouts = []playout{
	{"mode-funcs", modeFuncs},
	{"set-args", setArgs},
	{"and-lines", andLines},
	{"case-array", caseArray(`"${1:-}"`, " ", nil)},
	{"if-elif", ifElif},
	{"funcs-dollar1", funcsDollar1},
	{"funcs-case", funcsCase},
	{"equals", caseArray(`"${1:-}"`, "=", nil)},
	{"plain-argv", plainArgv(" ")},
	{"plain-equals", plainArgv("=")},
	{"string-flags", stringFlags(false)},
	{"posix-sh", stringFlags(true)},
	{"env-mode", caseArray(`"$MODE"`, " ", []string{`MODE=${MODE:-serve}`})},
	{"option-mode", caseArray(`"$MODE"`, " ", []string{
		`MODE=serve`,
		`while [[ $# -gt 0 ]]; do`,
		`  case "$1" in`,
		`    --mode) MODE=$2; shift 2 ;;`,
		`    --mode=*) MODE=${1#*=}; shift ;;`,
		`    *) shift ;;`,
		`  esac`,
		`done`,
	})},
}

func envFile(sc pscenario, e pengine) []pline {
	out := []pline{{"# owns every mode's shape", ""}, {"APP_MODEL=/models/m", "env:model"}}
	for _, r := range []string{"len", "seats", "step", "port"} {
		if r == "port" && sc.noPort {
			continue
		}
		out = append(out, pline{"APP_" + e.keys[r] + "=" + e.vals[r], "env:" + r})
	}
	if sc.unusedExtra {
		out = append(out, pline{"APP_" + e.extraKey + "=" + e.extraVal, "env:extra"})
	}
	if sc.envExtra != nil {
		out = append(out, sc.envExtra(e)...)
	}
	return out
}

func render(ls []pline) []byte {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// tagOf names what a finding's line means; a mode-qualified shared flag
// (plain argv repeats them) counts as the shared one.
func tagOf(ls []pline, line int) string {
	if line < 1 || line > len(ls) || ls[line-1].tag == "" {
		return fmt.Sprintf("line%d", line)
	}
	t := ls[line-1].tag
	if i := strings.Index(t, ":shared:"); i >= 0 {
		t = t[i+1:]
	}
	return t
}

func checkParityCell(t *testing.T, sc pscenario, lay playout, e pengine) {
	dir := t.TempDir()
	script, env := lay.gen(e, sc.shape(e)), envFile(sc, e)
	sp, ep := filepath.Join(dir, "serve.sh"), filepath.Join(dir, "serve.env")
	if err := os.WriteFile(sp, render(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ep, render(env), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := os.Getenv("PARITY_DUMP"); d != "" {
		// PARITY_DUMP=/tmp/cells go test ./lint -run LayoutParity: each
		// cell's files, to run servelint on by hand.
		cell := filepath.Join(d, sc.name, lay.name, e.name)
		if err := os.MkdirAll(cell, 0o755); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(cell, "serve.sh"), render(script), 0o755)
		_ = os.WriteFile(filepath.Join(cell, "serve.env"), render(env), 0o644)
	}
	opts := lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Jobs: 2,
		Evaluator: lint.SandboxEvaluator(5*time.Second, 2, nil)}
	res, err := lint.Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range res.Errors {
		t.Errorf("error: %v", err)
	}
	got := findingTags(res, sp, ep, script, env)
	want := slices.Clone(sc.want)
	sort.Strings(want)
	if !slices.Equal(got.tags, want) {
		t.Errorf("findings %v, want %v\n%s\n--- serve.sh\n%s--- serve.env\n%s", got.tags, want, got.text, render(script), render(env))
	}
	// The dry-run argv of each mode.
	s := res.Unit.ScriptAt(sp)
	if s == nil {
		t.Fatalf("no script model for %s", sp)
	}
	if len(s.Modes) == 0 && noOwnCode(sc.shape(e)) {
		// No mode does anything of its own (case … serve) : ;;): one
		// shape, no modes to compare.
		return
	}
	if names := parser.ModeNames(s.Modes); !sameModeSet(s.Modes) {
		t.Errorf("modes %q, want %v", names, parityModeNames)
	}
	evs := lint.SandboxEvaluator(5*time.Second, 2, nil)(res.Unit, s)
	for _, m := range parityModeNames {
		r := evs[m]
		if r == nil || r.Err != nil {
			t.Errorf("%s: no dry-run argv: %+v", m, r)
			continue
		}
		wantV := map[string]string{"seats": e.vals["seats"], "step": e.vals["step"], "len": e.vals["len"], "port": e.vals["port"]}
		if sc.noPort {
			delete(wantV, "port")
		}
		for role, v := range sc.argv[m] {
			wantV[role] = v
		}
		for role, v := range wantV {
			if gv, ok := argvValue(r.Argv, e.flags[role]); !ok || gv != v {
				t.Errorf("%s: argv %q: %s is %q, want %q", m, r.Argv, e.flags[role], gv, v)
			}
		}
	}
	// --fix: the fixable findings go, a second --fix changes nothing.
	after, oc, err := lint.ApplyFixes(opts, 8)
	if err != nil {
		t.Fatal(err)
	}
	if !oc.Report.Converged {
		t.Errorf("fixes did not converge")
	}
	fixedScript, fixedEnv := script, env
	if ch, ok := oc.Changed[sp]; ok {
		fixedScript = retag(script, ch[1])
	}
	if ch, ok := oc.Changed[ep]; ok {
		fixedEnv = retag(env, ch[1])
	}
	gotAfter := findingTags(after, sp, ep, fixedScript, fixedEnv)
	wantAfter := slices.Clone(sc.fixed)
	sort.Strings(wantAfter)
	if !slices.Equal(gotAfter.tags, wantAfter) {
		var fixed strings.Builder
		for p, ch := range oc.Changed {
			fmt.Fprintf(&fixed, "--- %s after --fix\n%s", filepath.Base(p), ch[1])
		}
		t.Errorf("after --fix: findings %v, want %v\n%s\n%s", gotAfter.tags, wantAfter, gotAfter.text, fixed.String())
	}
	if len(oc.Changed) > 0 {
		o2 := opts
		o2.ReadFile = func(p string) ([]byte, error) {
			if ch, ok := oc.Changed[p]; ok {
				return ch[1], nil
			}
			return os.ReadFile(p)
		}
		_, oc2, err := lint.ApplyFixes(o2, 8)
		if err != nil {
			t.Fatal(err)
		}
		for p := range oc2.Changed {
			t.Errorf("a second --fix changes %s again", p)
		}
		// The fixed modes boot alike.
		r2, err := lint.Run(o2)
		if err != nil {
			t.Fatal(err)
		}
		// With the override deleted, a layout whose modes held only it
		// (bench) set -- "$@" ;;) has no mode code left: one shape.
		if s2 := r2.Unit.ScriptAt(sp); s2 != nil && len(s2.Modes) > 0 {
			ev2 := lint.SandboxEvaluator(5*time.Second, 2, o2.ReadFile)(r2.Unit, s2)
			var serve []string
			if ev2["serve"] != nil {
				serve = ev2["serve"].Argv
			}
			for _, m := range parityModeNames {
				if r := ev2[m]; r == nil || r.Err != nil || !slices.Equal(r.Argv, serve) {
					t.Errorf("after --fix, %s's argv differs from serve's %q: %+v", m, serve, r)
				}
			}
		}
	}
}

func noOwnCode(sh pshape) bool {
	for _, m := range sh.modes {
		if len(m.own) > 0 {
			return false
		}
	}
	return true
}

func sameModeSet(ms []*parser.Mode) bool {
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	sort.Strings(names)
	want := slices.Clone(parityModeNames)
	sort.Strings(want)
	return slices.Equal(names, want)
}

// retag keeps the tags of the lines a fix left as they were (matched by
// text), so that findings after --fix are named by meaning too.
func retag(orig []pline, fixed []byte) []pline {
	byText := map[string]string{}
	for _, l := range orig {
		if l.tag != "" {
			byText[l.text] = l.tag
		}
	}
	var out []pline
	for _, l := range strings.Split(strings.TrimSuffix(string(fixed), "\n"), "\n") {
		out = append(out, pline{l, byText[l]})
	}
	return out
}

type tagged struct {
	tags []string
	text string
}

func findingTags(res *lint.Result, sp, ep string, script, env []pline) tagged {
	var out tagged
	var text strings.Builder
	for _, f := range res.Findings {
		var tag string
		switch f.File {
		case sp:
			tag = tagOf(script, f.Line)
		case ep:
			tag = tagOf(env, f.Line)
		default:
			tag = filepath.Base(f.File) + fmt.Sprintf(":%d", f.Line)
		}
		out.tags = append(out.tags, f.Rule+"@"+tag)
		fmt.Fprintf(&text, "  %s:%d:%d: %s (%s)\n", filepath.Base(f.File), f.Line, f.Column, f.Message, f.Rule)
	}
	sort.Strings(out.tags)
	out.text = text.String()
	return out
}

// argvValue returns the value of flag in argv (--f V or --f=V), the last
// one when it is passed twice (the engines' parsers keep the last).
func argvValue(argv []string, flag string) (v string, ok bool) {
	for i, a := range argv {
		if a == flag && i+1 < len(argv) {
			v, ok = argv[i+1], true
		}
		if x, cut := strings.CutPrefix(a, flag+"="); cut {
			v, ok = x, true
		}
	}
	return v, ok
}
