package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The wire shapes the tests decode into: written here from the LSP
// specification rather than taken from glsp, so that the tests check what
// goes over the wire.

type wireDiag struct {
	Range           protocol.Range `json:"range"`
	Severity        int            `json:"severity"`
	Code            any            `json:"code"`
	CodeDescription *struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

type wirePublish struct {
	URI         string     `json:"uri"`
	Version     *int       `json:"version"`
	Diagnostics []wireDiag `json:"diagnostics"`
}

type wireAction struct {
	Title       string     `json:"title"`
	Kind        string     `json:"kind"`
	Diagnostics []wireDiag `json:"diagnostics"`
	IsPreferred *bool      `json:"isPreferred"`
	Edit        *struct {
		Changes map[string][]protocol.TextEdit `json:"changes"`
	} `json:"edit"`
}

// testClient is an LSP client on in-memory pipes with a Server on the
// other end.
type testClient struct {
	conn   *jsonrpc2.Conn
	srv    *Server
	pubs   chan wirePublish
	served chan error
	ctx    context.Context
	cancel context.CancelFunc
	// history is every publishDiagnostics received, in order.
	history []wirePublish
	closed  bool
}

// pipeStream joins a reader and a writer into a stream; Close closes both.
type pipeStream struct {
	io.Reader
	io.Writer
	closers []io.Closer
}

func (p pipeStream) Close() error {
	var errs []error
	for _, c := range p.closers {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// startServer runs a Server on io.Pipe pairs and connects a client to it.
func startServer(tb testing.TB, opts Options) *testClient {
	tb.Helper()
	srv, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &testClient{srv: srv, pubs: make(chan wirePublish, 256), served: make(chan error, 1), ctx: ctx, cancel: cancel}
	go func() {
		c.served <- srv.Serve(ctx, pipeStream{Reader: c2sR, Writer: s2cW, closers: []io.Closer{c2sR, s2cW}})
	}()
	h := jsonrpc2.HandlerWithError(func(ctx context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
			var p wirePublish
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				return nil, err
			}
			select {
			case c.pubs <- p:
			case <-ctx.Done():
			}
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(pipeStream{Reader: s2cR, Writer: c2sW, closers: []io.Closer{s2cR, c2sW}},
		jsonrpc2.VSCodeObjectCodec{}), h, jsonrpc2.SetLogger(testLogger{tb}))
	return c
}

type testLogger struct{ tb testing.TB }

func (l testLogger) Printf(format string, args ...any) { l.tb.Logf("client: "+format, args...) }

// call sends a request and decodes its result.
func (c *testClient) call(tb testing.TB, method string, params, result any) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		tb.Fatalf("%s: %v", method, err)
	}
}

// notify sends a notification.
func (c *testClient) notify(tb testing.TB, method string, params any) {
	tb.Helper()
	if err := c.conn.Notify(c.ctx, method, params); err != nil {
		tb.Fatalf("%s: %v", method, err)
	}
}

// open sends didOpen for a shell document at version 1.
func (c *testClient) open(tb testing.TB, uri, text string) {
	tb.Helper()
	c.notify(tb, "textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "sh", Version: 1, Text: text}})
}

// initialize runs the handshake and returns the initialize result.
func (c *testClient) initialize(tb testing.TB) map[string]any {
	tb.Helper()
	var res map[string]any
	c.call(tb, "initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &res)
	c.notify(tb, "initialized", map[string]any{})
	return res
}

// next returns the next publishDiagnostics, failing after a timeout.
func (c *testClient) next(tb testing.TB, timeout time.Duration) (wirePublish, bool) {
	tb.Helper()
	select {
	case p := <-c.pubs:
		c.history = append(c.history, p)
		return p, true
	case <-time.After(timeout):
		return wirePublish{}, false
	}
}

// waitDiagnostics returns the first publishDiagnostics of uri at version
// (any version when version < 0).
func (c *testClient) waitDiagnostics(tb testing.TB, uri string, version protocol.Integer) wirePublish {
	tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		p, ok := c.next(tb, time.Until(deadline))
		if !ok {
			break
		}
		if p.URI == uri && (version < 0 || p.Version != nil && *p.Version == int(version)) {
			return p
		}
	}
	tb.Fatalf("no publishDiagnostics for %s version %d (got %d publishes)", uri, version, len(c.history))
	return wirePublish{}
}

// waitFor returns the first publishDiagnostics of uri at version for which
// ok holds.
func (c *testClient) waitFor(tb testing.TB, uri string, version protocol.Integer, ok func(wirePublish) bool) wirePublish {
	tb.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		p := c.waitDiagnostics(tb, uri, version)
		if ok(p) {
			return p
		}
	}
	tb.Fatalf("no matching publishDiagnostics for %s version %d", uri, version)
	return wirePublish{}
}

// shutdown sends shutdown and exit and waits for Serve to return nil.
func (c *testClient) shutdown(tb testing.TB) {
	tb.Helper()
	var res any
	c.call(tb, "shutdown", nil, &res)
	if res != nil {
		tb.Errorf("shutdown result = %v, want null", res)
	}
	c.notify(tb, "exit", nil)
	if err := c.wait(tb); err != nil {
		tb.Errorf("Serve after shutdown and exit = %v, want nil", err)
	}
}

// wait returns what Serve returned.
func (c *testClient) wait(tb testing.TB) error {
	tb.Helper()
	select {
	case err := <-c.served:
		c.closed = true
		return err
	case <-time.After(30 * time.Second):
		tb.Fatal("Serve did not return")
		return nil
	}
}

// close tears the session down (if the test did not) and checks that no
// goroutine of the server or of either connection is left.
func (c *testClient) close(tb testing.TB) {
	tb.Helper()
	if !c.closed {
		c.cancel()
		_ = c.wait(tb)
	}
	c.cancel()
	_ = c.conn.Close()
	checkNoLeaks(tb)
}

// checkNoLeaks fails if goroutines of the server or of jsonrpc2 outlive the
// session (they get a few seconds to wind down).
func checkNoLeaks(tb testing.TB) {
	tb.Helper()
	var stacks string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		buf := make([]byte, 1<<20)
		stacks = string(buf[:runtime.Stack(buf, true)])
		leaked := false
		for _, g := range strings.Split(stacks, "\n\n") {
			if strings.Contains(g, "servelint/lsp.(*Server)") || strings.Contains(g, "sourcegraph/jsonrpc2.(*Conn).readMessages") {
				leaked = true
			}
		}
		if !leaked {
			return
		}
	}
	tb.Errorf("goroutines left after the session:\n%s", stacks)
}

