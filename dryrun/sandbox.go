package dryrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// internalCmd is the program name the call handler rewrites an intercepted
// builtin to; the exec handler then emulates it. It cannot be typed in a
// script by accident.
const internalCmd = "\x1eservelint-internal\x1e"

// Internal operations, the first argument after internalCmd.
const (
	opSkip = "skip" // record the rest as a skipped command
	opNop  = "nop"  // succeed, print nothing
	opFail = "fail" // print args[1] to stderr, exit with status args[0]
	opPwdP = "pwd-P"
	opCmdV = "command-v" // args[0] is "v" or "V"
	// opNulEsc copies its input, each NUL byte written psNulMark
	// (psAssign).
	opNulEsc = "nul-esc"
	opType   = "type"
	// opDeclF answers declare -F NAME…: each name the script or a sourced
	// file declares as a function is printed; status 1 when one is not.
	opDeclF = "declare-F"
	// opGlobal stops the run when one of the names args[2:] is a local in
	// scope: declare -g at args[1] ("line:col") in file args[0] would set
	// it in interp, the global in bash (rewriteGlobalOverLocal).
	opGlobal = "global"
	// opExecClear runs args as exec -c does: the command (the engine)
	// starts with an empty environment (parser.ExecOptions).
	opExecClear = "exec-clear"
)

// The sentinel a skipped command prints as its output. It carries the
// index of the command in the skipped list; an argv element containing it
// depends on that command's output and is reported unresolved. \x1e is not
// in IFS, not a glob character and survives command substitution.
const (
	sentinelPrefix = "\x1eSLU"
	sentinelSuffix = "\x1e"
)

func sentinel(id int) string { return sentinelPrefix + strconv.Itoa(id) + sentinelSuffix }

func hasSentinel(s string) bool { return strings.Contains(s, sentinelPrefix) }

// maxArgBytes bounds the size of one command's argument list.
const maxArgBytes = 4 << 20

// maxNotes bounds Result.Notes.
const maxNotes = 32

var (
	// errEngineReached stops the run once the engine invocation is recorded.
	errEngineReached = errors.New("engine invocation reached")
	// errMainDone stops everything once the evaluation is over.
	errMainDone = errors.New("evaluation finished")
)

// joinKey marks the context of the `wait` that joins background jobs.
type joinKey struct{}

// errProcSubstReached stops a mode that reached a process substitution the
// static check did not see.
var errProcSubstReached = fmt.Errorf("%w: a process substitution <(…) or >(…) was reached", ErrProcSubst)

// fifoMarker is the text interp prints when a process substitution fails to
// create its FIFO in the sandbox's (nonexistent) temp dir.
var fifoMarker = []byte("cannot create fifo")

// engineRec is the first engine invocation reached.
type engineRec struct {
	args []string
	call parser.EngineCall
	env  *snapshotEnv
	dir  string
	pos  syntax.Pos
	// withEnv is set when Result.Env is computed for this engine
	// (Options.NoEnv, EnvIfRead).
	withEnv bool
	// cleared is set when the engine starts with an empty environment
	// (exec -c): the shell's exported variables do not reach it.
	cleared bool
	// outer, for an engine in a shell string (env -i bash -c '…'), is
	// how many words of args are the outer command's (shellOuter.prefix),
	// whose launcher made the string's environment (shellOuter.env): env
	// and snapshot already hold it, so engineEnv applies only the words
	// after them. 0 otherwise.
	outer int
	// outerClosed is set when the outer launcher cleared the string's
	// environment (shellOuter.closed).
	outerClosed bool
	// inner, for an engine in a string another host's or a container's
	// shell runs, is that shell's starting environment
	// (shellOuter.inner), and innerFrom the index in args of the string's
	// own first word.
	inner     map[string]string
	innerFrom int
}

type fileEntry struct {
	data []byte
	err  error
}

// evaluator is the state of one Eval: the handlers given to interp are its
// methods. Handlers may run concurrently (background jobs, pipes), so every
// field they change is guarded by mu or atomic.
type evaluator struct {
	root string
	// caseIfs is set when the run is of casesAsIfs' copy, which must not
	// trace (errCaseTrace).
	caseIfs bool
	// opaque is the first command skipped that parser.OpaqueDockerRun
	// says may be a docker run of an engine whose image could not be
	// told (said in ExitError.Why when no engine is reached); nil if none.
	opaque *opaqueRec
	// bench names the first command skipped that is one of an engine's
	// benchmarks or clients, not its server (parser.EngineBenchmark):
	// said in ExitError.Why when the run ends with status 0 and no engine.
	bench  string
	script string
	// callers are the caller's variables (callerNames): their guards in
	// a sourced file take the placeholder too (lazySourced).
	callers  []string
	readFn   func(string) ([]byte, error)
	loaded   func(string) ([]byte, bool) // Options.Loaded
	forced   *parser.Profile
	noSpans  bool
	noEnv    bool
	envRead  bool // Options.EnvIfRead
	custom   bool
	maxCalls int64
	runCtx   context.Context
	cancel   context.CancelCauseFunc
	deadline time.Time

	calls atomic.Int64
	// jobs is set when code reached at run time (a sourced file, eval,
	// trap, alias) holds a background statement.
	jobs atomic.Bool
	// moved is set once the script runs cd or pushd to the root itself:
	// the working directory is then the script's choice, and a relative
	// source is read there alone (interceptSource).
	moved atomic.Bool

	mu     sync.Mutex
	closed bool
	// pushed is the directory stack of pushd DIR: where each popd goes
	// back to (interp's popd goes back to where the run started when a cd
	// came between, as its cd leaves the stack's top behind); pushedLost
	// once a pushd the stack does not follow ran (pushd, pushd +N).
	pushed     []string
	pushedLost bool
	popped     bool
	engine     *engineRec
	skipped    [][]string
	notes      []string
	fs         *Files
	virtual    map[string]bool
	funcs      map[string]bool
	// sessions are the detached sessions running a shell the script
	// started, by name (noteSession), for the lines it types into them.
	sessions map[string]bool
	// typed is the last tmux send-keys when it typed a line with no key
	// ending it (parser.TypedText), its words, for the bare Enter to its
	// target that may follow (typedPending); nil after any other.
	typed []string
	// main is the evaluated script's file as the run interprets it, for
	// its re-run as root (rootRerun).
	main *syntax.File
	// hostAnswers counts the calls of hostAnswer helpers (guards.go).
	hostAnswers atomic.Int64
	// dies are the sourced files' functions whose body always exits
	// (sourceCheck.dies), for the guards of a later run (guards.go).
	dies map[string]bool
	// refused are the functions a call of which stops the run, each with
	// where and why ("file:line:col: why"; refusedFuncs).
	refused map[string]refusedAt
	pipes   []*os.File
	// pipeStatuses holds, per pipeline of the rewritten copy, the
	// statuses its stages reported (pipestatus.go).
	pipeStatuses map[string]map[string]string
	// sourcing marks the files a source call was let through for, whose
	// next open is served from memory: interp parses a sourced file from
	// any reader, where a redirection needs an *os.File.
	sourcing map[string]bool

	stderr tailBuf

	// assumed are the host paths a marked run assumes exist, with the
	// operator that asked (hosttest.go); nil in other runs.
	assumed map[string]byte
	// outside is set once a stat asks about a path outside the tree.
	outside bool
	// lastSkip is the command skipped last and its count in a row
	// (skipWaitError); background is set when the tree run holds a
	// background statement (Prepared.background), where it is not used.
	lastSkip   skipRun
	background bool
	// hostTests are a marked run's host file tests, in order.
	hostTests []hostTest
	// hostMisses counts the stats of each host path found missing: a
	// loop waiting for one (until [[ -f $READY ]]) is stopped at
	// maxHostMisses (hostWaitError) instead of spinning out the budget.
	hostMisses map[string]int
	// guards is the record of a run whose preflight guards are marked
	// (guards.go).
	guards guardState
	// standIns are the counts and lengths of unknown values, by the
	// sentinel the count or length was given (counts.go): what a loop
	// bound reading that value stands for.
	standIns map[string]int
	// guardDescs describe the marked guards, by number.
	guardDescs []guardDesc
	// guardMW is the last exec middleware (Options.guard), for the runner
	// of a shell string (shellString).
	guardMW func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc
	// loops is the record of a run whose wait loops are marked
	// (waitloops.go); loopDescs describe them, by number.
	loops     loopState
	loopDescs []string
	// typedReads counts the lines typed to each read that takes its
	// input from the terminal, by position (typedRead); typeUnknown makes
	// them sentinels, in a run whose preflight guards are marked.
	typedReads  map[uint]int
	typeUnknown bool
	// selfReran is set once the script ran itself (selfRerunOnce).
	selfReran atomic.Bool
}

// alive returns why the run must stop, or nil.
func (ev *evaluator) alive() error {
	return context.Cause(ev.runCtx)
}

// fail stops the run with err and returns it.
func (ev *evaluator) fail(err error) error {
	ev.cancel(err)
	return err
}

// recoverTo turns a panic in a handler into an error that stops the run:
// handlers also run on goroutines interp starts, where a panic could not
// be recovered by Eval.
func (ev *evaluator) recoverTo(err *error) {
	if p := recover(); p != nil {
		*err = ev.fail(fmt.Errorf("%w: panic in a sandbox handler: %v", ErrInternal, p))
	}
}

func (ev *evaluator) note(format string, args ...any) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if !ev.closed && len(ev.notes) < maxNotes {
		ev.notes = append(ev.notes, fmt.Sprintf(format, args...))
	}
}

// noteOnce is note, for a note not already made: one said at each pass of
// a loop says nothing more the second time.
func (ev *evaluator) noteOnce(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if !ev.closed && len(ev.notes) < maxNotes && !slices.Contains(ev.notes, msg) {
		ev.notes = append(ev.notes, msg)
	}
}

