package dryrun

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCoprocReason: a coproc the mode reaches stops it with a reason that
// names it (interp's was "unhandled command node: *syntax.CoprocClause");
// one in another mode's branch does not stop this one.
func TestCoprocReason(t *testing.T) {
	src := "#!/bin/bash\nset -euo pipefail\ncoproc tail -f log.txt\nexec vllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if !errors.Is(r.Err, ErrUnsupported) || !strings.Contains(r.Err.Error(), "coproc") {
		t.Errorf("err %v, argv %q; want ErrUnsupported naming coproc", r.Err, r.Argv)
	}
	src = "#!/bin/bash\ncase $1 in\n  watch) coproc tail -f log.txt ;;\n  serve) exec vllm serve /m ;;\nesac\n"
	if r := evalSrc(t, src, "serve", nil, Options{}); r.Err != nil || !slices.Equal(r.Argv, []string{"vllm", "serve", "/m"}) {
		t.Errorf("coproc in another branch: err %v, argv %q", r.Err, r.Argv)
	}
}
