package parser

import "testing"

// TestAssignsOnly: which sourced shell files are files of assignments
// (owning env files) and which stay libraries.
func TestAssignsOnly(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"#!/usr/bin/env bash\n# `export` below\nexport A=1\n\nB=2 C='x y'\n", true},
		{"declare -x A=1\ndeclare -rx B=2\nreadonly C=3\ntypeset -x D=4\n", true},
		{"A=${B}\nC=\"$A/x\"\nD=$E\n", true},
		{"A=1 # n\nexport B= # empty\n", true},
		{"export A=1\nif [ -n \"$X\" ]; then A=2; fi\n", false},
		{"A=1\nf() { :; }\n", false},
		{"A=$(nproc)\n", false},
		{"A=`nproc`\n", false},
		{"A=$((2*4))\n", false},
		{"A=${B:-8}\n", false},
		{"A=${#B}\n", false},
		{"export A\n", false},
		{"A+=1\n", false},
		{"A=(1 2)\n", false},
		{"declare A=1\n", false},
		{"declare -r A=1\n", false},
		{"local A=1\n", false},
		{"export -n A=1\n", false},
		{"set -a\nA=1\n", false},
		{"A=1 cmd\n", false},
		{"A=1 &\n", false},
		{"A=1 >/dev/null\n", false},
		{"A=$'x'\n", false},
		{"# nothing\n", false},
		{"A=\"\n", false},
	} {
		if got := assignsOnly([]byte(c.src)); got != c.want {
			t.Errorf("assignsOnly(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
