package parser

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/joho/godotenv"
)

// want is what one reader should make of a line. err is a substring of the
// reader's Err ("" means no error).
type want struct {
	val     string
	def     bool
	err     string
	dyn     bool
	anyVal  bool // the value is not checked (dynamic values)
	partial bool // Defined is false but val is the partial value
}

func ok(v string) want            { return want{val: v, def: true} }
func failed(sub string) want      { return want{err: sub} }
func dynamic() want               { return want{def: true, dyn: true, anyVal: true} }
func dynamicVal(v string) want    { return want{val: v, def: true, dyn: true} }
func partial(v, sub string) want  { return want{val: v, err: sub, partial: true} }
func undefined() want             { return want{} }
func command(word string) want    { return want{err: "runs `" + word + "` as a command"} }
func syntaxError(sub string) want { return want{err: "fails with a syntax error: " + sub} }

func checkReading(t *testing.T, who string, got Reading, w want) {
	t.Helper()
	if got.Defined != w.def {
		t.Errorf("%s: Defined = %v, want %v (%+v)", who, got.Defined, w.def, got)
	}
	if got.Dynamic != w.dyn {
		t.Errorf("%s: Dynamic = %v, want %v (%+v)", who, got.Dynamic, w.dyn, got)
	}
	if (w.def || w.partial) && !w.anyVal && got.Value != w.val {
		t.Errorf("%s: Value = %q, want %q", who, got.Value, w.val)
	}
	switch {
	case w.err == "" && got.Err != "":
		t.Errorf("%s: unexpected Err %q", who, got.Err)
	case w.err != "" && !strings.Contains(got.Err, w.err):
		t.Errorf("%s: Err = %q, want it to contain %q", who, got.Err, w.err)
	}
}

