package dryrun

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/parser"
)

func BenchmarkTmpFixed(b *testing.B) {
	dir := b.TempDir()
	src := []byte("#!/bin/bash\nexit 0\n")
	p := filepath.Join(dir, "x.sh")
	os.WriteFile(p, src, 0o755)
	s := parser.ParseScript(p, src)
	for b.Loop() {
		Eval(context.Background(), p, src, s.File, "serve", Options{Root: dir, NoSpans: true})
	}
}

func BenchmarkTmpFrank(b *testing.B) {
	root, _ := filepath.Abs("../examples/frank-archon")
	p := filepath.Join(root, "scripts/frank-archon.sh")
	src, _ := os.ReadFile(p)
	s := parser.ParseScript(p, src)
	for _, m := range []string{"serve", "calib", "nosuchmode"} {
		b.Run(m, func(b *testing.B) {
			for b.Loop() {
				Eval(context.Background(), p, src, s.File, m, Options{Root: root, NoSpans: true})
			}
		})
	}
}
