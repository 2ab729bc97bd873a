package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// positions lists every position in a syntax tree, in walk order.
func positions(f *syntax.File) []string {
	var out []string
	movePositions(f, func(p syntax.Pos) syntax.Pos {
		out = append(out, fmt.Sprintf("%d:%d:%d", p.Offset(), p.Line(), p.Col()))
		return p
	})
	return out
}

// TestParseInnerAtPositions: a shell string's script parsed alone, its
// positions moved, has the positions the old parse gave it (a copy of the
// whole file, blank but for line breaks, with the text written over the
// string), on the first line of the file or past it, with a BOM, CRLF
// line ends, a string spanning lines, comments and a heredoc.
func TestParseInnerAtPositions(t *testing.T) {
	old := func(s *Script, text []byte, cs int, lang syntax.LangVariant) *syntax.File {
		base := s.base()
		buf := make([]byte, len(s.Src)-base)
		for i, b := range s.Src[base:] {
			if b == '\n' {
				buf[i] = '\n'
			} else {
				buf[i] = ' '
			}
		}
		for i, b := range text {
			if b == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				b = ' '
			}
			buf[cs-base+i] = b
		}
		f, err := parseInner(buf, lang)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	for _, src := range []string{
		"bash -c 'exec vllm serve /m --max-num-seqs 8'\n",
		"#!/bin/bash\nset -e\n  docker run img bash -c 'pip install x && vllm serve \"$M\" --port 80'\necho done\n",
		"\xef\xbb\xbfbash -c 'vllm serve /m'\n",
		"\xef\xbb\xbf#!/bin/bash\n\nsh -c 'a=1\n  # a comment\n  exec vllm serve /m \\\n    --max-num-seqs 8'\n",
		"#!/bin/bash\r\nbash -c 'cd /w\r\n  exec vllm serve /m\r\n'\r\n",
		"x=1\nbash -c 'cat <<EOF\nhello\nEOF\nexec vllm serve /m --x $((1+2))'\n",
	} {
		i := strings.IndexByte(src, '\'')
		j := strings.LastIndexByte(src, '\'')
		text := []byte(src[i+1 : j])
		s := ParseScript("s.sh", []byte(src))
		if s.File == nil {
			t.Fatalf("%q: %v", src, s.Err)
		}
		for _, lang := range []syntax.LangVariant{syntax.LangBash, syntax.LangPOSIX} {
			want := positions(old(s, text, i+1, lang))
			f, err := s.parseInnerAt(text, i+1, lang)
			if err != nil {
				t.Fatalf("%q: %v", src, err)
			}
			if got := positions(f); !slices.Equal(got, want) {
				t.Errorf("%q: positions\n got %v\nwant %v", src, got, want)
			}
		}
	}
}

// TestManyShellStringsLinear: each `bash -c '…'` string was parsed in a
// copy of the whole file, so a script of 20,000 of them (900 KB) ran for
// minutes and took gigabytes (20,000 copies of the file); a pull
// request's script held the CI job past its time. Each string is parsed
// alone now.
func TestManyShellStringsLinear(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("#!/usr/bin/env bash\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "bash -c 'vllm serve /m --max-num-seqs %d'\n", i)
	}
	start := time.Now()
	s := ParseScript("s.sh", b.Bytes())
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 10*raceFactor*time.Second {
		t.Errorf("Analyze took %v", d)
	}
	if n := len(s.ShellStrings()); n != 20000 {
		t.Errorf("%d shell strings read, want 20000", n)
	}
}

// TestModeTableOriginsLinear: the origins of a value read from a mode
// table by the mode (${SEQS[$MODE]}) are traced per mode to its entry;
// each mode's entry was found by a scan of the table, so a table of 20,000
// modes cost 12 s of the rules' time (50,000: over a minute). The entries
// are indexed once.
func TestModeTableOriginsLinear(t *testing.T) {
	const n = 20000
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\nMODE=${1:-serve}\ndeclare -A SEQS=([serve]=$VLLM_MAX_NUM_SEQS\n")
	for i := range n {
		fmt.Fprintf(&b, "  [m%d]=%d\n", i, i)
	}
	b.WriteString(")\ncase \"$MODE\" in serve) ;; m1) ;; esac\nexec vllm serve /m --max-num-seqs \"${SEQS[$MODE]}\"\n")
	s := ParseScript("s.sh", []byte(b.String()))
	s.Analyze(RoleMatcher{})
	if len(s.Modes) < n || len(s.Invocations) != 1 {
		t.Fatalf("%d modes, %d invocations", len(s.Modes), len(s.Invocations))
	}
	args := s.Invocations[0].Args
	w := args[len(args)-1]
	env := func(name string) bool { return name == "VLLM_MAX_NUM_SEQS" }
	start := time.Now()
	for range 5 {
		// As the rules ask: once for every mode, and once per mode.
		if o := s.Origins(w.Word, w.Start, nil, env); len(o) == 0 {
			t.Fatal("no origins")
		}
	}
	for _, m := range s.Modes[:2000] {
		s.Origins(w.Word, w.Start, []*Mode{m}, env)
	}
	if d := time.Since(start); d > 5*raceFactor*time.Second {
		t.Errorf("Origins took %v", d)
	}
}

// TestManySourcesLinear: each source's path followed the script's
// top-level cd's from its first statement (inCwd), so 40,000 `source
// ./x.env` lines took about 17 s, and a 2 MiB script of them, in the
// linted tree or in its work tree (which the look for outside readers
// loads), 80 s. The cd's are followed once; a source still reads the
// directory the last cd before it moved to.
func TestManySourcesLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\ncd \"$(dirname \"$0\")/..\"\n")
	for range 40000 {
		b.WriteString("source ./x.env\n")
	}
	b.WriteString("pushd conf\n. ./y.env\npopd\n. ./z.env\n")
	start := time.Now()
	s := ParseScript("/r/bin/s.sh", []byte(b.String()))
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 5*raceFactor*time.Second {
		t.Errorf("Analyze took %v", d)
	}
	var got []string
	for _, r := range s.Sources {
		if !slices.Contains(got, r.Path) {
			got = append(got, r.Path)
		}
	}
	if want := []string{"/r/x.env", "/r/conf/y.env", "/r/z.env"}; !slices.Equal(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
}