// display names a path for messages: relative to the root when inside it.
func (ev *evaluator) display(p string) string {
	if within(ev.root, p) {
		if rel, err := filepath.Rel(ev.root, p); err == nil {
			return rel
		}
	}
	return p
}

func (ev *evaluator) maybeFunc(name string) bool {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	return ev.funcs[name]
}

// addFuncs records the names of the functions a file may define.
func (ev *evaluator) addFuncs(n syntax.Node) { ev.addFuncNames(funcNames(n)) }

// funcNames lists the names of the functions a tree declares.
func funcNames(n syntax.Node) []string {
	var names []string
	shwalk.Walk(n, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			names = append(names, fd.Name.Value)
		}
		return true
	})
	return names
}

// addRefused records the functions of file a call of which stops the run.
func (ev *evaluator) addRefused(file string, m map[string]refusal) {
	if len(m) == 0 {
		return
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.refused == nil {
		ev.refused = map[string]refusedAt{}
	}
	for name, r := range m {
		ev.refused[name] = refusedAt{fmt.Sprintf("%s:%d:%d: %s", file, r.pos.Line(), r.pos.Col(), r.msg), r.refs}
	}
}

// refusedAt is a refusal of refusedFuncs as the run keeps it: where and
// why ("file:line:col: why"), and the nameref targets that decide it.
type refusedAt struct {
	why  string
	refs []namerefTarget
}

// refusedCall says where and why a call of function name with arguments
// args stops the run, "" when it does not. A function whose namerefs'
// targets are known (refusal.refs) stops it only when one names no
// variable, a nameref, or a local in scope at the call (a caller's, which
// interp does not reach through the nameref).
func (ev *evaluator) refusedCall(env expand.Environ, name string, args []string) string {
	ev.mu.Lock()
	r, ok := ev.refused[name]
	ev.mu.Unlock()
	if !ok || len(r.refs) == 0 {
		return r.why
	}
	for _, t := range r.refs {
		target := t.lit
		if t.arg > 0 {
			if t.arg > len(args) {
				return r.why
			}
			target = args[t.arg-1]
		}
		if !syntax.ValidName(target) {
			return r.why
		}
		if v := env.Get(target); v.Local || v.Kind == expand.NameRef {
			return r.why
		}
	}
	return ""
}

// addDies notes the functions of a sourced file whose body always exits.
func (ev *evaluator) addDies(names []string) {
	if len(names) == 0 {
		return
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.dies == nil {
		ev.dies = map[string]bool{}
	}
	for _, name := range names {
		ev.dies[name] = true
	}
}

// addFuncNames records the script's function names.
func (ev *evaluator) addFuncNames(names []string) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	for _, name := range names {
		ev.funcs[name] = true
	}
}

// write writes s to a command's output. A pipe gets the run's deadline so a
// reader that never reads cannot block the evaluation; write errors are
// ignored as a shell's writer would (a closed pipe is normal).
func (ev *evaluator) write(w io.Writer, s string) {
	if w == nil {
		return
	}
	if f, ok := w.(*os.File); ok {
		_ = f.SetWriteDeadline(ev.deadline)
	}
	_, _ = io.WriteString(w, s)
}

// skip records args as a command that is not run and prints its sentinel.
func (ev *evaluator) skip(hc interp.HandlerContext, args []string) error {
	ev.mu.Lock()
	if ev.closed {
		ev.mu.Unlock()
		return errMainDone
	}
	id := len(ev.skipped)
	ev.skipped = append(ev.skipped, slices.Clone(args))
	// The same command skipped again and again: a wait on the host that
	// never ends here (see skipWaitError).
	if hc.Pos.Offset() == ev.lastSkip.pos && slices.Equal(args, ev.lastSkip.args) {
		ev.lastSkip.n++
	} else {
		ev.lastSkip = skipRun{pos: hc.Pos.Offset(), args: ev.skipped[id], n: 1}
	}
	// Not where a job may run beside the script: a poll in the
	// background (while true; do curl …; sleep 5; done &) may skip its
	// command on and on while the script goes on to the engine.
	spun := ev.lastSkip.n == maxSkipRepeats && !ev.background && !ev.jobs.Load()
	main := ev.main
	ev.mu.Unlock()
	// Only a while or until loop's condition waits: a bounded loop (for i
	// in {1..300}; do pgrep -f vllm || break; sleep 1; done) ends by
	// itself, and a body's command (while true; do nvidia-smi; …) is no
	// condition; both keep the command budget.
	spun = spun && main != nil && inWaitCond(main, hc.Pos.Offset())
	if spun {
		return ev.fail(skipWaitError{args: strings.Join(args, " "), line: hc.Pos.Line()})
	}
	ev.write(hc.Stdout, sentinel(id)+"\n")
	return nil
}

// skipRun is the command a run skipped last, where, and how many times in
// a row.
type skipRun struct {
	pos  uint
	args []string
	n    int
}

func internal(op string, args ...string) ([]string, error) {
	return append([]string{internalCmd, op}, args...), nil
}

// unsupportedBuiltins are interp builtins that fail with "unsupported
// builtin" (status 2) or that only reach a call when named dynamically;
// they are recorded as skipped instead.
var unsupportedBuiltins = map[string]bool{
	"bg": true, "fc": true, "fg": true, "jobs": true, "kill": true, "newgrp": true, "umask": true,
	"bind": true, "caller": true, "compgen": true, "complete": true, "compopt": true, "disown": true,
	"enable": true, "history": true, "logout": true, "suspend": true, "ulimit": true,
	"declare": true, "typeset": true, "local": true, "export": true, "readonly": true, "let": true,
}

// callHandler sees every simple command (builtins, functions and programs)
// after expansion. It counts the budget and rewrites the builtins that
// would otherwise reach the host: path searches (command -v, type, source),
// pwd -P, and the unsupported ones; it checks code parsed at run time (eval,
// trap, alias, source) for constructs the sandbox refuses.
func (ev *evaluator) callHandler(ctx context.Context, args []string) (out []string, err error) {
	defer ev.recoverTo(&err)
	if ctx.Value(joinKey{}) != nil {
		if len(args) == 1 && args[0] == "wait" {
			return args, nil
		}
		return nil, errMainDone
	}
	if err := ev.alive(); err != nil {
		return nil, err
	}
	if n := ev.calls.Add(1); n > ev.maxCalls {
		return nil, ev.fail(commandBudgetError{ev.maxCalls})
	}
	size := 0
	for _, a := range args {
		size += len(a)
		if strings.Contains(a, string(fifoMarker)) {
			// interp's report of a failed process substitution, captured
			// by a command substitution and passed on as a value.
			return nil, ev.fail(errProcSubstReached)
		}
		// interp parses some arguments as shell text at run time (unset
		// 'a[…]' as arithmetic, eval's and source's code as a program):
		// nesting deep enough to overflow the parser's stack is refused
		// first. No argument nests deeper than it is long.
		if len(a) > parser.MaxDepth {
			if err := parser.CheckDepth([]byte(a)); err != nil {
				return nil, ev.fail(fmt.Errorf("%w: an argument of %s: %w", ErrUnsupported, args[0], err))
			}
		}
	}
	if size > maxArgBytes {
		return nil, ev.fail(fmt.Errorf("%w: a command's arguments exceed %d bytes", ErrBudget, maxArgBytes))
	}
	hc := interp.HandlerCtx(ctx)
	if len(args) > 0 && args[0] == pipeCmd && !hc.Pos.IsValid() {
		return ev.pipeStatus(hc, args)
	}
	if attrCallOK(hc, args) {
		return ev.attrAssign(hc.Env, args)
	}
	if refCopyCallOK(hc, args) {
		return ev.refCopy(hc.Env, args)
	}
	if letCallOK(hc, args) {
		return ev.letEval(args)
	}
	if len(args) == 3 && args[0] == noMenuInput {
		if line, err := strconv.ParseUint(args[2], 10, 32); err == nil {
			ev.noteNoInput(hc, "the select menu", args[1], uint(line))
		}
		return []string{":"}, nil
	}

	// Look through `builtin` and `command` (without options; `--` ends
	// them).
	i := 0
prefix:
	for i < len(args)-1 {
		switch {
		case args[i] == "command" && args[i+1] == "--" && i+2 < len(args):
			i += 2
		case args[i] == "builtin" && args[i+1] == "--" && i+2 < len(args):
			// interp's builtin takes no "--": hand it the command without.
			args = append(slices.Clone(args[:i+1]), args[i+2:]...)
			i++
		case args[i] == "builtin" || args[i] == "command" && !strings.HasPrefix(args[i+1], "-"):
			i++
		default:
			break prefix
		}
	}
	head, rest := args[i], args[i+1:]
	if i == 0 {
		if why := ev.refusedCall(hc.Env, head, rest); why != "" {
			return nil, ev.fail(fmt.Errorf("%w: %s", ErrUnsupported, why))
		}
	}
	if (head == "command" || head == "builtin") && (slices.Contains(rest, "source") || slices.Contains(rest, ".")) {
		// `command -p source f` and the like reach interp's source
		// without interceptSource: whatever the file holds may start a
		// job, so the script's end joins them.
		ev.jobs.Store(true)
	}
	if ev.caseIfs && (head == "set" || head == "shopt") && setsXtrace(head, rest) && (i > 0 || !ev.maybeFunc(head)) {
		return nil, ev.fail(errCaseTrace) // run again with the cases (evalOnce)
	}
	switch head {
	case "command":
		verbose, j := "", 0
		for ; j < len(rest); j++ {
			a := rest[j]
			if a == "--" {
				j++
				break
			}
			if !strings.HasPrefix(a, "-") || a == "-" {
				break
			}
			if strings.Contains(a, "V") {
				verbose = "V"
			} else if strings.Contains(a, "v") && verbose == "" {
				verbose = "v"
			}
		}
		if verbose != "" {
			return internal(opCmdV, append([]string{verbose}, rest[j:]...)...)
		}
	case "exec":
		// interp's exec takes no options: exec -c CMD ran a program
		// named -c. bash's -l and -a NAME change only the program's
		// argv[0]; -c starts it with an empty environment.
		if cmd, clear, ok := parser.ExecOptions(rest); ok && (i > 0 || !ev.maybeFunc(head)) {
			if clear && len(cmd) > 0 {
				cmd = append([]string{internalCmd, opExecClear}, cmd...)
			}
			return append(slices.Clone(args[:i+1]), cmd...), nil
		}
	case "type":
		return internal(opType, rest...)
	case "pwd":
		for _, a := range rest {
			if strings.HasPrefix(a, "-") && strings.Contains(a, "P") {
				return internal(opPwdP)
			}
		}
	case "source", ".":
		return ev.interceptSource(hc, args, i)
	case "cd", "pushd":
		// interp's cd takes exactly one operand: drop the options bash
		// accepts (-L, -P, -e, --), as in the idiom cd -- "$(dirname …)".
		j := 0
		for j < len(rest) && len(rest) > 1 && (rest[j] == "-P" || rest[j] == "-L" || rest[j] == "-e" || rest[j] == "-LP" || rest[j] == "-PL") {
			j++
		}
		if j < len(rest) && rest[j] == "--" {
			j++
		}
		ev.noteCd(hc, rest[j:])
		if head == "pushd" && !ev.maybeFunc(head) {
			ev.notePushd(hc.Dir, rest[j:])
		}
		if j > 0 {
			return append(slices.Clone(args[:i+1]), rest[j:]...), nil
		}
	case "popd":
		if len(rest) == 0 && !ev.maybeFunc(head) {
			// bash's popd returns to the directory the matching pushd
			// left, whatever cd ran since: cd there.
			if dir, ok := ev.popDir(); ok {
				if dir == "" {
					// Past the bottom of what pushd put there: bash's
					// "popd: directory stack empty", not interp's stale
					// entry.
					return append(slices.Clone(args[:i]), "false"), nil
				}
				ev.noteCd(hc, []string{dir})
				return append(slices.Clone(args[:i]), "cd", dir), nil
			}
		}
	case "printf":
		if q, ok := printfQ(rest); ok && !ev.maybeFunc(head) {
			// interp's printf lacks %q ("invalid format char: q"), the
			// logging idiom printf '%q ' "${cmd[@]}": its arguments are
			// quoted here and printed with %s.
			rest = q
			args = append(slices.Clone(args[:i+1]), q...)
			if out, ok := printfV(args[:i], rest); ok {
				return out, nil
			}
			return args, nil
		}
		if len(rest) >= 3 && rest[0] == "-v" && !ev.maybeFunc(head) {
			// printf -v ts '%(%F %T)T' -1: the variable takes the
			// sandbox's fixed clock, as ts=$(date +%F) does (the mode
			// was abandoned: "the value is the clock's"). printfV below
			// makes the assignment.
			if t, ok := printfTimes(rest[2:]); ok {
				rest = append(slices.Clone(rest[:2]), t...)
				args = append(slices.Clone(args[:i+1]), rest...)
			}
		}
		if t, ok := printfTimes(rest); ok && !ev.maybeFunc(head) {
			// printf '%(%F %T)T %s\n' -1 "$*": interp lacks %(…)T
			// ("invalid format char: ("), which ended every mode of a
			// script logging through it. The time is the sandbox's fixed
			// clock, as date's.
			rest = t
			args = append(slices.Clone(args[:i+1]), t...)
		}
		if printfTime(rest) && !ev.maybeFunc(head) {
			return nil, ev.fail(fmt.Errorf("%w: printf -v with a %%(…)T time format: the value is the clock's, not statically known", ErrUnsupported))
		}
		if out, ok := printfV(args[:i], rest); ok && !ev.maybeFunc(head) {
			return out, nil
		}
	case "read":
		if !ev.maybeFunc(head) && !slices.Contains(rest, "--help") {
			// read -rp "preset: " choice: the dry run types Enter (or,
			// in a guard run, a value it does not know), so choice is
			// empty and a `case $choice` picks its default arm, said
			// here; a read it types nothing to (a loop's condition)
			// fails, said too.
			if typed, ok := ev.typedRead(hc, args[:i+1], rest); ok {
				ev.noteTyped(hc)
				return typed, nil
			}
			ev.noteNoInput(hc, "read", "", hc.Pos.Line())
		}
		// read -d '' NAME outside a loop's condition was rewritten
		// (rewriteReadDelims); interp's read lacks every other -d and
		// fails it, which without set -e would go on with the variable
		// unset: a wrong argv, not a stop.
		switch readOpt(rest) {
		case 'd':
			if !ev.maybeFunc(head) {
				return nil, ev.fail(fmt.Errorf("%w: read -d: the interpreter lacks it (only read -d '' NAME outside a loop's condition is evaluated)", ErrUnsupported))
			}
		case 'u':
			// exec 3< shape.conf; read -r -u 3 LINE: the descriptor's
			// redirection is dropped (rewriteFdRedirs), and interp lacks
			// -u (status 2, and the run went on with LINE empty).
			if !ev.maybeFunc(head) {
				return nil, ev.fail(fmt.Errorf("%w: read -u: the interpreter has descriptors 0-2 only", ErrUnsupported))
			}
		}
	case "eval":
		builtin := i > 0 || !ev.maybeFunc(head)
		dashdash := builtin && len(rest) > 0 && rest[0] == "--"
		if dashdash {
			// eval -- 'x=1': bash's eval takes a first -- as the end
			// of its options; interp ran a command named --.
			rest = rest[1:]
		}
		code := strings.Join(rest, " ")
		if err := ev.checkCode(code, "eval"); err != nil {
			return nil, err
		}
		if faked := fakePidsText(code); faked != code && builtin {
			// eval 'log=/tmp/x.$$': the sandbox's $$ (pids.go). eval
			// joins its arguments with spaces: one argument is the same
			// code.
			return append(slices.Clone(args[:i+1]), faked), nil
		}
		if dashdash {
			return append(slices.Clone(args[:i+1]), rest...), nil
		}
	case "trap":
		r := rest
		dashdash := len(r) > 0 && r[0] == "--"
		if dashdash {
			r = r[1:]
		}
		if len(r) >= 2 {
			// Checked whatever its first byte: after --, '-; exec …' is code
			// interp runs (a review found a leading '-' skipping the check).
			if err := ev.checkCode(r[0], "trap"); err != nil {
				return nil, err
			}
		}
		if len(r) == 0 || (!dashdash && strings.HasPrefix(r[0], "-") && r[0] != "-") {
			break // trap, trap -p, trap -l: left to interp
		}
		if len(r) >= 2 {
			if err := ev.checkCode(r[0], "trap"); err != nil {
				return nil, err
			}
			return trapSignals(args[:i+1], []string{fakePidsText(r[0])}, r[1:]), nil // the sandbox's $$ (pids.go)
		}
		return trapSignals(args[:i+1], nil, r), nil
	case "alias":
		for _, a := range rest {
			if _, v, ok := strings.Cut(a, "="); ok {
				if err := ev.checkCode(v, "alias"); err != nil {
					return nil, err
				}
			}
		}
	case "test", "[":
		if err := ev.refuseOwnerTest(head, rest); err != nil {
			return nil, err
		}
	case "shopt":
		if out, changed := shoptWithout(rest, "nocasematch"); changed && (i > 0 || !ev.maybeFunc(head)) {
			// interp lacks nocasematch ("unsupported option": every mode
			// ended at the preamble). Dropped, said: the dry run's case
			// patterns and [[ == ]] match case-sensitively, which the
			// mode words a script is given in its own spelling match.
			ev.note("line %d: shopt -s nocasematch ignored: patterns match case-sensitively in the dry run", hc.Pos.Line())
			if len(out) == 1 {
				return internal(opSkip, args[i:]...)
			}
			args, rest = append(slices.Clone(args[:i+1]), out...), out
		}
		if out, changed := shoptWithoutInheritErrexit(rest); changed && (i > 0 || !ev.maybeFunc(head)) {
			if len(out) == 1 {
				return internal(opSkip, args[i:]...) // shopt -s inherit_errexit alone
			}
			return append(slices.Clone(args[:i+1]), out...), nil
		}
	case "set":
		if out, changed := setWithoutTraceOpts(rest); changed && (i > 0 || !ev.maybeFunc(head)) {
			return append(slices.Clone(args[:i+1]), out...), nil
		}
	default:
		if unsupportedBuiltins[head] && (i > 0 || !ev.maybeFunc(head)) {
			return internal(opSkip, args[i:]...)
		}
	}
	return args, nil
}

// refuseOwnerTest stops the run when test or [ is given -O or -G, which
// make interp ask the host's user database (os/user: NSS, possibly the
// network) for the current user.
func (ev *evaluator) refuseOwnerTest(name string, rest []string) error {
	if name != "test" && name != "[" {
		return nil
	}
	for _, a := range rest {
		if a == "-O" || a == "-G" {
			return ev.fail(fmt.Errorf("%w: test %s consults the host's user database", ErrUnsupported, a))
		}
	}
	return nil
}

// printfTimes rewrites printf's arguments, FORMAT [ARG…] (no -v), whose
// format holds %(FMT)T conversions: each becomes FMT formatted at the
// sandbox's fixed clock (strftime), its argument dropped (-1, -2 or an
// epoch, all the clock here). ok is false when there is none, or when the
// rewrite cannot be exact: a conversion with flags or a width before
// %(…)T, a format strftime does not know, '*', or arguments left over
// (printf would reuse the format).
func printfTimes(rest []string) (out []string, ok bool) {
	j := 0
	if len(rest) > 0 && rest[0] == "--" {
		j = 1
	}
	if j >= len(rest) || rest[0] == "-v" || !strings.Contains(rest[j], "%(") {
		return nil, false
	}
	format, params := rest[j], rest[j+1:]
	var kept []string
	n, found := 0, false
	text, ok := printfDirectives(format, func(b *strings.Builder, spec string, m int) (int, bool) {
		if format[m] == '(' {
			end := strings.IndexByte(format[m:], ')')
			if spec != "" || end < 0 || m+end+1 >= len(format) || format[m+end+1] != 'T' {
				return 0, false
			}
			ts, ok := strftime(fixedTime, format[m+1:m+end])
			if !ok {
				return 0, false
			}
			b.WriteString(strings.ReplaceAll(ts, "%", "%%"))
			n++ // its argument is dropped
			found = true
			return m + end + 1, true
		}
		b.WriteString("%" + spec + format[m:m+1])
		if n < len(params) {
			kept = append(kept, params[n])
		}
		n++
		return m, true
	})
	if !ok || !found || len(params) > n {
		return nil, false
	}
	return append(append(slices.Clone(rest[:j]), text), kept...), true
}

// printfDirectives copies a printf format, handing each conversion to
// directive: spec is what stands between its '%' and the conversion
// character (flags, width, precision), m the index of that character.
// directive writes the conversion's text and returns the index of its
// last byte. "%%" is copied as it is. ok is false when directive refuses,
// or the format ends inside a conversion or takes a width or precision
// from an argument (*), which makes the pairing of conversions and
// arguments unsure.
func printfDirectives(format string, directive func(b *strings.Builder, spec string, m int) (last int, ok bool)) (string, bool) {
	var b strings.Builder
	for k := 0; k < len(format); k++ {
		c := format[k]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if k+1 < len(format) && format[k+1] == '%' {
			b.WriteString("%%")
			k++
			continue
		}
		m := k + 1
		for m < len(format) && strings.IndexByte("-+ #0123456789.", format[m]) >= 0 {
			m++
		}
		if m >= len(format) || format[m] == '*' {
			return "", false
		}
		last, ok := directive(&b, format[k+1:m], m)
		if !ok {
			return "", false
		}
		k = last
	}
	return b.String(), true
}

// printfTime reports whether printf's arguments are `-v NAME [--] FORMAT …`
// with a %(…)T time conversion in FORMAT.
func printfTime(rest []string) bool {
	if len(rest) < 3 || rest[0] != "-v" {
		return false
	}
	f := rest[2]
	if f == "--" && len(rest) > 3 {
		f = rest[3]
	}
	return timeDirective.MatchString(f)
}

// timeDirective matches the head of a %(…)T conversion, with flags or a
// width (%-12(%F)T) too: printfTimes rewrites none of those, and interp's
// printf -v left the variable as it was (a wrong value, not a stop).
var timeDirective = regexp.MustCompile(`%[-+ #0-9.]*\(`)

// readOpt returns 'd' or 'u' when read's options include -d or -u (alone
// or in a cluster such as -rd:), the first of them; 0 otherwise. The other
// options that take a value (-a -i -n -N -p -t) take the rest of their
// cluster or the next argument.
func readOpt(rest []string) byte {
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			return 0
		}
	cluster:
		for k := 1; k < len(a); k++ {
			switch a[k] {
			case 'd', 'u':
				return a[k]
			case 'a', 'i', 'n', 'N', 'p', 't':
				if k == len(a)-1 {
					j++ // the value is the next argument
				}
				break cluster
			}
		}
	}
	return 0
}

