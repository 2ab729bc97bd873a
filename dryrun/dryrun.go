package dryrun

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
)

// Defaults for Options.
const (
	DefaultTimeout     = 2 * time.Second
	DefaultMaxCommands = 20000
)

// grace is how long Eval waits, past the deadline, for the interpreter to
// notice it and for background jobs to stop; then it returns regardless.
const grace = 250 * time.Millisecond

// Options configures one evaluation.
type Options struct {
	// Root is the linted tree: reads are allowed only inside it. It should
	// be absolute and cleaned (Eval cleans it and makes it absolute); it
	// must not be "/". Empty means the script's directory.
	Root string
	// Timeout bounds the evaluation of one mode; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxCommands bounds the number of simple commands run (builtins,
	// function calls and programs alike); 0 means DefaultMaxCommands.
	MaxCommands int
	// ReadFile, when set, reads the tree's files instead of the disk (an
	// editor's unsaved buffers); it is only ever called with paths inside
	// Root whose in-tree symlinks do not lead out of Root.
	ReadFile func(path string) ([]byte, error)
	// Env holds variables the evaluation starts with, exported, such as a
	// config file's declared environment. The host's environment is never
	// used. TMPDIR cannot be overridden.
	Env map[string]string
	// Selectors are environment variables that pick the mode
	// (MODE=${MODE:-serve}; case "$MODE" …): each starts out exported,
	// set to the mode evaluated, as $1 does; those the sandbox fixes
	// (TMPDIR, PATH, HOME, …) are ignored.
	Selectors []string
	// SelectorValue, when not empty, is what the Selectors are set to
	// instead of the mode's name: the mode's index in the array a Slurm
	// array job picks it from (SLURM_ARRAY_TASK_ID=1,
	// parser.Script.SelectorValue).
	SelectorValue string
	// Menu, when not nil, is the select menu's item that picks the mode
	// (parser.Script.MenuPick).
	Menu *MenuPick
	// NoArg leaves the positional parameters empty: the mode is picked by
	// the Selectors alone (a container entrypoint run with no CMD), so
	// `exec vllm serve … "$@"` gets no mode name and `case "${1:-start}"`
	// takes its default.
	NoArg bool
	// Params, when not nil, are the positional parameters instead of the
	// mode's name: an option that picks the mode (--mode kl, -m kl).
	Params []string
	// Self, when not empty, is the file name the script runs as: its $0
	// is that name beside it (a symlink bench.sh -> serve.sh picking its
	// mode by `case "$(basename "$0")"`, parser.Mode.Self). Nothing is
	// read from that path for it.
	Self string
	// Caller are variables the script demands of its caller (: "${HF_TOKEN:?}",
	// parser.Script.CallerVars) that no file of the tree sets: the script's
	// guard ${X:?…} (${X?…}) assigns X a placeholder the argv reads as not
	// statically known ("<unresolved: $HF_TOKEN, the caller's>") where bash
	// would stop, so the guard does not stop every mode; before it, X is
	// unset, and a default (${X:-4}, X=${X:-4} in a sourced file, : "${X:=4}")
	// is what it is in bash. The sandbox's own variables are left out.
	Caller []string
	// Engine, when set, forces the engine profile: an unknown program passed
	// one of its shape flags counts as the engine (parser.DetectEngineAs).
	Engine *parser.Profile
	// NoSpans skips mapping argv elements back to script words (a walk of
	// the whole script per mode) for callers that locate flags themselves;
	// Result.Spans is then nil.
	NoSpans bool
	// Files, when set, is the snapshot of the tree this evaluation shares
	// with others (the other modes of the script); nil means a private one.
	Files *Files
	// NoEnv skips computing Result.Env (and the notes about --env-file it
	// makes) for callers that only read the argv; with NoSpans it also
	// skips the snapshot of the variables taken when the engine is reached.
	NoEnv bool
	// Loaded, when set (and ReadFile is not), gives the bytes of a file
	// the caller already read from the disk in this run (the lint's model
	// of its scripts and env files), by absolute path: such a file that
	// no symlink leads to is not read again (pprof and strace on 1,600
	// repos: every script and env file was opened, stat'ed and read a
	// second time by the sandbox, 23,000 system calls).
	Loaded func(abs string) ([]byte, bool)
	// EnvIfRead computes Result.Env only for an engine whose profile reads
	// a shape flag from its environment (TGI's MAX_BATCH_PREFILL_TOKENS;
	// vLLM and SGLang read none): what lint's argvdrift compares. pprof on
	// 1,600 repos: the snapshot of the variables and the environment built
	// for every engine reached were 5% of a lint's CPU.
	EnvIfRead bool
	// Prepared, when set, is Prepare(file), computed once by a caller that
	// evaluates several modes of the script.
	Prepared *Prepared
	// Assume, when set, are host paths (path → the operator letter of the
	// file test, hosttest.go) a run that asks about a host path assumes
	// from its start: the union of what the script's other modes assumed
	// (AssumedUnion), so that every mode is evaluated on the same host. A
	// run that does not reach the engine with them is evaluated as without.
	Assume map[string]byte
	// guards, when set, makes the run use a copy of the tree whose
	// preflight guards are marked, the ones it names taken the other way
	// (guards.go).
	guards *guardFlips
	// loops, when set, makes the run use a copy of the tree whose wait
	// loops are marked (waitloops.go).
	loops bool
	// guard is the last exec middleware, after the sandbox's own handler
	// (which never calls it). Tests replace it with one that fails the
	// test; the default refuses.
	guard func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc
	// skipPrecheck turns the static refusal off, so tests can reach the
	// run-time layers behind it.
	skipPrecheck bool
	// privateTmp makes TMPDIR a never-created child of a private temp dir,
	// the fallback for systems without a /dev/null device.
	privateTmp bool
}

