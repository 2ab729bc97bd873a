package lsp

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
)

// document is one document open in the editor.
type document struct {
	uri     string
	path    string
	version protocol.Integer
	text    string
	// gen changes with every new text.
	gen uint64
	// kind is what the linter's walk would take the file for, by its name
	// and text: only a script or an env file is linted.
	kind parser.FileKind
	// m indexes text for position conversion (built on first use).
	m *mapper
}

// lintable reports whether the document is a file the linter lints.
func (d *document) lintable() bool { return d.kind != parser.KindNone }

// mapper returns the document's position index. Called with mu held.
func (d *document) mapper() *mapper {
	if d.m == nil {
		d.m = newMapper([]byte(d.text), false)
	}
	return d.m
}

// rootResult is the latest lint of one open document (the root): the files
// its unit loaded, and the texts of the open ones it read.
type rootResult struct {
	res *lint.Result
	// gens are the generations of the open documents the lint read.
	gens map[string]uint64
	// byFile holds the findings per file.
	byFile map[string][]lint.Finding
	// mappers index res.Contents, per file (built on first use).
	mappers map[string]*mapper
	// errs are the lint's failures, as text, to log them once.
	errs string
	// reads are the files the lint read, or tried to, beyond those it
	// loaded (res.Contents): a script a mode runs, a file only the dry-run
	// sources. Its findings depend on them all the same.
	reads map[string]bool

	// unused are the findings about suppressions that silence nothing, by
	// file, of a static tier's lint (see unusedOf), judged with the
	// dry-run tier's lint unusedWith (nil: none current); valid when
	// unusedDone.
	unused     map[string][]lint.Finding
	unusedWith *rootResult
	unusedDone bool
}

// covers reports whether the lint loaded path.
func (r *rootResult) covers(path string) bool {
	_, ok := r.res.Contents[path]
	return ok
}

// snapshot is the overlay a lint reads: the open documents' texts and
// generations.
type snapshot struct {
	texts map[string]string
	gens  map[string]uint64
	// limit is the size past which a file on disk is not read.
	limit int64
}

// read returns the editor's text of an open document, else the file on
// disk (not read past the size limit: the linter checks the size of the
// text it is given).
func (sn *snapshot) read(path string) ([]byte, error) {
	if t, ok := sn.texts[path]; ok {
		return []byte(t), nil
	}
	return fsread.Read(path, sn.limit)
}

// reader is a snapshot's read that records the paths asked for, so that a
// lint's dependencies on files it did not load (a child script, a file
// the dry-run reads) are known. Safe for concurrent use (the dry-run's
// modes read at once).
type reader struct {
	sn    *snapshot
	mu    sync.Mutex
	paths map[string]bool
}

func (r *reader) read(path string) ([]byte, error) {
	r.mu.Lock()
	r.paths[filepath.Clean(path)] = true
	r.mu.Unlock()
	return r.sn.read(path)
}

// takeSnapshot copies the overlay. Called with mu held.
func (s *Server) takeSnapshot() *snapshot {
	limit := s.opts.MaxFileSize
	if limit <= 0 {
		limit = parser.DefaultMaxFileSize
	}
	sn := &snapshot{texts: make(map[string]string, len(s.docs)), gens: make(map[string]uint64, len(s.docs)), limit: limit}
	for p, d := range s.docs {
		sn.texts[p] = d.text
		sn.gens[p] = d.gen
	}
	return sn
}

// lintOptions are the linter's options for one root over an overlay (read
// reads it), with exactly the rules enable names, and the dry-run evaluator
// if eval.
func (s *Server) lintOptions(root string, read func(string) ([]byte, error), enable, disable []string, eval bool) lint.Options {
	o := lint.Options{
		Paths:       []string{root},
		ReadFile:    read,
		Config:      s.opts.Config,
		Jobs:        1,
		Enable:      enable,
		Disable:     disable,
		MaxFileSize: s.opts.MaxFileSize,
		DisplayPath: s.displayPath(root),
	}
	if s.opts.Configure != nil {
		s.opts.Configure(&o)
	}
	if eval && s.opts.Evaluator != nil {
		o.Evaluator = s.opts.Evaluator(read)
	}
	return o
}