// printfV rewrites bash's `printf -v NAME FORMAT [ARG…]`, which interp's
// printf lacks, into an eval of `NAME=VALUE` with the value formatted as
// printf would print it (the format reused while arguments remain) and
// quoted: an assignment in the current scope, as printf -v makes. ok is
// false for any other printf, a name that is not a plain variable name, or
// a format expand cannot render: those are left to interp.
func printfV(prefix, rest []string) (out []string, ok bool) {
	if len(rest) < 3 || rest[0] != "-v" {
		return nil, false
	}
	name, rest := rest[1], rest[2:]
	if rest[0] == "--" {
		rest = rest[1:]
	}
	if !syntax.ValidName(name) || len(rest) == 0 {
		return nil, false
	}
	format, fargs := rest[0], rest[1:]
	var b strings.Builder
	for {
		s, n, err := expand.Format(&expand.Config{}, format, fargs)
		if err != nil {
			return nil, false
		}
		b.WriteString(s)
		fargs = fargs[n:]
		if n == 0 || len(fargs) == 0 {
			break
		}
	}
	q, err := syntax.Quote(b.String(), syntax.LangBash)
	if err != nil {
		return nil, false
	}
	return append(slices.Clone(prefix), "eval", name+"="+q), true
}

// printfQ rewrites printf's operands (after the command name; -v NAME
// kept) whose format holds %q: each argument a %q conversion takes is
// quoted for bash (syntax.Quote) and the conversion is %s, so interp's
// printf, which lacks %q, prints what bash's would read back the same. ok
// is false when there is no %q, or a width or precision taken from an
// argument (*) makes the pairing of conversions and arguments unsure.
func printfQ(rest []string) (out []string, ok bool) {
	j := 0
	if len(rest) >= 2 && rest[0] == "-v" {
		j = 2
	}
	if j < len(rest) && rest[j] == "--" {
		j++
	}
	if j >= len(rest) || !strings.Contains(rest[j], "q") {
		return nil, false
	}
	format := rest[j]
	var convs []byte
	text, ok := printfDirectives(format, func(b *strings.Builder, spec string, m int) (int, bool) {
		conv := format[m]
		if conv == 'q' {
			b.WriteString("%" + spec + "s")
		} else {
			b.WriteString("%" + spec + format[m:m+1])
		}
		convs = append(convs, conv)
		return m, true
	})
	if !ok || !slices.Contains(convs, 'q') {
		return nil, false
	}
	out = slices.Clone(rest)
	out[j] = text
	for n, a := range rest[j+1:] {
		if convs[n%len(convs)] != 'q' {
			continue
		}
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return nil, false
		}
		out[j+1+n] = q
	}
	return out, true
}

