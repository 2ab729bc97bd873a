// Package lsp is servelint's language server: `servelint lsp` speaks the
// Language Server Protocol on stdio. Documents opened in the editor are
// overlays: every lint reads the editor's text of an open document and falls
// back to the disk for the rest, so diagnostics follow unsaved edits.
//
// The protocol types and dispatch come from github.com/tliron/glsp
// (LSP 3.16); the JSON-RPC 2.0 connection from github.com/sourcegraph/jsonrpc2,
// the transport glsp itself uses, over the server's own reading of the base
// protocol's Content-Length framing (stream.go). The server offers full text sync,
// diagnostics on open, change (debounced) and save, and code actions: a
// quick fix per suggested fix, "source.fixAll.servelint", and "ignore RULE on
// this line". Positions are UTF-16 code units, the LSP default.
package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// DefaultDebounce is how long the server waits after the last change of a
// document before it lints again with the static rules.
const DefaultDebounce = 150 * time.Millisecond

// DefaultEvalDebounce is how long the server waits after the last change
// before it runs the rules that need the dry-run evaluation (one sandboxed
// evaluation per mode: slower, so it waits for a pause in typing).
const DefaultEvalDebounce = time.Second

// Source is the diagnostics' source and the server's name.
const Source = "servelint"

// FixAllKind is the code action kind of "fix every finding of the file".
const FixAllKind = protocol.CodeActionKind("source.fixAll.servelint")

// RuleDocsURL is the prefix of a rule's documentation; the rule name is the
// fragment.
const RuleDocsURL = "https://github.com/servelint/servelint/blob/main/docs/rules.md#"

// ErrNoShutdown is what Serve returns when the client sent exit without a
// shutdown request first (the process should then exit with status 1, as
// the LSP specification says).
var ErrNoShutdown = errors.New("lsp: exit without a shutdown request")

// codeServerNotInitialized is the JSON-RPC error code of a request sent
// before initialize.
const codeServerNotInitialized = -32002

// Options configures a Server.
type Options struct {
	// Debounce is how long to wait after the last change before linting
	// with the static rules; 0 means DefaultDebounce and a negative value
	// lints at once.
	Debounce time.Duration
	// EvalDebounce is the same for the rules that need the dry-run
	// evaluation; 0 means DefaultEvalDebounce.
	EvalDebounce time.Duration
	// Enable and Disable adjust the default set of rules, as the linter's
	// --enable and --disable do (merged with a config file's lists by the
	// caller).
	Enable, Disable []string
	// Config is the rule configuration (nil: rules.DefaultConfig()).
	Config *rules.Config
	// Evaluator returns the dry-run evaluator of one lint, given how that
	// lint reads files (the editor's text of open documents, else the
	// disk); typically lint.SandboxEvaluator. The rules that need it run
	// on open, on save and after EvalDebounce; nil leaves them out.
	Evaluator func(readFile func(string) ([]byte, error)) lint.Evaluator
	// Configure, when set, adjusts the options of every lint after the
	// server has set its own: what a config file says (rules config,
	// roles, owners, engine, excluded paths), typically with
	// config.Config.Apply. It must leave the rule selection as it finds it
	// or only merge lists into it (the server picks each lint's rules).
	Configure func(*lint.Options)
	// MaxFileSize is the size past which a file is reported, not analysed
	// (0: the linter's default).
	MaxFileSize int64
	// Log receives the server's own log (nil discards it). Never stdout:
	// that is the protocol's.
	Log io.Writer
	// Version is reported in the initialize result.
	Version string
	// WorkDir is what messages name files relative to when the linted
	// document is in none of the client's workspace folders (initialize's
	// workspaceFolders, else its rootUri): the server's working directory.
	// A file outside that base is named by its absolute path ("": always
	// absolute outside a workspace folder).
	WorkDir string
}

// Server is one language server session. Create it with New and run it
// with Serve, once.
type Server struct {
	opts    Options
	handler protocol.Handler
	logger  *log.Logger
	// tiers are the static rules and, with an evaluator, the dry-run ones;
	// tiers[0] is the static tier.
	tiers []*tier

	// pubMu orders publishing: diagnostics are computed and sent under it,
	// so that the last ones sent are the newest.
	pubMu sync.Mutex

	// mu guards everything below it, and the tiers' roots, pending and
	// timers.
	mu sync.Mutex
	// docs are the open documents, by clean path.
	docs map[string]*document
	// gen numbers the versions of the texts the server has seen.
	gen uint64
	// clears are the URIs of documents closed since the last flush, whose
	// diagnostics the client should drop.
	clears []string
	// republish are files whose diagnostics a closed root contributed to.
	republish map[string]bool
	shutdown  bool
	conn      *jsonrpc2.Conn
	served    bool

	// closing tells the workers to stop between lints: the session ends.
	closing atomic.Bool
	// folders are the client's workspace folders (clean paths), set by
	// initialize and read by every lint (see displayBase).
	folders atomic.Pointer[[]string]
}

