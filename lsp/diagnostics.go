package lsp

import (
	"fmt"
	"sort"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// located is a finding of an open document with the lint that produced it
// (its edits' offsets are into that lint's texts).
type located struct {
	f    lint.Finding
	root *rootResult
	// diag is the finding as the client sees it.
	diag protocol.Diagnostic
}

// findingsOf returns the findings of the open document at path, merged
// over the tiers and over every root whose lint covers the document and is
// current (read the current text of every file it loaded), without
// duplicates, in position order. ok is false while the static tier has no
// such lint (its lint is pending; for a document the linter does not lint,
// only while a lint that covers it is pending); the dry-run tier's findings
// are left out while they are not current. Called with mu held.
func (s *Server) findingsOf(path string) (out []located, ok bool) {
	d := s.docs[path]
	if d == nil {
		return nil, false
	}
	// A document the linter does not lint has no lint of its own: it has
	// the findings of the scripts' lints that cover it, if any, else none.
	covered := false
	seen := map[string]bool{}
	for i, t := range s.tiers {
		// The document's own lint first, then the others in a stable
		// order: where two lints report the same finding, the first one's
		// fixes are kept.
		names := make([]string, 0, len(t.roots))
		for root := range t.roots {
			if root != path {
				names = append(names, root)
			}
		}
		sort.Strings(names)
		if _, own := t.roots[path]; own {
			names = append([]string{path}, names...)
		}
		for _, root := range names {
			r := t.roots[root]
			covered = covered || i == 0 && r.covers(path)
			if !s.fresh(r, path) {
				continue
			}
			if i == 0 {
				ok = true
			}
			m := s.mapperOf(r, path)
			fs := r.byFile[path]
			if i == 0 {
				fs = append(fs[:len(fs):len(fs)], s.unusedOf(root, r)[path]...)
			}
			for _, f := range fs {
				k := fmt.Sprintf("%s\x00%d\x00%d\x00%s", f.Rule, f.Offset, f.EndOffset, f.Message)
				if seen[k] {
					continue
				}
				seen[k] = true
				out = append(out, located{f: f, root: r, diag: toDiagnostic(m, f)})
			}
		}
	}
	if !d.lintable() && !covered {
		ok = true
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].f, out[j].f
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return a.Rule < b.Rule
	})
	return out, ok
}

// unusedOf returns the findings about the suppressions of a root's files
// that silence nothing, by file, judged once over both tiers' lints of the
// root, as one run of all the rules judges them: rs is the static tier's
// current lint of the root. While the dry-run tier has no current lint of
// the root, a suppression that names one of its rules is not judged yet (it
// may silence one of that tier's findings: which, decides whether the
// whole comment or some of its names go). Called with mu held.
func (s *Server) unusedOf(root string, rs *rootResult) map[string][]lint.Finding {
	var rd *rootResult
	if len(s.tiers) > 1 {
		if r := s.tiers[1].roots[root]; r != nil && s.current(r) {
			rd = r
		}
	}
	if rs.unusedDone && rs.unusedWith == rd {
		return rs.unused
	}
	rs.unused, rs.unusedWith, rs.unusedDone = nil, rd, true
	if rs.res.Unit == nil || rs.res.Silenced == nil {
		return nil
	}
	silenced := rs.res.Silenced
	if rd != nil {
		silenced = append(silenced[:len(silenced):len(silenced)], rd.res.Silenced...)
	}
	ran := func(rule string) bool {
		return s.tiers[0].runs(rule) || rd != nil && s.tiers[1].runs(rule)
	}
	judged := func(d *suppress.Directive) bool {
		if rd != nil || len(s.tiers) == 1 {
			return true
		}
		for _, r := range d.Rules {
			if s.tiers[1].runs(r) {
				return false
			}
		}
		return true
	}
	for _, f := range lint.UnusedSuppressions(rs.res.Unit, rs.res.Contents, silenced, ran, judged) {
		if rs.unused == nil {
			rs.unused = map[string][]lint.Finding{}
		}
		rs.unused[f.File] = append(rs.unused[f.File], f)
	}
	return rs.unused
}

// diagnosticsFor builds the publishDiagnostics notifications of the open
// documents among paths that some current lint covers. Called with mu held.
func (s *Server) diagnosticsFor(paths map[string]bool) []protocol.PublishDiagnosticsParams {
	sorted := make([]string, 0, len(paths))
	for p := range paths {
		sorted = append(sorted, p)
	}
	sort.Strings(sorted)
	var out []protocol.PublishDiagnosticsParams
	for _, p := range sorted {
		d := s.docs[p]
		if d == nil {
			continue
		}
		fs, ok := s.findingsOf(p)
		if !ok {
			continue // its lint is still pending
		}
		diags := make([]protocol.Diagnostic, 0, len(fs))
		for _, f := range fs {
			diags = append(diags, f.diag)
		}
		var version *protocol.UInteger
		if d.version >= 0 {
			v := protocol.UInteger(d.version)
			version = &v
		}
		out = append(out, protocol.PublishDiagnosticsParams{URI: d.uri, Version: version, Diagnostics: diags})
	}
	return out
}

// toDiagnostic converts a finding to an LSP diagnostic.
func toDiagnostic(m *mapper, f lint.Finding) protocol.Diagnostic {
	sev := severity(f.Severity)
	src := Source
	return protocol.Diagnostic{
		Range:           m.rangeOf(f.Offset, f.EndOffset),
		Severity:        &sev,
		Code:            &protocol.IntegerOrString{Value: f.Rule},
		CodeDescription: &protocol.CodeDescription{HRef: RuleDocsURL + f.Rule},
		Source:          &src,
		Message:         f.Message,
	}
}

// severity maps a finding's severity to the LSP's.
func severity(s string) protocol.DiagnosticSeverity {
	switch s {
	case rules.Warning:
		return protocol.DiagnosticSeverityWarning
	case rules.Info:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityError
}
