package parser

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// A variable the shell or the sandbox gives its own meaning is never a
// mode selector: the dry run would set it to a case pattern of the script.
func TestEnvSelectorsShellVars(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"MODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", []string{"MODE"}},
		{"TMPDIR=${TMPDIR:-serve}\ncase \"$TMPDIR\" in serve) vllm serve /m ;; /tmp) vllm serve /m ;; esac\n", nil},
		{"case \"${HOME:-serve}\" in serve) vllm serve /m ;; kl) vllm serve /m ;; esac\n", nil},
		{"case \"${PATH:-serve}\" in serve) vllm serve /m ;; kl) vllm serve /m ;; esac\n", nil},
		{"IFS=${IFS:-serve}\ncase \"$IFS\" in serve) vllm serve /m ;; kl) vllm serve /m ;; esac\n", nil},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		if !slices.Equal(s.EnvSelectors, tc.want) {
			t.Errorf("%q: EnvSelectors = %v, want %v", tc.src, s.EnvSelectors, tc.want)
		}
	}
}

// EvalSelectors: a mode named only by a test of an environment selector
// runs with $1 unset (an optional argument such as TP=${1:-1} keeps its
// default); one named by $1 leaves the selectors at their defaults; one
// named by the variable an option sets gets the option.
func TestEvalSelectorsArg(t *testing.T) {
	const optLoop = "MODE=serve\nwhile [[ $# -gt 0 ]]; do\n  case \"$1\" in\n    --mode) MODE=\"$2\"; shift 2 ;;\n    --port) PORT=$2; shift 2 ;;\n    *) exit 2 ;;\n  esac\ndone\n"
	const modes = "case \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n"
	for _, tc := range []struct {
		src, mode string
		env       []string
		params    []string
	}{
		{"TP=${1:-1}\nMODE=${MODE:-serve}\n" + modes, "kl", []string{"MODE"}, nil},
		{"MODE=${MODE:-serve}\n" + modes + "case \"$1\" in bench) vllm serve /m --max-num-seqs 2 ;; esac\n", "bench", nil, []string{"bench"}},
		{"MODE=${MODE:-serve}\n" + modes + "case \"$1\" in bench) vllm serve /m --max-num-seqs 2 ;; esac\n", "kl", []string{"MODE"}, nil},
		{"MODE=${MODE:-serve}\n[[ $1 == bench ]] && exec vllm serve /m --max-num-seqs 2\n" + modes, "bench", nil, []string{"bench"}},
		{optLoop + modes, "kl", nil, []string{"--mode", "kl"}},
		{strings.Replace(optLoop, `--mode) MODE="$2"; shift 2`, `--mode=*) MODE="${1#*=}"; shift`, 1) + modes, "kl", nil, []string{"--mode=kl"}},
		{strings.Replace(optLoop, `--mode) MODE="$2"; shift 2`, `-m|--mode) shift; MODE=$1; shift`, 1) + modes, "kl", nil, []string{"--mode", "kl"}},
		{"MODE=serve\nwhile getopts m:p: o; do case $o in m) MODE=$OPTARG ;; p) PORT=$OPTARG ;; esac; done\n" + modes, "kl", nil, []string{"-m", "kl"}},
		{"MODE=serve\nfor a in \"$@\"; do case $a in --mode=*) MODE=${a#--mode=} ;; esac; done\n" + modes, "kl", nil, []string{"--mode=kl"}},
		{"parse() { while [ $# -gt 0 ]; do case $1 in --mode) MODE=${2:?}; shift 2 ;; *) shift ;; esac; done; }\nMODE=${MODE:-serve}\nparse \"$@\"\n" + modes, "kl", nil, []string{"--mode", "kl"}},
		{strings.Replace(optLoop, `--mode) MODE="$2"; shift 2`, `-m|--mode) shift || true; MODE=${1:-serve}; shift || true`, 1) + modes, "kl", nil, []string{"--mode", "kl"}},
		{strings.Replace(optLoop, `--mode) MODE="$2"; shift 2`, `--mode=*) MODE=${1/--mode=/}; shift`, 1) + modes, "kl", nil, []string{"--mode=kl"}},
		{strings.Replace(optLoop, `--mode) MODE="$2"; shift 2`, `--mode) MODE=${2,,}; shift 2`, 1) + modes, "kl", nil, []string{"--mode", "kl"}},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		m := s.ModeNamed(tc.mode)
		if m == nil {
			t.Errorf("%q: no mode %s", tc.src, tc.mode)
			continue
		}
		env, params := s.EvalSelectors(m)
		if !slices.Equal(env, tc.env) || !slices.Equal(params, tc.params) {
			t.Errorf("%q: EvalSelectors(%s) = %q, %q; want %q, %q", tc.src, tc.mode, env, params, tc.env, tc.params)
		}
	}
}

