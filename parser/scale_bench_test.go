package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
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

// TestLibManyFunctionsLinear loads a script sourcing a library of 20,000
// launch functions: reading the library's runners and launchers must grow
// with its functions, not with functions times calls (funcAt scanned every
// function per call: minutes).
func TestLibManyFunctionsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("big library")
	}
	dir := t.TempDir()
	var lib strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&lib, "launch%d() { exec vllm serve /m --port %d \"$@\"; }\n", i, 8000+i%1000)
	}
	files := map[string]string{
		"lib/big.sh": lib.String(),
		"serve.env":  "MAX_NUM_SEQS=64\n",
		"serve.sh": "#!/usr/bin/env bash\nsource \"$(dirname \"$0\")/lib/big.sh\"\nsource \"$(dirname \"$0\")/serve.env\"\n" +
			"case \"$1\" in\n  serve) launch1 --max-num-seqs \"$MAX_NUM_SEQS\" ;;\n  bench) launch2 --max-num-seqs 512 ;;\nesac\n",
	}
	if err := os.MkdirAll(dir+"/lib", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		if err := os.WriteFile(dir+"/"+name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	u := Load(LoadOptions{Paths: []string{dir + "/serve.sh"}})
	if d := time.Since(start); d > 10*raceFactor*time.Second {
		t.Errorf("Load took %v", d)
	}
	if len(u.Scripts) == 0 || len(u.Scripts[0].Invocations) != 2 {
		t.Fatalf("invocations through the library's launchers: %v", u.Scripts)
	}
}

// TestFuncAtNested: funcAt names the innermost body holding an offset,
// through nested and sibling functions.
func TestFuncAtNested(t *testing.T) {
	src := "outer() {\n  inner() { echo a; }\n  echo b\n  other() { echo c; }\n  echo d\n}\nlast() { echo e; }\necho f\n"
	s := ParseScript("f.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	for word, want := range map[string]string{"a": "inner", "b": "outer", "c": "other", "d": "outer", "e": "last", "f": ""} {
		off := strings.Index(src, "echo "+word)
		if got := s.funcAt(off); got != want {
			t.Errorf("funcAt(echo %s) = %q, want %q", word, got, want)
		}
	}
}

// TestManySetDashDashLinear: a top-level set -- before thousands of
// functions forwarding "$@" asked, for each, whether the function is
// handed the script's arguments by scanning every call (5.4 s, 0.3 s
// before set -- in functions was read); thousands of set -- "$@" --x i,
// at the top level or in main "$@", expanded every word all of them gave
// at each "$@" (51 s and 4 GB for 5,000).
func TestManySetDashDashLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("big scripts")
	}
	var fns, top, inMain strings.Builder
	fns.WriteString("#!/bin/bash\nset -- vllm serve /m \"$@\"\n")
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&fns, "f%d() { vllm serve /m --max-num-seqs 8 \"$@\"; }\n", i)
	}
	fns.WriteString("exec \"$@\"\n")
	top.WriteString("#!/bin/bash\n")
	inMain.WriteString("#!/bin/bash\nmain() {\n  set -- vllm serve /m\n")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&top, "set -- \"$@\" --x%d %d\necho \"$@\"\n", i, i)
		fmt.Fprintf(&inMain, "  set -- \"$@\" --x%d %d\n  echo \"$@\"\n", i, i)
	}
	top.WriteString("exec vllm serve /m \"$@\"\n")
	inMain.WriteString("  exec \"$@\"\n}\nmain \"$@\"\n")
	for name, src := range map[string]string{"fns.sh": fns.String(), "top.sh": top.String(), "main.sh": inMain.String()} {
		dir := t.TempDir()
		if err := os.WriteFile(dir+"/"+name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		u := Load(LoadOptions{Paths: []string{dir}})
		if d := time.Since(start); d > 10*raceFactor*time.Second {
			t.Errorf("%s: Load took %v", name, d)
		}
		if len(u.Scripts) != 1 {
			t.Fatalf("%s: %d scripts", name, len(u.Scripts))
		}
	}
}
