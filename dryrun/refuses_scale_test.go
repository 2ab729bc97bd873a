package dryrun

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// TestManyNamerefHelpersLinear: each function with a nameref had the whole
// file walked for the uses of its names (namerefTargets), so a script of
// thousands of such helpers (a pull request's, 300 KB) took seconds to
// prepare, quadratic in its size. The uses are indexed once (refUses).
func TestManyNamerefHelpersLinear(t *testing.T) {
	const n = 4000
	var b strings.Builder
	b.WriteString("#!/bin/bash\nargs=(--max-num-seqs 64)\n")
	for i := range n {
		fmt.Fprintf(&b, "f%d() { local -n a%d=$1; echo \"${a%d[*]}\" >&2; printf '%%s' \"${a%d[@]}\"; }\n", i, i, i, i)
	}
	b.WriteString("f0 args\nexec vllm serve /m \"${args[@]}\"\n")
	f, err := syntax.NewParser().Parse(strings.NewReader(b.String()), "s.sh")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p := Prepare(f)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Prepare took %v", d)
	}
	if r, ok := p.refused["f0"]; !ok || len(r.refs) != 1 {
		t.Errorf("f0's refusal %+v (%v): want its one nameref to $1", r, ok)
	}
}
