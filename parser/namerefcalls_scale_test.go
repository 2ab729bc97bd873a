package parser

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestManyArrayReadsNamerefCallsLinear: each whole-array read ("${o[@]}")
// asked namerefArrays which function calls write the array through a
// nameref, and it looked through every call of the script each time: a
// script of thousands of helpers that log their arrays took seconds,
// quadratic in its size. The calls passing each name are indexed once
// (namerefCalls).
func TestManyArrayReadsNamerefCallsLinear(t *testing.T) {
	const n = 30000
	var b strings.Builder
	b.WriteString("#!/bin/bash\nargs=(--max-num-seqs 64)\nadd() { local -n out=$1; out+=(--seed 0); }\nadd args\n")
	for i := range n {
		fmt.Fprintf(&b, "f%d() { local a%d=(x); printf '%%s' \"${a%d[@]}\"; }\n", i, i, i)
	}
	b.WriteString("exec vllm serve /m \"${args[@]}\"\n")
	s := ParseScript("s.sh", []byte(b.String()))
	start := time.Now()
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 5*raceFactor*time.Second {
		t.Errorf("Analyze took %v", d)
	}
	if len(s.Invocations) != 1 {
		t.Fatalf("%d invocations", len(s.Invocations))
	}
	var words []string
	for _, a := range s.Invocations[0].Args {
		words = append(words, a.Sketch)
	}
	if got := strings.Join(words, " "); !strings.Contains(got, "--max-num-seqs 64 --seed 0") {
		t.Errorf("argv %q: want add's --seed 0 after the array's own words", got)
	}
}
