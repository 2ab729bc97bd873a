package output

import (
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/servelint/servelint/docs"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// Options carry what some formats need beyond the findings.
type Options struct {
	// Version is servelint's version, for SARIF's tool.driver.version.
	Version string
	// Contents maps a finding's File (as it appears in the findings) to the
	// file's bytes; SARIF uses them to give columns in UTF-16 code units and
	// line/column regions for fixes. Without them, columns are bytes and
	// fix regions are byte offsets only.
	Contents map[string][]byte
	// SrcRoot is the absolute directory relative paths are relative to;
	// SARIF names it %SRCROOT%.
	SrcRoot string
}

// RulesURL is where the rule pages are published; a rule's help URI is
// RulesURL + "#" + its id.
const RulesURL = "https://github.com/servelint/servelint/blob/main/docs/rules.md"

// RuleInfo describes a rule for machine-readable formats.
type RuleInfo struct {
	ID, Short, Full, Help, HelpURI, Level string
}

// AllRules describes every rule, the suppression pseudo-rule last.
func AllRules() []RuleInfo {
	var out []RuleInfo
	add := func(id, doc string) {
		short, _, _ := strings.Cut(doc, "\n")
		ri := RuleInfo{ID: id, Short: short, Full: strings.TrimSpace(doc), HelpURI: RulesURL + "#" + id, Level: "error"}
		if p, ok := docs.Page(id); ok {
			ri.Help = p
		}
		if sev := docs.Severity(id); sev != "" {
			ri.Level = sarifLevel(sev)
		}
		out = append(out, ri)
	}
	for _, a := range rules.All {
		add(a.Name, a.Doc)
	}
	add(suppress.Rule, suppress.Doc)
	return out
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(sev string) string {
	switch sev {
	case rules.Warning:
		return "warning"
	case rules.Info, "note":
		return "note"
	case "none":
		return "none"
	}
	return "error"
}

// SARIF prints findings as a SARIF 2.1.0 log with one run: the rules in
// tool.driver.rules (id, descriptions, help URI and page, default level)
// and one result per finding with its region and fixes.
func SARIF(w io.Writer, fs []lint.Finding, opts Options) error {
	report, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("servelint", "https://github.com/servelint/servelint")
	if opts.Version != "" {
		run.Tool.Driver.WithVersion(opts.Version)
	}
	run.ColumnKind = "utf16CodeUnits"
	if opts.SrcRoot != "" {
		root := fileURI(opts.SrcRoot)
		if !strings.HasSuffix(root, "/") {
			root += "/"
		}
		run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{"%SRCROOT%": sarif.NewSimpleArtifactLocation(root)})
	}
	report.AddRun(run)
	index := map[string]int{}
	for _, ri := range AllRules() {
		r := run.AddRule(ri.ID).
			WithShortDescription(sarif.NewMultiformatMessageString(ri.Short)).
			WithFullDescription(sarif.NewMultiformatMessageString(ri.Full)).
			WithHelpURI(ri.HelpURI).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(ri.Level))
		r.WithTextHelp(ri.Full)
		if ri.Help != "" {
			r.WithMarkdownHelp(ri.Help)
		}
		index[ri.ID] = len(run.Tool.Driver.Rules) - 1
	}
	for _, f := range fs {
		if _, ok := index[f.Rule]; !ok {
			run.AddRule(f.Rule).WithShortDescription(sarif.NewMultiformatMessageString(f.Rule))
			index[f.Rule] = len(run.Tool.Driver.Rules) - 1
		}
		res := run.CreateResultForRule(f.Rule).
			WithRuleIndex(index[f.Rule]).
			WithLevel(sarifLevel(f.Severity)).
			WithMessage(sarif.NewTextMessage(f.Message))
		src := opts.Contents[f.File]
		region := sarif.NewRegion().WithStartLine(max(f.Line, 1)).WithStartColumn(col16(src, f.Offset, f.Column))
		if f.EndLine > 0 {
			region.WithEndLine(f.EndLine).WithEndColumn(col16(src, f.EndOffset, f.EndColumn))
		}
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
			WithArtifactLocation(artifact(f.File, opts)).
			WithRegion(region)))
		for _, fx := range f.Fixes {
			res.AddFix(sarifFix(fx, opts))
		}
	}
	if err := report.PrettyWrite(w); err != nil {
		return err
	}
	_, err = fmt.Fprintln(w)
	return err
}

// sarifFix converts a fix: one artifact change per file, one replacement
// per edit.
func sarifFix(fx lint.Fix, opts Options) *sarif.Fix {
	out := sarif.NewFix().WithDescriptionText(fx.Message)
	byFile := map[string][]lint.Edit{}
	var files []string
	for _, e := range fx.Edits {
		if _, ok := byFile[e.File]; !ok {
			files = append(files, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	sort.Strings(files)
	for _, file := range files {
		ch := sarif.NewArtifactChange(artifact(file, opts))
		src, have := opts.Contents[file]
		for _, e := range byFile[file] {
			reg := sarif.NewRegion().WithByteOffset(e.Offset).WithByteLength(max(e.End-e.Offset, 0))
			if have && e.Offset <= len(src) && e.End <= len(src) {
				sl, sc := lineCol16(src, e.Offset)
				el, ec := lineCol16(src, e.End)
				reg.WithStartLine(sl).WithStartColumn(sc).WithEndLine(el).WithEndColumn(ec)
			}
			ch.WithReplacement(sarif.NewReplacement(reg).WithInsertedContent(sarif.NewArtifactContent().WithText(e.NewText)))
		}
		out.AddArtifactChanges(ch)
	}
	if out.ArtifactChanges == nil {
		out.ArtifactChanges = []*sarif.ArtifactChange{}
	}
	return out
}

// artifact names a file: a relative path as a URI reference against
// %SRCROOT%, an absolute one as a file: URI.
func artifact(file string, opts Options) *sarif.ArtifactLocation {
	if filepath.IsAbs(file) {
		return sarif.NewSimpleArtifactLocation(fileURI(file))
	}
	loc := sarif.NewSimpleArtifactLocation((&url.URL{Path: filepath.ToSlash(file)}).String())
	if opts.SrcRoot != "" {
		loc.WithUriBaseId("%SRCROOT%")
	}
	return loc
}

func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

// col16 returns the 1-based UTF-16 column of a byte offset, or the byte
// column given when the file's contents are not known.
func col16(src []byte, off, col int) int {
	if src == nil || off < 0 || off > len(src) {
		return max(col, 1)
	}
	_, c := lineCol16(src, off)
	return c
}

// lineCol16 returns the 1-based line and UTF-16 column of a byte offset.
func lineCol16(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	col := 1
	for b := src[start:off]; len(b) > 0; {
		r, n := utf8.DecodeRune(b)
		if r >= 0x10000 {
			col += 2
		} else {
			col++
		}
		b = b[n:]
	}
	return line, col
}
