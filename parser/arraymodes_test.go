package parser

import (
	"strings"
	"testing"
)

// A variable assigned an element of an array literal that an environment
// variable indexes (a Slurm array job) selects the mode: each element a
// test names is a mode, evaluated with the index variable set to its index
// and no words. Anything that may change the array or the index is no
// pick.
func TestArrayModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	const dispatch = "\ncase \"$MODE\" in serve) ;; bench) seqs=16 ;; kl) seqs=2 ;; esac"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"dollar", "MODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, "serve=0|bench=1"},
		{"default", "MODES=(serve bench)\nMODE=\"${MODES[${SLURM_ARRAY_TASK_ID:-0}]}\"" + dispatch, "serve=0|bench=1"},
		{"bare", "MODES=(serve bench kl)\nMODE=\"${MODES[SLURM_ARRAY_TASK_ID]}\"" + dispatch, "serve=0|bench=1|kl=2"},
		{"order", "MODES=(bench serve)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, "serve=1|bench=0"},
		{"derived", "MODES=(serve bench)\nMODE=${MODES[$TASK]}\nm=$MODE\ncase $m in serve) ;; bench) seqs=16 ;; esac", "serve=0|bench=1"},
		{"self-defaulted-index", "TASK=${TASK:-0}\nMODES=(serve bench)\nMODE=${MODES[$TASK]}" + dispatch, "serve=0|bench=1"},
		{"appended", "MODES=(serve bench)\nMODES+=(kl)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"element-set", "MODES=(serve bench)\nMODES[1]=kl\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"read-into", "MODES=(serve bench)\nread -ra MODES\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"element-unset", "MODES=(serve bench)\nunset 'MODES[0]'\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"in-func", "f() { MODES=(serve bench); }\nf\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"not-literal", "MODES=(serve \"$X\")\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"index-set", "SLURM_ARRAY_TASK_ID=1\nMODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}" + dispatch, ""},
		{"index-arith", "MODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID+1]}" + dispatch, ""},
		{"mode-twice", "MODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}\nMODE=serve" + dispatch, ""},
		// An array of models (no element the proven mode's name) picks
		// a model, not the mode: $1 still picks serve and bench.
		{"models", "MODELS=(llama qwen)\nM=${MODELS[$SLURM_ARRAY_TASK_ID]}\ncase $M in llama) seqs=4 ;; qwen) seqs=16 ;; esac\ncase \"${1:-serve}\" in serve) ;; bench) seqs=2 ;; esac", "serve=|bench="},
		{"two-arrays", "A=(serve bench)\nB=(serve bench)\nMODE=${A[$I]}\nM2=${B[$I]}" + dispatch, ""},
	} {
		s := ParseScript("/x/job.sh", []byte("#!/bin/bash\nseqs=8\n"+tc.src+launch))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			v := s.SelectorValue(m)
			got = append(got, m.Name+"="+v)
			if v == "" {
				continue
			}
			if env, params := s.EvalSelectors(m); len(env) != 1 || params == nil || len(params) != 0 {
				t.Errorf("%s: %s evaluated with env %q, params %q; want the index alone", tc.name, m.Name, env, params)
			}
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: modes %q, want %q", tc.name, g, tc.want)
		}
	}
}