// trapSignals keeps the signals interp knows (EXIT and ERR); the others
// (INT, TERM, …) can never fire in the sandbox, and interp would fail the
// whole trap on them (which, under set -e, ends the script).
func trapSignals(head, action, sigs []string) []string {
	var keep []string
	for _, s := range sigs {
		switch strings.TrimPrefix(strings.ToUpper(s), "SIG") {
		case "EXIT", "0":
			keep = append(keep, "EXIT")
		case "ERR":
			keep = append(keep, "ERR")
		}
	}
	if len(keep) == 0 {
		return []string{internalCmd, opNop}
	}
	out := slices.Clone(head)
	out = append(out, action...)
	return append(out, keep...)
}

// checkCode checks shell code parsed at run time (by eval, trap or alias)
// for constructs the sandbox refuses. Code that does not parse is left to
// interp, which reports it as bash would.
func (ev *evaluator) checkCode(src, what string) error {
	if err := parser.CheckDepth([]byte(src)); err != nil {
		// interp would parse it next, with no bound on its recursion.
		return ev.fail(fmt.Errorf("%w: %s: %w", ErrUnsupported, what, err))
	}
	if f, perr := parser.ParseShell(strings.NewReader(src), what, false, syntax.LangBash); perr == nil {
		if fb := findForbidden(f, nil); fb != nil {
			return ev.fail(fb.error(what))
		}
		ev.addFuncs(f)
		ev.addRefused(what, refusedFuncs(f, true, false))
		if hasJobs(f) {
			ev.jobs.Store(true)
		}
	}
	return nil
}

// fromWorkDir returns source's path p relative to the working directory
// the run started in, when the run is still there and p is relative or
// under it: a file that is not there may be beside the script.
func (ev *evaluator) fromWorkDir(hc interp.HandlerContext, p string) (string, bool) {
	if hc.Dir != ev.root || ev.moved.Load() || filepath.Dir(ev.script) == ev.root {
		return "", false
	}
	if !filepath.IsAbs(p) {
		return p, true
	}
	rel, err := filepath.Rel(ev.root, filepath.Clean(p))
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		return "", false
	}
	return rel, true
}

