package lsp

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/suppress"
)

// fixAllPasses bounds the fix-to-a-fixed-point loop of fixAll, as --fix does.
const fixAllPasses = 8

func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CodeAction{}
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return actions, nil
	}
	// Answer from the text the client has: wait for the static tier's lint
	// in progress, if any (it took its roots from pending when it started),
	// and lint what it still has pending. The dry-run tier's findings count
	// only when current.
	s.flushNow(s.tiers[0])

	wantQuick := kindWanted(p.Context.Only, protocol.CodeActionKindQuickFix)
	wantFixAll := kindWanted(p.Context.Only, FixAllKind)

	s.mu.Lock()
	d := s.docs[path]
	if d == nil {
		s.mu.Unlock()
		return actions, nil
	}
	fs, _ := s.findingsOf(path)
	m := d.mapper()
	start, end := m.offset(p.Range.Start), m.offset(p.Range.End)
	if end < start {
		start, end = end, start
	}
	ignored := map[string]bool{}
	ig := newIgnorer(d, m)
	for _, lf := range fs {
		if !wantQuick || !requested(lf, start, end, p.Context.Diagnostics) {
			continue
		}
		for _, fx := range lf.f.Fixes {
			we, ok := s.workspaceEdit(lf.root, fx.Edits)
			if !ok {
				continue
			}
			kind := protocol.CodeActionKindQuickFix
			preferred := len(lf.f.Fixes) == 1
			actions = append(actions, protocol.CodeAction{
				Title:       fx.Message,
				Kind:        &kind,
				Diagnostics: []protocol.Diagnostic{lf.diag},
				IsPreferred: &preferred,
				Edit:        we,
			})
		}
		key := fmt.Sprintf("%s\x00%d", lf.f.Rule, lf.f.Line)
		if ignored[key] || lf.f.Rule == suppress.Rule {
			continue // a suppression's own problem is fixed, not ignored
		}
		if notAnalysed(lf.root, lf.f.File) {
			continue // its comments are not read: a directive would silence nothing
		}
		ignored[key] = true
		if te, ok := ig.edit(lf.f); ok {
			kind := protocol.CodeActionKindQuickFix
			actions = append(actions, protocol.CodeAction{
				Title:       "Ignore " + lf.f.Rule + " on this line",
				Kind:        &kind,
				Diagnostics: []protocol.Diagnostic{lf.diag},
				Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: {te}}},
			})
		}
	}
	s.mu.Unlock()

	if wantFixAll && s.fixable(path) {
		if a, ok := s.fixAll(path); ok {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// fixable reports whether --fix of the document would find a fix to apply
// in one of the files its lint loads (the document, the env files it
// sources, the scripts that source it): whether a current finding of either
// tier has one. When the static tier's have none, it waits for the dry-run
// tier's lint of the current texts. The static tier is flushed.
func (s *Server) fixable(path string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.tiers[0].roots[path]
	if rs == nil || !s.current(rs) {
		return false // no lint of the current texts
	}
	has := func(r *rootResult) bool {
		for _, f := range r.res.Findings {
			if len(f.Fixes) > 0 {
				return true
			}
		}
		for _, fs := range s.unusedOf(path, rs) {
			for _, f := range fs {
				if len(f.Fixes) > 0 {
					return true
				}
			}
		}
		return false
	}
	if has(rs) {
		return true
	}
	if len(s.tiers) == 1 {
		return false
	}
	dry := s.tiers[1]
	if rd := dry.roots[path]; rd == nil || !s.current(rd) {
		s.mu.Unlock()
		s.flushNow(dry)
		s.mu.Lock()
	}
	rd := dry.roots[path]
	if rd == nil || !s.current(rd) {
		return true // changed meanwhile: let --fix decide
	}
	return has(rd)
}

// notAnalysed reports whether the root's lint skipped the file for its
// size (--max-file-size, --max-total-size): its one finding says so, and no
// servelint:ignore comment in it is read.
func notAnalysed(r *rootResult, path string) bool {
	return r.res.Unit != nil && slices.Contains(r.res.Unit.TooBig, path)
}

// kindWanted reports whether a code action of kind passes the request's
// "only" filter (a kind matches itself and its parents: "source" lets
// "source.fixAll.servelint" through).
func kindWanted(only []protocol.CodeActionKind, kind protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if kind == k || strings.HasPrefix(kind, k+".") {
			return true
		}
	}
	return false
}

// requested reports whether the request asks about a finding: its span
// touches the requested range, or the client listed it among the context's
// diagnostics.
func requested(lf located, start, end int, ctx []protocol.Diagnostic) bool {
	if lf.f.Offset <= end && start <= lf.f.EndOffset {
		return true
	}
	for _, c := range ctx {
		if c.Range == lf.diag.Range && c.Message == lf.diag.Message {
			return true
		}
	}
	return false
}

// workspaceEdit converts a fix's byte-offset edits, which may touch several
// files, to a workspace edit. ok is false when an edit is into an open
// document whose text changed since the lint (the fix would be misplaced).
// Called with mu held.
func (s *Server) workspaceEdit(r *rootResult, edits []lint.Edit) (*protocol.WorkspaceEdit, bool) {
	we := &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{}}
	for _, e := range edits {
		if _, ok := r.res.Contents[e.File]; !ok {
			return nil, false
		}
		uri := uriOf(e.File)
		if d := s.docs[e.File]; d != nil {
			if !s.fresh(r, e.File) {
				return nil, false
			}
			uri = d.uri
		}
		m := s.mapperOf(r, e.File)
		we.Changes[uri] = append(we.Changes[uri], protocol.TextEdit{Range: m.rangeOf(e.Offset, e.End), NewText: e.NewText})
	}
	return we, len(we.Changes) > 0
}

