package lsp

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// sandbox is the evaluator `servelint lsp` runs, for tests.
func sandbox(rf func(string) ([]byte, error)) lint.Evaluator {
	return lint.SandboxEvaluator(5*time.Second, 2, rf)
}

// copyExample copies examples/frank-archon into a temporary directory and
// returns the paths of its script and env file.
func copyExample(t *testing.T) (script, env string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "frank-archon", "scripts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"frank-archon.sh", "frank-archon.env"} {
		b, err := os.ReadFile(filepath.Join("..", "examples", "frank-archon", "scripts", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "frank-archon.sh"), filepath.Join(dir, "frank-archon.env")
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replaceOnce replaces old by new in s, failing unless old occurs.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q not found", old)
	}
	return strings.Replace(s, old, new, 1)
}

// find returns the diagnostics of rule in p.
func find(p wirePublish, rule string) []wireDiag {
	var out []wireDiag
	for _, d := range p.Diagnostics {
		if d.Code == rule {
			out = append(out, d)
		}
	}
	return out
}

// lineOf returns the text of a zero-based line.
func lineOf(text string, line int) string {
	return strings.Split(text, "\n")[line]
}

func codeActions(t *testing.T, c *testClient, uri string, r protocol.Range, only []string) []wireAction {
	t.Helper()
	ctx := map[string]any{"diagnostics": []any{}}
	if only != nil {
		ctx["only"] = only
	}
	var actions []wireAction
	c.call(t, "textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        r,
		"context":      ctx,
	}, &actions)
	return actions
}