// lintRoot lints one root over the overlay with a tier's rules.
func (s *Server) lintRoot(t *tier, root string, sn *snapshot) *rootResult {
	t.lints.Add(1)
	rr := &rootResult{gens: sn.gens, byFile: map[string][]lint.Finding{}, mappers: map[string]*mapper{}}
	rd := &reader{sn: sn, paths: map[string]bool{}}
	opts := s.lintOptions(root, rd.read, t.enable, t.disable, t.eval)
	// Whether a suppression silences nothing depends on both tiers'
	// findings: unusedOf judges it.
	opts.DeferUnused = true
	// The other tier's findings are shown too: a rule that leaves a
	// finding to one of its rules (argvdrift to privateshape) must not
	// report it again.
	for _, o := range s.tiers {
		if o != t {
			opts.Reported = append(opts.Reported, o.enable...)
		}
	}
	res, err := lint.Run(opts)
	if err != nil {
		// Only unknown rule names fail here, and New refused them; keep the
		// document covered so that its stale diagnostics are cleared.
		res = &lint.Result{Errors: []error{err}, Contents: map[string][]byte{}}
	}
	if _, ok := res.Contents[root]; !ok {
		res.Contents[root] = []byte(sn.texts[root])
	}
	for _, f := range res.Findings {
		rr.byFile[f.File] = append(rr.byFile[f.File], f)
	}
	// Files that could not be loaded are the static tier's to report; a
	// rule's failure, each tier's own.
	failed := res.Errors
	if t.eval && res.Unit != nil && len(res.Unit.Errors) <= len(failed) {
		failed = failed[len(res.Unit.Errors):]
	}
	var errs []string
	for _, e := range failed {
		errs = append(errs, e.Error())
	}
	rr.errs = strings.Join(errs, "\n")
	rr.res = res
	rd.mu.Lock()
	for p := range rd.paths {
		if !rr.covers(p) {
			if rr.reads == nil {
				rr.reads = map[string]bool{}
			}
			rr.reads[p] = true
		}
	}
	rd.mu.Unlock()
	return rr
}

// mapperOf returns the position index of a file the root's lint read. A
// file that is not open is shown by the editor without its BOM. Called with
// mu held.
func (s *Server) mapperOf(r *rootResult, path string) *mapper {
	if m, ok := r.mappers[path]; ok {
		return m
	}
	_, open := s.docs[path]
	m := newMapper(r.res.Contents[path], !open)
	r.mappers[path] = m
	return m
}

// fresh reports whether the root's lint covers the open document path and
// is current. Called with mu held.
func (s *Server) fresh(r *rootResult, path string) bool {
	return s.docs[path] != nil && r.covers(path) && s.current(r)
}

// current reports whether the root's lint read the current text of every
// file it loaded or read (a script a mode runs): the editor's text of the documents open now, at their
// current generation, and the disk for the others (not the text of a
// document since closed). A finding may depend on any file of the lint (a
// script's argv on its env file), so a lint that read a superseded text
// is not shown, even for a document whose own text it read right. Called
// with mu held.
func (s *Server) current(r *rootResult) bool {
	stale := func(p string) bool {
		g, read := r.gens[p]
		d := s.docs[p]
		return d == nil && read || d != nil && (!read || g != d.gen)
	}
	for p := range r.res.Contents {
		if stale(p) {
			return false
		}
	}
	for p := range r.reads {
		if stale(p) {
			return false
		}
	}
	return true
}

// markAffected marks for linting the document at path and every root whose
// lint loaded or read it. Called with mu held.
func (s *Server) markAffected(path string) {
	for _, t := range s.tiers {
		if d := s.docs[path]; d != nil && d.lintable() {
			t.pending[path] = true
		}
		for root, r := range t.roots {
			if r.covers(path) || r.reads[path] {
				t.pending[root] = true
			}
		}
	}
}