// New returns a server. It fails if Enable or Disable names an unknown rule.
func New(opts Options) (*Server, error) {
	debounce, evalDebounce := opts.Debounce, opts.EvalDebounce
	if debounce == 0 {
		debounce = DefaultDebounce
	}
	if evalDebounce == 0 {
		evalDebounce = DefaultEvalDebounce
	}
	ts, err := tiers(opts, debounce, evalDebounce)
	if err != nil {
		return nil, err
	}
	if opts.Config == nil {
		opts.Config = rules.DefaultConfig()
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Server{
		opts:      opts,
		logger:    log.New(opts.Log, "servelint lsp: ", log.LstdFlags),
		tiers:     ts,
		docs:      map[string]*document{},
		republish: map[string]bool{},
	}
	s.handler = protocol.Handler{
		Initialize:                         s.initialize,
		Initialized:                        func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                           s.shutdownRequest,
		SetTrace:                           func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                      func(*glsp.Context, *protocol.CancelParams) error { return nil },
		WorkspaceDidChangeConfiguration:    func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		WorkspaceDidChangeWorkspaceFolders: s.didChangeFolders,
		TextDocumentDidOpen:                s.didOpen,
		TextDocumentDidChange:              s.didChange,
		TextDocumentDidSave:                s.didSave,
		TextDocumentDidClose:               s.didClose,
		TextDocumentCodeAction:             s.codeAction,
	}
	return s, nil
}

// Serve runs the session on a stream (stdio, or pipes in tests) until the
// client sends exit, the stream ends or ctx is done. It returns nil after a
// clean shutdown and exit, ErrNoShutdown after an exit that was not preceded
// by shutdown, io.ErrUnexpectedEOF when the stream ended first, and
// ErrFraming (wrapped) when the client's stream could not be split into
// messages any more. A message whose body is not a JSON-RPC message is
// answered with an error and the session goes on (see stream). Serve
// closes the stream and returns only when the server's goroutines are done.
func (s *Server) Serve(ctx context.Context, stream io.ReadWriteCloser) error {
	s.mu.Lock()
	if s.served {
		s.mu.Unlock()
		return errors.New("lsp: a Server serves one session")
	}
	s.served = true
	s.mu.Unlock()

	var exited atomic.Bool
	h := jsonrpc2.HandlerWithError(func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == protocol.MethodExit {
			exited.Store(true)
			_ = conn.Close()
			return nil, nil
		}
		return s.dispatch(req)
	}).SuppressErrClosed()
	st := newStream(stream, s.logger)
	conn := jsonrpc2.NewConn(ctx, st, h, jsonrpc2.SetLogger(s.logger))
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()

	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, t := range s.tiers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.worker(t, done)
		}()
	}

	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		_ = conn.Close()
	}
	s.mu.Lock()
	for _, t := range s.tiers {
		t.stop()
	}
	shut := s.shutdown
	s.mu.Unlock()
	s.closing.Store(true)
	close(done)
	wg.Wait() // a lint in progress finishes first

	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case st.framingErr() != nil:
		return st.framingErr()
	case !exited.Load():
		return io.ErrUnexpectedEOF
	case !shut:
		return ErrNoShutdown
	}
	return nil
}

// dispatch hands a request or notification to glsp's typed handler and
// turns its verdict into a JSON-RPC error.
func (s *Server) dispatch(req *jsonrpc2.Request) (any, error) {
	gctx := &glsp.Context{Method: req.Method, Notify: s.notify, Call: s.call}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	s.mu.Lock()
	shut := s.shutdown
	s.mu.Unlock()
	switch {
	case shut && req.Notif:
		return nil, nil
	case shut:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down"}
	case !s.handler.IsInitialized() && req.Method != protocol.MethodInitialize:
		if req.Notif {
			return nil, nil // the specification says to drop them
		}
		return nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: "server not initialized"}
	case req.Method == protocol.MethodInitialize && s.handler.IsInitialized():
		// The specification: initialize is sent once; a second one is
		// answered with an error, and the session goes on as it was.
		if req.Notif {
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was already received (it is sent once per session)"}
	}
	r, validMethod, validParams, err := s.handler.Handle(gctx)
	switch {
	case !validMethod:
		if req.Notif {
			return nil, nil // unknown notifications ($/…) are ignored
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		if req.Notif {
			s.logger.Printf("%s: %v", req.Method, err)
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: err.Error()}
	}
	return r, nil
}

// notify sends a notification to the client; a closed connection is not an
// error worth reporting.
func (s *Server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Notify(context.Background(), method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logger.Printf("notify %s: %v", method, err)
	}
}

// call sends a request to the client and waits for its answer.
func (s *Server) call(method string, params, result any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Call(context.Background(), method, params, result); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logger.Printf("call %s: %v", method, err)
	}
}

// logToClient shows a message in the client's log.
func (s *Server) logToClient(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.logger.Print(msg)
	s.notify(protocol.ServerWindowLogMessage, protocol.LogMessageParams{Type: typ, Message: msg})
}

func (s *Server) initialize(_ *glsp.Context, p *protocol.InitializeParams) (any, error) {
	s.folders.Store(workspaceFolders(p))
	full := protocol.TextDocumentSyncKindFull
	yes, no := true, false
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &full,
				Save:      protocol.SaveOptions{IncludeText: &no},
			},
			CodeActionProvider: protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, FixAllKind},
			},
			// Messages name files relative to the folder that holds the
			// document: the server follows the folders the client adds
			// and removes (didChangeFolders).
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
					Supported:           &yes,
					ChangeNotifications: &protocol.BoolOrString{Value: true},
				},
			},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: Source, Version: &version},
	}, nil
}

func (s *Server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	for _, t := range s.tiers {
		t.stop()
	}
	return nil
}

// worker runs a tier's lints until done is closed.
func (s *Server) worker(t *tier, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-t.kick:
			s.flush(t)
		}
	}
}