// TestServerProtocol drives a whole session over JSON-RPC: initialize,
// didOpen with a text that differs from the disk, publishDiagnostics,
// code actions (quick fix, fix all, ignore), a burst of changes that lints
// once, save, a second document whose fix spans two files, close,
// shutdown and exit.
func TestServerProtocol(t *testing.T) {
	script, env := copyExample(t)
	scriptURI, envURI := uriOf(script), uriOf(env)
	disk := mustRead(t, script)
	envText := mustRead(t, env)
	// The editor's text differs from the disk: kl-ref's private step is
	// 3000, not 2048, and a comment holds a character outside the BMP.
	editor := replaceOnce(t, disk, "--max-num-batched-tokens 2048", "--max-num-batched-tokens 3000")
	editor = replaceOnce(t, editor, "# calib only prefills", "# calib 🚀 only prefills")

	// Debounces long enough that the five notifications of the burst below
	// always arrive within one, even on a loaded machine.
	c := startServer(t, Options{Debounce: time.Second, EvalDebounce: 1500 * time.Millisecond, Evaluator: sandbox})
	static, dry := c.srv.tiers[0], c.srv.tiers[1]
	defer c.close(t)

	// Before initialize, requests fail with ServerNotInitialized.
	var ignored any
	err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{}, &ignored)
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != codeServerNotInitialized {
		t.Fatalf("codeAction before initialize: err = %v, want code %d", err, codeServerNotInitialized)
	}

	init := c.initialize(t)
	caps, _ := init["capabilities"].(map[string]any)
	sync, _ := caps["textDocumentSync"].(map[string]any)
	if sync["change"] != float64(1) || sync["openClose"] != true {
		t.Errorf("textDocumentSync = %v, want full sync with open/close", sync)
	}
	cap, _ := caps["codeActionProvider"].(map[string]any)
	if kinds, _ := cap["codeActionKinds"].([]any); len(kinds) != 2 || kinds[0] != "quickfix" || kinds[1] != FixAllKind {
		t.Errorf("codeActionKinds = %v", cap["codeActionKinds"])
	}
	if info, _ := init["serverInfo"].(map[string]any); info["name"] != "servelint" {
		t.Errorf("serverInfo = %v", init["serverInfo"])
	}

	// didOpen → diagnostics from the editor's text.
	c.open(t, scriptURI, editor)
	// Wait for both tiers: the static rules' and the dry-run's (argvdrift).
	pub := c.waitFor(t, scriptURI, 1, func(p wirePublish) bool { return len(find(p, "argvdrift")) > 0 })
	for _, d := range pub.Diagnostics {
		if d.Source != "servelint" || d.CodeDescription == nil || d.CodeDescription.Href != RuleDocsURL+d.Code.(string) {
			t.Errorf("diagnostic %+v: want source servelint and href to its rule", d)
		}
		if rules.ByName(d.Code.(string)) == nil && d.Code != suppress.Rule {
			t.Errorf("diagnostic code %v is not a rule", d.Code)
		}
		if strings.Contains(d.Message, "2048") {
			t.Errorf("diagnostic from the disk's text, not the editor's: %s", d.Message)
		}
	}
	var private *wireDiag
	for _, d := range find(pub, "privateshape") {
		if strings.Contains(d.Message, "3000") {
			private = &d
		}
	}
	if private == nil {
		t.Fatalf("no privateshape diagnostic for the editor's 3000: %+v", pub.Diagnostics)
	}
	at := strings.Index(editor, "3000")
	if want := (protocol.Range{Start: utf16Pos(editor, at), End: utf16Pos(editor, at+4)}); private.Range != want {
		t.Errorf("privateshape range = %+v, want %+v", private.Range, want)
	}
	if private.Severity != 1 {
		t.Errorf("privateshape severity = %d, want 1 (error)", private.Severity)
	}
	// The comment with the emoji: its range ends in UTF-16 units.
	var free *wireDiag
	start := strings.Index(editor, "# calib 🚀")
	for _, d := range find(pub, "freethroughput") {
		if d.Range.Start == utf16Pos(editor, start) {
			free = &d
		}
	}
	if free == nil {
		t.Fatalf("no freethroughput diagnostic at the edited comment: %+v", find(pub, "freethroughput"))
	}
	end := start + strings.IndexByte(editor[start:], '\n')
	if want := utf16Pos(editor, end); free.Range.End != want || free.Severity != 2 {
		t.Errorf("freethroughput = %+v, want end %+v (UTF-16) and severity 2", free, want)
	}

	// Code actions on the private shape.
	actions := codeActions(t, c, scriptURI, protocol.Range{Start: private.Range.Start, End: private.Range.Start}, nil)
	var quick, ignore, fixAll *wireAction
	for i, a := range actions {
		switch {
		case a.Kind == "quickfix" && a.Title == "Ignore privateshape on this line":
			ignore = &actions[i]
		case a.Kind == "quickfix" && len(a.Diagnostics) == 1 && a.Diagnostics[0].Code == "privateshape":
			quick = &actions[i]
		case a.Kind == FixAllKind:
			fixAll = &actions[i]
		}
	}
	if quick == nil || ignore == nil || fixAll == nil {
		t.Fatalf("code actions = %+v, want a privateshape quick fix, its ignore, and fix all", actions)
	}
	if len(quick.Edit.Changes) != 1 || quick.IsPreferred == nil || !*quick.IsPreferred {
		t.Errorf("quick fix %+v: want one file and preferred", quick)
	}
	fixed := applyEdits(t, editor, quick.Edit.Changes[scriptURI])
	if want := replaceOnce(t, editor, "tokens 3000", `tokens "$FRANK_ARCHON_MAX_BATCHED_TOKENS"`); fixed != want {
		t.Errorf("quick fix gives:\n%s", fixed)
	}
	line := int(private.Range.Start.Line)
	withIgnore := applyEdits(t, editor, ignore.Edit.Changes[scriptURI])
	if got, want := lineOf(withIgnore, line), lineOf(editor, line)+" # servelint:ignore privateshape -- TODO: reason"; got != want {
		t.Errorf("ignore gives line %q, want %q", got, want)
	}
	if strings.Count(withIgnore, "\n") != strings.Count(editor, "\n") {
		t.Error("ignore in a script added a line")
	}
	// Fix all gives what --fix gives over the same texts.
	overlay := func(p string) ([]byte, error) {
		if p == script {
			return []byte(editor), nil
		}
		return os.ReadFile(p)
	}
	_, oc, err := lint.ApplyFixes(lint.Options{Paths: []string{script}, ReadFile: overlay, Config: rules.DefaultConfig(), Jobs: 1,
		Evaluator: sandbox(overlay)}, fixAllPasses)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixAll.Edit.Changes) != len(oc.Changed) || len(oc.Changed) == 0 {
		t.Errorf("fix all changes %d files, --fix %d", len(fixAll.Edit.Changes), len(oc.Changed))
	}
	for p, ch := range oc.Changed {
		old := editor
		if p != script {
			old = mustRead(t, p)
		}
		if got := applyEdits(t, old, fixAll.Edit.Changes[uriOf(p)]); got != string(ch[1]) {
			t.Errorf("fix all of %s gives:\n%s\nwant:\n%s", p, got, ch[1])
		}
	}
	// "only" filters by kind, parents included.
	if as := codeActions(t, c, scriptURI, private.Range, []string{"source.fixAll"}); len(as) != 1 || as[0].Kind != FixAllKind {
		t.Errorf("only source.fixAll: %+v", as)
	}
	for _, a := range codeActions(t, c, scriptURI, private.Range, []string{"quickfix"}) {
		if a.Kind != "quickfix" {
			t.Errorf("only quickfix: got %s", a.Kind)
		}
	}

	// A burst of changes lints once, after the debounce.
	before, beforeDry := static.lints.Load(), dry.lints.Load()
	text := editor
	for v := 2; v <= 6; v++ {
		text = replaceOnce(t, editor, "tokens 3000", "tokens 300"+string(rune('0'+v-1)))
		c.notify(t, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": scriptURI, "version": v},
			"contentChanges": []map[string]any{{"text": text}},
		})
	}
	pub = c.waitDiagnostics(t, scriptURI, 6)
	if n := static.lints.Load() - before; n != 1 {
		t.Errorf("%d static lints for a burst of 5 changes, want 1", n)
	}
	if len(find(pub, "argvdrift")) > 0 {
		t.Errorf("dry-run findings of an older text published with version 6: %+v", find(pub, "argvdrift"))
	}
	// The dry-run tier follows after its longer quiet time, once.
	pub = c.waitFor(t, scriptURI, 6, func(p wirePublish) bool { return len(find(p, "argvdrift")) > 0 })
	if n := dry.lints.Load() - beforeDry; n != 1 {
		t.Errorf("%d dry-run lints for a burst of 5 changes, want 1", n)
	}
	for _, p := range c.history {
		if p.URI == scriptURI && p.Version != nil && *p.Version > 1 && *p.Version < 6 {
			t.Errorf("diagnostics published for intermediate version %d", *p.Version)
		}
	}
	if ds := find(pub, "privateshape"); len(ds) == 0 || !strings.Contains(ds[0].Message+ds[len(ds)-1].Message, "3005") {
		t.Errorf("after the burst: %+v, want the private shape 3005", ds)
	}

	// didSave lints again, still from the editor's text.
	c.notify(t, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": scriptURI}})
	pub = c.waitDiagnostics(t, scriptURI, 6)
	found := false
	for _, d := range find(pub, "privateshape") {
		found = found || strings.Contains(d.Message, "3005")
	}
	if !found {
		t.Errorf("after save: %+v, want the private shape 3005 (the editor's text)", pub.Diagnostics)
	}
	for _, p := range c.history {
		if p.URI == envURI {
			t.Errorf("diagnostics published for %s, which is not open", envURI)
		}
	}

	// Open the env file: its shim's fix edits the env file and the script.
	c.open(t, envURI, envText)
	epub := c.waitDiagnostics(t, envURI, 1)
	alias := find(epub, "shapealias")
	if len(alias) != 1 {
		t.Fatalf("env diagnostics = %+v, want one shapealias", epub.Diagnostics)
	}
	actions = codeActions(t, c, envURI, alias[0].Range, []string{"quickfix"})
	quick, ignore = nil, nil
	for i, a := range actions {
		switch {
		case a.Title == "Ignore shapealias on this line":
			ignore = &actions[i]
		case len(a.Diagnostics) == 1 && a.Diagnostics[0].Code == "shapealias":
			quick = &actions[i]
		}
	}
	if quick == nil || ignore == nil {
		t.Fatalf("env code actions = %+v", actions)
	}
	if len(quick.Edit.Changes) != 2 {
		t.Fatalf("shapealias fix edits %d files, want the env file and the script", len(quick.Edit.Changes))
	}
	if got := applyEdits(t, envText, quick.Edit.Changes[envURI]); strings.Contains(got, "FRANK_CALIB_MAX_SEQS") {
		t.Errorf("shim still in the env file:\n%s", got)
	}
	if got := applyEdits(t, text, quick.Edit.Changes[scriptURI]); strings.Contains(got, "FRANK_CALIB_MAX_SEQS") || !strings.Contains(got, `--max-num-seqs "$FRANK_ARCHON_MAX_SEQS"`) {
		t.Errorf("script after the shim's fix:\n%s", got)
	}
	aliasLine := int(alias[0].Range.Start.Line)
	got := applyEdits(t, envText, ignore.Edit.Changes[envURI])
	if lineOf(got, aliasLine) != "# servelint:ignore shapealias -- TODO: reason" || lineOf(got, aliasLine+1) != lineOf(envText, aliasLine) {
		t.Errorf("env ignore gives:\n%s", got)
	}

	// Closing the env file clears its diagnostics.
	c.notify(t, "textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": envURI}})
	for {
		p := c.waitDiagnostics(t, envURI, -1)
		if len(p.Diagnostics) == 0 && p.Version == nil {
			break
		}
	}

	c.shutdown(t)
}

