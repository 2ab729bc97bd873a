package dryrun

import (
	"slices"
	"testing"
)

func TestSetWithoutTraceOpts(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
		changed  bool
	}{
		{[]string{"-Eeuo", "pipefail"}, []string{"-euo", "pipefail"}, true},
		{[]string{"-E"}, []string{}, true},
		{[]string{"-euo", "pipefail"}, []string{"-euo", "pipefail"}, false},
		{[]string{"-o", "errtrace", "-u"}, []string{"-u"}, true},
		{[]string{"-eo", "functrace"}, []string{"-e"}, true},
		{[]string{"--", "-E", "x"}, []string{"--", "-E", "x"}, false},
		{[]string{"-e", "serve", "-E"}, []string{"-e", "serve", "-E"}, false},
		{[]string{"+E"}, []string{}, true},
		{[]string{"-o", "errexit", "-o", "pipefail", "-o", "noclobber", "-o", "nounset"}, []string{"-o", "errexit", "-o", "pipefail", "-o", "nounset"}, true},
		{[]string{"-o", "pipefail", "-o", "errtrace"}, []string{"-o", "pipefail"}, true},
		{[]string{"-Ceu"}, []string{"-eu"}, true},
		{[]string{"-o", "nounset", "serve"}, []string{"-o", "nounset", "serve"}, false},
		{[]string{"-o"}, []string{"-o"}, false},
	} {
		got, changed := setWithoutTraceOpts(tc.in)
		if !slices.Equal(got, tc.want) || changed != tc.changed {
			t.Errorf("setWithoutTraceOpts(%q) = %q, %v; want %q, %v", tc.in, got, changed, tc.want, tc.changed)
		}
	}
}

// set -Eeuo pipefail keeps -e, -u and pipefail in the dry run: an unset
// variable stops it as bash would.
func TestSetErrtrace(t *testing.T) {
	r := evalSrc(t, "set -Eeuo pipefail\necho \"$UNSET_X\"\nexec vllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Fatalf("argv %q: want the unset variable to stop the run", r.Argv)
	}
}
