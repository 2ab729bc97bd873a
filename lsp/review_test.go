package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
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
	c.open(t, uri, text)
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
	c.open(t, scriptURI, mustRead(t, script))
	c.open(t, envURI, envText)
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

// copyCase copies the files of testdata/src/NAME (with its
// subdirectories, a lib/ of shell libraries) into a temporary directory
// and returns that directory.
func copyCase(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	copyDir(t, filepath.Join("..", "testdata", "src", name), dir)
	return dir
}

func copyDir(t *testing.T, src, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			copyDir(t, filepath.Join(src, e.Name()), filepath.Join(dir, e.Name()))
			continue
		}
		if strings.HasSuffix(e.Name(), ".golden") || e.Name() == "want.txt" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUnusedSuppressionAcrossTiers: a suppression naming a static rule
// and a dry-run rule that silences nothing is one finding, as the CLI
// reports it (with its fix), not one per tier; once both tiers are
// current the document's diagnostics are the CLI's findings.
func TestUnusedSuppressionAcrossTiers(t *testing.T) {
	dir := copyCase(t, "suppress-script")
	script := filepath.Join(dir, "s.sh")
	uri, text := uriOf(script), mustRead(t, script)
	cli, err := lint.Run(lint.Options{Paths: []string{script}, Config: rules.DefaultConfig(), Jobs: 1, Evaluator: sandbox(os.ReadFile)})
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		line       int
		rule, text string
	}
	want := map[key]bool{}
	for _, f := range cli.Findings {
		if f.File == script {
			want[key{f.Line, f.Rule, f.Message}] = true
		}
	}
	if !want[key{23, suppress.Rule, "servelint:ignore privateshape,argvdrift silences nothing on lines 23-24; remove it"}] {
		t.Fatalf("the CLI's findings changed: %+v", cli.Findings)
	}

	c := startServer(t, Options{Debounce: -1, EvalDebounce: -1, Evaluator: sandbox})
	defer c.close(t)
	c.initialize(t)
	c.open(t, uri, text)
	pub := c.waitFor(t, uri, 1, func(p wirePublish) bool { return len(find(p, "argvdrift")) > 0 })
	got := map[key]bool{}
	var unused *wireDiag
	for i, d := range pub.Diagnostics {
		k := key{int(d.Range.Start.Line) + 1, d.Code.(string), d.Message}
		got[k] = true
		if !want[k] {
			t.Errorf("the server reports %+v, the CLI does not", k)
		}
		if k.line == 23 && k.rule == suppress.Rule {
			unused = &pub.Diagnostics[i]
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("the CLI reports %+v, the server does not", k)
		}
	}
	if unused == nil {
		t.Fatal("no finding about the unused suppression of line 23")
	}
	var fix []protocol.TextEdit
	for _, a := range codeActions(t, c, uri, unused.Range, []string{"quickfix"}) {
		if a.Title == "remove the unused suppression" {
			fix = a.Edit.Changes[uri]
		}
	}
	if fix == nil {
		t.Fatal("no quick fix removing the unused suppression")
	}
	if got, want := applyEdits(t, text, fix), strings.Replace(text, lineOf(text, 22)+"\n", "", 1); got != want {
		t.Errorf("the quick fix gives:\n%s", got)
	}
	c.shutdown(t)
}

// fixAllEdits asks for source.fixAll.servelint on uri and returns its
// edits by URI (nil when the action is not offered).
func fixAllEdits(t *testing.T, c *testClient, uri string) map[string][]protocol.TextEdit {
	t.Helper()
	var edits map[string][]protocol.TextEdit
	for _, a := range codeActions(t, c, uri, protocol.Range{}, []string{FixAllKind}) {
		if a.Kind == FixAllKind {
			if edits != nil {
				t.Fatal("fix all offered twice")
			}
			edits = a.Edit.Changes
		}
	}
	return edits
}

// checkAsFix checks that edits change the files as --fix PATH does over
// the editor's texts (overlay) and the disk: the same files, to the same
// bytes. It returns the changed files.
func checkAsFix(t *testing.T, path string, overlay map[string]string, edits map[string][]protocol.TextEdit) map[string][2][]byte {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if s, ok := overlay[p]; ok {
			return []byte(s), nil
		}
		return os.ReadFile(p)
	}
	_, oc, err := lint.ApplyFixes(lint.Options{Paths: []string{path}, ReadFile: read, Config: rules.DefaultConfig(), Jobs: 1,
		Evaluator: sandbox(read)}, fixAllPasses)
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.Changed) == 0 {
		t.Fatalf("--fix %s changes nothing", path)
	}
	if len(edits) != len(oc.Changed) {
		t.Errorf("fix all edits %d files, --fix changes %d", len(edits), len(oc.Changed))
	}
	for p, ch := range oc.Changed {
		old, err := read(p)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := edits[uriOf(p)]
		if !ok {
			t.Errorf("fix all leaves %s as it is; --fix changes it", p)
			continue
		}
		if got := applyEdits(t, string(old), e); got != string(ch[1]) {
			t.Errorf("fix all of %s gives:\n%s\n--fix gives:\n%s", p, got, ch[1])
		}
	}
	return oc.Changed
}

