package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// bigScript generates a multi-mode script with n modes (about 4n lines).
func bigScript(n int) []byte {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\n. \"$(dirname \"$0\")/big.env\"\nargs=(serve \"$M\")\ncase \"$1\" in\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  m%d)\n    s%d=$BIG_MAX_SEQS\n    args+=(--max-num-seqs \"$s%d\" --max-num-batched-tokens \"$BIG_MAX_BATCHED_TOKENS\")\n    ;;\n", i, i, i)
	}
	b.WriteString("esac\nexec radiance \"${args[@]}\"\n")
	return []byte(b.String())
}

// BenchmarkModel2000 builds the model of a 2,000-line, 500-mode script.
func BenchmarkModel2000(b *testing.B) {
	src := bigScript(500)
	dir := b.TempDir()
	if err := os.WriteFile(dir+"/big.sh", src, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(dir+"/big.env", []byte("M=x\nBIG_MAX_SEQS=8\nBIG_MAX_BATCHED_TOKENS=1024\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		u := Load(LoadOptions{Paths: []string{dir}})
		if len(u.Scripts) != 1 || len(u.Scripts[0].Modes) != 500 {
			b.Fatalf("modes = %d", len(u.Scripts[0].Modes))
		}
	}
}

// BenchmarkModelArmsWithCalls builds the model of a script whose 5,000
// case arms each run commands: the model's cost must grow with the arms,
// not with arms times calls (a lookup of every arm per call made 20,000
// such arms take 3 s instead of 0.2 s).
func BenchmarkModelArmsWithCalls(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("#!/bin/bash\ncase \"$1\" in\n")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&sb, "  m%d) echo %d; exec vllm serve /m --max-num-seqs %d ;;\n", i, i, i)
	}
	sb.WriteString("esac\n")
	src := []byte(sb.String())
	b.ReportAllocs()
	for b.Loop() {
		s := ParseScript("arms.sh", src)
		s.Analyze(RoleMatcher{})
		if len(s.Modes) != 5000 {
			b.Fatalf("modes = %d", len(s.Modes))
		}
	}
}
