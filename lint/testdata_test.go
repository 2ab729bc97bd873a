package lint_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/config"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

var update = flag.Bool("update", false, "rewrite .golden files from the fixes")

// expectation is one expected finding: file, line and a regexp matched
// against "message (rule)".
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	src  string // where the expectation was written
	met  bool
}

// wantRE reads `# want "re"`, `# want+N "re"` and `# want@L "re"`; several
// quoted regexps may follow.
var wantRE = regexp.MustCompile(`#\s*want(\+\d+|@\d+)?((?:\s+"(?:[^"\\]|\\.)*")+)\s*$`)
var quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func readExpectations(t *testing.T, dir string) []*expectation {
	t.Helper()
	var out []*expectation
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".golden") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.Base(path) == "want.txt" {
			out = append(out, sidecar(t, dir, path, b)...)
			return nil
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			m := wantRE.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			line := n
			switch {
			case strings.HasPrefix(m[1], "+"):
				k, _ := strconv.Atoi(m[1][1:])
				line += k
			case strings.HasPrefix(m[1], "@"):
				line, _ = strconv.Atoi(m[1][1:])
			}
			for _, q := range quotedRE.FindAllString(m[2], -1) {
				s := unquote(q)
				out = append(out, &expectation{file: path, line: line, re: regexp.MustCompile(s), src: fmt.Sprintf("%s:%d", path, n)})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sidecar reads want.txt lines: `FILE:LINE "re"...` (FILE relative to the
// case directory), for files that must stay byte-identical.
func sidecar(t *testing.T, dir, path string, b []byte) []*expectation {
	var out []*expectation
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		loc, rest, _ := strings.Cut(line, " ")
		file, ln, ok := strings.Cut(loc, ":")
		l, err := strconv.Atoi(ln)
		if !ok || err != nil {
			t.Fatalf("%s:%d: want FILE:LINE \"re\"", path, n+1)
		}
		for _, q := range quotedRE.FindAllString(rest, -1) {
			s := unquote(q)
			out = append(out, &expectation{file: filepath.Join(dir, file), line: l, re: regexp.MustCompile(s), src: fmt.Sprintf("%s:%d", path, n+1)})
		}
	}
	return out
}

func caseDirs(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../testdata/src/*")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(dirs)
	return dirs
}

// TestCases lints every case under testdata/src and compares the findings
// with the want annotations, then applies the fixes and compares the
// results with the .golden files; a second fix pass must change nothing.
func TestCases(t *testing.T) {
	for _, dir := range caseDirs(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			opts := caseOptions(t, dir)
			res, err := lint.Run(opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range res.Errors {
				t.Errorf("error: %v", e)
			}
			exps := readExpectations(t, dir)
			for _, f := range res.Findings {
				text := f.Message + " (" + f.Rule + ")"
				found := false
				for _, e := range exps {
					if e.file == f.File && e.line == f.Line && e.re.MatchString(text) {
						e.met, found = true, true
					}
				}
				if !found {
					t.Errorf("%s:%d:%d: unexpected finding: %s", f.File, f.Line, f.Column, text)
				}
			}
			for _, e := range exps {
				if !e.met {
					t.Errorf("%s: no finding on %s:%d matching %q", e.src, e.file, e.line, e.re)
				}
			}
			checkFixes(t, dir, opts)
		})
	}
}

// caseOptions lints a case directory; a .servelint.yaml in it applies.
func caseOptions(t *testing.T, dir string) lint.Options {
	t.Helper()
	opts := lint.Options{Paths: []string{dir}, Config: rules.DefaultConfig(), Jobs: 2, Evaluator: testEvaluator}
	if _, err := os.Stat(filepath.Join(dir, ".servelint.yaml")); err == nil {
		cfg, err := config.Load(filepath.Join(dir, ".servelint.yaml"), dir)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Apply(&opts, "")
	}
	return opts
}

// testEvaluator evaluates modes in the dry-run sandbox, as the CLI does.
var testEvaluator = lint.SandboxEvaluator(5*time.Second, 2, nil)

func checkFixes(t *testing.T, dir string, opts lint.Options) {
	t.Helper()
	after, oc, err := lint.ApplyFixes(opts, 8)
	if err != nil {
		t.Fatal(err)
	}
	if !oc.Report.Converged {
		t.Errorf("fixes did not converge in 8 passes")
	}
	// What --fix leaves has no fix: a finding still offering one after the
	// fixes converged offers an edit that changes nothing (or one --fix
	// never applies), which an editor's quick fix and --format json show.
	for _, f := range after.Findings {
		if len(f.Fixes) > 0 {
			t.Errorf("%s:%d:%d: after --fix a finding still offers a fix (%s): %s (%s)", f.File, f.Line, f.Column, f.Fixes[0].Message, f.Message, f.Rule)
		}
	}
	goldens, _ := filepath.Glob(filepath.Join(dir, "*.golden"))
	sub, _ := filepath.Glob(filepath.Join(dir, "*", "*.golden"))
	goldens = append(goldens, sub...)
	want := map[string]bool{}
	for _, g := range goldens {
		want[strings.TrimSuffix(g, ".golden")] = true
	}
	for p, ch := range oc.Changed {
		if *update {
			if err := os.WriteFile(p+".golden", ch[1], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !want[p] {
			t.Errorf("--fix changes %s but there is no %s.golden:\n%s", p, filepath.Base(p), ch[1])
			continue
		}
		g, err := os.ReadFile(p + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g, ch[1]) {
			t.Errorf("%s after --fix differs from its golden file:\n--- got\n%s\n--- want\n%s", p, ch[1], g)
		}
		delete(want, p)
	}
	for p := range want {
		if !*update {
			t.Errorf("%s.golden exists but --fix leaves %s unchanged", p, p)
		}
	}
	// A second --fix over the fixed contents changes nothing.
	if len(oc.Changed) == 0 {
		return
	}
	o2 := opts
	o2.ReadFile = func(p string) ([]byte, error) {
		if ch, ok := oc.Changed[p]; ok {
			return ch[1], nil
		}
		return os.ReadFile(p)
	}
	_, oc2, err := lint.ApplyFixes(o2, 8)
	if err != nil {
		t.Fatal(err)
	}
	for p := range oc2.Changed {
		t.Errorf("a second --fix changes %s again", p)
	}
}

// unquote strips the quotes of a want regexp; only \" is an escape, so
// regexps keep their single backslashes.
func unquote(q string) string {
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}