// interceptSource resolves the file of `source FILE` / `. FILE` inside the
// tree (interp would otherwise search PATH on the host), checks that it
// parses and holds nothing the sandbox refuses, and hands interp its
// absolute path. A file outside the tree, or missing, fails like a missing
// file in bash (status 1) and is recorded as skipped.
func (ev *evaluator) interceptSource(hc interp.HandlerContext, args []string, i int) ([]string, error) {
	if len(args) <= i+1 {
		return args, nil // interp reports the usage error
	}
	p := strings.TrimPrefix(args[i+1], sourceMark)
	abs, err := ev.sourcePath(hc.Dir, p)
	var data []byte
	if err == nil {
		data, err = ev.readFile(abs)
	}
	if rel, ok := ev.fromWorkDir(hc, p); ok && errors.Is(err, fs.ErrNotExist) {
		// `source .env` in scripts/serve.sh, linted from the repository's
		// root: the file is not there but beside the script, where the
		// static model reads it (run as cd scripts && ./serve.sh). Read
		// it there too, or every value it sets is empty in the argv and
		// the findings contradict the model's. The same for a path built
		// on the working directory ($(pwd)/job.env, "$PWD/job.env",
		// ${SLURM_SUBMIT_DIR:-$(pwd)}/job.env), which the model reads as
		// the script's own.
		if near, nerr := ev.sourcePath(filepath.Dir(ev.script), rel); nerr == nil {
			if d, derr := ev.readFile(near); derr == nil {
				abs, data, err = near, d, nil
				ev.note("%s %s: not under the working directory; read beside the script", args[i], p)
			}
		}
	}
	if err != nil && !filepath.IsAbs(p) && ev.isVirtual(hc.Dir) {
		// cd /opt/serve 2>/dev/null || cd "$(dirname "$0")"; . ./x.env:
		// the directory outside the tree is a stand-in (noteCd), whose
		// files the sandbox never reads, so its fallback never ran. The
		// static model reads ./x.env beside the script: read it there
		// too, when it is there, and say so.
		if near, nerr := ev.sourcePath(filepath.Dir(ev.script), p); nerr == nil {
			if d, derr := ev.readFile(near); derr == nil {
				abs, data, err = near, d, nil
				ev.note("%s %s: %s is outside the linted tree; read beside the script", args[i], p, hc.Dir)
			}
		}
	}
	if err != nil {
		if venvActivate(p) || hostSetup(p) {
			// .venv/bin/activate, not checked in (or outside the tree):
			// it sets PATH and VIRTUAL_ENV for the host's python, nothing
			// the engine's argv reads, and prints nothing. Recorded as
			// skipped, run as a no-op. The same for the host's module
			// and conda initialisation (hostSetup), which define the
			// module and conda functions: their calls are skipped.
			ev.mu.Lock()
			if !ev.closed {
				ev.skipped = append(ev.skipped, slices.Clone(args[i:]))
			}
			ev.mu.Unlock()
			return internal(opNop)
		}
		if errors.Is(err, errOutsideTree) || errors.Is(err, errUnresolvedPath) {
			ev.mu.Lock()
			if !ev.closed {
				ev.skipped = append(ev.skipped, slices.Clone(args[i:]))
			}
			ev.mu.Unlock()
		}
		ev.note("%s %s: %v", args[i], p, err)
		return internal(opFail, "1", fmt.Sprintf("%s: %s: %v", args[i], p, err))
	}
	chk := ev.fs.check(ev.display(abs), data)
	if chk.err != nil {
		return nil, ev.fail(chk.err)
	}
	if ev.caseIfs && chk.prints {
		return nil, ev.fail(errCaseTrace) // run again with the cases (evalOnce)
	}
	ev.addFuncNames(chk.funcs)
	ev.addDies(chk.dies)
	ev.addRefused(ev.display(abs), chk.refused)
	if chk.jobs {
		ev.jobs.Store(true)
	}
	ev.mu.Lock()
	if ev.sourcing == nil {
		ev.sourcing = map[string]bool{}
	}
	// Marked, not counted: a function named source that calls the builtin
	// passes here twice for one open, and a mark left over would hand a
	// later `< file` redirection a reader instead of a file.
	ev.sourcing[abs] = true
	ev.mu.Unlock()
	out := slices.Clone(args)
	out[i+1] = abs
	if i > 0 || !ev.maybeFunc(args[i]) {
		// The builtin, not a function of that name that would see the
		// argument: marked so that interp's lookup of the file on the
		// host (an os.Stat of every sourced path, per mode) fails without
		// a system call, and the open comes to openHandler.
		out[i+1] = sourceMark + abs
	}
	return out, nil
}

// venvActivate reports whether a sourced path is a virtualenv's
// activation script (…/bin/activate).
func venvActivate(p string) bool {
	return filepath.Base(p) == "activate" && filepath.Base(filepath.Dir(p)) == "bin"
}

// hostSetup reports whether a sourced path is the host's environment
// initialisation that defines shell functions and PATH entries and sets no
// value an engine's argv reads: Environment Modules and Lmod
// (/etc/profile.d/modules.sh, lmod.sh, z00_lmod.sh, …/modules/init/bash,
// …/lmod/init/bash), conda and mamba (…/etc/profile.d/conda.sh,
// mamba.sh), Spack (…/share/spack/setup-env.sh). A cluster's launch
// script sources one before `module load cuda` or `conda activate`; outside
// the tree, the failed source ended every mode under set -e.
func hostSetup(p string) bool {
	p = filepath.ToSlash(filepath.Clean(p))
	base := path.Base(p)
	dir := path.Dir(p)
	switch {
	case path.Base(dir) == "profile.d" && path.Base(path.Dir(dir)) == "etc":
		switch base {
		case "modules.sh", "lmod.sh", "z00_lmod.sh", "00-modulepath.sh", "conda.sh", "mamba.sh":
			return true
		}
	case base == "bash" && path.Base(dir) == "init":
		switch path.Base(path.Dir(dir)) {
		case "modules", "Modules", "lmod", "Lmod":
			return true
		}
	case base == "setup-env.sh" && path.Base(dir) == "spack" && path.Base(path.Dir(dir)) == "share":
		return true
	}
	return false
}

// sourceMark prefixes the path interceptSource hands interp's source
// builtin. A NUL byte cannot be in a host path: os.Stat refuses it before
// any system call, so the builtin falls back, as it does for a virtual
// file, to opening the path through openHandler, which drops the mark.
// (pprof on 1,600 repos: that stat was 1.7% of the CPU.)
const sourceMark = "\x00"

// errUnresolvedPath is the reason a path that depends on a skipped
// command's output is not opened.
var errUnresolvedPath = errors.New("path depends on the output of a command that was not run")

// sourcePath resolves a sourced file's path. bash searches PATH first for a
// name without a slash; the sandbox has no PATH and only looks in the
// current directory.
func (ev *evaluator) sourcePath(dir, p string) (string, error) {
	if p == "" {
		return "", fs.ErrNotExist
	}
	if hasSentinel(p) {
		return "", errUnresolvedPath
	}
	abs := absPath(dir, p)
	if !within(ev.root, abs) {
		return "", errOutsideTree
	}
	return abs, nil
}

// noteCd lets `cd DIR` / `pushd DIR` succeed for a directory outside the
// tree without looking at it: the runner's directory changes and the stat
// handler answers for that directory alone, from memory.
// notePushd records where pushd DIR leaves from (dir): popDir's answer.
func (ev *evaluator) notePushd(dir string, rest []string) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if len(rest) != 1 || strings.HasPrefix(rest[0], "+") || strings.HasPrefix(rest[0], "-") {
		ev.pushedLost = true
		return
	}
	ev.pushed = append(ev.pushed, dir)
}

// popDir returns where a popd goes back to, "" when every pushd was
// popped already; false when no pushd ran or the stack is not followed
// (interp's popd runs then).
func (ev *evaluator) popDir() (string, bool) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	n := len(ev.pushed)
	if ev.pushedLost || n == 0 && !ev.popped {
		return "", false
	}
	if n == 0 {
		return "", true // "" after every pushd was popped: the stack is empty
	}
	ev.popped = true
	dir := ev.pushed[n-1]
	ev.pushed = ev.pushed[:n-1]
	return dir, true
}