// TestExitWithoutShutdown: exit before shutdown ends the session with
// ErrNoShutdown (exit status 1).
func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	defer c.close(t)
	c.initialize(t)
	c.notify(t, "exit", nil)
	if err := c.wait(t); !errors.Is(err, ErrNoShutdown) {
		t.Fatalf("Serve = %v, want ErrNoShutdown", err)
	}
}

// TestStreamEnds: a client that goes away ends the session.
func TestStreamEnds(t *testing.T) {
	c := startServer(t, Options{})
	defer c.close(t)
	c.initialize(t)
	_ = c.conn.Close()
	if err := c.wait(t); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Serve = %v, want io.ErrUnexpectedEOF", err)
	}
}

// TestUnknownAndOtherSchemes: an untitled buffer is ignored, an unknown
// request is MethodNotFound, an unknown notification is dropped.
func TestUnknownAndOtherSchemes(t *testing.T) {
	c := startServer(t, Options{Debounce: -1})
	defer c.close(t)
	c.initialize(t)
	c.notify(t, "$/unknownNotification", map[string]any{})
	c.open(t, "untitled:Untitled-1", "echo hi\n")
	if as := codeActions(t, c, "untitled:Untitled-1", protocol.Range{}, nil); len(as) != 0 {
		t.Errorf("code actions for an untitled buffer: %+v", as)
	}
	var res any
	err := c.conn.Call(context.Background(), "textDocument/hover", map[string]any{}, &res)
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeMethodNotFound {
		t.Errorf("hover: err = %v, want MethodNotFound", err)
	}
	c.shutdown(t)
}

