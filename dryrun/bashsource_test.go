package dryrun

import (
	"strings"
	"testing"
)

// TestOwnBashSource: a sourced file's reads of BASH_SOURCE's first element
// read a variable set to its own path on its first line; other elements,
// the array, its length and a file that never reads it stay as they are.
func TestOwnBashSource(t *testing.T) {
	src := "#!/bin/bash\nd=$(dirname \"${BASH_SOURCE[0]}\")\ne=${BASH_SOURCE%/*} f=$BASH_SOURCE\ng=${BASH_SOURCE[1]} h=${#BASH_SOURCE[@]} i=(\"${BASH_SOURCE[@]}\")\nf() { echo \"${BASH_SOURCE[0]:-x}\"; }\n"
	got := string(ownBashSource([]byte(src), "/repo/lib/common.sh"))
	lines := strings.Split(got, "\n")
	name, _, ok := strings.Cut(lines[0], "=")
	if !ok || !strings.HasPrefix(name, "__servelint_source_") || !strings.HasSuffix(lines[0], "='/repo/lib/common.sh'; #!/bin/bash") && !strings.HasSuffix(lines[0], "=/repo/lib/common.sh; #!/bin/bash") {
		t.Fatalf("first line %q", lines[0])
	}
	want := []string{
		`d=$(dirname "${` + name + `}")`,
		`e=${` + name + `%/*} f=$` + name,
		`g=${BASH_SOURCE[1]} h=${#BASH_SOURCE[@]} i=("${BASH_SOURCE[@]}")`,
		`f() { echo "${` + name + `:-x}"; }`,
	}
	for i, w := range want {
		if lines[i+1] != w {
			t.Errorf("line %d = %q, want %q", i+2, lines[i+1], w)
		}
	}
	if n := len(lines); n != 6 {
		t.Errorf("%d lines, want 6 (no line moves)", n)
	}
	plain := []byte("x=1\n")
	if out := ownBashSource(plain, "/repo/x.sh"); string(out) != string(plain) {
		t.Errorf("a file without BASH_SOURCE changed: %q", out)
	}
}