func (ev *evaluator) noteCd(hc interp.HandlerContext, rest []string) {
	var target string
	switch {
	case len(rest) == 0:
		target = hc.Env.Get("HOME").String()
	case len(rest) == 1 && rest[0] == "-":
		target = hc.Env.Get("OLDPWD").String()
	case len(rest) == 1:
		target = rest[0]
	default:
		return
	}
	if target == "" || strings.HasPrefix(target, "+") || strings.HasPrefix(target, "-") {
		return
	}
	if filepath.Clean(target) == "." {
		// cd "${SLURM_SUBMIT_DIR:-.}": the job stays where it was started;
		// no directory is the script's choice, and a relative source is
		// still read beside the script when the root lacks it.
		return
	}
	abs := absPath(hc.Dir, target)
	if abs == ev.root {
		// cd "$(dirname "$0")/..": the root is now the script's choice.
		// (A cd elsewhere leaves it, or happens in a subshell such as
		// here=$(cd "$(dirname "$0")" && pwd): neither is a reason.)
		ev.moved.Store(true)
	}
	if within(ev.root, abs) {
		return
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if !ev.closed {
		ev.virtual[abs] = true
	}
}

func (ev *evaluator) isVirtual(abs string) bool {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	return ev.virtual[abs]
}

// sandboxExec is the exec middleware. It handles every command itself and
// never calls next: no code path leads to interp's default handler, which
// would run a program.
func (ev *evaluator) sandboxExec(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	_ = next // deliberately never called
	return ev.execHandler
}

// execHandler receives every command that is not a builtin or a function:
// the engine invocation is recorded, pure helpers are emulated, the
// internal operations of callHandler are carried out, and everything else
// is recorded as skipped.
func (ev *evaluator) execHandler(ctx context.Context, args []string) (err error) {
	defer ev.recoverTo(&err)
	if err := ev.alive(); err != nil {
		return err
	}
	hc := interp.HandlerCtx(ctx)
	cleared := false
	if len(args) > 2 && args[0] == internalCmd && args[1] == opExecClear {
		cleared, args = true, args[2:] // exec -c CMD…: CMD gets no environment
	}
	if args[0] == internalCmd {
		return ev.internal(hc, args[1:])
	}
	if ec, ok := parser.DetectEngineAs(forDetect(args), ev.forced); ok && launches(hc.Stdout) {
		var outer shellOuter
		if o, ok := ctx.Value(shellKey{}).(shellOuter); ok {
			outer = o
			args, ec = outer.wrap(args, ec)
		}
		pos := hc.Pos
		if run, ok := ctx.Value(childKey{}).(childRun); ok {
			pos = run.pos // in a child script: where the script started it
		}
		ev.recordEngine(hc, args, ec, pos, cleared, outer)
		return errEngineReached
	}
	if cleared && startsShell(args, ev.forced) {
		// A shell or script started without the environment would run
		// without every exported variable: not modelled.
		return ev.fail(fmt.Errorf("%w: exec -c of %s: a script run with an empty environment is not evaluated", ErrUnsupported, args[0]))
	}
	ev.noteSession(args)
	if name, ok := parser.HasSession(forDetect(args)); ok && !hasSentinel(name) {
		// tmux has-session -t llm || tmux new-session -d -s llm: on the
		// host the dry run stands for, a session is there once the script
		// started it (every skipped command succeeding would never start
		// it, and the lines typed into it would go nowhere).
		ev.mu.Lock()
		started := ev.sessions[name]
		ev.mu.Unlock()
		if !started {
			return interp.ExitStatus(1)
		}
		return nil
	}
	if err, ok := ev.shellString(ctx, hc, args); ok {
		return err
	}
	if err, ok := ev.rootRerun(ctx, hc, args); ok {
		return err
	}
	if err, ok := ev.flockRerun(ctx, hc, args); ok {
		return err
	}
	if err, ok := ev.sessionRerun(ctx, hc, args); ok {
		return err
	}
	if err, ok := ev.childScript(ctx, hc, args); ok {
		return err
	}
	if h := helperFor(args[0]); h != nil && !slices.ContainsFunc(args, hasSentinel) {
		if hostAnswer[path.Base(args[0])] {
			ev.hostAnswers.Add(1)
		}
		return h(ev, ctx, hc, args)
	}
	ev.noteOpaque(ctx, hc, args)
	if launches(hc.Stdout) { // a $(…) query is no benchmark run: not asked
		if b, kind, ok := parser.EngineBenchmark(forDetect(args)); ok {
			ev.mu.Lock()
			if ev.bench == "" {
				ev.bench = ev.resolveText(b) + ", " + kind + ", not a server"
			}
			ev.mu.Unlock()
		}
	}
	return ev.skip(hc, args)
}

// opaqueRec is a skipped docker run whose options hold words not
// statically known where its image would be (parser.OpaqueDockerRun).
type opaqueRec struct {
	args  []string
	words []int
	shell bool
	// pos and env locate the command in the script (spans), when it is
	// the script's own (not a child script's or a shell string's).
	pos syntax.Pos
	env *snapshotEnv
}

// noteOpaque records the first skipped command that is a docker run whose
// image could not be told because of words not statically known in its
// options: with no engine reached, the run says why (ExitError.Why).
func (ev *evaluator) noteOpaque(ctx context.Context, hc interp.HandlerContext, args []string) {
	ev.mu.Lock()
	seen := ev.opaque != nil
	ev.mu.Unlock()
	if seen {
		return
	}
	words, shell, ok := parser.OpaqueDockerRun(forDetect(args), ev.forced)
	if !ok {
		return
	}
	rec := &opaqueRec{args: slices.Clone(args), words: words, shell: shell}
	_, child := ctx.Value(childKey{}).(childRun)
	_, inShell := ctx.Value(shellKey{}).(shellOuter)
	if !child && !inShell && !ev.noSpans {
		rec.pos, rec.env = hc.Pos, takeSnapshot(hc.Env)
	}
	ev.mu.Lock()
	if ev.opaque == nil {
		ev.opaque = rec
	}
	ev.mu.Unlock()
}

// opaqueWhy says why the recorded docker run was not read: its opaque
// words as the script writes them ("${extra[@]}") where the spans find
// them, else as the dry run resolved them.
func (ev *evaluator) opaqueWhy(file *syntax.File, src []byte) string {
	o := ev.opaque
	if o == nil {
		return ""
	}
	var shown []string
	// The words as the script writes them: its source parsed again, as the
	// file run may have rewritten them (a caller's $DOCKER_OPTS).
	var ws []*syntax.Word
	if o.pos.IsValid() && file != nil {
		if f, err := parser.ParseShell(bytes.NewReader(src), "", false, syntax.LangBash); err == nil {
			ws = splitWords(f, o.pos, o.args[0])
		}
	}
	if len(ws) > 0 && len(ws) <= len(o.words) {
		for _, w := range ws {
			if st, en := int(w.Pos().Offset()), int(w.End().Offset()); st < en && en <= len(src) {
				shown = append(shown, string(src[st:en]))
			}
		}
	}
	if len(shown) == 0 {
		for _, w := range o.words {
			if t := ev.resolveText(o.args[w]); !slices.Contains(shown, t) {
				shown = append(shown, t)
			}
		}
	}
	what := "the command after it"
	if o.shell {
		what = "its -c string"
	}
	return fmt.Sprintf("%s run's options hold %s, whose words are not statically known, so its image and %s were not read",
		path.Base(o.args[0]), strings.Join(shown, ", "), what)
}

// splitWords returns the words of the command at pos in file whose
// number of fields is the value's to decide: an array or "$@" expanded
// as a list ("${extra[@]}"), or an unquoted expansion split on IFS
// ($DOCKER_OPTS). Nil when no command of file starting with prog is at pos
// (a command of a sourced file's function is not the script's).
func splitWords(file *syntax.File, pos syntax.Pos, prog string) []*syntax.Word {
	if file == nil || !pos.IsValid() {
		return nil
	}
	var call *syntax.CallExpr
	shwalk.Walk(file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && c.Args[0].Pos().Offset() == pos.Offset() && c.Args[0].Pos().Line() == pos.Line() {
			if v, lit := parser.LitValue(c.Args[0]); lit && v == prog {
				call = c
			}
		}
		return call == nil
	})
	if call == nil {
		return nil
	}
	var out []*syntax.Word
	for _, w := range call.Args[1:] {
		if wordSplits(w.Parts, false) {
			out = append(out, w)
		}
	}
	return out
}

func wordSplits(parts []syntax.WordPart, quoted bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.DblQuoted:
			if wordSplits(p.Parts, true) {
				return true
			}
		case *syntax.ParamExp:
			list := p.Param != nil && p.Param.Value == "@" || p.Index != nil && isListIndex(p.Index)
			if !quoted || list {
				return true
			}
		case *syntax.CmdSubst:
			if !quoted {
				return true
			}
		}
	}
	return false
}

// isListIndex reports whether an index is [@] (or [*], unquoted).
func isListIndex(ix syntax.ArithmExpr) bool {
	w, ok := ix.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	return ok && (l.Value == "@" || l.Value == "*")
}

// hostAnswer are the helpers that answer for the host with the sandbox's
// own identity (hostname localhost, one CPU, uid 1000, user servelint): a
// preflight guard deciding on their answer (case "$(hostname -s)" in
// gpu-*) … *) die …, (( $(nproc) >= 16 )) || die, [[ $(id -u) == 0 ]] ||
// die) decides on a value the sandbox does not know (guards.go).
var hostAnswer = map[string]bool{"hostname": true, "uname": true, "nproc": true, "id": true, "whoami": true}

// forDetect marks argv elements that are wholly a skipped command's output
// as parser.Unknown for engine detection.
func forDetect(args []string) []string {
	var out []string
	for i, a := range args {
		if strings.HasPrefix(a, sentinelPrefix) && strings.HasSuffix(a, sentinelSuffix) && strings.Count(a, sentinelSuffix) == 2 {
			if out == nil {
				out = slices.Clone(args)
			}
			out[i] = parser.Unknown
		}
	}
	if out == nil {
		return args
	}
	return out
}

// launches reports whether a command writing to w is a launch rather than a
// query whose output is captured by a command substitution ($(radiance
// --version)).
func launches(w io.Writer) bool {
	_, captured := w.(*strings.Builder)
	return !captured
}

// readsEnv reports whether an engine of profile p reads a shape flag from
// its environment.
func readsEnv(p *parser.Profile) bool {
	if p == nil {
		return true // unknown: computed, as before
	}
	return slices.ContainsFunc(p.Flags, func(f parser.ShapeFlag) bool { return f.Env != "" })
}