// TestUnsavedNewFile lints a buffer that does not exist on disk.
func TestUnsavedNewFile(t *testing.T) {
	c := startServer(t, Options{Debounce: -1})
	defer c.close(t)
	c.initialize(t)
	path := filepath.Join(t.TempDir(), "new.sh")
	uri := uriOf(path)
	c.notify(t, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "sh", Version: 3, Text: "#!/bin/bash\nif then fi\n"}})
	p := c.waitDiagnostics(t, uri, 3)
	if len(find(p, "syntax")) == 0 {
		t.Errorf("diagnostics of an unsaved buffer with a syntax error = %+v", p.Diagnostics)
	}
	c.shutdown(t)
}

// TestIgnoreSilences applies the "ignore" action of a finding through the
// editor's text and checks that the linter's suppression filter then drops
// the finding and reports nothing about the directive (it has a reason
// placeholder and silences something).
func TestIgnoreSilences(t *testing.T) {
	script, _ := copyExample(t)
	uri := uriOf(script)
	text := mustRead(t, script)
	c := startServer(t, Options{Debounce: -1})
	defer c.close(t)
	c.initialize(t)
	c.open(t, uri, text)
	pub := c.waitDiagnostics(t, uri, 1)
	for version, rule := range []string{"privateshape", "shapealias", "freethroughput"} {
		ds := find(pub, rule)
		if len(ds) == 0 {
			t.Fatalf("no %s finding to ignore in %+v", rule, pub.Diagnostics)
		}
		target := ds[0]
		var edit []protocol.TextEdit
		for _, a := range codeActions(t, c, uri, target.Range, []string{"quickfix"}) {
			if a.Title == "Ignore "+rule+" on this line" {
				edit = a.Edit.Changes[uri]
			}
		}
		if edit == nil {
			t.Fatalf("no ignore action for %s at %+v", rule, target.Range)
		}
		text = applyEdits(t, text, edit)
		v := protocol.Integer(version + 2)
		c.notify(t, "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []map[string]any{{"text": text}},
		})
		pub = c.waitDiagnostics(t, uri, v)
		for _, d := range pub.Diagnostics {
			if d.Code == suppress.Rule && !strings.Contains(d.Message, "placeholder reason") {
				t.Errorf("after ignoring %s: %s", rule, d.Message)
			}
			if d.Code == rule && d.Message == target.Message && d.Range.Start == target.Range.Start {
				t.Errorf("%s still reported after its ignore:\n%s", rule, text)
			}
		}
	}

	// In the env file the directive goes on a line of its own above.
	_, env := filepath.Split(script)
	env = filepath.Join(filepath.Dir(script), strings.TrimSuffix(env, ".sh")+".env")
	envURI, envText := uriOf(env), mustRead(t, env)
	c.open(t, envURI, envText)
	epub := c.waitDiagnostics(t, envURI, 1)
	ds := find(epub, "envdialect")
	if len(ds) != 1 {
		t.Fatalf("env diagnostics = %+v, want one envdialect", epub.Diagnostics)
	}
	var edit []protocol.TextEdit
	for _, a := range codeActions(t, c, envURI, ds[0].Range, []string{"quickfix"}) {
		if a.Title == "Ignore envdialect on this line" {
			edit = a.Edit.Changes[envURI]
		}
	}
	if len(edit) != 1 || edit[0].Range.Start.Character != 0 || !strings.HasSuffix(edit[0].NewText, "\n") {
		t.Fatalf("env ignore edit = %+v, want a line inserted above", edit)
	}
	envText = applyEdits(t, envText, edit)
	c.notify(t, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": envURI, "version": 2},
		"contentChanges": []map[string]any{{"text": envText}},
	})
	epub = c.waitDiagnostics(t, envURI, 2)
	for _, d := range epub.Diagnostics {
		if d.Code == "envdialect" || d.Code == suppress.Rule && !strings.Contains(d.Message, "placeholder reason") {
			t.Errorf("after the env ignore: %s: %s", d.Code, d.Message)
		}
	}
	c.shutdown(t)
}

