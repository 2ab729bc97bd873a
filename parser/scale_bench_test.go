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
