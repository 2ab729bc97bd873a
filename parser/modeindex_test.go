package parser

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The mode index answers ModesAt as the scan of every mode does, at every
// offset of every script of the cases.
func TestModeIndexAgrees(t *testing.T) {
	files, err := filepath.Glob("../testdata/src/*/*.sh")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	files = append(files, "../examples/frank-archon/scripts/frank-archon.sh")
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := ParseScript(f, src)
		s.Analyze(RoleMatcher{})
		if s.File == nil || len(s.Modes) == 0 {
			continue
		}
		if s.modeIdx == nil {
			t.Errorf("%s: no mode index after Analyze", f)
			continue
		}
		for off := 0; off <= len(src); off++ {
			got := s.ModesAt(off)
			idx := s.modeIdx
			s.modeIdx = nil
			want := s.ModesAt(off)
			s.modeIdx = idx
			if !slices.Equal(got, want) {
				t.Errorf("%s: ModesAt(%d) = %s with the index, %s by the scan", f, off, ModeNames(got), ModeNames(want))
				break
			}
		}
		checked++
	}
	if checked < 50 {
		t.Errorf("only %d scripts with modes checked", checked)
	}
}

// A launcher of thousands of case arms is modelled: every arm is a mode
// (BenchmarkModel in bench/ measures how fast).
func TestManyArms(t *testing.T) {
	var b strings.Builder
	b.WriteString("case \"$1\" in\n  serve) exec vllm serve m --max-num-seqs 8 ;;\n")
	for i := range 20000 {
		b.WriteString("  m")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(strconv.Itoa(i))
		b.WriteString(") exec vllm serve m --max-num-seqs 4 ;;\n")
	}
	b.WriteString("esac\n")
	s := ParseScript("many.sh", []byte(b.String()))
	s.Analyze(RoleMatcher{})
	if len(s.Modes) != 20001 {
		t.Fatalf("%d modes, want 20001", len(s.Modes))
	}
}