// recordEngine records the first engine invocation and stops the run.
func (ev *evaluator) recordEngine(hc interp.HandlerContext, args []string, ec parser.EngineCall, pos syntax.Pos, cleared bool, outer shellOuter) {
	var snap *snapshotEnv
	withEnv := !ev.noEnv && (!ev.envRead || readsEnv(ec.Profile))
	if !ev.noSpans || withEnv { // the spans and the engine's env read it
		snap = takeSnapshot(hc.Env)
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.closed || ev.engine != nil || context.Cause(ev.runCtx) != nil {
		return
	}
	ev.engine = &engineRec{args: slices.Clone(args), call: ec, env: snap, dir: hc.Dir, pos: pos, withEnv: withEnv, cleared: cleared,
		outer: outer.envWords, outerClosed: outer.closed}
	if outer.inner != nil {
		ev.engine.inner, ev.engine.innerFrom = outer.inner, len(outer.prefix)
	}
	ev.cancel(errEngineReached)
}

// internal carries out an operation callHandler rewrote a builtin to.
func (ev *evaluator) internal(hc interp.HandlerContext, args []string) error {
	if !internalOK(args) {
		// The script typed the name ($'\x1eservelint-internal\x1e' fail):
		// callHandler never makes a call without its operands. A program
		// no host has: skipped, as any other (it was an index out of
		// range, a panic reported as the sandbox's internal error).
		return ev.skip(hc, append([]string{"servelint-internal"}, args...))
	}
	op, args := args[0], args[1:]
	switch op {
	case opCount, opLength, opBound, opArith:
		// Made by the count rewrite (counts.go), whose calls have no
		// position: one the script typed is a program no host has.
		if hc.Pos.IsValid() {
			return ev.skip(hc, append([]string{"servelint-internal", op}, args...))
		}
	}
	switch op {
	case opSkip:
		return ev.skip(hc, args)
	case opNop:
		return nil
	case opFail:
		code, err := strconv.Atoi(args[0])
		if err != nil || code <= 0 || code > 255 {
			code = 1
		}
		ev.write(hc.Stderr, args[1]+"\n")
		return interp.ExitStatus(code)
	case opPwdP:
		ev.write(hc.Stdout, ev.physical(hc.Dir)+"\n")
		return nil
	case opReadAll:
		return ev.readAll(hc, args)
	case opNulEsc:
		return ev.nulEsc(hc)
	case opCmdV:
		return ev.commandV(hc, args[0], args[1:])
	case opType:
		return ev.typeBuiltin(hc, args)
	case opGlobal:
		for _, n := range args[2:] {
			if hc.Env.Get(n).Local {
				return ev.fail(fmt.Errorf("%w: %s:%s: %s", ErrUnsupported, ev.display(args[0]), args[1], globalMsg(n)))
			}
		}
		return nil
	case opGuardAt, opGuardExit, opGuardPass:
		return ev.guardOp(hc, op, args)
	case opLoopAt, opLoopTick:
		return ev.loopOp(hc, op, args)
	case opCount:
		v := hc.Env.Get(args[0])
		if _, r := v.Resolve(hc.Env); r.IsSet() || r.Kind != expand.Unknown {
			v = r
		}
		c, standIn := countOf(v)
		if standIn >= 0 {
			ev.noteStandIn(c, standIn)
		}
		ev.write(hc.Stdout, c+"\n")
		return nil
	case opLength:
		n, standIn := lengthOf(args[0])
		if standIn >= 0 {
			ev.noteStandIn(n, standIn)
		}
		ev.write(hc.Stdout, n+"\n")
		return nil
	case opBound:
		ev.write(hc.Stdout, ev.bound(args[0], args[1])+"\n")
		return nil
	case opArith:
		res, text := args[0], ""
		vals := args[1:]
		if n := len(vals); n > 0 && strings.HasPrefix(vals[n-1], arithTextMark) {
			vals, text = vals[:n-1], vals[n-1]
		}
		for _, v := range vals {
			if wholeSentinel(v) {
				res = ev.arithOf(v, text)
				break
			}
		}
		ev.write(hc.Stdout, res+"\n")
		return nil
	case opDeclF:
		if len(args) == 0 {
			// declare -F alone lists the functions.
			ev.mu.Lock()
			names := slices.Sorted(maps.Keys(ev.funcs))
			ev.mu.Unlock()
			for _, name := range names {
				ev.write(hc.Stdout, "declare -f "+name+"\n")
			}
			return nil
		}
		status := 0
		for _, name := range args {
			if ev.maybeFunc(name) {
				ev.write(hc.Stdout, name+"\n")
			} else {
				status = 1
			}
		}
		if status != 0 {
			return interp.ExitStatus(status)
		}
		return nil
	}
	return ev.fail(fmt.Errorf("%w: unknown internal operation %q", ErrInternal, op))
}

// internalOps are the internal operations, each with the number of
// operands it needs.
var internalOps = map[string]int{
	opSkip: 0, opNop: 0, opFail: 2, opPwdP: 0, opReadAll: 0, opNulEsc: 0, opCmdV: 1, opType: 0, opDeclF: 0, opGlobal: 3,
	opGuardAt: 1, opGuardExit: 1, opGuardPass: 2, opLoopAt: 1, opLoopTick: 1, opCount: 1, opLength: 1, opBound: 2, opArith: 1,
}

// internalOK reports whether args (after internalCmd) name an internal
// operation with the operands it needs.
func internalOK(args []string) bool {
	if len(args) == 0 {
		return false
	}
	need, ok := internalOps[args[0]]
	return ok && len(args)-1 >= need
}

// physical resolves the symlinks of a directory inside the tree; a
// directory outside is shown as it is.
func (ev *evaluator) physical(dir string) string {
	if within(ev.root, dir) {
		if p, err := ev.fs.resolve(ev.root, dir, true); err == nil {
			return p
		}
	}
	return dir
}

// kind says what a command name is, as `type -t` would, without a PATH
// search: every name that is not a keyword, function or builtin is taken
// to be a program, as it would be on the machine the script is written for.
func (ev *evaluator) kind(name string) string {
	switch {
	case syntax.IsKeyword(name):
		return "keyword"
	case ev.maybeFunc(name):
		return "function"
	case interp.IsBuiltin(name):
		return "builtin"
	}
	return "file"
}

// fakePath is where the sandbox says a program is.
func fakePath(name string) string {
	if strings.Contains(name, "/") {
		return name
	}
	return "/usr/bin/" + name
}

// commandV emulates `command -v` / `command -V`.
func (ev *evaluator) commandV(hc interp.HandlerContext, mode string, names []string) error {
	var sb strings.Builder
	for _, n := range names {
		k := ev.kind(n)
		switch {
		case mode == "v" && k == "file":
			sb.WriteString(fakePath(n) + "\n")
		case mode == "v":
			sb.WriteString(n + "\n")
		default:
			sb.WriteString(describe(n, k) + "\n")
		}
	}
	ev.write(hc.Stdout, sb.String())
	return nil
}

func describe(name, kind string) string {
	switch kind {
	case "keyword":
		return name + " is a shell keyword"
	case "function":
		return name + " is a function"
	case "builtin":
		return name + " is a shell builtin"
	}
	return name + " is " + fakePath(name)
}

// typeBuiltin emulates `type [-afptP] NAME...`.
func (ev *evaluator) typeBuiltin(hc interp.HandlerContext, args []string) error {
	mode := ""
	j := 0
	for ; j < len(args) && strings.HasPrefix(args[j], "-") && len(args[j]) > 1; j++ {
		if args[j] == "--" {
			j++
			break
		}
		for _, c := range args[j][1:] {
			switch c {
			case 't', 'p', 'P':
				mode = string(c)
			}
		}
	}
	var sb strings.Builder
	for _, n := range args[j:] {
		k := ev.kind(n)
		switch mode {
		case "t":
			sb.WriteString(k + "\n")
		case "P":
			sb.WriteString(fakePath(n) + "\n")
		case "p":
			if k == "file" {
				sb.WriteString(fakePath(n) + "\n")
			}
		default:
			sb.WriteString(describe(n, k) + "\n")
		}
	}
	ev.write(hc.Stdout, sb.String())
	return nil
}

// readFile reads a file of the tree, once per evaluation. Symlinks are
// resolved without leaving the tree; the read goes through Options.ReadFile
// when set.
func (ev *evaluator) readFile(abs string) ([]byte, error) {
	abs = filepath.Clean(abs)
	if !within(ev.root, abs) {
		return nil, errOutsideTree
	}
	return ev.fs.read(abs, func() ([]byte, error) {
		real, err := ev.fs.resolve(ev.root, abs, true)
		if err != nil {
			return nil, err
		}
		if !ev.custom {
			if ev.loaded != nil && real == abs {
				if data, ok := ev.loaded(abs); ok {
					if len(data) > maxFileSize {
						return nil, &os.PathError{Op: "read", Path: abs, Err: fmt.Errorf("larger than %d bytes", maxFileSize)}
					}
					return data, nil
				}
			}
			return readRegular(real)
		}
		data, err := ev.readFn(abs)
		if err == nil && len(data) > maxFileSize {
			data, err = nil, fmt.Errorf("larger than %d bytes", maxFileSize)
		}
		return data, err
	})
}

// pipeOf returns a read-only *os.File that yields data. An *os.File (rather
// than any reader) keeps interp from starting its own copying goroutine;
// the pipe is closed when the evaluation ends at the latest.
func (ev *evaluator) pipeOf(data []byte) (*os.File, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	ev.mu.Lock()
	if ev.closed {
		ev.mu.Unlock()
		_ = pr.Close()
		_ = pw.Close()
		return nil, errMainDone
	}
	ev.pipes = append(ev.pipes, pr, pw)
	ev.mu.Unlock()
	if len(data) <= 4096 { // fits in any pipe buffer: no goroutine needed
		_, werr := pw.Write(data)
		if cerr := pw.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			_ = pr.Close()
			return nil, werr
		}
		return pr, nil
	}
	go func() {
		// Fails with EPIPE once the reader is closed; either way the
		// writer is done.
		_, _ = pw.Write(data)
		_ = pw.Close()
	}()
	return pr, nil
}

// writeFlags are the open flags of any redirection that writes.
const writeFlags = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREATE | os.O_TRUNC

