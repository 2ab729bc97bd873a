package lsp

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
)

// gate blocks the next lint that reaches it (through Options.Configure,
// called once per lint after the tier took its pending roots) until it is
// released.
type gate struct {
	armed   atomic.Bool
	entered chan struct{}
	release chan struct{}
}

func newGate() *gate {
	return &gate{entered: make(chan struct{}, 1), release: make(chan struct{})}
}

func (g *gate) configure(*lint.Options) {
	if g.armed.CompareAndSwap(true, false) {
		g.entered <- struct{}{}
		<-g.release
	}
}

// TestCodeActionWaitsForRunningLint: a code action asked while the static
// tier is linting the new text (its pending set already empty) waits for
// that lint and answers from the new text.
func TestCodeActionWaitsForRunningLint(t *testing.T) {
	script, _ := copyExample(t)
	uri := uriOf(script)
	text := mustRead(t, script)
	g := newGate()
	c := startServer(t, Options{Debounce: -1, Configure: g.configure})
	defer c.close(t)
	c.initialize(t)
	c.notify(t, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "sh", Version: 1, Text: text}})
	pub := c.waitDiagnostics(t, uri, 1)
	ds := find(pub, "privateshape")
	if len(ds) == 0 {
		t.Fatalf("no privateshape finding: %+v", pub.Diagnostics)
	}
	target := ds[0].Range

	// A change that moves nothing the finding spans: the lint of version 2
	// starts (and is held) before the code action is asked.
	g.armed.Store(true)
	text2 := replaceOnce(t, text, "# frank-archon.sh MODE", "# frank-archon.sh  MODE")
	c.notify(t, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"text": text2}},
	})
	select {
	case <-g.entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the lint of version 2 did not start")
	}
	type answer struct {
		as  []wireAction
		err error
	}
	got := make(chan answer, 1)
	go func() {
		var as []wireAction
		err := c.conn.Call(c.ctx, "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"range":        target,
			"context":      map[string]any{"diagnostics": []any{}, "only": []string{"quickfix"}},
		}, &as)
		got <- answer{as, err}
	}()
	select {
	case a := <-got:
		close(g.release)
		t.Fatalf("code action answered while the lint of the current text was running: %+v (%v)", a.as, a.err)
	case <-time.After(300 * time.Millisecond):
	}
	close(g.release)
	a := <-got
	if a.err != nil {
		t.Fatal(a.err)
	}
	as := a.as
	quick := false
	for _, a := range as {
		quick = quick || len(a.Diagnostics) == 1 && a.Diagnostics[0].Code == "privateshape" && a.Title != "Ignore privateshape on this line"
	}
	if !quick {
		t.Errorf("code actions after the lint = %+v, want the privateshape quick fix", as)
	}
	c.shutdown(t)
}

// TestNoStaleDryRunAfterEnvEdit: after an unsaved edit of the env file a
// script reads, the script's diagnostics never include the dry-run tier's
// findings computed from the env file's old text.
func TestNoStaleDryRunAfterEnvEdit(t *testing.T) {
	script, env := copyExample(t)
	scriptURI, envURI := uriOf(script), uriOf(env)
	envText := mustRead(t, env)
	c := startServer(t, Options{Debounce: 20 * time.Millisecond, EvalDebounce: 400 * time.Millisecond, Evaluator: sandbox})
	defer c.close(t)
	dry := c.srv.tiers[1]
	c.initialize(t)
	const stale = "kl-ref boots with --max-num-batched-tokens 2048 where serve boots with 1024"
	hasStale := func(p wirePublish) bool {
		for _, d := range find(p, "argvdrift") {
			if strings.Contains(d.Message, stale) {
				return true
			}
		}
		return false
	}
	c.notify(t, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: scriptURI, LanguageID: "sh", Version: 1, Text: mustRead(t, script)}})
	c.notify(t, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: envURI, LanguageID: "sh", Version: 1, Text: envText}})
	c.waitFor(t, scriptURI, 1, func(p wirePublish) bool { return hasStale(p) && len(find(p, "ngramplacement")) > 0 })
	time.Sleep(100 * time.Millisecond) // let both tiers settle on version 1 of each
	for {
		select {
		case p := <-c.pubs:
			c.history = append(c.history, p)
			continue
		default:
		}
		break
	}

	before := dry.lints.Load()
	c.notify(t, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": envURI, "version": 2},
		"contentChanges": []map[string]any{{"text": replaceOnce(t, envText, "BATCHED_TOKENS=1024", "BATCHED_TOKENS=2048")}},
	})
	for {
		p := c.waitDiagnostics(t, scriptURI, 1)
		if hasStale(p) {
			t.Fatalf("published with the dry-run findings of the env file's old text (%d dry-run lints since the change): %+v",
				dry.lints.Load()-before, find(p, "argvdrift"))
		}
		if len(find(p, "ngramplacement")) > 0 && dry.lints.Load() > before {
			break // the dry-run tier's lint of the new text
		}
	}
	c.shutdown(t)
}
