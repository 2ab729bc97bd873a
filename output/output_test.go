package output

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// src has a multi-byte character before the finding on line 2.
var src = []byte("#!/bin/bash\n# é → x --max-num-seqs 4\n")

func findings() []lint.Finding {
	off := strings.Index(string(src), "4\n")
	return []lint.Finding{
		{File: "scripts/s.sh", Line: 2, Column: off - 12 + 1, EndLine: 2, EndColumn: off - 12 + 2, Offset: off, EndOffset: off + 1,
			Rule: "privateshape", Severity: "error", Message: "serve passes --max-num-seqs 4",
			Fixes: []lint.Fix{{Message: "use the owner", Edits: []lint.Edit{{File: "scripts/s.sh", Offset: off, End: off + 1, NewText: `"$SEQS"`}}}}},
		{File: "scripts/s.env", Line: 3, Column: 1, EndLine: 3, EndColumn: 10, Rule: "envowner", Severity: "warning", Message: "a, b: c\nd", Fixes: []lint.Fix{}},
		{File: "scripts/s.sh", Line: 1, Column: 1, EndLine: 1, EndColumn: 1, Rule: "argvdrift", Severity: "info", Message: "kl could not be evaluated", Fixes: []lint.Fix{}},
	}
}

func TestFormats(t *testing.T) {
	want := map[string]bool{"text": true, "json": true, "sarif": true, "github": true}
	for _, f := range Formats {
		delete(want, f)
	}
	if len(want) > 0 {
		t.Errorf("Formats lacks %v", want)
	}
	var buf bytes.Buffer
	if err := Write(&buf, "xml", nil); err == nil {
		t.Error("an unknown format is not an error")
	}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "text", findings()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if lines[0] != "scripts/s.sh:2:"+itoa(findings()[0].Column)+": serve passes --max-num-seqs 4 (privateshape)" {
		t.Errorf("text line = %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "scripts/s.env:3:1: warning: a, b: c") {
		t.Errorf("text line = %q", lines[1])
	}
}

func TestGitHub(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "github", findings()); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	f := findings()[0]
	want := []string{
		"::error file=scripts/s.sh,line=2,col=" + itoa(f.Column) + ",endLine=2,endColumn=" + itoa(f.EndColumn) + ",title=privateshape::serve passes --max-num-seqs 4",
		"::warning file=scripts/s.env,line=3,col=1,endLine=3,endColumn=10,title=envowner::a, b: c%0Ad",
		"::notice file=scripts/s.sh,line=1,col=1,endLine=1,endColumn=1,title=argvdrift::kl could not be evaluated",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("github output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "json", nil); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(buf.String()) != "[]" {
		t.Errorf("no findings as JSON = %q, want []", buf.String())
	}
	buf.Reset()
	if err := Write(&buf, "json", findings()); err != nil {
		t.Fatal(err)
	}
	var got []lint.Finding
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil || len(got) != 3 || got[0].Fixes[0].Edits[0].NewText != `"$SEQS"` {
		t.Errorf("JSON round trip: %v %+v", err, got)
	}
}

// sarifLog is the part of SARIF 2.1.0 the tests read.
type sarifLog struct {
	Version string `json:"version"`
	Schema  string `json:"$schema"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []struct {
					ID               string                `json:"id"`
					ShortDescription struct{ Text string } `json:"shortDescription"`
					FullDescription  struct{ Text string } `json:"fullDescription"`
					HelpURI          string                `json:"helpUri"`
					Help             struct{ Text, Markdown string }
					Default          struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		ColumnKind         string `json:"columnKind"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region sarifRegion `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Fixes []struct {
				Description     struct{ Text string }
				ArtifactChanges []struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Replacements []struct {
						DeletedRegion   sarifRegion           `json:"deletedRegion"`
						InsertedContent struct{ Text string } `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

type sarifRegion struct {
	StartLine   int  `json:"startLine"`
	StartColumn int  `json:"startColumn"`
	EndLine     int  `json:"endLine"`
	EndColumn   int  `json:"endColumn"`
	ByteOffset  *int `json:"byteOffset"`
	ByteLength  *int `json:"byteLength"`
}

func TestSARIF(t *testing.T) {
	var buf bytes.Buffer
	opts := Options{Version: "1.2.3", Contents: map[string][]byte{"scripts/s.sh": src}, SrcRoot: "/work/repo"}
	if err := WriteWith(&buf, "sarif", findings(), opts); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-schema-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("version %q schema %q runs %d", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "servelint" || d.Version != "1.2.3" {
		t.Errorf("driver %q %q", d.Name, d.Version)
	}
	if len(d.Rules) != len(rules.All)+1 || d.Rules[len(d.Rules)-1].ID != suppress.Rule {
		t.Errorf("driver has %d rules, want every rule and %s", len(d.Rules), suppress.Rule)
	}
	index := map[string]int{}
	for i, r := range d.Rules {
		index[r.ID] = i
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || !strings.HasSuffix(r.HelpURI, "docs/rules.md#"+r.ID) {
			t.Errorf("rule %s: short %q full %q help %q", r.ID, r.ShortDescription.Text, r.FullDescription.Text, r.HelpURI)
		}
		switch r.Default.Level {
		case "error", "warning", "note":
		default:
			t.Errorf("rule %s: default level %q", r.ID, r.Default.Level)
		}
	}
	if lv := d.Rules[index["freethroughput"]].Default.Level; lv != "warning" {
		t.Errorf("freethroughput default level %q, want warning (from its page)", lv)
	}
	if run.ColumnKind != "utf16CodeUnits" || run.OriginalURIBaseIDs["%SRCROOT%"].URI != "file:///work/repo/" {
		t.Errorf("columnKind %q, base ids %+v", run.ColumnKind, run.OriginalURIBaseIDs)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3", len(run.Results))
	}
	r := run.Results[0]
	if r.RuleID != "privateshape" || r.RuleIndex == nil || *r.RuleIndex != index["privateshape"] || r.Level != "error" || r.Message.Text != "serve passes --max-num-seqs 4" {
		t.Errorf("result 0 = %+v", r)
	}
	loc := r.Locations[0].PhysicalLocation
	// "# é → x --max-num-seqs 4": the 4 is the 24th UTF-16 unit of the line,
	// the 27th byte.
	wantCol := len([]rune("# é → x --max-num-seqs ")) + 1
	if loc.ArtifactLocation.URI != "scripts/s.sh" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
		loc.Region.StartLine != 2 || loc.Region.StartColumn != wantCol || loc.Region.EndLine != 2 || loc.Region.EndColumn != wantCol+1 {
		t.Errorf("location = %+v, want line 2 columns %d-%d", loc, wantCol, wantCol+1)
	}
	if len(r.Fixes) != 1 || r.Fixes[0].Description.Text != "use the owner" || len(r.Fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("fixes = %+v", r.Fixes)
	}
	rep := r.Fixes[0].ArtifactChanges[0].Replacements[0]
	off := strings.Index(string(src), "4\n")
	if rep.InsertedContent.Text != `"$SEQS"` || rep.DeletedRegion.ByteOffset == nil || *rep.DeletedRegion.ByteOffset != off ||
		*rep.DeletedRegion.ByteLength != 1 || rep.DeletedRegion.StartLine != 2 || rep.DeletedRegion.StartColumn != wantCol {
		t.Errorf("replacement = %+v", rep)
	}
	if run.Results[1].Level != "warning" || run.Results[2].Level != "note" {
		t.Errorf("levels %q %q, want warning note", run.Results[1].Level, run.Results[2].Level)
	}
	// Without contents, columns are the findings' own.
	buf.Reset()
	if err := Write(&buf, "sarif", findings()[1:2]); err != nil {
		t.Fatal(err)
	}
	log = sarifLog{}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if reg := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region; reg.StartColumn != 1 || reg.EndColumn != 10 {
		t.Errorf("region without contents = %+v", reg)
	}
	// No findings: an empty results array, still a valid log.
	buf.Reset()
	if err := Write(&buf, "sarif", nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("no results array:\n%s", buf.String())
	}
}

func TestLineCol16(t *testing.T) {
	s := []byte("ab\n𝄞x\n")
	tests := []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {7, 2, 3}, {8, 2, 4}, {9, 3, 1}, {100, 3, 1},
	}
	for _, tt := range tests {
		if l, c := lineCol16(s, tt.off); l != tt.line || c != tt.col {
			t.Errorf("lineCol16(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
		}
	}
}

// TestIndentJSON: indentJSON lays out what json.Marshal writes exactly as
// json.Indent does, on findings whose strings hold quotes, backslashes,
// escapes, HTML characters, brackets, commas and colons, with and without
// fixes, and on other shapes of values.
func TestIndentJSON(t *testing.T) {
	tricky := []string{"", `a"b`, `a\b`, "a\\\"", "x\ny\t\r", "<script>&</script>", "[1,2]", "{\"k\":\"v\"}", "a: b, c", "caf\u00e9 \u2028", "\x00\x1f", "\\"}
	var fs []lint.Finding
	for i, s := range tricky {
		f := lint.Finding{File: s, Line: i, Column: -i, Rule: "r" + s, Severity: "error", Message: s + s}
		if i%2 == 0 {
			f.Fixes = []lint.Fix{{Message: s, Edits: []lint.Edit{{File: s, Offset: i, End: i + 1, NewText: s}, {}}}}
		} else if i%3 == 0 {
			f.Fixes = []lint.Fix{}
		}
		fs = append(fs, f)
	}
	values := []any{fs, []lint.Finding{}, map[string]any{}, map[string]any{"a": []any{}, "b": map[string]any{"c": []int{1, 2}}, "d": nil, "e": 1.5, "f": true}, "plain", 42, []any{[]any{}, []any{[]any{}}}}
	for _, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Indent(&want, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := indentJSON(nil, b, "  "); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("indentJSON(%s) =\n%s\nwant\n%s", b, got, want.Bytes())
		}
	}
}

// TestTextEscapesControl: a newline in a message or a file name cannot
// forge a finding line or a CI workflow command, nor ESC drive a terminal.
func TestTextEscapesControl(t *testing.T) {
	var b strings.Builder
	fs := []lint.Finding{{File: "x\n::warning file=evil::INJECTED\n.sh", Line: 1, Column: 1, Severity: "error",
		Message: "kl boots with --max-num-seqs 8\n::warning file=evil::INJECTED\x1b[2J\u0085", Rule: "argvdrift"}}
	if err := Text(&b, fs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Count(out, "\n") != 1 || strings.ContainsAny(out, "\x1b\r") || strings.Contains(out, "\u0085") {
		t.Errorf("control characters reached the output: %q", out)
	}
	if !strings.Contains(out, `x\n::warning file=evil::INJECTED\n.sh:1:1: kl boots with --max-num-seqs 8\n::warning`) || !strings.Contains(out, `\x1b[2J\u0085 (argvdrift)`) {
		t.Errorf("escapes: %q", out)
	}
}

// TestGitHubEscapesControl: ESC and other controls in a message or a file
// name do not reach a workflow log raw.
func TestGitHubEscapesControl(t *testing.T) {
	var b strings.Builder
	fs := []lint.Finding{{File: "x\x1b.sh", Line: 1, Column: 1, EndLine: 1, EndColumn: 2, Severity: "error",
		Message: "8\x1b[2J\n::warning::x", Rule: "argvdrift"}}
	if err := GitHub(&b, fs); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.ContainsAny(out, "\x1b\r") || strings.Count(out, "\n") != 1 {
		t.Errorf("control characters reached the output: %q", out)
	}
}

// TestRelative: a path under the working directory is made relative, one
// outside it (or the directory above) stays absolute; a directory whose
// name starts with ".." is still under it.
func TestRelative(t *testing.T) {
	wd := filepath.FromSlash("/w/repo")
	for in, want := range map[string]string{
		"/w/repo/scripts/a.sh":  "scripts/a.sh",
		"/w/repo/..dots/a.sh":   "..dots/a.sh",
		"/w/repo/...":           "...",
		"/w/repo/..":            "/w/repo/..", // the directory above: kept as given
		"/w/other/a.sh":         "/w/other/a.sh",
		"/w/a.sh":               "/w/a.sh",
		"/w":                    "/w",
		"scripts/relative.sh":   "scripts/relative.sh",
		"/w/repo/x/../..dots/b": "..dots/b",
	} {
		in, want := filepath.FromSlash(in), filepath.FromSlash(want)
		if got := Relative(wd, in); got != want {
			t.Errorf("Relative(%q, %q) = %q, want %q", wd, in, got, want)
		}
	}
}

// TestEscapeControl: C0, C1 and DEL become escapes, and so do bytes that
// are not UTF-8 (a lone 0x9b is the 8-bit CSI); tabs and text stay.
func TestEscapeControl(t *testing.T) {
	for in, want := range map[string]string{
		"plain é → x\ttab":     "plain é → x\ttab",
		"a\nb\rc\x1b[2J\x7f":   `a\nb\rc\x1b[2J\x7f`,
		"c1 \u009b2J":          `c1 \u009b2J`,
		"raw \x9b2J and \xff!": `raw \x9b2J and \xff!`,
		"line\u2028sep":        `line\u2028sep`,
	} {
		if got := EscapeControl(in); got != want {
			t.Errorf("EscapeControl(%q) = %q, want %q", in, got, want)
		}
	}
}
