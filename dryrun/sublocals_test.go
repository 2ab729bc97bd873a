package dryrun

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestSubshellLocals: a local in a subshell of a function (a `| while
// read` loop, $(…), ( … ), a subshell body) is bash's local; interp's
// failed there, "local: can only be used in a function", and under set
// -e the mode ended ("script exited with status 1"). The argvs are bash's.
func TestSubshellLocals(t *testing.T) {
	const load = "load() {\n  local seqs=1\n  printf '%s\\n' MAX_NUM_SEQS=64 | while IFS= read -r line; do\n    local key=${line%%=*}\n    echo \"$key\" >&2\n  done\n" +
		"  v=$(local x=7; echo \"$x\")\n  ( local seqs=2; echo \"$seqs\" >&2 )\n  echo \"$seqs$v\"\n}\nsub() ( local y=3; echo \"$y\" )\n"
	for _, tc := range []struct{ name, src, lib string }{
		{"script", "#!/bin/bash\nset -euo pipefail\n" + load + "n=$(load)$(sub)\nexec vllm serve /m --max-num-seqs \"$n\"\n", ""},
		{"sourced", "#!/bin/bash\nset -euo pipefail\n. ./lib.sh\nn=$(load)$(sub)\nexec vllm serve /m --max-num-seqs \"$n\"\n", load},
	} {
		files := map[string]string{}
		if tc.lib != "" {
			files["lib.sh"] = tc.lib
		}
		r := evalSrc(t, tc.src, "serve", files, Options{})
		if want := []string{"vllm", "serve", "/m", "--max-num-seqs", "173"}; r.Err != nil || !slices.Equal(r.Argv, want) {
			t.Errorf("%s: err %v, argv %q; want %q", tc.name, r.Err, r.Argv, want)
		}
	}
	// A local of the function itself, and one in a function defined in
	// the subshell (a function again when called), stay local.
	f, err := syntax.NewParser().Parse(strings.NewReader("f() { local a; ( g() { local b; }; local c ); }\nlocal d\n( local e )\n"), "t.sh")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range subshellLocalDecls(f) {
		got = append(got, d.Args[0].Name.Value)
	}
	if !slices.Equal(got, []string{"c"}) {
		t.Errorf("subshellLocalDecls: %q; want [c]", got)
	}
}

// A note printing code rewriteSubshellLocals changed prints its local.
func TestSubshellLocalsNodeText(t *testing.T) {
	src := "f() { echo x | { local k=1; }; }\n"
	orig, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	f, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	if !rewriteSubshellLocals(f) {
		t.Fatal("nothing rewritten (the test checks nothing)")
	}
	if got, want := nodeText(f.Stmts[0]), nodeText(orig.Stmts[0]); got != want {
		t.Errorf("the note prints %q, the script has %q", got, want)
	}
}
