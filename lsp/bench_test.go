package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
)

// benchFiles writes the generated 2,000-line script and its env file and
// returns the script's path and two texts of it that differ in one literal.
func benchFiles(tb testing.TB) (path string, texts [2]string) {
	tb.Helper()
	dir := tb.TempDir()
	a, env := genScript("camp", 2000, 0)
	b, _ := genScript("camp", 2000, 1)
	if got := strings.Count(a, "\n"); got != 2000 {
		tb.Fatalf("generated %d lines, want 2000", got)
	}
	path = filepath.Join(dir, "camp.sh")
	if err := os.WriteFile(path, []byte(a), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "camp.env"), []byte(env), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path, [2]string{a, b}
}

// relintBench opens the generated script in a server without a
// connection and measures one re-lint of tier ti per op: a full-text
// change, the lint over the overlay, and the diagnostics converted to LSP
// positions, ready to send.
func relintBench(b *testing.B, ti int) {
	path, texts := benchFiles(b)
	s, err := New(Options{Debounce: -1, EvalDebounce: -1, Evaluator: func(rf func(string) ([]byte, error)) lint.Evaluator {
		return lint.SandboxEvaluator(2*time.Second, 4, rf)
	}})
	if err != nil {
		b.Fatal(err)
	}
	if ti >= len(s.tiers) {
		b.Skip("no rule needs the dry-run")
	}
	t := s.tiers[ti]
	uri := uriOf(path)
	if err := s.didOpen(nil, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "sh", Version: 1, Text: texts[0]}}); err != nil {
		b.Fatal(err)
	}
	for _, t := range s.tiers {
		s.flush(t)
	}
	diags := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		err := s.didChange(nil, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: protocol.Integer(i + 2)},
			ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: texts[(i+1)%2]}},
		})
		if err != nil {
			b.Fatal(err)
		}
		s.flush(t)
		s.mu.Lock()
		r := t.roots[path]
		if r == nil || !s.fresh(r, path) {
			s.mu.Unlock()
			b.Fatal("no current lint after flush")
		}
		diags = len(r.byFile[path])
		s.mu.Unlock()
	}
	b.StopTimer()
	if diags == 0 {
		b.Fatal("the generated script has no findings: the benchmark lints nothing")
	}
	b.ReportMetric(float64(diags), "diags")
}

// BenchmarkRelint2000 measures the re-lint after a change of a 2,000-line,
// 24-mode script: the static tier, which runs after every change. The goal
// is under 20 ms per op.
func BenchmarkRelint2000(b *testing.B) { relintBench(b, 0) }

// BenchmarkRelint2000DryRun measures the dry-run tier on the same script:
// one sandboxed evaluation per mode, run on open, on save and after
// EvalDebounce of quiet.
func BenchmarkRelint2000DryRun(b *testing.B) { relintBench(b, 1) }

// BenchmarkRelint2000Protocol measures the same re-lint end to end over
// JSON-RPC: didChange sent, publishDiagnostics received.
func BenchmarkRelint2000Protocol(b *testing.B) {
	path, texts := benchFiles(b)
	c := startServer(b, Options{Debounce: -1})
	defer c.close(b)
	c.initialize(b)
	uri := uriOf(path)
	c.notify(b, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "sh", Version: 1, Text: texts[0]}})
	c.waitDiagnostics(b, uri, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := protocol.Integer(i + 2)
		c.notify(b, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []map[string]any{{"text": texts[(i+1)%2]}},
		})
		c.waitDiagnostics(b, uri, v)
	}
	b.StopTimer()
	c.shutdown(b)
}