// No option selector: an option that picks a workload (--model, no arm
// naming the proven mode), a loop in a function not handed "$@", a
// variable also set in a branch, two options that both pick a mode, a
// subcommand shifted off before the options (./run.sh start --mode kl).
func TestNoOptionSelector(t *testing.T) {
	for _, src := range []string{
		"MODEL=a\nwhile [[ $# -gt 0 ]]; do case $1 in --model) MODEL=$2; shift 2 ;; esac; done\ncase $MODEL in a) vllm serve a ;; b) vllm serve b --max-num-seqs 2 ;; esac\n",
		"parse() { while [ $# -gt 0 ]; do case $1 in --mode) MODE=$2; shift 2 ;; esac; done; }\nparse --mode kl\ncase $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
		"MODE=serve\nwhile [[ $# -gt 0 ]]; do case $1 in --mode) MODE=$2; shift 2 ;; esac; done\n[[ -f x ]] && MODE=kl\ncase $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
		"while [[ $# -gt 0 ]]; do case $1 in --mode) MODE=$2; shift 2 ;; --role) ROLE=$2; shift 2 ;; esac; done\ncase $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\ncase $ROLE in serve) vllm serve /m ;; esac\n",
		"cmd=${1:-start}\nshift || true\nMODE=serve\nwhile [[ $# -gt 0 ]]; do case $1 in --mode) MODE=$2; shift 2 ;; *) shift ;; esac; done\ncase $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
		"MODE=serve\nparse() { while [[ $# -gt 0 ]]; do case $1 in --mode) MODE=$2; shift 2 ;; *) shift ;; esac; done; }\nstart() { parse \"$@\"; case $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac; }\ncase $1 in start) shift; start \"$@\" ;; esac\n",
		"MODE=serve\nwhile read -r MODE; do :; done < modes\nwhile [[ $# -gt 0 ]]; do case $1 in --mode) MODE=$2; shift 2 ;; esac; done\ncase $MODE in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
	} {
		s := ParseScript("s.sh", []byte(src))
		s.Analyze(RoleMatcher{})
		if s.Option != nil {
			t.Errorf("%q: option %v picks the mode; want none", src, s.Option)
		}
	}
}

// A switch per mode (--kl) MODE=kl) picks the mode when every mode the
// dispatch names is a switch's or the default; otherwise no option picks
// the modes (a mode no switch reaches would be evaluated as the default).
func TestOptionSwitches(t *testing.T) {
	const loop = "MODE=serve\nwhile [[ $# -gt 0 ]]; do\n  case \"$1\" in\n    -k|--kl) MODE=kl; shift ;;\n    --port) PORT=$2; shift 2 ;;\n    *) exit 2 ;;\n  esac\ndone\n"
	for _, tc := range []struct {
		src    string
		params map[string][]string // nil: no option picks the modes
	}{
		{loop + "case \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
			map[string][]string{"serve": {}, "kl": {"--kl"}}},
		{loop + "case \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m ;; calib) vllm serve /m --max-num-seqs 4 ;; esac\n", nil},
		{strings.Replace(loop, "MODE=serve\n", "MODE=${MODE:-serve}\n", 1) + "case \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n",
			map[string][]string{"serve": {}, "kl": {"--kl"}}},
		{strings.Replace(loop, "    --port)", "    --mode) MODE=$2; shift 2 ;;\n    --port)", 1) + "case \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", nil},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		if tc.params == nil {
			if s.Option != nil && s.Option.Switches != nil {
				t.Errorf("%q: switches %v, want none", tc.src, s.Option.Switches)
			}
			continue
		}
		if s.Option == nil || s.Option.Switches == nil {
			t.Errorf("%q: no switches", tc.src)
			continue
		}
		for mode, want := range tc.params {
			if got := s.ParamsFor(mode); !slices.Equal(got, want) || got == nil {
				t.Errorf("%q: ParamsFor(%s) = %#v, want %#v", tc.src, mode, got, want)
			}
		}
	}
}

// A log line with a command substitution (a subshell) is inert; an
// arithmetic that assigns, or ${X:=v}, is not.
func TestInertLogLines(t *testing.T) {
	for _, tc := range []struct {
		src   string
		inert bool
	}{
		{`echo "[$(date +%T)] serve" >> "$LOG"`, true},
		{`[[ -n $(command -v nvidia-smi) ]] && printf '%s\n' "$(date)" >&2`, true},
		{`echo "$((2 * 3))"`, true},
		{`echo "$((n++))"`, false},
		{`echo "$((n = 4))"`, false},
		{`echo "${N:=4}"`, false},
		{`echo "[$(date)] seats ${KL_SEQS:=16} of $((MAX_SEQS))" >> "$LOG"`, false},
		{`echo "$(( $(nproc) + 1 ))"`, true},
		{`echo hi > "$(mktemp)"`, false},
		{`cat <(echo hi)`, false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src+"\n"), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := noop(f.Stmts); got != tc.inert {
			t.Errorf("%q: noop = %v, want %v", tc.src, got, tc.inert)
		}
	}
}