// fixAll applies every fix to a fixed point, as --fix of the document
// does, over the editor's texts, and returns the edits of the files that
// changed. Every rule takes part, the dry-run ones included (a dry-run
// rule's fix may follow a static one's, and whether a suppression silences
// nothing depends on both).
func (s *Server) fixAll(path string) (protocol.CodeAction, bool) {
	static := s.tiers[0]
	enable, disable, eval := static.enable, static.disable, false
	if len(s.tiers) > 1 {
		enable, disable, eval = s.opts.Enable, s.opts.Disable, true
	}
	s.mu.Lock()
	sn := s.takeSnapshot()
	s.mu.Unlock()
	_, oc, err := lint.ApplyFixes(s.lintOptions(path, sn.read, enable, disable, eval), fixAllPasses)
	if err != nil {
		s.logger.Printf("fix all %s: %v", path, err)
		return protocol.CodeAction{}, false
	}
	files := make([]string, 0, len(oc.Changed))
	for p := range oc.Changed {
		files = append(files, p)
	}
	sort.Strings(files)

	s.mu.Lock()
	defer s.mu.Unlock()
	we := &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{}}
	for _, p := range files {
		ch := oc.Changed[p]
		uri := uriOf(p)
		d := s.docs[p]
		if d != nil {
			if d.gen != sn.gens[p] {
				return protocol.CodeAction{}, false // changed while we fixed
			}
			uri = d.uri
		}
		start, oldEnd, newEnd := diffSpan(ch[0], ch[1])
		m := newMapper(ch[0], d == nil)
		we.Changes[uri] = []protocol.TextEdit{{Range: m.rangeOf(start, oldEnd), NewText: string(ch[1][start:newEnd])}}
	}
	if len(we.Changes) == 0 {
		return protocol.CodeAction{}, false
	}
	kind := FixAllKind
	return protocol.CodeAction{Title: "Fix all servelint findings", Kind: &kind, Edit: we}, true
}

// diffSpan returns the one span that differs between old and next:
// old[start:oldEnd] becomes next[start:nextEnd]. The span's ends fall on
// character boundaries and never inside a "\r\n", so that LSP positions can
// express them.
func diffSpan(old, next []byte) (start, oldEnd, nextEnd int) {
	n := min(len(old), len(next))
	for start < n && old[start] == next[start] {
		start++
	}
	suffix := 0
	for suffix < n-start && old[len(old)-1-suffix] == next[len(next)-1-suffix] {
		suffix++
	}
	oldEnd, nextEnd = len(old)-suffix, len(next)-suffix
	// Widen over partial characters and split line endings; the bytes
	// crossed are common to both texts.
	for start > 0 && start < len(old) && (!utf8.RuneStart(old[start]) || old[start-1] == '\r' && old[start] == '\n') {
		start--
	}
	for oldEnd > 0 && oldEnd < len(old) && (!utf8.RuneStart(old[oldEnd]) || old[oldEnd-1] == '\r' && old[oldEnd] == '\n') {
		oldEnd++
		nextEnd++
	}
	return start, oldEnd, nextEnd
}
