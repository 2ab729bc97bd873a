package dryrun

import (
	"slices"
	"testing"
)

// TestFuncStack: a function reads bash's FUNCNAME and BASH_LINENO as bash
// gives them (the stack down to main; the lines are not tracked), so a
// logging helper reading "${FUNCNAME[1]}" under set -u no longer stops the
// run; outside a function they stay unset; a trap handler's first
// `rc=$?` still reads its caller's status.
func TestFuncStack(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"stack", "set -u\ng() { exec vllm serve \"${FUNCNAME[*]}\" \"${#BASH_LINENO[@]}\"; }\nf() { g; }\nf\n",
			[]string{"vllm", "serve", "g f main", "3"}},
		{"logging helper", "set -u\nlog() { echo \"[${FUNCNAME[1]}:${BASH_LINENO[0]}] $*\" >&2; }\nmain() { log start; exec vllm serve \"${FUNCNAME[0]}\"; }\nmain \"$@\"\n",
			[]string{"vllm", "serve", "main"}},
		{"top level", "exec vllm serve \"${FUNCNAME:-unset}\"\n",
			[]string{"vllm", "serve", "unset"}},
		{"status kept", "f() { local rc=$?; exec vllm serve \"$rc\"; }\nfalse || f\n",
			[]string{"vllm", "serve", "1"}},
	} {
		r := evalSrc(t, "#!/bin/bash\n"+tc.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, tc.want) {
			t.Errorf("%s: argv %q (err %v), want %q", tc.name, r.Argv, r.Err, tc.want)
		}
	}
}

// TestPrefixNamesNounset: ${!PREFIX@} lists the variables with the prefix
// under set -u too (interp checked a variable named PREFIX first and
// stopped the run).
func TestPrefixNamesNounset(t *testing.T) {
	r := evalSrc(t, "#!/bin/bash\nset -u\nexport VLLM_A=1 VLLM_B=2\nfor v in \"${!VLLM_@}\"; do echo \"$v=${!v}\" >&2; done\nexec vllm serve ${!VLLM_@} \"${!VLLM_*}\"\n", "serve", nil, Options{})
	if want := []string{"vllm", "serve", "VLLM_A", "VLLM_B", "VLLM_A VLLM_B"}; r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q (err %v), want %q", r.Argv, r.Err, want)
	}
}