// dialectRows is ENV_DIALECTS.md, one case per row (and a few more).
var dialectRows = []struct {
	name     string
	src      string
	key      string // the entry checked (the last with that key)
	godotenv want
	bash     want
	docker   want
}{
	{"export", "export SEQS=16\n", "SEQS",
		ok("16"), ok("16"), failed("variable 'export SEQS' contains whitespaces")},
	{"double quotes with a space", "MODEL=\"org/model 7b\"\n", "MODEL",
		ok("org/model 7b"), ok("org/model 7b"), ok(`"org/model 7b"`)},
	{"unquoted space", "A=hello world\n", "A",
		ok("hello world"), command("world"), ok("hello world")},
	{"inline comment", "A=b # c\n", "A",
		ok("b"), ok("b"), ok("b # c")},
	{"two inline comments", "A=b #c #d\n", "A",
		ok("b #c"), ok("b"), ok("b #c #d")},
	{"quoted value and comment", "A=\"x\"  # comment\n", "A",
		ok("x"), ok("x"), ok(`"x"  # comment`)},
	{"single quotes", "X=1\nA='single $X'\n", "A",
		ok("single $X"), ok("single $X"), ok(`'single $X'`)},
	{"double quotes expand", "X=1\nA=\"double ${X}\"\n", "A",
		ok("double 1"), ok("double 1"), ok(`"double ${X}"`)},
	{"host variable", "A=${HOME}/x\n", "A",
		ok("/x"), dynamic(), ok("${HOME}/x")},
	{"default value", "A=${UNSET:-default}\n", "A",
		ok(":-default}"), dynamicVal("default"), ok("${UNSET:-default}")},
	{"lower-case reference", "x=1\nA=$x\n", "A",
		ok("$x"), ok("1"), ok("$x")},
	{"command substitution (never run)", "A=$(echo hi)\n", "A",
		ok("$(echo hi)"), dynamic(), ok("$(echo hi)")},
	{"escaped newline in double quotes", "A=\"l1\\nl2\"\n", "A",
		ok("l1\nl2"), ok(`l1\nl2`), ok(`"l1\nl2"`)},
	{"escaped tab in double quotes", "A=\"a\\tb\"\n", "A",
		ok("atb"), ok(`a\tb`), ok(`"a\tb"`)},
	{"unquoted double backslash", "A=a\\\\b\n", "A",
		ok(`a\\b`), ok(`a\b`), ok(`a\\b`)},
	{"backslash in single quotes", "A='a\\'b'\n", "A",
		ok(`a\'b`), syntaxError("reached EOF without closing quote"), ok(`'a\'b'`)},
	{"multi-line double quotes", "A=\"l1\nl2\"\n", "A",
		ok("l1\nl2"), ok("l1\nl2"), ok(`"l1`)},
	{"spaces around =", "A = b\n", "A",
		ok("b"), command("A"), failed("variable 'A ' contains whitespaces")},
	{"yaml colon", "A: b\n", "A",
		ok("b"), command("A:"), failed("variable 'A: b' contains whitespaces")},
	{"quotes inside a word", "A=foo\"bar\"\n", "A",
		ok(`foo"bar"`), ok("foobar"), ok(`foo"bar"`)},
	{"quote concatenation", "A='it'\"'\"'s'\n", "A",
		partial("it", "unexpected character"), ok("it's"), ok(`'it'"'"'s'`)},
	{"two assignments (A)", "A=1 B=2\n", "A",
		ok("1 B=2"), ok("1"), ok("1 B=2")},
	{"two assignments (B)", "A=1 B=2\n", "B",
		undefined(), ok("2"), undefined()},
	{"two statements (A)", "A=1; B=2\n", "A",
		ok("1; B=2"), ok("1"), ok("1; B=2")},
	{"two statements (B)", "A=1; B=2\n", "B",
		undefined(), ok("2"), undefined()},
	{"trailing spaces", "A=b   \n", "A",
		ok("b"), ok("b"), ok("b   ")},
	{"CRLF", "A=b\r\n", "A",
		ok("b"), ok("b\r"), ok("b")},
	{"bare key", "FOO\n", "FOO",
		failed(`unexpected character "\n"`), command("FOO"), dynamic()},
	{"export of a bare key", "export FOO\n", "FOO",
		failed(`unexpected character "\n"`), dynamic(), failed("variable 'export FOO' contains whitespaces")},
	{"dot in the key", "A.B=1\n", "A.B",
		ok("1"), command("A.B=1"), ok("1")},
	{"backslash continuation", "A=x\\\ny\n", "A",
		partial(`x\`, "unexpected character"), ok("xy"), ok(`x\`)},
	{"unterminated quote", "A=\"oops\n", "A",
		failed("unterminated quoted value"), syntaxError("reached EOF without closing quote"), ok(`"oops`)},
	{"BOM", "\xEF\xBB\xBFA=1\n", "A",
		failed("unexpected character"), want{err: "byte-order mark"}, ok("1")},
	{"duplicate key", "A=1\nA=2\n", "A",
		ok("2"), ok("2"), ok("2")},
	{"quote then text", "A=\"x\"y\n", "A",
		partial("x", "unexpected character"), ok("xy"), ok(`"x"y`)},
}

func TestEnvDialectTable(t *testing.T) {
	for _, row := range dialectRows {
		t.Run(row.name, func(t *testing.T) {
			f := ParseEnv("t.env", []byte(row.src))
			e := f.Lookup(row.key)
			if e == nil {
				t.Fatalf("no entry %s in %q; entries: %v", row.key, row.src, entryKeys(f))
			}
			checkReading(t, "bash", e.Bash, row.bash)
			checkReading(t, "docker", e.Docker, row.docker)
			checkReading(t, "godotenv", e.Godotenv, row.godotenv)
		})
	}
}

func entryKeys(f *EnvFile) []string {
	var out []string
	for _, e := range f.Entries {
		out = append(out, e.Key)
	}
	return out
}

// TestEnvDialectWholeFile checks the whole-file side of the table rows.
func TestEnvDialectWholeFile(t *testing.T) {
	tests := []struct {
		src                   string
		bashErr, gdErr, dkErr bool
	}{
		{"export SEQS=16\n", false, false, true},
		{"A='a\\'b'\n", true, false, false},
		{"A='it'\"'\"'s'\n", false, true, false},
		{"FOO\n", false, true, false},
		{"A=x\\\ny\n", false, true, false},
		{"A=\"oops\n", true, true, false},
		{"\xEF\xBB\xBFA=1\n", false, true, false},
		{"A=\"x\"y\n", false, true, false},
		{"A = b\n", false, false, true},
		{"A=1\nA=2\n", false, false, false},
	}
	for _, tt := range tests {
		f := ParseEnv("t.env", []byte(tt.src))
		if (f.BashErr != nil) != tt.bashErr || (f.GodotenvErr != nil) != tt.gdErr || (f.DockerErr != nil) != tt.dkErr {
			t.Errorf("%q: BashErr=%v GodotenvErr=%v DockerErr=%v; want bash %v godotenv %v docker %v",
				tt.src, f.BashErr, f.GodotenvErr, f.DockerErr, tt.bashErr, tt.gdErr, tt.dkErr)
		}
	}
	f := ParseEnv("t.env", []byte("A=1\nB='x\n"))
	var ee *EnvError
	if !errors.As(f.BashErr, &ee) || ee.Line != 2 || ee.Col != 3 || !strings.HasPrefix(f.BashErr.Error(), "t.env:2:3: ") {
		t.Errorf("BashErr = %v, want it at t.env:2:3", f.BashErr)
	}
	f = ParseEnv("t.env", []byte("A=1\nFOO\n"))
	if !errors.As(f.GodotenvErr, &ee) || ee.Line != 2 || ee.Err == nil {
		t.Errorf("GodotenvErr = %#v, want line 2 wrapping the library's error", f.GodotenvErr)
	}
	f = ParseEnv("t.env", []byte("A=1\nset -a\n"))
	if !errors.As(f.DockerErr, &ee) || ee.Line != 2 || ee.Msg != "variable 'set -a' contains whitespaces" {
		t.Errorf("DockerErr = %v, want line 2", f.DockerErr)
	}
}

func TestEnvPositions(t *testing.T) {
	tests := []struct {
		name, src, key                   string
		line, keyStart, valStart, valEnd int
		start, end                       int
		raw                              string
	}{
		{"plain", "A=1\nBB=22\n", "BB", 2, 4, 7, 9, 4, 9, "22"},
		{"export", "export SEQS=16\n", "SEQS", 1, 7, 12, 14, 0, 14, "16"},
		{"indented", "  A=1\n", "A", 1, 2, 4, 5, 2, 5, "1"},
		{"comment", "A=\"x\"  # comment\n", "A", 1, 0, 2, 5, 0, 16, `"x"`},
		{"BOM first line", "\xEF\xBB\xBFA=1\nB=2\n", "A", 1, 3, 5, 6, 3, 6, "1"},
		{"BOM second line", "\xEF\xBB\xBFA=1\nB=2\n", "B", 2, 7, 9, 10, 7, 10, "2"},
		{"CRLF", "A=1\r\nBB=22\r\n", "BB", 2, 5, 8, 10, 5, 10, "22"},
		{"CRLF no final newline", "A=1\r\nB=2\r", "B", 2, 5, 7, 8, 5, 8, "2"},
		{"multi-line", "A=\"l1\nl2\"\nB=1\n", "A", 1, 0, 2, 9, 0, 9, "\"l1\nl2\""},
		{"after multi-line", "A=\"l1\nl2\"\nB=1\n", "B", 3, 10, 12, 13, 10, 13, "1"},
		{"second assignment", "A=1 B=2\n", "B", 1, 4, 6, 7, 0, 7, "2"},
		{"spaces around =", "A = b\n", "A", 1, 0, 4, 5, 0, 5, "b"},
		{"bare key", "X=1\nFOO\n", "FOO", 2, 4, 7, 7, 4, 7, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ParseEnv("t.env", []byte(tt.src))
			e := f.Lookup(tt.key)
			if e == nil {
				t.Fatalf("no entry %s: %v", tt.key, entryKeys(f))
			}
			got := []int{e.Line, e.KeyStart, e.ValStart, e.ValEnd, e.Start, e.End}
			wantPos := []int{tt.line, tt.keyStart, tt.valStart, tt.valEnd, tt.start, tt.end}
			if !equalInts(got, wantPos) {
				t.Errorf("Line, KeyStart, ValStart, ValEnd, Start, End = %v, want %v", got, wantPos)
			}
			if e.Raw != tt.raw {
				t.Errorf("Raw = %q, want %q", e.Raw, tt.raw)
			}
			if string(f.Src[e.KeyStart:e.KeyEnd]) != tt.key {
				t.Errorf("key span holds %q", f.Src[e.KeyStart:e.KeyEnd])
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEnvCRLFAndBOM(t *testing.T) {
	src := []byte("\xEF\xBB\xBFA=1\r\n\r\nB=\"x y\"\r\nC='l1\r\nl2'\r\n")
	f := ParseEnv("t.env", src)
	if !f.BOM || !f.CRLF {
		t.Fatalf("BOM=%v CRLF=%v", f.BOM, f.CRLF)
	}
	if got := len(f.Lines); got != 5 {
		t.Fatalf("%d lines, want 5", got)
	}
	for _, ln := range f.Lines {
		if !ln.CR || strings.ContainsAny(ln.Text, "\r\n") || string(src[ln.Start:ln.End]) != ln.Text {
			t.Errorf("line %d: %+v", ln.Line, ln)
		}
	}
	kinds := []LineKind{LineAssign, LineBlank, LineAssign, LineAssign, LineContinuation}
	for i, k := range kinds {
		if f.Lines[i].Kind != k {
			t.Errorf("line %d is %s, want %s", i+1, f.Lines[i].Kind, k)
		}
	}
	a := f.Lookup("A")
	checkReading(t, "A bash", a.Bash, want{err: "byte-order mark"})
	checkReading(t, "A docker", a.Docker, ok("1"))
	b := f.Lookup("B")
	checkReading(t, "B bash", b.Bash, ok("x y\r"))
	checkReading(t, "B docker", b.Docker, ok(`"x y"`))
	checkReading(t, "B godotenv", b.Godotenv, ok("x y"))
	c := f.Lookup("C")
	checkReading(t, "C bash", c.Bash, ok("l1\r\nl2\r"))
	checkReading(t, "C godotenv", c.Godotenv, ok("l1\nl2"))
	checkReading(t, "C docker", c.Docker, ok("'l1"))
	if c.Line != 4 || c.EndLine != 5 || c.End != len(src)-2 {
		t.Errorf("C Line %d EndLine %d End %d", c.Line, c.EndLine, c.End)
	}

	issues := f.FileDisagreements(ReaderBash|ReaderDocker, false)
	if len(issues) != 2 {
		t.Fatalf("issues = %+v, want BOM and CRLF", issues)
	}
	if is := issues[0]; is.Start != 0 || is.End != 3 || !strings.Contains(is.Msg, "byte-order mark") || !strings.Contains(is.Msg, "docker --env-file strips it") {
		t.Errorf("BOM issue = %+v", is)
	}
	if is := issues[1]; is.Start != 6 || is.Line != 1 || !strings.Contains(is.Msg, "CRLF") {
		t.Errorf("CRLF issue = %+v", is)
	}
	// docker and godotenv both drop the \r; only the BOM splits them.
	issues = f.FileDisagreements(ReaderDocker|ReaderGodotenv, false)
	if len(issues) != 1 || !strings.Contains(issues[0].Msg, "godotenv fails") {
		t.Errorf("docker+godotenv issues = %+v", issues)
	}
	if got := f.FileDisagreements(ReaderBash, false); got != nil {
		t.Errorf("one reader: %+v", got)
	}
	if differ, _ := b.Disagreement(ReaderDocker | ReaderGodotenv); !differ {
		// docker keeps the quotes
		t.Errorf("B: docker and godotenv should differ")
	}
	if p, ok := f.Lookup("A").Portable(f); ok {
		t.Errorf("A (bash runs it as a command) is portable as %q", p)
	}
}

func TestEnvFrankArchon(t *testing.T) {
	path := filepath.Join("..", "testdata", "env", "frank-archon.env")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := ParseEnv(path, src)
	if f.BashErr != nil || f.GodotenvErr != nil || f.DockerErr != nil {
		t.Fatalf("errors: %v / %v / %v", f.BashErr, f.GodotenvErr, f.DockerErr)
	}
	if len(f.Entries) != 11 {
		t.Fatalf("%d entries: %v", len(f.Entries), entryKeys(f))
	}
	seqs := f.Lookup("FRANK_ARCHON_MAX_SEQS")
	if seqs == nil || seqs.Line != 5 || seqs.Raw != "8" || seqs.Bash.Value != "8" {
		t.Fatalf("FRANK_ARCHON_MAX_SEQS = %+v", seqs)
	}
	e := f.Lookup("FRANK_CALIB_MAX_SEQS")
	if e == nil || e.Line != 14 {
		t.Fatalf("FRANK_CALIB_MAX_SEQS = %+v", e)
	}
	if e.Raw != "${FRANK_ARCHON_MAX_SEQS}" || e.Word == nil || len(e.Refs) != 1 || e.Refs[0] != "FRANK_ARCHON_MAX_SEQS" {
		t.Errorf("Raw %q Word %v Refs %v", e.Raw, e.Word, e.Refs)
	}
	checkReading(t, "bash", e.Bash, ok("8"))
	checkReading(t, "docker", e.Docker, ok("${FRANK_ARCHON_MAX_SEQS}"))
	checkReading(t, "godotenv", e.Godotenv, ok("8"))

	differ, why := e.Disagreement(ReaderBash | ReaderDocker)
	wantWhy := `bash source reads "8" (expands ${FRANK_ARCHON_MAX_SEQS}); docker --env-file passes "${FRANK_ARCHON_MAX_SEQS}" verbatim`
	if !differ || why != wantWhy {
		t.Errorf("Disagreement(bash, docker) = %v, %q\nwant %q", differ, why, wantWhy)
	}
	if differ, why := e.Disagreement(ReaderBash | ReaderGodotenv); differ {
		t.Errorf("bash and godotenv both read 8, got %q", why)
	}
	if differ, _ := e.Disagreement(ReaderBash); differ {
		t.Errorf("one reader is never a finding")
	}
	if differ, why := e.Disagreement(AllReaders); !differ || !strings.Contains(why, `godotenv reads "8"`) {
		t.Errorf("Disagreement(all) = %v, %q", differ, why)
	}
	if p, ok := e.Portable(f); !ok || p != "FRANK_CALIB_MAX_SEQS=8" {
		t.Errorf("Portable = %q, %v", p, ok)
	}
	for _, other := range f.Entries {
		if other == e {
			continue
		}
		if differ, why := other.Disagreement(AllReaders); differ {
			t.Errorf("%s: unexpected disagreement %s", other.Key, why)
		}
		p, ok := other.Portable(f)
		if line := f.Lines[other.Line-1].Text; !ok || p != line {
			t.Errorf("%s: Portable = %q, %v; want the line as is (%q)", other.Key, p, ok, line)
		}
	}
	if got := f.FileDisagreements(AllReaders, false); len(got) != 0 {
		t.Errorf("file issues: %+v", got)
	}
	if f.Lines[0].Kind != LineComment || f.Lines[1].Kind != LineAssign {
		t.Errorf("line kinds %s %s", f.Lines[0].Kind, f.Lines[1].Kind)
	}
}

func TestEnvPortable(t *testing.T) {
	tests := []struct {
		name, src, key string
		want           string
		ok             bool
	}{
		{"export", "export SEQS=16\n", "SEQS", "SEQS=16", true},
		{"quoted with comment", "A=\"x\"  # comment\n", "A", "A=x", true},
		{"space in the value", "MODEL=\"org/model 7b\"\n", "MODEL", "", false},
		{"already plain", "A=b\n", "A", "A=b", true},
		{"empty", "A=\n", "A", "A=", true},
		{"inline comment", "A=b # c\n", "A", "A=b", true},
		{"CRLF", "A=b\r\n", "A", "A=b", true},
		{"resolved reference", "X=8\nA=${X}\n", "A", "A=8", true},
		{"resolved quoted literal", "X=\"8\"\nA=\"$X\"\n", "A", "A=8", true},
		{"reference to an alias", "Y=1\nX=${Y}\nA=${X}\n", "A", "", false},
		{"the alias itself", "Y=1\nX=${Y}\nA=${X}\n", "X", "X=1", true},
		{"reference defined later", "A=${X}\nX=1\n", "A", "", false},
		{"host reference", "A=${HOME}/x\n", "A", "", false},
		{"default of a host variable", "A=${UNSET:-d}\n", "A", "", false},
		{"command substitution", "A=$(echo hi)\n", "A", "", false},
		{"single-quoted dollar", "A='$X'\n", "A", "", false},
		{"spaces around =", "A = b\n", "A", "A=b", true},
		{"yaml colon", "A: b\n", "A", "A=b", true},
		{"unquoted space", "A=hello world\n", "A", "", false},
		{"dot in the key", "A.B=1\n", "A.B", "", false},
		{"quote concatenation", "A='it'\"'\"'s'\n", "A", "", false},
		{"two assignments", "A=1 B=2\n", "A", "A=1\nB=2", true},
		{"two assignments, second", "A=1 B=2\n", "B", "", false},
		{"bare key", "FOO\n", "FOO", "", false},
		{"tilde", "A=~/x\n", "A", "", false},
		{"multi-line", "A=\"l1\nl2\"\n", "A", "", false},
		{"arithmetic", "X=2\nA=$((X*4))\n", "A", "A=8", true},
		{"default of a file variable", "X=3\nA=${X:-9}\n", "A", "A=3", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ParseEnv("t.env", []byte(tt.src))
			e := f.Lookup(tt.key)
			if e == nil {
				t.Fatalf("no entry %s: %v", tt.key, entryKeys(f))
			}
			got, ok := e.Portable(f)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Portable = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
			if !ok {
				return
			}
			// The portable text, read again, means the same to everyone.
			g := ParseEnv("p.env", []byte(got+"\n"))
			for _, pe := range g.Entries {
				if differ, why := pe.Disagreement(AllReaders); differ {
					t.Errorf("portable line %q still differs: %s", got, why)
				}
			}
		})
	}
	var nilEntry *EnvEntry
	if _, ok := nilEntry.Portable(nil); ok {
		t.Error("nil entry is portable")
	}
}

func TestEnvDisagreement(t *testing.T) {
	bd, bg, dg := ReaderBash|ReaderDocker, ReaderBash|ReaderGodotenv, ReaderDocker|ReaderGodotenv
	tests := []struct {
		name, src, key string
		readers        Reader
		differ         bool
		contains       []string
	}{
		{"export, bash+docker", "export SEQS=16\n", "SEQS", bd, true,
			[]string{`bash source reads "16"`, "docker --env-file refuses the file: variable 'export SEQS' contains whitespaces"}},
		{"export, bash+godotenv", "export SEQS=16\n", "SEQS", bg, false, nil},
		{"export, bash alone", "export SEQS=16\n", "SEQS", ReaderBash, false, nil},
		{"quotes, bash+docker", "MODEL=\"org/model 7b\"\n", "MODEL", bd, true,
			[]string{`docker --env-file passes "\"org/model 7b\"" verbatim`}},
		{"quotes, bash+godotenv", "MODEL=\"org/model 7b\"\n", "MODEL", bg, false, nil},
		{"unquoted space, bash+godotenv", "A=hello world\n", "A", bg, true,
			[]string{"bash source runs `world` as a command", `godotenv reads "hello world"`}},
		{"unquoted space, docker+godotenv", "A=hello world\n", "A", dg, false, nil},
		{"two comments, bash+godotenv", "A=b #c #d\n", "A", bg, true, []string{`godotenv reads "b #c"`}},
		{"host variable, bash+godotenv", "A=${HOME}/x\n", "A", bg, true,
			[]string{"bash source expands $HOME from the host environment", `godotenv reads "/x"`}},
		{"lower case, bash+godotenv", "x=1\nA=$x\n", "A", bg, true, []string{`bash source reads "1" (expands $x)`}},
		{"command substitution", "A=$(echo hi)\n", "A", bd, true, []string{"bash source runs `$(echo hi)` for the value"}},
		{"plain, everyone", "A=b\n", "A", AllReaders, false, nil},
		{"CRLF, bash+docker", "A=b\r\n", "A", bd, true, []string{`bash source reads "b\r" (keeps the \r`}},
		{"CRLF, docker+godotenv", "A=b\r\n", "A", dg, false, nil},
		{"bare key, bash+docker", "FOO\n", "FOO", bd, true,
			[]string{"bash source runs `FOO` as a command", "docker --env-file takes FOO from the host environment"}},
		{"export bare key, bash+docker", "export FOO\n", "FOO", bd, true, []string{"bash source exports FOO from the host environment"}},
		{"multi-line, bash+docker", "A=\"l1\nl2\"\n", "A", bd, true,
			[]string{`docker --env-file passes "\"l1" verbatim and reads the next line "l2\"" as a key of its own`}},
		{"second assignment, bash+docker", "A=1 B=2\n", "B", bd, true,
			[]string{`bash source reads "2"`, "docker --env-file does not define B on this line"}},
		{"second assignment, docker+godotenv", "A=1 B=2\n", "B", dg, false, nil},
		{"inside a value", "A=\"x\nB=2\"\n", "B", bd, true,
			[]string{"bash source reads this line as part of the value of A (line 1)", `docker --env-file passes "2\"" verbatim`}},
		{"append", "A=1\nA+=2\n", "A", bd, true, []string{`bash source reads "12"`, `docker --env-file defines "A+" instead`}},
		{"syntax error", "A='a\\'b'\n", "A", bg, true, []string{"bash source fails with a syntax error"}},
		{"unterminated, bash+godotenv", "A=\"oops\n", "A", bg, true, []string{"godotenv fails: unterminated quoted value"}},
		{"unknown bits only", "A=b\n", "A", Reader(0x80), false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ParseEnv("t.env", []byte(tt.src))
			e := f.Lookup(tt.key)
			if e == nil {
				t.Fatalf("no entry %s: %v", tt.key, entryKeys(f))
			}
			differ, why := e.Disagreement(tt.readers)
			if differ != tt.differ {
				t.Fatalf("Disagreement(%s) = %v, %q; want %v", tt.readers, differ, why, tt.differ)
			}
			if !differ && why != "" {
				t.Errorf("no disagreement but %q", why)
			}
			for _, c := range tt.contains {
				if !strings.Contains(why, c) {
					t.Errorf("%q\ndoes not contain %q", why, c)
				}
			}
		})
	}
}

func TestEnvFileDisagreements(t *testing.T) {
	path := filepath.Join("..", "testdata", "env", "mixed.env")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := ParseEnv(path, src)
	issues := f.FileDisagreements(ReaderBash|ReaderDocker, false)
	// `set -a` holds no entry: docker refuses it.
	if len(issues) != 1 || issues[0].Line != 6 || issues[0].Readers != ReaderDocker ||
		!strings.Contains(issues[0].Msg, "variable 'set -a' contains whitespaces") {
		t.Fatalf("issues = %+v", issues)
	}
	if is := issues[0]; string(src[is.Start:is.End]) != "set -a" {
		t.Errorf("issue span %q", src[is.Start:is.End])
	}
	issues = f.FileDisagreements(AllReaders, false)
	if len(issues) != 2 || issues[1].Readers != ReaderGodotenv {
		t.Errorf("all readers: %+v", issues)
	}
	if f.FileDisagreements(ReaderDocker, false) != nil {
		t.Error("one reader is never a finding")
	}
	var keys []string
	for _, e := range f.Entries {
		if differ, _ := e.Disagreement(ReaderBash | ReaderDocker); differ {
			keys = append(keys, e.Key)
		}
	}
	if got := strings.Join(keys, " "); got != "SEQS MODEL STEP SEQS_ALIAS NAME" {
		t.Errorf("bash/docker disagreements on %q", got)
	}
	p, ok := f.Lookup("SEQS_ALIAS").Portable(f)
	if !ok || p != "SEQS_ALIAS=16" {
		t.Errorf("SEQS_ALIAS portable = %q, %v", p, ok)
	}
	if e := f.Lookup("NAME"); e == nil || e.Line != 7 || e.Bash.Defined {
		t.Errorf("NAME = %+v", e)
	}
	if f.Lines[5].Kind != LineOther || f.Lines[6].Kind != LineAssign {
		t.Errorf("kinds: %s %s", f.Lines[5].Kind, f.Lines[6].Kind)
	}
}

func TestEnvLookupAndDefs(t *testing.T) {
	f := ParseEnv("t.env", []byte("A=1\nB=2\nA=3\n"))
	defs := f.Defs("A")
	if len(defs) != 2 || defs[0].Line != 1 || defs[1].Line != 3 || f.Lookup("A") != defs[1] {
		t.Errorf("Defs(A) = %v", defs)
	}
	if f.Lookup("C") != nil || f.Defs("C") != nil {
		t.Error("C is not defined")
	}
	var nf *EnvFile
	if nf.Lookup("A") != nil || nf.Defs("A") != nil || nf.FileDisagreements(AllReaders, false) != nil {
		t.Error("nil file")
	}
	f = ParseEnv("t.env", []byte("X=${Y:-$Z}\nW=\"${V-x}\"\n"))
	if x := f.Lookup("X"); x.DefaultOf != "Y" || strings.Join(x.Refs, ",") != "Y,Z" {
		t.Errorf("X DefaultOf %q Refs %v", x.DefaultOf, x.Refs)
	}
	if w := f.Lookup("W"); w.DefaultOf != "V" {
		t.Errorf("W DefaultOf %q", w.DefaultOf)
	}
}

func TestEnvReaderString(t *testing.T) {
	tests := map[Reader]string{
		ReaderBash:                  "bash source",
		ReaderDocker:                "docker --env-file",
		ReaderGodotenv:              "godotenv",
		ReaderBash | ReaderGodotenv: "bash source, godotenv",
		AllReaders:                  "bash source, docker --env-file, godotenv",
		0:                           "no reader",
		ReaderDocker | Reader(0x80): "docker --env-file, Reader(0x80)",
	}
	for r, want := range tests {
		if got := r.String(); got != want {
			t.Errorf("%d: %q, want %q", uint8(r), got, want)
		}
	}
	if AllReaders.Count() != 3 || Reader(0xF0).Count() != 0 {
		t.Error("Count")
	}
	if LineContinuation.String() != "continuation" || LineKind(99).String() != "LineKind(99)" {
		t.Error("LineKind.String")
	}
}

func TestEnvBashSyntaxRecovery(t *testing.T) {
	src := "A=1\nB='x\nC=3\nif true; then\nD=4\n"
	f := ParseEnv("t.env", []byte(src))
	if f.BashErr == nil {
		t.Fatal("no BashErr")
	}
	for key, w := range map[string]want{"A": ok("1"), "B": syntaxError("reached EOF without closing quote"), "C": ok("3"), "D": ok("4")} {
		e := f.Lookup(key)
		if e == nil {
			t.Fatalf("no %s: %v", key, entryKeys(f))
		}
		checkReading(t, key, e.Bash, w)
	}
	issues := f.FileDisagreements(ReaderBash|ReaderDocker, false)
	found := false
	for _, is := range issues {
		if is.Readers == ReaderBash && is.Line == 4 && strings.Contains(is.Msg, "syntax error") {
			found = true
		}
	}
	if !found {
		t.Errorf("no bash issue on line 4: %+v", issues)
	}
}

func TestEnvLargeInputs(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	f := ParseEnv("big.env", []byte("A="+big+"\nB=\"1 "+big+"\"\nC=${A}${A}\n"))
	a, b, c := f.Lookup("A"), f.Lookup("B"), f.Lookup("C")
	if a == nil || b == nil || c == nil {
		t.Fatalf("entries: %v", entryKeys(f))
	}
	checkReading(t, "A bash", a.Bash, ok(big))
	checkReading(t, "A godotenv", a.Godotenv, ok(big))
	checkReading(t, "A docker", a.Docker, failed("token too long"))
	checkReading(t, "B bash", b.Bash, ok("1 "+big))
	if len(c.Bash.Value) != 2<<20 || len(c.Godotenv.Value) != 2<<20 {
		t.Errorf("C: %d, %d bytes", len(c.Bash.Value), len(c.Godotenv.Value))
	}
	if _, why := a.Disagreement(AllReaders); len(why) > 1000 {
		t.Errorf("message of %d bytes", len(why))
	}
	// A line just under docker's limit is fine.
	f = ParseEnv("t.env", []byte("A="+strings.Repeat("y", dockerLimitTestLen)+"\n"))
	checkReading(t, "docker 64K-1", f.Lookup("A").Docker, ok(strings.Repeat("y", dockerLimitTestLen)))
}

// dockerLimitTestLen makes "A=" + value + "\n" exactly 65,536 bytes: the
// longest line docker accepts (measured with docker 28.2.2).
const dockerLimitTestLen = 65535 - 2

func TestEnvHostileInputs(t *testing.T) {
	inputs := map[string]string{
		"deep command substitution": "A=" + strings.Repeat("$(", 20000) + "\n",
		"deep arithmetic":           "A=$((" + strings.Repeat("(", 20000) + "\n",
		"deep keywords":             strings.Repeat("if ", 20000) + "\n",
		"many heredocs":             strings.Repeat("x<<", 20000) + "\n",
		"exponential expansion":     "A=" + strings.Repeat("x", 4096) + "\n" + expBlowup(30),
		"godotenv blowup":           "A=" + strings.Repeat("X", 4096) + "\n" + strings.Repeat("B=\"${A}${A}${A}${A}${A}${A}${A}${A}\"\n", 4000),
		"replacement blowup":        "A=" + strings.Repeat("x", 4096) + "\nB=${A//x/$A}\nC=${B//x/$B}\n",
		"binary":                    "\x00\x01\xff\xfe=\x00\n\x80A=\xc3\x28\n",
		"lonely CR":                 "A=b\rc\nB=\r\r\n\r",
		"NUL in value":              "A=b\x00c\n",
		"many errors":               strings.Repeat("A='\n", 2000),
		"tilde user":                "A=~root/x\n",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			f := ParseEnv("t.env", []byte(src))
			checkSpans(t, f)
		})
	}
	f := ParseEnv("t.env", []byte(inputs["deep command substitution"]))
	if f.BashErr == nil || !strings.Contains(f.BashErr.Error(), "not analysed") {
		t.Errorf("BashErr = %v", f.BashErr)
	}
	f = ParseEnv("t.env", []byte(inputs["lonely CR"]))
	checkReading(t, "lonely CR bash", f.Lookup("A").Bash, ok("b\rc"))
	checkReading(t, "lonely CR docker", f.Lookup("A").Docker, ok("b\rc"))
	f = ParseEnv("t.env", []byte(inputs["binary"]))
	if f.DockerErr == nil || !strings.Contains(f.DockerErr.Error(), "invalid utf8") {
		t.Errorf("DockerErr = %v", f.DockerErr)
	}
}

// expBlowup doubles A's length on every line.
func expBlowup(n int) string {
	var sb strings.Builder
	for range n {
		sb.WriteString("A=$A$A\n")
	}
	return sb.String()
}

// checkSpans asserts the model's invariants.
func checkSpans(t *testing.T, f *EnvFile) {
	t.Helper()
	n := len(f.Src)
	if f == nil {
		t.Fatal("nil file")
	}
	prevEnd := 0
	for i, ln := range f.Lines {
		if ln.Line != i+1 || ln.Start < prevEnd || ln.Start > ln.End || ln.End > n || ln.Text != string(f.Src[ln.Start:ln.End]) {
			t.Fatalf("bad line %+v", ln)
		}
		prevEnd = ln.End
	}
	for _, e := range f.Entries {
		spans := [][2]int{{e.Start, e.End}, {e.KeyStart, e.KeyEnd}, {e.ValStart, e.ValEnd}}
		for _, s := range spans {
			if s[0] < 0 || s[0] > s[1] || s[1] > n {
				t.Fatalf("%q: bad span %v in %d bytes (%+v)", e.Key, s, n, e)
			}
		}
		if e.Raw != string(f.Src[e.ValStart:e.ValEnd]) {
			t.Fatalf("%q: Raw %q", e.Key, e.Raw)
		}
		if e.Line < 1 || e.Line > len(f.Lines) || e.EndLine < 1 || e.EndLine > len(f.Lines) {
			t.Fatalf("%q: Line %d EndLine %d of %d", e.Key, e.Line, e.EndLine, len(f.Lines))
		}
		if e.Start > e.KeyStart || e.KeyEnd > e.End+1 {
			t.Fatalf("%q: key [%d,%d) outside [%d,%d)", e.Key, e.KeyStart, e.KeyEnd, e.Start, e.End)
		}
		for _, rs := range []Reader{ReaderBash | ReaderDocker, ReaderBash | ReaderGodotenv, ReaderDocker | ReaderGodotenv, AllReaders, ReaderBash} {
			differ, why := e.Disagreement(rs)
			if differ == (why == "") {
				t.Fatalf("%q: Disagreement(%s) = %v, %q", e.Key, rs, differ, why)
			}
			if rs == ReaderBash && differ {
				t.Fatalf("one reader found a disagreement")
			}
		}
		if p, ok := e.Portable(f); ok != (p != "") {
			t.Fatalf("%q: Portable = %q, %v", e.Key, p, ok)
		}
	}
	for _, is := range f.FileDisagreements(AllReaders, false) {
		if is.Start < 0 || is.Start > is.End || is.End > n || is.Msg == "" {
			t.Fatalf("bad issue %+v", is)
		}
	}
}

func FuzzParseEnv(f *testing.F) {
	for _, row := range dialectRows {
		f.Add([]byte(row.src))
	}
	for _, s := range []string{
		"\xEF\xBB\xBFA=1\r\n\r\nB=\"x y\"\r\nC='l1\r\nl2'\r\n",
		"A=1\nB='x\nC=3\nif true; then\nD=4\n",
		"X=8\nA=${X}\nB=${X:-1}\nC=$((X*2))\nD=~/x\nE=$(date)\n",
		"A=\"x\nB=2\"\n",
		"set -a\nA=1\nset +a\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSpans(t, ParseEnv("fuzz.env", src))
	})
}

// FuzzGodotenvPort holds the position-tracking port of godotenv's parser to
// the library itself.
func FuzzGodotenvPort(f *testing.F) {
	for _, row := range dialectRows {
		f.Add([]byte(row.src))
	}
	f.Add([]byte("A=\"\\\"\"\nB='x\\'y'\nexport\nexportC=1\nD:\"e\"\n\xc2\x85F=1 #c\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		compareGodotenv(t, src)
	})
}

func compareGodotenv(t *testing.T, src []byte) {
	t.Helper()
	sc := envScanGodotenv(src, false)
	if sc.overflow {
		return
	}
	lib, err := godotenv.UnmarshalBytes(src)
	if (err != nil) != (sc.firstErr != "") {
		t.Fatalf("%q: library error %v, port error %q", src, err, sc.firstErr)
	}
	if err != nil {
		// The port cuts the quoted input in its messages at the end of the line.
		lm, pm := err.Error(), sc.firstErr
		if i := strings.Index(lm, " near "); i >= 0 {
			lm = lm[:i]
		}
		if i := strings.Index(pm, " near "); i >= 0 {
			pm = pm[:i]
		}
		if n := min(len(lm), len(pm), 40); lm[:n] != pm[:n] {
			t.Fatalf("%q: library error %q, port error %q", src, err, sc.firstErr)
		}
	}
	if !maps.Equal(lib, sc.out) {
		t.Fatalf("%q: library %q, port %q", src, lib, sc.out)
	}
}

func TestEnvGodotenvPortTable(t *testing.T) {
	for _, row := range dialectRows {
		compareGodotenv(t, []byte(row.src))
	}
	compareGodotenv(t, []byte("A=\"\\\"\"\nB='x\\'y'\nexportC=1\nD:\"e\"\n\xc2\x85F=1 #c\nG=\"${F}\\n\\$X\"\n"))
	compareGodotenv(t, []byte("FOO"))
	compareGodotenv(t, bytes.Repeat([]byte("K=v\r\n"), 10))
}
