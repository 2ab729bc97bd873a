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
		t.Skip("the layout matrix evaluates every mode of 250 scripts")
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
// either the env key it reads or a literal.
type pflag struct {
	role    string
	key     string // env key without the APP_ prefix, "" for a literal
	literal string
}

type pmode struct {
	name string
	own  []pflag // the mode's own flags (seats, step)
}

type pengine struct {
	name string
	// prefix is the launch words before the flags (the model included);
	// posix is the same for a POSIX script (no difference today).
	prefix string
	flags  map[string]string // role → flag name
	keys   map[string]string // role → env key (without APP_)
	vals   map[string]string // role → value in the env file
	// extraKey is a shape key of this engine the scripts never read.
	extraKey, extraVal string
}

type pscenario struct {
	name string
	// modes gives each mode's own flags.
	modes func(e pengine) []pmode
	// envLines adds lines to the env file (tagged env:NAME).
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

func sharedModes(e pengine, over map[string]map[string]pflag) []pmode {
	var out []pmode
	for _, n := range parityModeNames {
		seats := pflag{role: "seats", key: e.keys["seats"]}
		step := pflag{role: "step", key: e.keys["step"]}
		if f, ok := over[n]["seats"]; ok {
			seats = f
		}
		if f, ok := over[n]["step"]; ok {
			step = f
		}
		out = append(out, pmode{name: n, own: []pflag{seats, step}})
	}
	return out
}

var parityScenarios = []pscenario{
	{
		name:  "clean",
		modes: func(e pengine) []pmode { return sharedModes(e, nil) },
	},
	{
		name: "seats",
		modes: func(e pengine) []pmode {
			return sharedModes(e, map[string]map[string]pflag{"bench": {"seats": {role: "seats", literal: "16"}}})
		},
		want: []string{"privateshape@bench:seats", "argvdrift@bench:seats"},
		argv: map[string]map[string]string{"bench": {"seats": "16"}},
	},
	{
		name: "step",
		modes: func(e pengine) []pmode {
			return sharedModes(e, map[string]map[string]pflag{"kl-ref": {"step": {role: "step", literal: "2048"}}})
		},
		want: []string{"privateshape@kl-ref:step", "argvdrift@kl-ref:step"},
		argv: map[string]map[string]string{"kl-ref": {"step": "2048"}},
	},
	{
		name: "alias",
		modes: func(e pengine) []pmode {
			return sharedModes(e, map[string]map[string]pflag{"kl": {"seats": {role: "seats", key: "KL_" + e.keys["seats"]}}})
		},
		envExtra: func(e pengine) []pline {
			return []pline{{"APP_KL_" + e.keys["seats"] + "=" + e.vals["seats"], "env:alias"}}
		},
		want: []string{"shapealias@env:alias", "shapealias@kl:seats"},
	},
	{
		name:        "envowner",
		modes:       func(e pengine) []pmode { return sharedModes(e, nil) },
		noPort:      true,
		unusedExtra: true,
		want:        []string{"envowner@shared:port", "envowner@env:extra"},
		fixed:       []string{"envowner@shared:port", "envowner@env:extra"},
	},
}

var parityEngines = []pengine{
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
// quoted says whether a key's expansion is double-quoted.
func fmtFlag(e pengine, f pflag, sep string, quoted bool) string {
	v := f.literal
	if f.key != "" {
		v = "$APP_" + f.key
		if quoted {
			v = `"` + v + `"`
		}
	}
	return e.flags[f.role] + sep + v
}

func sharedFlags(e pengine) []pflag {
	return []pflag{{role: "len", key: e.keys["len"]}, {role: "port", key: e.keys["port"]}}
}

type playout struct {
	name string
	// file is the script's name; env the env file's.
	gen func(e pengine, modes []pmode) []pline
}

const parityHead = "#!/usr/bin/env bash\nset -euo pipefail\n. \"$(dirname \"$0\")/serve.env\""

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

// arrayBody writes `args+=(…)` for a mode, one flag a line.
func arrayBody(e pengine, m pmode, indent, sep string) []pline {
	out := []pline{{indent + "args+=(", ""}}
	for _, f := range m.own {
		out = append(out, pline{indent + "  " + fmtFlag(e, f, sep, true), m.name + ":" + f.role})
	}
	return append(out, pline{indent + ")", ""})
}

func sharedArray(e pengine, sep string) []pline {
	out := []pline{{"args=(", ""}}
	for _, f := range sharedFlags(e) {
		out = append(out, pline{"  " + fmtFlag(e, f, sep, true), "shared:" + f.role})
	}
	return append(out, pline{")", ""})
}

func caseArray(sel, sep string, pre []string) func(e pengine, modes []pmode) []pline {
	return func(e pengine, modes []pmode) []pline {
		out := head(pre...)
		out = append(out, sharedArray(e, sep)...)
		out = append(out, pline{"case " + sel + " in", ""})
		for _, m := range modes {
			out = append(out, pline{"  " + m.name + ")", ""})
			out = append(out, arrayBody(e, m, "    ", sep)...)
			out = append(out, pline{"    ;;", ""})
		}
		out = append(out, pline{`  *) echo "usage: $0 serve|kl|kl-ref|bench" >&2; exit 2 ;;`, ""}, pline{"esac", ""})
		return append(out, pline{"exec " + e.prefix + ` "${args[@]}"`, ""})
	}
}

func ifElif(e pengine, modes []pmode) []pline {
	out := head(`mode=${1:-}`)
	out = append(out, sharedArray(e, " ")...)
	for i, m := range modes {
		kw := "elif"
		if i == 0 {
			kw = "if"
		}
		out = append(out, pline{kw + " [[ $mode == " + m.name + " ]]; then", ""})
		out = append(out, arrayBody(e, m, "  ", " ")...)
	}
	out = append(out, pline{"else", ""}, pline{`  echo "usage: $0 serve|kl|kl-ref|bench" >&2`, ""}, pline{"  exit 2", ""}, pline{"fi", ""})
	return append(out, pline{"exec " + e.prefix + ` "${args[@]}"`, ""})
}

// funcBody writes a function that launches the engine with the shared and
// the mode's own flags, one a line with continuations.
func funcBody(e pengine, fn string, m pmode) []pline {
	out := []pline{{fn + "() {", ""}, {"  exec " + e.prefix + ` \`, ""}}
	for _, f := range sharedFlags(e) {
		out = append(out, pline{"    " + fmtFlag(e, f, " ", true) + ` \`, m.name + ":shared:" + f.role})
	}
	for i, f := range m.own {
		cont := ` \`
		if i == len(m.own)-1 {
			cont = ""
		}
		out = append(out, pline{"    " + fmtFlag(e, f, " ", true) + cont, m.name + ":" + f.role})
	}
	return append(out, pline{"}", ""})
}

func funcsDollar1(e pengine, modes []pmode) []pline {
	out := head()
	for _, m := range modes {
		out = append(out, funcBody(e, m.name, m)...)
	}
	return append(out, pline{`case "${1:-}" in serve|kl|kl-ref|bench) ;; *) echo "usage: $0 serve|kl|kl-ref|bench" >&2; exit 2 ;; esac`, ""}, pline{`"$1"`, ""})
}

func funcsCase(e pengine, modes []pmode) []pline {
	out := head()
	fn := func(m pmode) string { return strings.ReplaceAll(m.name, "-", "_") + "_mode" }
	for _, m := range modes {
		out = append(out, funcBody(e, fn(m), m)...)
	}
	out = append(out, pline{`case "${1:-}" in`, ""})
	for _, m := range modes {
		out = append(out, pline{"  " + m.name + ") " + fn(m) + " ;;", ""})
	}
	return append(out, pline{`  *) echo "usage: $0 serve|kl|kl-ref|bench" >&2; exit 2 ;;`, ""}, pline{"esac", ""})
}

func plainArgv(e pengine, modes []pmode) []pline {
	out := head()
	out = append(out, pline{`case "${1:-}" in`, ""})
	for _, m := range modes {
		out = append(out, pline{"  " + m.name + ")", ""}, pline{"    exec " + e.prefix + ` \`, ""})
		for _, f := range sharedFlags(e) {
			out = append(out, pline{"      " + fmtFlag(e, f, " ", true) + ` \`, m.name + ":shared:" + f.role})
		}
		for i, f := range m.own {
			cont := ` \`
			if i == len(m.own)-1 {
				cont = ""
			}
			out = append(out, pline{"      " + fmtFlag(e, f, " ", true) + cont, m.name + ":" + f.role})
		}
		out = append(out, pline{"    ;;", ""})
	}
	return append(out, pline{`  *) echo "usage: $0 serve|kl|kl-ref|bench" >&2; exit 2 ;;`, ""}, pline{"esac", ""})
}

// stringFlags carries the flags in strings: COMMON for the shared ones and
// EXTRA for the mode's, expanded unquoted. posix writes a POSIX sh script
// with [ "$1" = x ] tests.
func stringFlags(posix bool) func(e pengine, modes []pmode) []pline {
	return func(e pengine, modes []pmode) []pline {
		var out []pline
		if posix {
			out = []pline{{"#!/bin/sh", ""}, {"set -eu", ""}, {". ./serve.env", ""}, {`mode=${1:-}`, ""}, {`EXTRA=""`, ""}}
		} else {
			out = head(`mode=${1:-}`)
		}
		sh := sharedFlags(e)
		out = append(out, pline{`COMMON="` + fmtFlag(e, sh[0], " ", false), "shared:" + sh[0].role},
			pline{"  " + fmtFlag(e, sh[1], " ", false) + `"`, "shared:" + sh[1].role})
		for i, m := range modes {
			kw, test := "elif", "[[ $mode == "+m.name+" ]]"
			if i == 0 {
				kw = "if"
			}
			if posix {
				test = `[ "$mode" = ` + m.name + " ]"
			}
			out = append(out, pline{kw + " " + test + "; then", ""},
				pline{`  EXTRA="` + fmtFlag(e, m.own[0], " ", false), m.name + ":" + m.own[0].role},
				pline{"    " + fmtFlag(e, m.own[1], " ", false) + `"`, m.name + ":" + m.own[1].role})
		}
		out = append(out, pline{"else", ""}, pline{`  echo "usage: $0 serve|kl|kl-ref|bench" >&2`, ""}, pline{"  exit 2", ""}, pline{"fi", ""})
		out = append(out, pline{"# shellcheck disable=SC2086", ""})
		return append(out, pline{"exec " + e.prefix + " $COMMON $EXTRA", ""})
	}
}

var parityLayouts = []playout{
	{"case-array", caseArray(`"${1:-}"`, " ", nil)},
	{"if-elif", ifElif},
	{"funcs-dollar1", funcsDollar1},
	{"funcs-case", funcsCase},
	{"equals", caseArray(`"${1:-}"`, "=", nil)},
	{"plain-argv", plainArgv},
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
	modes := sc.modes(e)
	script, env := lay.gen(e, modes), envFile(sc, e)
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
		if s2 := r2.Unit.ScriptAt(sp); s2 != nil {
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

// argvValue returns the value of flag in argv (--f V or --f=V).
func argvValue(argv []string, flag string) (string, bool) {
	for i, a := range argv {
		if a == flag && i+1 < len(argv) {
			return argv[i+1], true
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v, true
		}
	}
	return "", false
}
