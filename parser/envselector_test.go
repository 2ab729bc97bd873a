package parser

import (
	"slices"
	"testing"
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
// default); one named by $1 leaves the selectors at their defaults.
func TestEvalSelectorsArg(t *testing.T) {
	for _, tc := range []struct {
		src, mode string
		env       []string
		arg       bool
	}{
		{"TP=${1:-1}\nMODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", "kl", []string{"MODE"}, false},
		{"MODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\ncase \"$1\" in bench) vllm serve /m --max-num-seqs 2 ;; esac\n", "bench", nil, true},
		{"MODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\ncase \"$1\" in bench) vllm serve /m --max-num-seqs 2 ;; esac\n", "kl", []string{"MODE"}, false},
		{"MODE=${MODE:-serve}\n[[ $1 == bench ]] && exec vllm serve /m --max-num-seqs 2\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", "bench", nil, true},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		m := s.ModeNamed(tc.mode)
		if m == nil {
			t.Fatalf("%q: no mode %s", tc.src, tc.mode)
		}
		env, arg := s.EvalSelectors(m)
		if !slices.Equal(env, tc.env) || arg != tc.arg {
			t.Errorf("%q: EvalSelectors(%s) = %v, %v; want %v, %v", tc.src, tc.mode, env, arg, tc.env, tc.arg)
		}
	}
}
