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