// TestLongChainLinear: for each && / || / | operator the names its left
// operand tests were found by a walk of that operand, and a chain nests on
// its left (a && b && c is ((a && b) && c)), so a pipeline of 8,000 lines
// took 20 s to lint and one of 100,000 (1 MB) ran for minutes. The chain
// is walked once; what its left operands test still makes an assignment
// on the right conditional.
func TestLongChainLinear(t *testing.T) {
	src := "#!/bin/bash\necho 64 |\n" + strings.Repeat("  cat |\n", 20000) + "  read -r x\n" +
		"true &&\n" + strings.Repeat("  : &&\n", 20000) + "  true\n" +
		"[[ $1 == a ]] ||\n" + strings.Repeat("  [[ $1 == b ]] ||\n", 20000) + "  exit 2\n" +
		"true && [[ -z $SEQS ]] && SEQS=64 && OTHER=1 && : > \"$LOG\" && LOG2=1 || LOG=2\n"
	start := time.Now()
	s := ParseScript("s.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 5*raceFactor*time.Second {
		t.Errorf("Analyze took %v", d)
	}
	for name, want := range map[string]bool{"SEQS": true, "OTHER": false, "LOG2": false, "LOG": true} {
		if as := s.Assigns[name]; len(as) != 1 || as[0].Conditional != want {
			t.Errorf("%s: assigns %v, want one conditional=%v", name, as, want)
		}
	}
}

// TestOtherModelManyModes: OtherModel, which privateshape asks for every
// mode, found the proven mode by a scan of the script's modes each time:
// with a mode table of 50,000 keys, 9 s of a lint. It is found once.
func TestOtherModelManyModes(t *testing.T) {
	const n = 50000
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\n. \"$(dirname \"$0\")/serve.env\"\nMODE=${1:-serve}\ndeclare -A SEQS=([serve]=$VLLM_MAX_NUM_SEQS\n")
	for i := range n {
		fmt.Fprintf(&b, "  [m%d]=%d\n", i, i)
	}
	b.WriteString(")\ncase \"$MODE\" in serve) ;; m1) ;; esac\nexec vllm serve /m --max-num-seqs \"${SEQS[$MODE]}\"\n")
	dir := t.TempDir()
	for name, text := range map[string]string{"serve.sh": b.String(), "serve.env": "VLLM_MAX_NUM_SEQS=256\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	u := Load(LoadOptions{Paths: []string{dir}})
	if len(u.Scripts) != 1 || len(u.Scripts[0].Modes) < n {
		t.Fatalf("scripts %d", len(u.Scripts))
	}
	s := u.Scripts[0]
	start := time.Now()
	for _, m := range s.Modes {
		u.OtherModel(s, m)
	}
	// A bound on a hang, not a timing: linear, it takes 0.03 s (1.3 s under
	// -race on a loaded 2-CPU machine, where a bound of 1 s failed CI); a
	// scan per mode took 9 s without the race detector.
	if d := time.Since(start); d > 6*raceFactor*time.Second {
		t.Errorf("OtherModel for every mode took %v", d)
	} else {
		t.Logf("OtherModel for every mode took %v", d)
	}
}

// TestLongChainFoldLinear: with the selector upper-cased (MODE=${1^^}),
// whether each test reads it folded (readsFold) was found by a walk of the
// test, and each || of a chain is a test whose left operand is the chain
// before it: 20,000 tests took 90 s. The fold index answers in O(log n).
func TestLongChainFoldLinear(t *testing.T) {
	src := "#!/bin/bash\nMODE=${1^^}\n" +
		"[[ $MODE == A ]] ||\n" + strings.Repeat("  [[ $MODE == B ]] ||\n", 20000) + "  exit 2\nvllm serve m\n"
	start := time.Now()
	s := ParseScript("s.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 5*raceFactor*time.Second {
		t.Errorf("Analyze took %v", d)
	}
}
