package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/lsp"
	"github.com/servelint/servelint/parser"
)

func init() {
	subcommands["lsp"] = runLSP
}

const lspUsage = `Usage: servelint lsp [flags]

Runs the servelint language server on stdin/stdout (the Language Server
Protocol, JSON-RPC with Content-Length framing). Start it from an editor, not
by hand. Each message is read as exactly Content-Length bytes (at most 64
MiB: a longer one is answered with an error and skipped); a body that is
not JSON is answered with Parse error (-32700), one that is no JSON-RPC
message with Invalid Request (-32600), and the session goes on.

The server lints the documents the editor opens that the linter's walk
would take (.sh and .bash files, env files by name, and names without an
extension, .in, .sbatch and .slurm files whose text starts with a sh/bash
shebang; other documents get no diagnostics) from the editor's text, not the file on disk, together with
the env files a script sources (read from the editor when they are open,
else from disk). It publishes diagnostics on open, on change and on save:
code = the rule, source = servelint, and a link to the rule's
documentation. The static rules run after --debounce of quiet; the rules
that need the dry-run sandbox (one evaluation per mode: slower) run on
open, on save and after --eval-debounce of quiet. A lint's findings show
only while every text it read is the current one (the document's, and
those of the open env files it sources), never from an edit since
superseded. Code actions: a quick fix per suggested fix,
"source.fixAll.servelint" (what --fix FILE would change: every fix, to a
fixed point, in the document and the files its lint loads), and "Ignore
RULE on this line", which inserts
  # servelint:ignore RULE -- TODO: reason
at the end of the line (in an env file, on its own line above it).

Neovim (0.8+):
  vim.lsp.start({ name = "servelint", cmd = { "servelint", "lsp" } })
in a FileType autocommand for sh (testdata/lsp/init.lua is a whole
configuration, run by scripts/nvim-lsp-check.sh). The config file is read
once, at start (as the linter finds it, from the working directory up).
Logs go to stderr.

Flags:
`

const lspExitText = `
Exit status: 0 after shutdown and exit; 1 when the client exits without
shutdown, the connection drops, the client's stream cannot be split into
messages (a header block without a usable Content-Length, or one of 4 GiB or
more: the client is answered first) or the server is interrupted; 2 bad usage or
config (as for a lint: a config file that is invalid, missing or cannot be
read); 3 a failure before serving (the working directory, or a directory
searched for the config, cannot be read).
`

func runLSP(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servelint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	debounce := fs.Duration("debounce", lsp.DefaultDebounce, "quiet time after the last change before the static rules run again (negative: at once)")
	evalDebounce := fs.Duration("eval-debounce", lsp.DefaultEvalDebounce, "quiet time after the last change before the rules that need the dry-run run again (they also run on open and save)")
	evalTimeout := fs.Duration("eval-timeout", 2*time.Second, "time limit for evaluating one mode in the dry-run sandbox")
	noEval := fs.Bool("no-eval", false, "never run the dry-run sandbox (the rules that need it are left out)")
	jobs := fs.Int("j", 4, "modes evaluated in parallel by the dry-run")
	enable := fs.String("enable", "", "comma-separated rules to turn on (e.g. a rule that is off by default)")
	disable := fs.String("disable", "", "comma-separated rules to turn off")
	configFile := fs.String("config", "", "config file (default: .servelint.yaml in the working directory or its parents)")
	maxFileSize := fs.Int64("max-file-size", parser.DefaultMaxFileSize, "files larger than this many bytes are reported, not analysed (an open document: its editor's text)")
	pos, code, ok := parseArgs(fs, args, stdout, stderr, lspUsage, lspExitText)
	if !ok {
		return code
	}
	if *evalTimeout <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: --eval-timeout must be positive (got %v)\n", *evalTimeout)
		return exitUsage
	}
	if len(pos) > 0 {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: unexpected argument %q (the server talks on stdin/stdout)\n", pos[0])
		return exitUsage
	}
	if *jobs < 1 {
		_, _ = fmt.Fprintln(stderr, "servelint lsp: -j must be at least 1")
		return exitUsage
	}
	if *maxFileSize <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: --max-file-size must be positive (got %d)\n", *maxFileSize)
		return exitUsage
	}
	// 0 means "the default" to lsp.Options; on the command line it means
	// no wait, which still coalesces a burst that arrives at once.
	for _, d := range []*time.Duration{debounce, evalDebounce} {
		if *d == 0 {
			*d = time.Nanosecond
		}
	}
	var evaluator func(func(string) ([]byte, error)) lint.Evaluator
	if !*noEval {
		timeout, n := *evalTimeout, *jobs
		evaluator = func(readFile func(string) ([]byte, error)) lint.Evaluator {
			return lint.SandboxEvaluator(timeout, n, readFile)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: %v\n", err)
		return exitFailure
	}
	cfg, code := loadConfig(*configFile, wd, stderr)
	if cfg == nil {
		return code
	}
	// The config's rule lists, with the command line's winning.
	on, off := cfg.RuleLists(splitList(*enable), splitList(*disable))
	srv, err := lsp.New(lsp.Options{
		Debounce:     *debounce,
		EvalDebounce: *evalDebounce,
		Evaluator:    evaluator,
		Enable:       on,
		Disable:      off,
		Configure:    func(o *lint.Options) { cfg.Apply(o, wd) },
		MaxFileSize:  *maxFileSize,
		Log:          stderr,
		Version:      version,
		WorkDir:      wd,
	})
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: %v\n", err)
		return exitUsage
	}
	// The first SIGINT or SIGTERM ends the session (after the lint in
	// progress, if any); a second one kills the process.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	if err := srv.Serve(ctx, stdio{in: os.Stdin, out: stdout}); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint lsp: %v\n", err)
		return 1
	}
	return exitClean
}

// stdio is the server's stream: the process's stdin and stdout. Closing it
// closes neither; the process is about to exit.
type stdio struct {
	in  io.Reader
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s stdio) Close() error                { return nil }