// TestFixAllAsFix: source.fixAll.servelint computes what --fix does on
// the files involved: requested from an env file (the script beside it is
// fixed too, dry-run rules included), right after a change (before the
// dry-run tier's quiet time), and for a script whose only fixes are in
// the env file it sources.
func TestFixAllAsFix(t *testing.T) {
	t.Run("env file", func(t *testing.T) {
		script, env := copyExample(t)
		envURI, envText := uriOf(env), mustRead(t, env)
		c := startServer(t, Options{Debounce: -1, EvalDebounce: -1, Evaluator: sandbox})
		defer c.close(t)
		c.initialize(t)
		c.open(t, envURI, envText)
		c.waitDiagnostics(t, envURI, 1)
		changed := checkAsFix(t, env, map[string]string{env: envText}, fixAllEdits(t, c, envURI))
		if ch, ok := changed[script]; !ok || !strings.Contains(string(ch[1]), "--ngram-placement disk") {
			t.Errorf("--fix of the env file does not take the script's ngramplacement fix: %v", ok)
		}
		c.shutdown(t)
	})
	t.Run("right after a change", func(t *testing.T) {
		script, _ := copyExample(t)
		uri, text := uriOf(script), mustRead(t, script)
		c := startServer(t, Options{Debounce: -1, EvalDebounce: time.Hour, Evaluator: sandbox})
		defer c.close(t)
		c.initialize(t)
		c.open(t, uri, text)
		c.waitFor(t, uri, 1, func(p wirePublish) bool { return len(find(p, "ngramplacement")) > 0 })
		text2 := replaceOnce(t, text, "# frank-archon.sh MODE", "# frank-archon.sh  MODE")
		c.notify(t, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": 2},
			"contentChanges": []map[string]any{{"text": text2}},
		})
		checkAsFix(t, script, map[string]string{script: text2}, fixAllEdits(t, c, uri))
		c.shutdown(t)
	})
	for _, tc := range []struct{ dir, script string }{
		// (Not export-child: from its script alone, v.env's other readers
		// are not known, so dropping an export is no fix there.)
		{"env-dialect", "up.sh"}, {"env-owner", "serve.sh"},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			script := filepath.Join(copyCase(t, tc.dir), tc.script)
			uri, text := uriOf(script), mustRead(t, script)
			c := startServer(t, Options{Debounce: -1, EvalDebounce: -1, Evaluator: sandbox})
			defer c.close(t)
			c.initialize(t)
			c.open(t, uri, text)
			c.waitDiagnostics(t, uri, 1)
			changed := checkAsFix(t, script, map[string]string{script: text}, fixAllEdits(t, c, uri))
			if _, ok := changed[script]; ok {
				t.Errorf("--fix changes %s: the case is meant to have its fixes in the env file only", script)
			}
			c.shutdown(t)
		})
	}
}

// TestLibLauncherInEditor: a script whose modes boot the engine through a
// sourced library's launcher (lib/run.sh's in_docker) shows the findings
// on the call's words, and fix all edits the script as --fix does, never
// the library.
func TestLibLauncherInEditor(t *testing.T) {
	dir := copyCase(t, "lib-launcher")
	script := filepath.Join(dir, "serve.sh")
	uri, text := uriOf(script), mustRead(t, script)
	c := startServer(t, Options{Debounce: -1, EvalDebounce: -1, Evaluator: sandbox})
	defer c.close(t)
	c.initialize(t)
	c.open(t, uri, text)
	p := c.waitFor(t, uri, 1, func(p wirePublish) bool { return len(find(p, "argvdrift")) > 0 })
	ds := find(p, "privateshape")
	if len(ds) != 1 || ds[0].Range.Start.Line != 9 {
		t.Fatalf("privateshape on bench's call (line 10): %+v", p.Diagnostics)
	}
	edits := fixAllEdits(t, c, uri)
	if _, ok := edits[uriOf(filepath.Join(dir, "lib", "run.sh"))]; ok {
		t.Errorf("fix all edits the library: %v", edits)
	}
	changed := checkAsFix(t, script, map[string]string{script: text}, edits)
	if ch, ok := changed[script]; !ok || !strings.Contains(string(ch[1]), `bench) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;`) {
		t.Errorf("fix all of serve.sh: %v", ok)
	}
	c.shutdown(t)
}

// TestOnlyShellAndEnvFiles: documents the linter's walk would not lint (by
// name, or by a shebang for a name without an extension) get no
// diagnostics; a script that stops being one has its diagnostics cleared.
func TestOnlyShellAndEnvFiles(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{Debounce: -1})
	defer c.close(t)
	c.initialize(t)
	open := func(name, lang, text string) string {
		uri := uriOf(filepath.Join(dir, name))
		c.notify(t, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: uri, LanguageID: lang, Version: 1, Text: text}})
		return uri
	}
	others := []string{
		open("notes.md", "markdown", "# Notes\n\nRun `vllm serve --max-num-seqs 16` (it's free throughput!)\n\n```\nfoo ( bar\n```\n"),
		open("tool.py", "python", "import os\nprint(f'{os.environ[\"X\"]}')\nif (x:\n"),
		open("Makefile", "makefile", "all:\n\tdocker run --rm $(IMG) --max-num-seqs 16 ( \n"),
	}
	run := open("run", "shellscript", "#!/bin/bash\nif then fi\n")
	if p := c.waitDiagnostics(t, run, 1); len(find(p, "syntax")) == 0 {
		t.Errorf("a script by its shebang: %+v, want its syntax error", p.Diagnostics)
	}
	published := func(uri string) wirePublish {
		for _, p := range c.history {
			if p.URI == uri {
				return p
			}
		}
		return c.waitDiagnostics(t, uri, 1)
	}
	for _, uri := range others {
		if p := published(uri); len(p.Diagnostics) > 0 {
			t.Errorf("%s is not a shell script or env file, got %+v", uri, p.Diagnostics)
		}
	}
	c.notify(t, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": run, "version": 2},
		"contentChanges": []map[string]any{{"text": "if then fi\n"}},
	})
	if p := c.waitDiagnostics(t, run, 2); len(p.Diagnostics) > 0 {
		t.Errorf("without its shebang run is no script: %+v", p.Diagnostics)
	}
	c.shutdown(t)
}
