package lsp

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// workspaceFolders are the local paths of initialize's workspaceFolders,
// else of its rootUri (the specification: rootUri is read only when there
// are no workspace folders); folders that are no file:// URI are left out.
func workspaceFolders(p *protocol.InitializeParams) *[]string {
	var uris []string
	for _, f := range p.WorkspaceFolders {
		uris = append(uris, f.URI)
	}
	if len(uris) == 0 && p.RootURI != nil {
		uris = append(uris, *p.RootURI)
	}
	var out []string
	for _, u := range uris {
		if path, ok := pathOf(u); ok {
			out = append(out, path)
		}
	}
	return &out
}

// didChangeFolders follows the client's workspace folders: the removed ones
// go, the added ones join, and every lint is made again, since the
// messages of a document in a folder that came or went name other files
// from another base.
func (s *Server) didChangeFolders(_ *glsp.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var cur []string
	if fs := s.folders.Load(); fs != nil {
		cur = slices.Clone(*fs)
	}
	for _, f := range p.Event.Removed {
		if path, ok := pathOf(f.URI); ok {
			cur = slices.DeleteFunc(cur, func(c string) bool { return c == path })
		}
	}
	for _, f := range p.Event.Added {
		if path, ok := pathOf(f.URI); ok && !slices.Contains(cur, path) {
			cur = append(cur, path)
		}
	}
	s.folders.Store(&cur)
	for _, t := range s.tiers {
		for root := range t.roots {
			t.pending[root] = true
		}
	}
	s.kickAll()
	return nil
}

// within reports whether path is dir or under it.
func within(dir, path string) bool {
	r, err := filepath.Rel(dir, path)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// displayBase is the directory the messages of a lint of doc name files
// relative to: the innermost workspace folder that holds doc, else the
// working directory (Options.WorkDir).
func (s *Server) displayBase(doc string) string {
	base := ""
	if fs := s.folders.Load(); fs != nil {
		for _, f := range *fs {
			if within(f, doc) && len(f) > len(base) {
				base = f
			}
		}
	}
	if base == "" {
		base = s.opts.WorkDir
	}
	return base
}

// displayPath returns how a lint of doc names files in its messages:
// relative to displayBase(doc) when under it, else absolute (a path
// relative to another directory would read as one from the project).
func (s *Server) displayPath(doc string) func(string) string {
	base := s.displayBase(doc)
	return func(p string) string {
		if base == "" || !filepath.IsAbs(p) || !within(base, p) {
			return p
		}
		r, _ := filepath.Rel(base, p)
		return r
	}
}