// Result is what one mode of a script would hand the engine.
type Result struct {
	Script string
	Mode   string
	// Argv runs from the engine program on, e.g. ["radiance", "serve",
	// "/models/…", "--max-num-seqs", "8", …]; nil if no engine invocation
	// was reached. When a docker image's entrypoint is the engine
	// (vllm/vllm-openai IMAGE --model …), Argv starts with the image, which
	// stands where the program is (parser.EngineCall.Start). An element that depends on the output of a skipped
	// command holds a readable placeholder, "<unresolved: curl -s …>".
	Argv []string
	// Launcher is what precedes the engine program (wrappers, `docker run
	// … IMAGE`); nil if nothing does.
	Launcher []string
	// Env is what the engine would see: for a docker launch, the
	// --env-file entries (read as docker reads them: values verbatim) then
	// the -e entries (behind ssh HOST STRING, none), then what the host's
	// or the container's shell sets in a string it runs (a prefix, an env
	// K=V, an export); otherwise the exported variables (the sandbox's own
	// defaults left out unless the script changed them) and `env K=V`
	// wrapper assignments.
	Env map[string]string
	// EnvClosed is set when the engine's environment is all in Env: it
	// starts cleared (exec -c, env -i, srun --export=NONE or a list
	// without ALL) and is not a container's, so a variable Env lacks is
	// unset for the engine, not one the caller or an image may give.
	EnvClosed bool
	// Skipped lists the commands that were not run, as the script would
	// have run them, in order; a read of a file outside the tree is listed
	// as ["<", file].
	Skipped [][]string
	// Unresolved lists the indexes into Argv whose value depends on a
	// skipped command's output.
	Unresolved []int
	// Spans gives, per Argv element, the byte span in the script of the
	// word it came from, best effort (see computeSpans); -1, -1 if unknown.
	Spans []Span
	// Picks are the case items a preflight guard on a value the sandbox
	// does not know was assumed to take ("$GPU\x00*H100*": the case's word
	// and the item), one per such guard: the host the argv assumes.
	Picks []string
	// Notes are non-fatal observations: reads refused outside the tree, an
	// env file docker would reject, a sourced file outside the tree.
	Notes []string
	// Assumed are the host paths the run assumed exist (path → the
	// operator letter of the file test that asked; hosttest.go), nil when
	// none; a note says each.
	Assumed map[string]byte
	// Err is nil, or why the mode could not be evaluated: ErrTimeout,
	// ErrBudget, ErrProcSubst, ErrUnsupported, ErrSource, ErrInternal, or
	// an *ExitError (wrapping ErrNoEngine) when the script ended without
	// reaching an engine invocation.
	Err error
	// guard is the guard whose decision on an unknown value ended a marked
	// run (guards.go), or nil.
	guard *guardEnd
	// dies are the functions of the files the run sourced whose body
	// always exits (guards.go).
	dies map[string]bool
	// typed is set when a read took a line from the terminal (typedRead).
	typed bool
}

// Span is a byte range [Start, End) in the script's source.
type Span struct{ Start, End int }

// Errors a Result may carry (test with errors.Is).
var (
	ErrTimeout     = errors.New("evaluation exceeded its time bound")
	ErrBudget      = errors.New("evaluation exceeded its command budget")
	ErrNoEngine    = errors.New("no engine invocation reached")
	ErrProcSubst   = errors.New("process substitution is not evaluated")
	ErrUnsupported = errors.New("construct not evaluated in the sandbox")
	ErrSource      = errors.New("a sourced file could not be evaluated")
	ErrInput       = errors.New("invalid evaluation input")
	ErrInternal    = errors.New("internal error in the dry-run evaluator")
)

