package lsp

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestChildScriptEditedInEditor: a mode that runs another script of the
// tree (run.sh's `SEQS=64 exec "$here/launch.sh"`) has findings that
// depend on that script's text. An unsaved edit of the child in the editor
// lints the parent again, over the child's new text: launch.sh no longer
// reads SEQS, so bench's SEQS=64 no longer reaches the engine.
func TestChildScriptEditedInEditor(t *testing.T) {
	dir := copyCase(t, "child-dispatch")
	run, launch := filepath.Join(dir, "run.sh"), filepath.Join(dir, "launch.sh")
	runURI, launchURI := uriOf(run), uriOf(launch)
	launchText := mustRead(t, launch)
	c := startServer(t, Options{Debounce: 20 * time.Millisecond})
	defer c.close(t)
	c.initialize(t)
	bySEQS := func(p wirePublish) bool {
		for _, d := range find(p, "privateshape") {
			if strings.Contains(d.Message, "by SEQS=64 on its run of launch.sh") {
				return true
			}
		}
		return false
	}
	c.open(t, runURI, mustRead(t, run))
	c.waitFor(t, runURI, 1, bySEQS)
	c.open(t, launchURI, launchText)
	c.waitDiagnostics(t, launchURI, 1)
	c.notify(t, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": launchURI, "version": 2},
		"contentChanges": []map[string]any{{"text": replaceOnce(t, launchText, `"${SEQS:-$MAX_NUM_SEQS}"`, `"$MAX_NUM_SEQS"`)}},
	})
	c.waitFor(t, runURI, 1, func(p wirePublish) bool { return !bySEQS(p) })
	c.shutdown(t)
}

// TestNoIgnoreOfNotAnalysed: a document over --max-file-size has one
// finding, "not analysed", at its start. Its comments are not read, so a
// servelint:ignore would silence nothing: no "Ignore syntax on this line"
// is offered (it was, and put the directive after the shebang, where the
// finding stayed).
func TestNoIgnoreOfNotAnalysed(t *testing.T) {
	script, _ := copyExample(t)
	uri := uriOf(script)
	text := mustRead(t, script) + strings.Repeat("# "+strings.Repeat("x", 78)+"\n", 200)
	c := startServer(t, Options{Debounce: -1, MaxFileSize: int64(len(text) - 1)})
	defer c.close(t)
	c.initialize(t)
	c.open(t, uri, text)
	pub := c.waitDiagnostics(t, uri, 1)
	if len(pub.Diagnostics) != 1 || !strings.Contains(pub.Diagnostics[0].Message, "not analysed") {
		t.Fatalf("diagnostics = %+v, want the one not analysed", pub.Diagnostics)
	}
	var as []wireAction
	c.call(t, "textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        pub.Diagnostics[0].Range,
		"context":      map[string]any{"diagnostics": pub.Diagnostics},
	}, &as)
	for _, a := range as {
		if strings.HasPrefix(a.Title, "Ignore") {
			t.Errorf("offered %q for a file whose comments are not read", a.Title)
		}
	}
	c.shutdown(t)
}

// TestDryRunTierLeavesToStatic: argvdrift leaves a mode's own value of an
// environment-read owner to privateshape when privateshape is reported
// (docker-env-llamacpp: long's `-e LLAMA_ARG_CTX_SIZE=32768` over the
// --env-file). privateshape runs in the static tier, argvdrift in the
// dry-run tier: the dry-run tier's lint, which does not report
// privateshape itself, reported the same drift again as argvdrift, a
// finding `servelint ll.sh` does not have.
func TestDryRunTierLeavesToStatic(t *testing.T) {
	dir := copyCase(t, "docker-env-llamacpp")
	script := filepath.Join(dir, "ll.sh")
	uri := uriOf(script)
	c := startServer(t, Options{Debounce: -1, EvalDebounce: -1, Evaluator: sandbox})
	defer c.close(t)
	dry := c.srv.tiers[1]
	c.initialize(t)
	c.open(t, uri, mustRead(t, script))
	check := func(p wirePublish) {
		if p.URI != uri {
			return
		}
		if ds := find(p, "argvdrift"); len(ds) > 0 {
			t.Fatalf("argvdrift reported what privateshape reports: %+v", ds)
		}
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		p, ok := c.next(t, time.Until(deadline))
		if !ok {
			t.Fatal("the dry-run tier did not lint the script")
		}
		check(p)
		c.srv.mu.Lock()
		done := dry.roots[script] != nil
		c.srv.mu.Unlock()
		if done {
			break
		}
	}
	for {
		p, ok := c.next(t, 500*time.Millisecond)
		if !ok {
			break
		}
		check(p)
	}
	if len(find(c.history[len(c.history)-1], "privateshape")) == 0 {
		t.Errorf("no privateshape finding: %+v", c.history[len(c.history)-1])
	}
	c.shutdown(t)
}
