package dryrun

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// A preflight guard on a value the sandbox does not know (a skipped
// command's output or status) that ends the run is assumed to pass, with a
// note saying so.
func TestGuardAssumedToPass(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		argv      []string
		notes     []string
	}{
		{"arith on a skipped output", "#!/bin/bash\nset -eu\nTP=2\nn=$(nvidia-smi -L | wc -l)\n(( n >= TP )) || { echo \"need $TP GPUs\" >&2; exit 1; }\nvllm serve /m --tensor-parallel-size $TP\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "2"}, []string{"line 5: ((n >= TP)) succeeds"}},
		{"case falls to an exiting default", "#!/bin/bash\nGPU=${GPU:-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)}\ncase $GPU in\n *H100*) M=0.9 ;;\n *A100*) M=0.8 ;;\n *) echo unknown >&2; exit 1 ;;\nesac\nvllm serve /m --gpu-memory-utilization $M\n",
			[]string{"vllm", "serve", "/m", "--gpu-memory-utilization", "0.9"}, []string{"line 3: case $GPU takes its first item that does not exit, *H100*)"}},
		{"if on a skipped status", "#!/bin/bash\ntap=/var/tap\nif compgen -G \"$tap/*\" >/dev/null; then echo \"not empty\" >&2; exit 1; fi\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{`line 3: compgen -G "$tap/*" >/dev/null fails`}},
		{"&& guard through a die function", "#!/bin/bash\ndie() { echo \"$*\" >&2; exit 1; }\ndocker ps --format '{{.Names}}' | grep -q '^x$' && die running\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 3: docker ps"}},
		{"else branch exits", "#!/bin/bash\nif [[ $(nvidia-smi -L) == *GPU* ]]; then :; else exit 3; fi\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"== *GPU* ]] succeeds"}},
		{"a function's if that returns, its caller going on to the end", "#!/bin/bash\nstart_one() {\n  if docker ps --format '{{.Names}}' | grep -qx \"$1\"; then echo \"$1 already running\"; return 0; fi\n  docker run -d --name \"$1\" ghcr.io/huggingface/text-generation-inference:3.0.1 --json-output\n}\nfor m in a b; do start_one \"$m\"; done\necho \"started\"\n",
			[]string{"ghcr.io/huggingface/text-generation-inference:3.0.1", "--json-output"}, []string{`line 3: docker ps --format '{{.Names}}' | grep -qx "$1" fails`}},
		{"|| return, the script exiting right after", "#!/bin/bash\nset -e\nboot() {\n  (( $(nvidia-smi -L | wc -l) >= 2 )) || return 1\n  vllm serve /m\n}\nboot || { echo \"boot failed\" >&2; exit 1; }\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 4: (($(nvidia-smi -L | wc -l) >= 2)) succeeds"}},
		// boot's status is its guard's: the one assumption, not also the
		// caller's `boot || exit 1` (whose condition ran the skipped
		// commands of the guard inside it).
		{"a caller's || exit around a function's || return guard", "#!/bin/bash\nset -euo pipefail\nboot() {\n  n=$(nvidia-smi -L | wc -l)\n  (( n >= 8 )) || return 1\n  vllm serve /m --tensor-parallel-size 8\n}\nboot || exit 1\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "8"}, []string{"line 5: ((n >= 8)) succeeds"}},
		{"an if around a function's if … return guard", "#!/bin/bash\nboot() {\n  if [[ $(nvidia-smi -L) != *H100* ]]; then echo 'no H100' >&2; return 1; fi\n  vllm serve /m\n}\nif ! boot; then echo 'boot failed' >&2; exit 1; fi\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 3: [[ $(nvidia-smi -L) != *H100* ]] fails"}},
		// The caller's guard stops on a value of its own after the
		// function's guard: both are assumed, the function's first.
		{"a caller's guard of its own after the function's", "#!/bin/bash\nboot() {\n  (( $(nvidia-smi -L | wc -l) >= 2 )) || return 1\n  return 0\n}\nboot && [[ $(hostname -I) == 10.* ]] || exit 1\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 3: ((", "line 6: boot && [[ $(hostname -I) == 10.* ]] succeeds"}},
		{"a case item that returns", "#!/bin/bash\nrun() {\n  case $(docker inspect -f '{{.State.Status}}' v 2>/dev/null) in\n    \"\") ;;\n    *) echo \"already there\"; return 0 ;;\n  esac\n  vllm serve /m\n}\nrun\n",
			[]string{"vllm", "serve", "/m"}, []string{"case $(docker inspect"}},
		{"two guards, one after another", "#!/bin/bash\nn=$(nproc --all 2>/dev/null; lscpu | wc -l)\n[[ $n -gt 4 ]] || exit 1\ng=$(nvidia-smi -L)\n[[ $g == *H100* ]] || exit 2\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 3:", "line 5:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, Options{})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			var got []string
			for _, n := range r.Notes {
				if strings.Contains(n, "preflight check") {
					got = append(got, n)
				}
			}
			if len(got) != len(tc.notes) {
				t.Fatalf("notes %q, want %d about %q", r.Notes, len(tc.notes), tc.notes)
			}
			for i, want := range tc.notes {
				if !strings.Contains(got[i], want) {
					t.Errorf("note %d = %q, want it to say %q", i, got[i], want)
				}
			}
			// Deterministic: the same answer again.
			r2 := evalSrc(t, tc.src, "serve", nil, Options{})
			if !slices.Equal(r2.Argv, r.Argv) || !slices.Equal(r2.Notes, r.Notes) {
				t.Errorf("second run: argv %q notes %q; first %q %q", r2.Argv, r2.Notes, r.Argv, r.Notes)
			}
		})
	}
}

// A guard on a known value, a decision the run continued past, and a stop
// that no guard of an unknown value decided keep the first answer.
func TestGuardNotAssumed(t *testing.T) {
	for _, src := range []string{
		// Known values.
		"#!/bin/bash\nTP=2\nn=1\n(( n >= TP )) || { echo need >&2; exit 1; }\nvllm serve /m\n",
		"#!/bin/bash\ncase $1 in bench) :;; *) echo usage >&2; exit 2;; esac\nvllm serve /m\n",
		// The guard on an unknown value passed; the stop comes later, on
		// a known value.
		"#!/bin/bash\n[[ -n $(nvidia-smi -L) ]] || exit 1\nX=\nfor i in 1 2; do echo $i; done\n[[ -n $X ]] || exit 4\nvllm serve /m\n",
		// The exiting branch ran in a command substitution: the run went on.
		"#!/bin/bash\nx=$( [[ -z $(nvidia-smi -L) ]] || exit 1 )\necho stop >&2\nexit 5\nvllm serve /m\n",
		// A function that returns early on a value the script set.
		"#!/bin/bash\nDRY=1\nlaunch() {\n  if [[ $DRY == 1 ]]; then echo would launch; return 0; fi\n  vllm serve /m\n}\nlaunch\n",
		// A return on an unknown value the run went on long after
		// (more commands than a guard's tail) before it ended.
		"#!/bin/bash\nf() { [[ -n $(nvidia-smi -L) ]] && return 0; vllm serve /m; }\nf\nfor i in $(seq 1 80) 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70; do :; done\nexit 0\n",
		// return at the top level (a sourced file's): not a function's guard.
		"#!/bin/bash\nif docker ps | grep -q v; then echo up; return 0 2>/dev/null || exit 0; fi\n[[ -n $X ]] || exit 3\nvllm serve /m\n",
		// An unconditional stop after a guard that passed.
		"#!/bin/bash\nif nvidia-smi; then :; else exit 1; fi\nexit 7\nvllm serve /m\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		var ee *ExitError
		if !errors.As(r.Err, &ee) || r.Argv != nil {
			t.Errorf("%q: Err = %v, argv %q: want the script's own exit", src, r.Err, r.Argv)
			continue
		}
		if strings.Contains(r.Err.Error(), "assuming") {
			t.Errorf("%q: %v: a guard was assumed", src, r.Err)
		}
		for _, n := range r.Notes {
			if strings.Contains(n, "preflight") {
				t.Errorf("%q: note %q", src, n)
			}
		}
	}
}

// Guards assumed to pass that still lead to no engine leave the first
// answer, whose error says what was assumed.
func TestGuardAssumedStillStops(t *testing.T) {
	src := "#!/bin/bash\n[[ $(nvidia-smi -L) == *H100* ]] || { echo 'no H100' >&2; exit 1; }\necho 'not configured' >&2\nexit 3\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	var ee *ExitError
	if !errors.As(r.Err, &ee) || ee.Status != 1 || r.Argv != nil {
		t.Fatalf("Err = %v, argv %q: want the first run's exit 1", r.Err, r.Argv)
	}
	msg := r.Err.Error()
	for _, want := range []string{"no H100", "assuming the preflight check at line 2", "status 3", "not configured"} {
		if !strings.Contains(msg, want) {
			t.Errorf("Err = %q, want it to say %q", msg, want)
		}
	}
}

// The marks never let a script's own text choose a guard's way.
func TestGuardOpsTypedIgnored(t *testing.T) {
	src := "#!/bin/bash\n$'\\x1eservelint-internal\\x1e' guard-pass 0 1 || exit 9\nvllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Fatalf("Err = %v, argv %q: a typed guard op does nothing and succeeds", r.Err, r.Argv)
	}
}