// ExitError says the script ended before reaching an engine invocation.
type ExitError struct {
	// Status is the script's exit status.
	Status int
	// Exited is true when the script stopped by `exit`, errexit or an
	// unset-variable error, false when it ran to its end.
	Exited bool
	// Stderr is the tail of what the script wrote to its standard error.
	Stderr string
	// Why, when not empty, says why a command that may have launched the
	// engine was not read as one (a docker run whose options hold words
	// not statically known where its image would be).
	Why string
}

func (e *ExitError) Error() string {
	var msg string
	if e.Exited {
		msg = fmt.Sprintf("script exited with status %d before reaching an engine invocation", e.Status)
	} else {
		msg = fmt.Sprintf("script finished (status %d) without reaching an engine invocation", e.Status)
	}
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	if s := lastLine(e.Stderr); s != "" {
		msg += ": " + s
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrNoEngine) hold.
func (e *ExitError) Unwrap() error { return ErrNoEngine }

// FinishedWithoutEngine reports whether a mode's evaluation ran the script
// to its end, status 0, without reaching an engine (a subcommand such as
// `stop) . lib.sh; stop_server`), rather than failing on its way.
func FinishedWithoutEngine(err error) bool {
	var e *ExitError
	return errors.As(err, &e) && !e.Exited && e.Status == 0
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// Statements run around the script: seeding RANDOM makes argvs
// reproducible; `wait` joins background jobs.
var preludeStmt, waitStmt = mustStmt("RANDOM=1"), mustStmt("wait")

func mustStmt(src string) *syntax.Stmt {
	f, err := parser.ParseShell(strings.NewReader(src), "", false, syntax.LangBash)
	if err != nil || len(f.Stmts) != 1 {
		panic(fmt.Sprintf("dryrun: bad built-in statement %q: %v", src, err))
	}
	return f.Stmts[0]
}

// defaultGuard refuses: it stands after the sandbox's exec handler, which
// never calls it, in place of interp's default handler.
func defaultGuard(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(_ context.Context, args []string) error {
		return fmt.Errorf("%w: a command reached the fallback exec handler: %q", ErrInternal, args)
	}
}

// Eval evaluates one mode of a script in the sandbox described in the
// package documentation and returns the argv it would hand the engine.
// file is the already-parsed script (bash or POSIX), src its bytes, path its
// path (absolute, or relative to opts.Root). Eval never executes anything,
// returns within opts.Timeout plus a short grace, and is safe to call from
// many goroutines at once.
func Eval(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options) *Result {
	if file != nil && opts.Prepared == nil {
		opts.Prepared = Prepare(file)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	// Every run for the mode shares its one bound.
	deadline := time.Now().Add(opts.Timeout)
	paths, vars := splitAssume(opts.Assume)
	opts.Assume = paths
	if len(vars) > 0 {
		// Other modes assumed callers' values (callervals.go).
		o := opts
		o.Env = withVars(opts.Env, vars)
		r := evalHosts(ctx, path, src, file, mode, o, deadline)
		left := time.Until(deadline)
		if len(r.Argv) > 0 && r.Err == nil || left <= 0 {
			return assumedVars(r, vars)
		}
		// The value does not boot this mode (a worker's [[ $NODE_RANK
		// != 0 ]] || exit 1 beside a leader's == 0): its own answer.
		opts.Timeout = left
	}
	res := evalHosts(ctx, path, src, file, mode, opts, deadline)
	if len(res.Argv) > 0 || !blockedEarly(res) || file == nil {
		return res
	}
	// A test of a caller's variable may have taken the branch that does
	// not boot (callervals.go).
	for _, c := range modeFirst(callerComparands(file, callerNames(opts.Caller)), mode) {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		o := opts
		o.Timeout = left
		v := map[string]string{c.name: c.value}
		o.Env = withVars(opts.Env, v)
		if r := evalHosts(ctx, path, src, file, mode, o, deadline); len(r.Argv) > 0 && r.Err == nil {
			return assumedVars(r, v)
		}
	}
	// A preflight guard on a value the sandbox does not know may have
	// ended the run (guards.go).
	g := evalGuards(ctx, path, src, file, mode, opts, deadline, res)
	if (len(g.Argv) == 0 || g.Err != nil) && hasWaitLoop(file) {
		// A wait loop on a skipped command may have spun out the budget,
		// in the first run or after a host path or guard was assumed
		// (waitloops.go).
		if r := evalLoops(ctx, path, src, file, mode, opts, deadline); r != nil {
			return r
		}
	}
	return g
}

// evalHosts is Eval without callers' values: a first run, then the runs
// that assume host paths (hosttest.go), all by deadline.
func evalHosts(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options, deadline time.Time) *Result {
	res, log := evalOnce(ctx, path, src, file, mode, opts, nil)
	if !log.outside || !blockedEarly(res) && len(opts.Assume) == 0 {
		return res
	}
	// A host file test may have ended the run (hosttest.go), or the other
	// modes assumed host paths this one asks about.
	script, _, err := normPaths(path, opts.Root)
	if err != nil {
		return res
	}
	hf := opts.Prepared.hostTree(src, script, callerNames(opts.Caller))
	if hf == nil {
		return res
	}
	run := func(hf *syntax.File, assumed map[string]byte) (*Result, []hostTest) {
		left := time.Until(deadline)
		if left <= 0 {
			return &Result{Script: path, Mode: mode, Err: timeoutError(opts.Timeout)}, nil
		}
		o := opts
		o.Timeout = left
		r, log := evalOnce(ctx, path, src, file, mode, o, &hostRun{file: hf, assumed: assumed})
		return r, log.tests
	}
	var stuck *Result
	if len(opts.Assume) > 0 {
		r, s := evalAssuming(run, hf, opts.Assume)
		if r != nil {
			return r
		}
		stuck = s
		if !blockedEarly(res) {
			return res
		}
	}
	r, s := evalAssuming(run, hf, nil)
	if r != nil {
		return r
	}
	if s != nil {
		stuck = s
	}
	if res.guard == nil && stuck != nil {
		// The first run ended at a host file test ([ -f "$MODEL/config.json" ]
		// || exit 1); with the path assumed, a later preflight guard on a
		// value the sandbox does not know (n=$(nvidia-smi -L | wc -l); [ "$n"
		// -ge 1 ] || exit 1) ended the run. That run is the answer, so that
		// evalGuards takes that guard the other way; the first run's names no
		// guard, and every host path plus guard check ended there.
		return stuck
	}
	return res
}

// hostRun is a run of the marked copy of a script (hosttest.go).
type hostRun struct {
	file    *syntax.File
	assumed map[string]byte
}

// runLog is what Eval learns of one run besides its Result.
type runLog struct {
	// traced is set when the run of casesAsIfs' copy turned on xtrace
	// (errCaseTrace): evalOnce runs the script's own tree.
	traced bool
	// outside is set when a test or stat asked about a path outside the
	// tree.
	outside bool
	// tests are a marked run's host file tests, in order.
	tests []hostTest
}

// evalOnce is one run of the script for the mode; host, when set, is the
// marked copy to run instead and the host paths it assumes.
func evalOnce(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options, host *hostRun) (*Result, runLog) {
	res, log := evalRun(ctx, path, src, file, mode, opts, host, true)
	if log.traced {
		// A sourced file or an eval turned on xtrace, which traces each
		// case: the run of the script's own tree shows it.
		return evalRun(ctx, path, src, file, mode, opts, host, false)
	}
	return res, log
}

// evalRun is evalOnce, running casesAsIfs' copy when caseIfs is set.
func evalRun(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options, host *hostRun, caseIfs bool) (res *Result, log runLog) {
	res = &Result{Script: path, Mode: mode}
	defer func() {
		if p := recover(); p != nil {
			res.Argv, res.Launcher, res.Env, res.Unresolved, res.Spans = nil, nil, nil, nil, nil
			res.Err = fmt.Errorf("%w: panic: %v", ErrInternal, p)
		}
	}()
	if file == nil {
		res.Err = fmt.Errorf("%w: no parsed script", ErrInput)
		return res, log
	}
	if ctx == nil {
		ctx = context.Background()
	}
	script, root, err := normPaths(path, opts.Root)
	if err != nil {
		res.Err = err
		return res, log
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	maxCalls := opts.MaxCommands
	if maxCalls <= 0 {
		maxCalls = DefaultMaxCommands
	}
	display := script
	if rel, err := filepath.Rel(root, script); err == nil && within(root, script) {
		display = rel
	}
	// Refuse, before running, what the sandbox cannot evaluate in the code
	// this mode can reach.
	prep := opts.Prepared
	if prep == nil {
		prep = Prepare(file)
	}
	callers := callerNames(opts.Caller)
	if prep.outSubst || prep.inSubst || prep.declF || prep.posix || prep.andTails || prep.fdRedirs || prep.readDelim || prep.readArray || prep.pipes || prep.globals || prep.typesets || prep.elemSets || prep.assocKeys || prep.altSelf(src) || prep.counts(src) || prep.attrDecls(src) || prep.negations(src) || prep.arithNounset(src) || prep.quotedLets(src) || prep.pipeStatusRead(src) || prep.exemptIn(file) || prep.substErrexit(src, file) || prep.coprocs || prep.jobZero(src) || prep.funcStack(src) || prep.prefixNames(src) || prep.longOpts(src) || prep.stdinSource(src) || prep.hostPids(src) || prep.subshellLocals(src, file) || len(prep.jobs) > 0 || len(prep.selects) > 0 || prep.menus || prep.refCopies || len(callers) > 0 {
		if f, rw := prep.rewrite(src, script, callers); f != nil {
			file = f
			res.Notes = append(res.Notes, rw...)
		} else if prep.refCopies {
			// refused let its whole-array reads through a nameref pass,
			// which only the copy reads right.
			res.Err = fmt.Errorf("%w: %s: %s", ErrUnsupported, display, namerefMsg)
			return res, log
		}
	}
	if host != nil {
		file = host.file
	}
	var guardDescs []guardDesc
	var loopDescs []string
	if opts.guards != nil || opts.loops {
		if f, _ := rewritten(src, script, callers, prep); f != nil {
			if host != nil {
				markHostTests(f)
			}
			if opts.guards != nil {
				guardDescs = markGuards(f, script, opts.guards.flips, opts.guards.dies)
			}
			if opts.loops {
				loopDescs = markLoops(f)
			}
			file = f
		}
	}
	selectors := modeSelectors(opts.Selectors)
	params := []string{"--", mode}
	if opts.NoArg && len(selectors) > 0 {
		params = params[:1]
	}
	if opts.Params != nil {
		params = append([]string{"--"}, opts.Params...)
	}
	// The pruner knows the mode's branches on $1 when $1 is the mode's
	// name (not when an option's loop reads the arguments).
	arg := len(params) == 2 && params[1] == mode
	if !opts.skipPrecheck && prep.risky {
		prune := selectors
		if opts.SelectorValue != "" {
			prune = nil // they hold an index, not the mode's name
		}
		if fb := findForbidden(file, newPruner(file, mode, arg, prune...)); fb != nil {
			res.Err = fb.error(display)
			return res, log
		}
	}

	tmpDir, cleanup, err := sandboxTmpDir(opts.privateTmp)
	if err != nil {
		res.Err = fmt.Errorf("%w: private temp dir: %w", ErrInternal, err)
		return res, log
	}
	defer func() {
		if err := cleanup(); err != nil {
			res.Notes = append(res.Notes, "removing the private temp dir: "+err.Error())
		}
	}()

	base, cancel := context.WithCancelCause(ctx)
	defer cancel(errMainDone)
	runCtx, cancelTimer := context.WithTimeoutCause(base, timeout, timeoutError(timeout))
	defer cancelTimer()
	deadline, _ := runCtx.Deadline()

	ev := &evaluator{
		root:     root,
		script:   script,
		callers:  callers,
		readFn:   opts.ReadFile,
		loaded:   opts.Loaded,
		forced:   opts.Engine,
		noSpans:  opts.NoSpans,
		noEnv:    opts.NoEnv,
		envRead:  opts.EnvIfRead,
		custom:   opts.ReadFile != nil,
		maxCalls: int64(maxCalls),
		runCtx:   runCtx,
		cancel:   cancel,
		deadline: deadline,
		fs:       opts.Files,
		virtual:  map[string]bool{},
		funcs:    map[string]bool{},
	}
	if host != nil {
		ev.assumed = host.assumed
	}
	ev.guardDescs = guardDescs
	ev.typeUnknown = opts.guards != nil && opts.guards.typeUnknown
	ev.background = prep.background
	ev.loopDescs = loopDescs
	if ev.fs == nil {
		ev.fs = NewFiles()
	}
	ev.addFuncNames(prep.funcs)
	ev.addRefused(display, prep.refused)
	guard := opts.guard
	if guard == nil {
		guard = defaultGuard
	}
	ev.guardMW = guard
	var env *sandboxEnv
	if opts.Env == nil {
		env = ev.fs.sandboxEnv(script, tmpDir) // shared by the script's modes
	} else {
		env = newSandboxEnv(script, tmpDir, opts.Env)
	}
	// The caller's variables' placeholders are the first skipped entries,
	// in the order the rewrite numbered them (callerGuard).
	for _, n := range callers {
		ev.skipped = append(ev.skipped, []string{"$" + n + ", the caller's"})
	}
	// A word the caller gives that picks no mode (the model of serve.sh
	// MODEL MODE) is not statically known: a sentinel of its own.
	for i, p := range params {
		if p == parser.CallerArg {
			params[i] = sentinel(len(ev.skipped))
			ev.skipped = append(ev.skipped, []string{"$" + strconv.Itoa(i) + ", the caller's"})
		}
	}
	selfPath := ""
	if opts.Self != "" && opts.Self == filepath.Base(opts.Self) && opts.Self != "." && opts.Self != ".." {
		// The path the script runs as: $0, and BASH_SOURCE[0] too, which
		// bash sets to the same path (me=$(basename "${BASH_SOURCE[0]}")
		// picks the mode as $(basename "$0") does). A copy: the script's
		// modes share env.
		selfPath = filepath.Join(filepath.Dir(script), opts.Self)
		self := *env
		self.source = selfPath
		env = &self
	}
	environ := newModeEnv(env, selectors, cmp.Or(opts.SelectorValue, mode))
	if prep.submitDir {
		environ = withSubmitDir(environ, filepath.Dir(script))
	}
	if opts.Menu != nil {
		environ = &menuEnv{Environ: environ, pick: *opts.Menu}
	}
	runner, err := interp.New(
		interp.Env(environ),
		func(r *interp.Runner) error { r.Dir = root; return nil }, // no stat, no getwd
		interp.Params(params...),
		interp.StdIO(nil, &sink{ev: ev}, &sink{ev: ev, tail: &ev.stderr}),
		interp.CallHandler(ev.callHandler),
		interp.ExecHandlers(ev.sandboxExec, guard),
		interp.OpenHandler(ev.openHandler),
		interp.StatHandler(ev.statHandler),
		interp.ReadDirHandler2(ev.readDirHandler),
		interp.AccessHandler(ev.accessHandler),
	)
	if err != nil {
		res.Err = fmt.Errorf("%w: %w", ErrInternal, err)
		return res, log
	}
	// Reset (on the first Run) keeps a Vars map it is given, emptied: one
	// an earlier run filled is not made again (varsPool).
	runner.Vars = getVars()
	run := file
	if caseIfs && host == nil && opts.guards == nil {
		// The pruner above and the spans read the cases; interp runs
		// them as ifs (casesAsIfs).
		run = prep.caseIfs(file)
		ev.caseIfs = run != file
	}
	fileCopy := *run // $0 is the File's name; the caller's File is not touched
	fileCopy.Name = script
	if selfPath != "" {
		fileCopy.Name = selfPath // $0
	}
	// The prelude runs as the file's first statement: each Run copies every
	// variable into Runner.Vars (pprof: a quarter of a small script's
	// evaluation went to the two extra runs).
	fileCopy.Stmts = append(append(make([]*syntax.Stmt, 0, len(run.Stmts)+1), preludeStmt), run.Stmts...)
	ev.main = &fileCopy

	type outcome struct {
		err      error
		exited   bool
		stderr   string
		panicked any
	}
	mainDone := make(chan outcome, 1)
	joined := make(chan struct{})
	warm.Go(func() {
		defer close(joined)
		var out outcome
		defer func() {
			if out.panicked == nil {
				putVars(runner.Vars) // the runner's last use was above
			}
		}()
		func() {
			defer func() { out.panicked = recover() }()
			out.err = runner.Run(runCtx, &fileCopy)
			out.exited = runner.Exited()
		}()
		out.stderr = ev.stderr.String()
		mainDone <- out
		if out.panicked != nil || !prep.background && !ev.jobs.Load() {
			return // no job to join
		}
		defer func() { _ = recover() }()
		// Background jobs go on, as they would after the script ends: one
		// of them may launch the engine. They end by themselves, or when
		// the run's context is cancelled (engine reached, a bound hit);
		// interp's wait ignores contexts, hence WithoutCancel.
		joinCtx := context.WithValue(context.WithoutCancel(ctx), joinKey{}, true)
		_ = runner.Run(joinCtx, waitStmt) // its status is the jobs'
	})

	hard := time.NewTimer(timeout + grace)
	defer hard.Stop()
	var out outcome
	abandoned, unjoined := false, false
	select {
	case out = <-mainDone:
		select {
		case <-joined:
		case <-hard.C:
			unjoined = true
		}
	case <-hard.C:
		abandoned = true
	}
	cause := context.Cause(runCtx)
	cancel(errMainDone)
	ev.close()
	log.traced = errors.Is(cause, errCaseTrace)

	// From here on no handler changes ev: read it without the lock.
	log.outside, log.tests = ev.outside, ev.hostTests
	for i, t := range log.tests {
		log.tests[i].shown = ev.resolveText(ev.display(t.path))
	}
	res.Notes = append(res.Notes, ev.notes...)
	res.dies = ev.dies
	res.typed = len(ev.typedReads) > 0
	res.Skipped = make([][]string, len(ev.skipped))
	for i, s := range ev.skipped {
		res.Skipped[i] = ev.resolveAll(s)
	}
	if eng := ev.engine; eng != nil {
		ev.fillEngine(res, eng, file, len(src))
	}

	switch {
	case abandoned:
		res.Err = fmt.Errorf("%w: the evaluation did not stop within %v", ErrTimeout, timeout+grace)
	case out.panicked != nil:
		res.Err = fmt.Errorf("%w: panic: %v", ErrInternal, out.panicked)
	case unjoined:
		res.Err = fmt.Errorf("%w: background jobs did not stop within %v", ErrTimeout, timeout+grace)
	case ev.engine != nil:
		res.Err = nil
	case cause != nil:
		if errors.Is(cause, context.Canceled) || errors.Is(cause, context.DeadlineExceeded) {
			res.Err = fmt.Errorf("%w: %w", ErrTimeout, cause) // the caller's context
		} else {
			res.Err = cause
		}
		if we, ok := errors.AsType[hostWaitError](cause); ok {
			// The path as the notes show it (an unresolved part said,
			// not the sandbox's placeholder bytes).
			res.Err = hostWaitError{path: ev.resolveText(ev.display(we.path))}
		}
	default:
		status := 0
		var es interp.ExitStatus
		switch {
		case out.err == nil:
		case errors.As(out.err, &es):
			status = int(es)
		default:
			res.Err = fmt.Errorf("%w: %w", ErrInternal, out.err)
		}
		if res.Err == nil {
			why := ev.opaqueWhy(file, src)
			if why == "" && status == 0 && ev.bench != "" {
				why = "it ran " + ev.bench + ": no engine argv to compare"
			}
			res.Err = &ExitError{Status: status, Exited: out.exited, Why: why, Stderr: ev.resolveText(quotedSentinel.ReplaceAllString(out.stderr, sentinelPrefix+"$1"+sentinelSuffix))}
		}
	}
	if opts.guards != nil {
		res.guard = ev.endingGuard(res)
	}
	if opts.loops {
		res.Notes = append(res.Notes, ev.loopNotes()...)
	}
	return res, log
}

// timeoutError is the cause of a mode's deadline: ErrTimeout and the time
// limit, formatted only when the message is asked for (pprof: an Errorf
// per mode for a deadline that is almost never reached).
type timeoutError time.Duration

func (e timeoutError) Error() string { return fmt.Sprintf("%v (%v)", ErrTimeout, time.Duration(e)) }
func (e timeoutError) Unwrap() error { return ErrTimeout }

// normPaths returns the script's absolute path and the root.
func normPaths(path, root string) (script, absRoot string, err error) {
	if root == "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return "", "", fmt.Errorf("%w: %w", ErrInput, err)
		}
		root = filepath.Dir(abs)
	}
	absRoot, err = filepath.Abs(root)
	if err != nil {
		return "", "", fmt.Errorf("%w: root: %w", ErrInput, err)
	}
	if absRoot == string(filepath.Separator) || filepath.Dir(absRoot) == absRoot {
		return "", "", fmt.Errorf("%w: the root of the linted tree must not be %s", ErrInput, absRoot)
	}
	script = path
	if !filepath.IsAbs(script) {
		script = filepath.Join(absRoot, script)
	}
	return filepath.Clean(script), absRoot, nil
}

// fillEngine fills the engine part of res from the recorded invocation.
func (ev *evaluator) fillEngine(res *Result, eng *engineRec, file *syntax.File, srcLen int) {
	start := eng.call.Start
	if start < 0 || start > len(eng.args) {
		start = 0
	}
	raw := eng.args[start:]
	res.Argv = make([]string, len(raw))
	unresolved := map[int]bool{}
	for i, a := range raw {
		res.Argv[i] = ev.resolveText(a)
		if hasSentinel(a) {
			res.Unresolved = append(res.Unresolved, i)
			unresolved[i] = true
		}
	}
	if start > 0 {
		res.Launcher = ev.resolveAll(eng.args[:start])
	}
	if !ev.noSpans {
		res.Spans = computeSpans(file, srcLen, raw, unresolved, eng.env, eng.pos)
	}
	if eng.withEnv {
		res.Env = ev.engineEnv(res, eng)
	}
}

// engineEnv computes what the engine would see in its environment.
func (ev *evaluator) engineEnv(res *Result, eng *engineRec) map[string]string {
	exported := eng.env.exported()
	if eng.cleared {
		exported = map[string]string{} // exec -c: an empty environment
	}
	from := eng.outer // an engine in a shell string: its shell's environment already has the outer words'
	if from > eng.call.Start {
		from = 0
	}
	cli, closed := envWrapperAssigns(eng.args[from:eng.call.Start], exported)
	closed = closed || eng.outerClosed
	env := map[string]string{}
	dr := eng.call.Docker
	if dr == nil {
		res.EnvClosed = closed || eng.cleared
		for k, v := range sandboxDefaults(eng.env.Get("TMPDIR").String()) {
			if cur, ok := cli[k]; ok && cur == v {
				delete(cli, k)
			}
		}
		for k, v := range cli {
			env[k] = ev.resolveText(v)
		}
		return env
	}
	lookup := func(k string) (string, bool) {
		v, ok := cli[k]
		return v, ok
	}
	for _, i := range dr.EnvFiles {
		if i < 0 || i >= len(eng.args) {
			continue
		}
		p := eng.args[i]
		if v, ok := strings.CutPrefix(p, "--env-file="); ok {
			p = v
		}
		if hasSentinel(p) {
			res.Notes = append(res.Notes, "--env-file "+ev.resolveText(p)+": path not statically known")
			continue
		}
		abs := absPath(eng.dir, p)
		data, err := ev.readFile(abs)
		if err != nil {
			res.Notes = append(res.Notes, fmt.Sprintf("--env-file %s: %v", p, err))
			continue
		}
		keys, vals, perr := parseDockerEnvFile(data, lookup)
		for _, k := range keys {
			env[k] = ev.resolveText(vals[k])
		}
		if perr != nil {
			res.Notes = append(res.Notes, fmt.Sprintf("docker would refuse --env-file %s: %v", ev.display(abs), perr))
		}
	}
	for _, i := range dr.Env {
		if i < 0 || i >= len(eng.args) {
			continue
		}
		kv := eng.args[i]
		for _, pre := range []string{"--env=", "-e="} {
			if v, ok := strings.CutPrefix(kv, pre); ok {
				kv = v
			}
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			if v, ok = cli[k]; !ok {
				continue // docker drops a bare -e NAME unset in its own environment
			}
		}
		env[k] = ev.resolveText(v)
	}
	if eng.inner != nil && eng.innerFrom <= eng.call.Start {
		// ssh HOST "VLLM_X=1 vllm serve …", ssh HOST "env K=V vllm serve
		// …", ssh HOST "export K=V; …": what the host's shell sets over
		// the environment it starts with is the engine's, set after what
		// the host hands it, as `ssh HOST env K=V vllm serve …` is; a
		// container's shell (docker exec CTR bash -c "K=V vllm serve …")
		// alike, over docker's -e. A variable the string leaves as it
		// started is the script's, which never reaches the host or the
		// container.
		own, _ := envWrapperAssigns(eng.args[eng.innerFrom:eng.call.Start], exported)
		for k, v := range own {
			if sv, ok := eng.inner[k]; !ok || sv != v {
				env[k] = ev.resolveText(v)
			}
		}
	}
	return env
}

// quotedSentinel is a sentinel as interp quotes it in an error message
// (declare: invalid name "\x1eSLU0\x1e"): resolved like a bare one.
var quotedSentinel = regexp.MustCompile(`\\x1eSLU([0-9]+)\\x1e`)

// resolveText replaces every sentinel in s with a readable placeholder
// naming the skipped command whose output it stands for.
func (ev *evaluator) resolveText(s string) string {
	return ev.resolveDepth(s, 0)
}

func (ev *evaluator) resolveDepth(s string, depth int) string {
	if !hasSentinel(s) {
		return s
	}
	var sb strings.Builder
	for {
		i := strings.Index(s, sentinelPrefix)
		if i < 0 {
			sb.WriteString(s)
			return sb.String()
		}
		sb.WriteString(s[:i])
		rest := s[i+len(sentinelPrefix):]
		j := strings.Index(rest, sentinelSuffix)
		if j < 0 {
			sb.WriteString(s[i:])
			return sb.String()
		}
		id, err := strconv.Atoi(rest[:j])
		if err != nil || id < 0 || id >= len(ev.skipped) || depth > 4 {
			sb.WriteString("<unresolved>")
		} else {
			desc := strings.Join(ev.skipped[id], " ")
			desc = ev.resolveDepth(desc, depth+1)
			if len(desc) > 80 {
				desc = desc[:77] + "..."
			}
			sb.WriteString("<unresolved: " + desc + ">")
		}
		s = rest[j+len(sentinelSuffix):]
	}
}

func (ev *evaluator) resolveAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = ev.resolveText(s)
	}
	return out
}