// flush lints the tier's pending roots, then publishes: empty diagnostics
// for the documents closed since the last publish, and the diagnostics of
// the open documents the new lints loaded.
func (s *Server) flush(t *tier) {
	t.lintMu.Lock()
	defer t.lintMu.Unlock()

	s.mu.Lock()
	var roots []string
	for r := range t.pending {
		if d := s.docs[r]; d != nil && d.lintable() {
			roots = append(roots, r)
		}
		delete(t.pending, r)
	}
	sort.Strings(roots)
	sn := s.takeSnapshot()
	s.mu.Unlock()

	results := make(map[string]*rootResult, len(roots))
	for _, r := range roots {
		if s.closing.Load() {
			return
		}
		results[r] = s.lintRoot(t, r, sn)
	}

	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	s.mu.Lock()
	clears, touched := s.clears, s.republish
	s.clears, s.republish = nil, map[string]bool{}
	var logs []string
	for _, root := range roots {
		rr := results[root]
		if d := s.docs[root]; d == nil || !d.lintable() || t.pending[root] {
			continue // closed, no longer a script, or changed again: a newer lint is queued
		}
		old := t.roots[root]
		if old != nil {
			for p := range old.res.Contents {
				touched[p] = true
			}
		}
		if rr.errs != "" && (old == nil || old.errs != rr.errs) {
			logs = append(logs, rr.errs)
		}
		t.roots[root] = rr
		for p := range rr.res.Contents {
			touched[p] = true
		}
		if !s.current(rr) && !s.shutdown {
			// A document it read changed (or opened, or closed) while it
			// ran, before this lint covered it: lint again.
			t.pending[root] = true
			t.schedule()
		}
	}
	pubs := s.diagnosticsFor(touched)
	s.mu.Unlock()

	for _, uri := range clears {
		s.notify(protocol.ServerTextDocumentPublishDiagnostics,
			protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
	}
	for _, l := range logs {
		s.logToClient(protocol.MessageTypeWarning, "%s", l)
	}
	for _, p := range pubs {
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, p)
	}
}

// flushNow lints what the tier has pending at once, on the caller's
// goroutine, after the tier's lint in progress (if any) is done and stored:
// on return, every document whose text the tier had seen has a lint of
// that text, unless the document changed since.
func (s *Server) flushNow(t *tier) {
	s.mu.Lock()
	t.stop()
	s.mu.Unlock()
	s.flush(t)
}

// kickAll has every tier lint what is pending at once. Called with mu held.
func (s *Server) kickAll() {
	for _, t := range s.tiers {
		t.kickNow()
	}
}

// changed records a new text of a document and schedules the lints it
// affects. Called with mu held.
func (s *Server) changed(d *document) {
	opened, was := d.gen == 0, d.kind
	s.gen++
	d.gen = s.gen
	d.m = nil
	// Classify reads no more than the first 128 bytes.
	d.kind = parser.ClassifyText(d.path, []byte(d.text[:min(len(d.text), 128)]))
	if !d.lintable() && (opened || was != parser.KindNone) {
		// Not a file the linter lints (a README, a Python tool, a script
		// whose shebang went): no lint of its own, and its diagnostics are
		// published again (empty unless a script's lint covers it).
		s.dropRoot(d.path)
		s.republish[d.path] = true
	}
	s.markAffected(d.path)
}

// dropRoot forgets every tier's lint of the document at path as a root:
// the files it covered are published again. Called with mu held.
func (s *Server) dropRoot(path string) {
	for _, t := range s.tiers {
		delete(t.pending, path)
		if old := t.roots[path]; old != nil {
			// The documents its lint covered lose its findings.
			delete(t.roots, path)
			for f := range old.res.Contents {
				s.republish[f] = true
			}
		}
	}
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil // not a file: nothing the linter can load
	}
	s.mu.Lock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: p.TextDocument.Text}
	s.docs[path] = d
	s.changed(d)
	s.kickAll()
	s.mu.Unlock()
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	d := s.docs[path]
	if d == nil {
		s.mu.Unlock()
		return nil // a change of a document never opened: ignore it
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			// The server asks for full sync; apply a ranged change anyway.
			m := newMapper([]byte(d.text), false)
			start, end := m.offset(c.Range.Start), m.offset(c.Range.End)
			if end < start {
				start, end = end, start
			}
			d.text = d.text[:start] + c.Text + d.text[end:]
		}
	}
	d.version = p.TextDocument.Version
	s.changed(d)
	if !s.shutdown {
		for _, t := range s.tiers {
			t.schedule()
		}
	}
	s.mu.Unlock()
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	if d := s.docs[path]; d != nil && p.Text != nil && *p.Text != d.text {
		d.text = *p.Text
		s.changed(d)
	} else {
		s.markAffected(path)
	}
	s.kickAll()
	s.mu.Unlock()
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return nil
	}
	delete(s.docs, path)
	s.clears = append(s.clears, d.uri)
	s.dropRoot(path)
	// Roots that read the document read the disk from now on.
	s.markAffected(path)
	s.kickAll()
	return nil
}