// utf16Pos converts a byte offset of text (with "\n" line ends) to an LSP
// position, independently of the server's mapper.
func utf16Pos(text string, off int) protocol.Position {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	return protocol.Position{
		Line:      protocol.UInteger(strings.Count(text[:off], "\n")),
		Character: protocol.UInteger(len(utf16.Encode([]rune(text[ls:off])))),
	}
}

// utf16Offset converts an LSP position back to a byte offset of text.
func utf16Offset(tb testing.TB, text string, p protocol.Position) int {
	tb.Helper()
	off := 0
	for i := 0; i < int(p.Line); i++ {
		nl := strings.IndexByte(text[off:], '\n')
		if nl < 0 {
			tb.Fatalf("line %d past the end", p.Line)
		}
		off += nl + 1
	}
	units := 0
	for _, r := range text[off:] {
		if units >= int(p.Character) || r == '\n' {
			break
		}
		units += len(utf16.Encode([]rune{r}))
		off += len(string(r))
	}
	if units != int(p.Character) {
		tb.Fatalf("character %d of line %d is not a character boundary", p.Character, p.Line)
	}
	return off
}

// applyEdits applies LSP text edits (non-overlapping, against the same
// text) to text.
func applyEdits(tb testing.TB, text string, edits []protocol.TextEdit) string {
	tb.Helper()
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{utf16Offset(tb, text, e.Range.Start), utf16Offset(tb, text, e.Range.End), e.NewText})
	}
	// Apply from the end so that earlier offsets stay valid.
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	for i := len(spans) - 1; i >= 0; i-- {
		s := spans[i]
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}