// TestInitializeOnce: the specification's handshake rules. A request
// before initialize is ServerNotInitialized and a notification then is
// dropped; a second initialize is InvalidRequest, and the session goes on
// as the first one set it up.
func TestInitializeOnce(t *testing.T) {
	c := startServer(t, Options{Debounce: -1})
	defer c.close(t)
	rpcCode := func(err error) int64 {
		var rpcErr *jsonrpc2.Error
		if !errors.As(err, &rpcErr) {
			return 0
		}
		return rpcErr.Code
	}
	var res any
	if err := c.conn.Call(context.Background(), "shutdown", nil, &res); rpcCode(err) != codeServerNotInitialized {
		t.Errorf("shutdown before initialize: %v, want code %d", err, codeServerNotInitialized)
	}
	// Dropped: no diagnostics are published for it.
	c.open(t, "file:///nowhere/early.sh", "#!/bin/bash\necho hi\n")
	first := c.initialize(t)
	if first["capabilities"] == nil {
		t.Fatalf("initialize = %v", first)
	}
	for i := 0; i < 2; i++ {
		var again any
		err := c.conn.Call(context.Background(), "initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &again)
		if rpcCode(err) != jsonrpc2.CodeInvalidRequest {
			t.Errorf("initialize #%d: result %v, err %v; want InvalidRequest (%d)", i+2, again, err, jsonrpc2.CodeInvalidRequest)
		}
	}
	if p, ok := c.next(t, 200*time.Millisecond); ok {
		t.Errorf("a didOpen sent before initialize was handled: %+v", p)
	}
	// Still initialized: requests are served.
	if as := codeActions(t, c, "file:///nowhere/x.sh", protocol.Range{}, nil); len(as) != 0 {
		t.Errorf("code actions for an unopened document: %+v", as)
	}
	c.shutdown(t)
}
