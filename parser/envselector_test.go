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

// EnvSelectorsOnly: no test of $1 names a mode, so the dry run leaves $1
// unset.
func TestEnvSelectorsOnly(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"TP=${1:-1}\nMODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", true},
		{"MODE=${MODE:-serve}\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\ncase \"$1\" in bench) vllm serve /m --max-num-seqs 2 ;; esac\n", false},
		{"MODE=${MODE:-serve}\n[[ $1 == bench ]] && exec vllm serve /m --max-num-seqs 2\ncase \"$MODE\" in serve) vllm serve /m ;; kl) vllm serve /m --max-num-seqs 4 ;; esac\n", false},
	} {
		s := ParseScript("s.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		if s.EnvSelectorsOnly != tc.want {
			t.Errorf("%q: EnvSelectorsOnly = %v, want %v", tc.src, s.EnvSelectorsOnly, tc.want)
		}
	}
}