// openHandler opens files for redirections, source and $(<file). Every
// write goes to a sink; reads are served only from the tree (and
// /dev/null).
func (ev *evaluator) openHandler(ctx context.Context, p string, flag int, perm os.FileMode) (rwc io.ReadWriteCloser, err error) {
	defer ev.recoverTo(&err)
	if err := ev.alive(); err != nil {
		return nil, err
	}
	if flag&writeFlags != 0 {
		return &sink{ev: ev}, nil
	}
	if what, ok := strings.CutPrefix(p, fdMark); ok {
		// rewriteFdRedirs: a descriptor past 2 whose content is read.
		return nil, ev.fail(fmt.Errorf("%w: %s (the interpreter has descriptors 0-2 only)", ErrUnsupported, what))
	}
	hc := interp.HandlerCtx(ctx)
	if name, ok := strings.CutPrefix(p, psMark); ok {
		// rewriteInSubstRedirs: < <(CMD), CMD's output held in name.
		return ev.openPipe([]byte(psContent(hc.Env.Get(name).String())))
	}
	p = strings.TrimPrefix(p, sourceMark)
	if p == "" {
		return nil, &os.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	abs := absPath(hc.Dir, p)
	if abs == os.DevNull {
		return ev.openPipe(nil)
	}
	data, err := ev.readFile(abs)
	if err == nil && ev.takeSourcing(abs) {
		// Parsed by interp as bash reads it: a comment's last backslash
		// continues no line (parser.BashComments).
		if ev.assumed != nil {
			// A run assuming host paths: the library's file tests ask
			// which host path is which (hosttest.go).
			return &memFile{Reader: bytes.NewReader(ev.fs.sourcedHostText(abs, data, ev.callers))}, nil
		}
		return &memFile{Reader: bytes.NewReader(ev.fs.sourcedText(abs, data, ev.callers))}, nil
	}
	if errors.Is(err, errOutsideTree) {
		// The file may well exist on the machine the script is written
		// for: its content is unknown, like a skipped command's output.
		ev.note("read of %s refused: %v", p, errOutsideTree)
		ev.mu.Lock()
		if ev.closed {
			ev.mu.Unlock()
			return nil, errMainDone
		}
		id := len(ev.skipped)
		ev.skipped = append(ev.skipped, []string{"<", p})
		ev.mu.Unlock()
		return ev.openPipe([]byte(sentinel(id) + "\n"))
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	return ev.openPipe(data)
}

// takeSourcing reports whether an open of abs is one interceptSource let
// through, and clears the mark.
func (ev *evaluator) takeSourcing(abs string) bool {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if !ev.sourcing[abs] {
		return false
	}
	delete(ev.sourcing, abs)
	return true
}

// memFile is a sourced file's content, read from memory.
type memFile struct{ *bytes.Reader }

func (*memFile) Write([]byte) (int, error) { return 0, fs.ErrPermission }
func (*memFile) Close() error              { return nil }

// openPipe is pipeOf for the open handler, which must not return a typed
// nil.
func (ev *evaluator) openPipe(data []byte) (io.ReadWriteCloser, error) {
	f, err := ev.pipeOf(data)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// statHandler answers stat inside the tree (symlinks resolved without
// leaving it), for directories the script cd'ed into outside the tree (from
// memory), and says "not found" for everything else.
func (ev *evaluator) statHandler(ctx context.Context, name string, follow bool) (fi fs.FileInfo, err error) {
	defer ev.recoverTo(&err)
	name, op, marked := unmarkHost(name)
	if marked && name == "" {
		return nil, &os.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist} // [[ -d "" ]]
	}
	abs := filepath.Clean(name)
	if !filepath.IsAbs(abs) {
		abs = absPath(interp.HandlerCtx(ctx).Dir, name)
	}
	if ev.isVirtual(abs) {
		return fakeInfo{name: filepath.Base(abs), dir: true}, nil
	}
	if !within(ev.root, abs) || hasSentinel(abs) {
		// A path outside the tree, or one with a part not statically known
		// (the caller's $MODEL_DIR, $(nvidia-smi …)): a host path, which
		// is not there unless a marked run assumes it.
		fi, ok, waits := ev.hostStat(abs, op, marked)
		if ok {
			return fi, nil
		}
		if waits {
			return nil, ev.fail(hostWaitError{path: abs})
		}
		return nil, &os.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	real, err := ev.fs.resolve(ev.root, abs, follow)
	if err != nil {
		return nil, &os.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	fi, err = ev.fs.lstat(real)
	if err != nil && ev.custom {
		if data, rerr := ev.readFile(abs); rerr == nil {
			return fakeInfo{name: filepath.Base(abs), size: int64(len(data))}, nil
		}
	}
	return fi, err
}

// hostStat answers a stat of a path outside the tree: found only when a
// marked test asks about a path the run assumes (hosttest.go); it notes
// the question either way. waits is set when the path was found missing
// maxHostMisses times: the run waits for it in a loop.
func (ev *evaluator) hostStat(abs string, op byte, marked bool) (_ fakeInfo, ok, waits bool) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.closed {
		return fakeInfo{}, false, false
	}
	ev.outside = true
	_, found := ev.assumed[abs]
	found = found && marked
	if marked && len(ev.hostTests) < maxNotes {
		ev.hostTests = append(ev.hostTests, hostTest{path: abs, op: op, found: found})
	}
	if !found {
		if ev.hostMisses == nil {
			ev.hostMisses = map[string]int{}
		}
		ev.hostMisses[abs]++
		return fakeInfo{}, false, ev.hostMisses[abs] == maxHostMisses
	}
	return hostInfo(abs, op), true, false
}

// accessHandler answers -r/-w/-x and cd's permission check from the mode
// bits of files inside the tree.
func (ev *evaluator) accessHandler(ctx context.Context, name string, mode interp.AccessMode) (err error) {
	defer ev.recoverTo(&err)
	fi, err := ev.statHandler(ctx, name, true)
	if err != nil {
		return err
	}
	perm := fi.Mode().Perm()
	switch {
	case mode&interp.AccessRead != 0 && perm&0o444 == 0,
		mode&interp.AccessWrite != 0 && perm&0o222 == 0,
		mode&interp.AccessExec != 0 && perm&0o111 == 0:
		return &os.PathError{Op: "access", Path: name, Err: fs.ErrPermission}
	}
	return nil
}

// readDirHandler lists directories (for globbing) inside the tree only.
func (ev *evaluator) readDirHandler(ctx context.Context, name string) (entries []fs.DirEntry, err error) {
	defer ev.recoverTo(&err)
	// A glob is one expansion interp does not interrupt: **/**/**/… over a
	// deep tree goes on for minutes after the deadline (a review measured
	// 200 s and 2 GB for one). Once the run is over, every directory read
	// fails, so the expansion ends at its next one.
	if err := ev.alive(); err != nil {
		return nil, err
	}
	abs := absPath(interp.HandlerCtx(ctx).Dir, name)
	if ev.isVirtual(abs) {
		return nil, nil
	}
	if !within(ev.root, abs) {
		return nil, &os.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	real, err := ev.fs.resolve(ev.root, abs, true)
	if err != nil {
		return nil, &os.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return os.ReadDir(real)
}

// close ends the evaluation: later handler calls (from background jobs
// that have not stopped yet) change nothing, and every pipe is closed.
func (ev *evaluator) close() {
	ev.mu.Lock()
	ev.closed = true
	pipes := ev.pipes
	ev.pipes = nil
	ev.mu.Unlock()
	for _, p := range pipes {
		_ = p.Close() // may already be closed by interp
	}
}

// sink is where every write goes: the runner's stdout and stderr and every
// file a redirection opens for writing. It watches for interp's report of
// a process substitution, and keeps the tail of stderr for error messages.
type sink struct {
	ev   *evaluator
	tail *tailBuf
}

// Write implements io.Writer.
func (s *sink) Write(p []byte) (int, error) {
	if bytes.Contains(p, fifoMarker) {
		s.ev.cancel(errProcSubstReached)
	}
	if s.tail != nil {
		s.tail.add(p)
	}
	return len(p), nil
}

// Read implements io.Reader: a sink reads as empty.
func (s *sink) Read([]byte) (int, error) { return 0, io.EOF }

// Close implements io.Closer.
func (s *sink) Close() error { return nil }

// tailBuf keeps the last bytes written to it.
type tailBuf struct {
	mu sync.Mutex
	b  []byte
}

const tailMax = 2048

func (t *tailBuf) add(p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 2*tailMax {
		t.b = append(t.b[:0], t.b[len(t.b)-tailMax:]...)
	}
}

func (t *tailBuf) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.b
	if len(b) > tailMax {
		b = b[len(b)-tailMax:]
	}
	return string(b)
}

// setWithoutTraceOpts drops from set's options the ones interp lacks that
// change nothing the argv reads: -E (errtrace), -T (functrace) and -C
// (noclobber), also as -o errtrace / -o functrace / -o noclobber. `set
// -Eeuo pipefail` failed whole in the interpreter, so the dry run ran
// without -e, -u and pipefail; so did the getopt(1) preamble `set -o
// errexit -o pipefail -o noclobber -o nounset` (the dry run writes no
// file: a > that noclobber would refuse on an existing one succeeds here
// as it does without it). The name after each -o is read as its name, not
// as the end of the options. Options stop at the first word that is not
// one (or --): the positional parameters are left alone.
func setWithoutTraceOpts(args []string) ([]string, bool) {
	out := make([]string, 0, len(args))
	changed := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || a == "+" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
			out = append(out, args[i:]...)
			break
		}
		flags := strings.Map(func(r rune) rune {
			if r == 'E' || r == 'T' || r == 'C' {
				return -1
			}
			return r
		}, a[1:])
		if flags != a[1:] {
			changed = true
		}
		name := ""
		if strings.HasSuffix(flags, "o") && i+1 < len(args) {
			i++ // the option's name goes with it
			name = args[i]
			if name == "errtrace" || name == "functrace" || name == "noclobber" {
				flags, name, changed = strings.TrimSuffix(flags, "o"), "", true
			}
		}
		if flags != "" {
			out = append(out, a[:1]+flags)
		}
		if name != "" {
			out = append(out, name)
		}
	}
	return out, changed
}

// shoptWithoutInheritErrexit drops inherit_errexit from `shopt -s NAME…`.
// interp has no such option to set (shopt fails: "unsupported option",
// and the mode was not evaluated) but already runs a command substitution
// under the caller's errexit, as bash does with inherit_errexit on: the
// strict-mode preamble `set -Eeuo pipefail; shopt -s inherit_errexit`
// stopped every dry run of the scripts that use it. Only -s: without it
// (bash's default) interp would still inherit errexit, so `shopt -u
// inherit_errexit` is left to fail. It reports whether it dropped one.
func shoptWithoutInheritErrexit(args []string) ([]string, bool) {
	return shoptWithout(args, "inherit_errexit")
}

// shoptWithout drops the option name from `shopt -s NAME…`; it reports
// whether it dropped one. lastpipe is dropped from the tree instead, and
// only where the copy runs pipelines as lastpipe does (dropShoptLastPipe).
func shoptWithout(args []string, name string) ([]string, bool) {
	if len(args) < 2 || args[0] != "-s" {
		return args, false
	}
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a != name {
			out = append(out, a)
		}
	}
	return out, len(out) != len(args)
}

// startsShell reports whether args run shell code the dry run would
// evaluate: a script by its path or through bash/sh, or bash -c STRING.
func startsShell(args []string, forced *parser.Profile) bool {
	if _, _, _, found := childPath(args); found {
		return true
	}
	det := forDetect(args)
	_, found := parser.ShellCommand(det, func(k int) bool { return parser.LaunchesAt(det, k, forced) })
	return found
}
