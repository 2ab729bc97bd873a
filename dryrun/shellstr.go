package dryrun

import (
	"context"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// shellKey marks the context of a shell string's run (shellString): its
// value, a shellOuter, is the command that runs it.
type shellKey struct{}

// shellDepthKey marks the context of a shell string's run with how many
// shell strings it is inside (shellString).
type shellDepthKey struct{}

// maxShellDepth bounds how deeply shell strings run one another (bash -c
// "… bash -c '…' …"): a deeper one fails the mode (ErrBudget). A
// string that runs itself (s='bash -c "$s"; exec vllm serve …') had each
// level start a runner inside the last one until the mode's deadline or
// command budget: 2 s and 200 MB at the default bound, 20 s and 650 MB
// with a 60 s one.
const maxShellDepth = 8

// shellOuter is the command that runs a shell string: its words up to the
// string, and what a docker launcher among them hands the container.
type shellOuter struct {
	prefix []string
	docker *parser.DockerRun
	// envWords is len(prefix) when the string's environment is the one
	// its launcher words hand it (env -i bash -c '…', srun --export=NONE
	// bash -c '…'), computed before it runs: the engine's is then that of
	// the string's shell, the outer words not applied a second time. 0
	// behind docker, whose container environment is computed from the
	// outer words at the engine (engineEnv).
	envWords int
	// closed is set when the launcher words cleared that environment.
	closed bool
	// inner, for a string another host's shell runs (ssh HOST STRING:
	// parser.ShellRun.Remote) or a container's (docker exec CTR bash -c
	// STRING), is the environment its runner starts with: what the
	// string's own shell sets over it is the engine's, as an `env K=V`
	// among the launcher's words is (engineEnv). nil otherwise.
	inner map[string]string
}

// wrap returns an engine's argv reached in the shell string as the
// outer command's: its words up to the string, then the engine's, with
// the engine call's indexes moved past them.
func (o shellOuter) wrap(args []string, ec parser.EngineCall) ([]string, parser.EngineCall) {
	n := len(o.prefix)
	out := append(slices.Clone(o.prefix), args...)
	ec.Start += n
	ec.ArgStart += n
	if ec.Docker != nil {
		d := *ec.Docker
		d.Image += n
		d.Env = shifted(d.Env, n)
		d.EnvFiles = shifted(d.EnvFiles, n)
		ec.Docker = &d
	} else {
		ec.Docker = o.docker
	}
	return out, ec
}

func shifted(idx []int, n int) []int {
	out := make([]int, len(idx))
	for i, v := range idx {
		out[i] = v + n
	}
	return out
}

// shellString evaluates `bash -c STRING` (sh -c, behind a launcher the
// engine detection sees through: docker run … IMAGE bash -c "…") whose
// script has an engine command at its top level: the string is parsed and
// interpreted in the sandbox, by a runner with the same handlers, with
// the exported variables as its environment; nothing is executed. ok is
// false for any other command, which is then skipped as before (a string
// with no engine command: `timeout 600 bash -c 'until curl …; done'`).
func (ev *evaluator) shellString(ctx context.Context, hc interp.HandlerContext, args []string) (err error, ok bool) {
	det := forDetect(args)
	run, found := parser.ShellCommand(det, func(k int) bool { return parser.LaunchesAt(det, k, ev.forced) })
	typed, session := byte(0), ""
	if line, ok := ev.typedPending(args, det); ok {
		// tmux send-keys -t llm "vllm serve …", then tmux send-keys -t
		// llm Enter: the line the Enter ends runs now, as one typed with
		// its Enter.
		return ev.shellString(ctx, hc, line)
	}
	if !found {
		// tmux send-keys -t llm "vllm serve …" C-m: the line typed into
		// the shell of a session the script started (typedLine).
		session, run, typed, found = ev.typedLine(det)
	}
	if !found || det[run.Str] == parser.Unknown || hasSentinel(args[run.Str]) {
		return nil, false
	}
	k, str, lang := run.Launch, run.Str, run.Lang
	// The words that launch the string's engine: a shell entrypoint
	// cleared, the engine being the container's command.
	launcher := run.Launcher(det)
	src := args[str][run.Cut:]
	switch typed {
	case parser.TypedScreen:
		line, ok := parser.StuffLine(src)
		if !ok {
			return nil, false
		}
		src = line
	case parser.TypedTmux:
		if strings.ContainsAny(src, "\n\r") {
			return nil, false // a line break types Enter mid-string
		}
	}
	if (typed != 0 || run.Remote) && strings.ContainsAny(src, "$`") {
		// An expansion the session's shell makes itself: its environment
		// is the session server's (ssh's: the host's), not the script's.
		return nil, false
	}
	f := parseString(src, lang)
	if f == nil {
		return nil, false
	}
	// The words the string's shell starts with (bash -c STRING ZERO
	// REST…): its "$0", "$1"… and "$@" are them.
	var params []string
	if typed == 0 && !run.Own && len(args) > str+1 {
		params = args[str+1:]
	}
	engine := false
	for _, c := range parser.ShellCalls(f) {
		words := slices.Clone(launcher)
		if run.Remote {
			// ssh HOST STRING: the string's words are its shell's own, not
			// ssh's words after the host (joined and split again there).
			words = nil
		}
		for _, w := range c.Args {
			if ps, ok := paramWords(w, params); ok {
				words = append(words, ps...)
				continue
			}
			v, lit := parser.LitValue(w)
			if !lit {
				v = parser.Unknown
			}
			words = append(words, v)
		}
		if _, is := parser.DetectEngineAs(words, ev.forced); is {
			engine = true
			break
		}
	}
	if !engine {
		return nil, false
	}
	depth, _ := ctx.Value(shellDepthKey{}).(int)
	if depth >= maxShellDepth {
		// Not skipped as a command that succeeded: the string that runs
		// itself never boots in bash, and the argv of the last string
		// reached would be a guess.
		return ev.fail(fmt.Errorf("%w: shell strings run one another more than %d deep", ErrBudget, maxShellDepth)), true
	}
	if err := ev.checkCode(src, "bash -c"); err != nil {
		return err, true
	}
	var outer shellOuter
	outer.prefix = slices.Clone(args[:str+1])
	if k > 0 {
		if ec, is := parser.DetectEngineAs(append(slices.Clone(launcher), "vllm", "serve"), ev.forced); is {
			outer.docker = ec.Docker
		}
	}
	jobs := hasJobs(f)
	if jobs {
		ev.jobs.Store(true) // a job of its may spin beside the run (skipWaitError)
	}
	if len(params) > 0 {
		f.Name = params[0] // the shell's $0 (interp's is the file's name)
		if jobs {
			zeroInJobs(f, params[0])
		}
		params = params[1:]
	}
	// The string's shell starts with what its launcher words hand it: env
	// -i bash -c 'set -a; . ./tgi.env; exec text-generation-launcher …'
	// boots with the keys the string sources, not with none (the words
	// applied after the string's own exports) nor the caller's.
	var env map[string]string
	if outer.docker == nil {
		env, outer.closed = envWrapperAssigns(args[:k], exportedOf(hc.Env))
		outer.envWords = len(outer.prefix)
	}
	if run.Remote && outer.docker != nil && !sourcesFile(f) {
		// A file the host's shell sources or reads is the host's (./x.env
		// in its home), not the one the sandbox would read: what it sets
		// is not taken as the engine's.
		env = exportedOf(hc.Env) // what innerRunner starts with, read once
		outer.inner = env
	}
	if !run.Remote && typed == 0 && outer.docker != nil && !strings.ContainsAny(src, "$`") && !sourcesFile(f) {
		// docker exec CTR bash -c "MAX_NUM_SEQS=64 vllm serve …" (env K=V,
		// export K=V; … too): what the container's shell sets for the
		// engine is its environment, over docker's -e, as `docker exec
		// CTR env K=V vllm serve …` is. Not when the string expands a
		// variable itself (the container's shell would, from the
		// container's environment, where the sandbox reads the script's)
		// or reads a file (the container's, not the tree's).
		env = exportedOf(hc.Env)
		outer.inner = env
	}
	if run.Own && path.Base(det[run.Shell]) == "sbatch" {
		// jobid=$(sbatch --parsable --wrap "vllm serve …"): the job runs
		// the string apart, its output going to the job's log, not to
		// the substitution that captures sbatch's own (the job id). Its
		// engine is a launch, not a query ($(vllm --version): launches).
		hc.Stdout = io.Discard
	}
	runner, rerr := ev.innerRunner(hc, params, env)
	if rerr != nil {
		return ev.fail(fmt.Errorf("%w: %w", ErrInternal, rerr)), true
	}
	shell := args[run.Shell]
	if run.Entry {
		shell = strings.TrimPrefix(shell, "--entrypoint=")
	}
	if typed != 0 {
		ev.note("%s: the line it types into session %s is evaluated as a script in the sandbox", shell, session)
	} else if run.Remote {
		ev.note("%s: the command it runs on the host is evaluated as a script in the sandbox", shell)
	} else if run.Own {
		// tmux new-session STRING, flock FILE -c STRING: the launcher's
		// own shell runs the string.
		ev.note("%s: its shell string is evaluated as a script in the sandbox", shell)
	} else {
		ev.note("%s -c: its string is evaluated as a script in the sandbox", shell)
	}
	// Its status is the command's, or what stopped the run (a bound, a
	// refusal). Its background jobs go on after the string's shell ends
	// (bash -c "nohup vllm serve … &", a line typed into a session that
	// ends in &): they are joined, as a child script's are, or the
	// script's end would not wait for them and the engine one starts
	// would be missed.
	return ev.runNested(context.WithValue(context.WithValue(ctx, shellKey{}, outer), shellDepthKey{}, depth+1), runner, f, jobs), true
}

// sourcesFile reports whether a shell string's script reads a file into
// its shell anywhere: a `.` or `source` command, or a file redirected to
// a command's input (read K < ./f).
func sourcesFile(f *syntax.File) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				if v, lit := parser.LitValue(n.Args[0]); lit && (v == "." || v == "source") {
					found = true
				}
			}
		case *syntax.Redirect:
			if n.Op == syntax.RdrIn || n.Op == syntax.RdrInOut {
				found = true
			}
		}
		return !found
	})
	return found
}

// zeroVar stands for a string's "$0" in its background jobs (zeroInJobs).
const zeroVar = "__servelint_zero"

// zeroInJobs makes a shell string's "$0" the word it was given in its
// background jobs too: interp runs a job as a statement of its own, whose
// $0 is "gosh", not the file's name. Each plain $0 of the string reads a
// variable the string's first statement sets to that word.
func zeroInJobs(f *syntax.File, zero string) {
	q, err := syntax.Quote(zero, syntax.LangBash)
	if err != nil {
		return
	}
	zeroFrom(f, q)
}

// zeroFrom makes each plain $0 of f read zeroVar, which a statement put
// first sets to value (shell text), when f reads $0 at all.
func zeroFrom(f *syntax.File, value string) {
	pre, err := syntax.NewParser().Parse(strings.NewReader(zeroVar+"="+value+"\n"), "")
	if err != nil || len(pre.Stmts) != 1 {
		return
	}
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == "0" {
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: zeroVar}
			found = true
		}
		return true
	})
	if found {
		f.Stmts = append(pre.Stmts, f.Stmts...)
	}
}

// jobZero reports whether the script may read "$0" in a background job
// (zeroForJobs): it starts one and its text holds $0 or ${0.
func (p *Prepared) jobZero(src []byte) bool {
	if !p.background {
		return false
	}
	p.readText(src)
	return p.zeroText
}

// zeroForJobs makes the script's "$0" its name in its background jobs
// too, as zeroInJobs does a shell string's: interp runs a job (cmd &, f &)
// as a statement of its own, whose $0 is "gosh", so a mode that started
// the engine in the background with "$(dirname "$0")/chat.jinja" booted
// with ./chat.jinja where the one that exec'd it had the script's
// directory, and argvdrift reported the difference, and a job running
// the script itself ("$0" worker &) ran "gosh". Each plain $0 of the tree
// reads a variable the tree's first statement sets from $0, where it is
// still the file's name (the script's, a child script's, or the name it
// is run by).
func zeroForJobs(f *syntax.File) { zeroFrom(f, "$0") }

// paramWords returns the words a string's word w stands for when it is one
// plain expansion of the shell's "$0", "$n" or "$@", params being the
// words after the string ($0 first).
func paramWords(w *syntax.Word, params []string) ([]string, bool) {
	pe := parser.SingleParam(w)
	if len(params) == 0 || pe == nil || pe.Param == nil || pe.Exp != nil || pe.Index != nil || pe.Excl || pe.Length || pe.Slice != nil || pe.Repl != nil {
		return nil, false
	}
	if pe.Param.Value == "@" {
		return params[1:], true
	}
	n := parser.PositionalIndex(pe.Param.Value)
	if n < 0 {
		return nil, false
	}
	if n < len(params) {
		return params[n : n+1], true
	}
	return []string{""}, true
}

// noteSession records the detached session running a shell that args
// start (parser.SessionShell: tmux new-session -d -s llm, screen -dmS
// llm), for the lines the script types into it later (typedLine).
func (ev *evaluator) noteSession(args []string) {
	name, ok := parser.SessionShell(forDetect(args))
	if !ok || hasSentinel(name) {
		return
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.sessions == nil {
		ev.sessions = map[string]bool{}
	}
	ev.sessions[name] = true
}

// typedLine reads det as a line typed into the shell of a session the
// script started before (parser.TypedLine): the session's name, the
// string's run as a shell string with no launcher words, and which
// typing it is. found is false for any other command and for a line typed
// into a session the script did not start.
func (ev *evaluator) typedLine(det []string) (session string, run parser.ShellRun, kind byte, found bool) {
	name, str, kind, ok := parser.TypedLine(det)
	if !ok {
		return "", parser.ShellRun{}, 0, false
	}
	ev.mu.Lock()
	started := ev.sessions[name]
	ev.mu.Unlock()
	if !started {
		return "", parser.ShellRun{}, 0, false
	}
	return name, parser.ShellRun{Str: str, Lang: syntax.LangBash, Own: true}, kind, true
}

// typedPending keeps the line a tmux send-keys types with no key ending it
// (parser.TypedText) until the next send-keys: when that one is a bare
// Enter (C-m) to the same target (parser.TypedEnter), it returns the
// line's words with the Enter, to be read as a line typed whole; any
// other send-keys (more text, another key, another target) drops it, and
// a line no Enter ends never runs.
func (ev *evaluator) typedPending(args, det []string) ([]string, bool) {
	if !parser.SendsKeys(det) {
		return nil, false
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	pending := ev.typed
	ev.typed = nil
	if _, _, str, ok := parser.TypedText(det); ok {
		// send-keys -l "line" types the line as literal text: kept
		// without its -l, to be read with the Enter that ends it.
		line := make([]string, 0, len(args))
		for i, a := range args {
			if i < str && a == "-l" {
				continue
			}
			line = append(line, a)
		}
		ev.typed = line
		return nil, false
	}
	target, ok := parser.TypedEnter(det)
	if !ok || pending == nil {
		return nil, false
	}
	if was, _, _, _ := parser.TypedText(forDetect(pending)); was != target {
		return nil, false
	}
	return append(pending, "Enter"), true
}

// innerRunner returns a runner for a shell a command of the script starts
// (bash -c STRING, a script of the tree it runs): the sandbox's handlers,
// the exported variables as its environment, params as its positional
// parameters, the command's directory and standard output and error. env,
// when not nil, is the environment instead.
func (ev *evaluator) innerRunner(hc interp.HandlerContext, params []string, env map[string]string) (*interp.Runner, error) {
	if env == nil {
		env = exportedOf(hc.Env)
	}
	uid, _ := sandboxIdentity(hc)
	return ev.newInnerRunner(hc, params, env, uid)
}

// newInnerRunner is innerRunner with the environment given and the shell's
// UID, EUID and GID (not inherited through the environment: the sandbox's,
// or root's in a re-run as root, never the host's).
func (ev *evaluator) newInnerRunner(hc interp.HandlerContext, params []string, env map[string]string, uid string) (*interp.Runner, error) {
	var vars []string
	for name, v := range env {
		vars = append(vars, name+"="+v)
	}
	slices.Sort(vars)
	return interp.New(
		interp.Env(identityEnviron{expand.ListEnviron(vars...), uid}),
		func(r *interp.Runner) error { r.Dir = hc.Dir; return nil },
		interp.Params(append([]string{"--"}, params...)...),
		interp.StdIO(nil, hc.Stdout, hc.Stderr),
		interp.CallHandler(ev.callHandler),
		interp.ExecHandlers(ev.sandboxExec, ev.guardMW),
		interp.OpenHandler(ev.openHandler),
		interp.StatHandler(ev.statHandler),
		interp.ReadDirHandler2(ev.readDirHandler),
		interp.AccessHandler(ev.accessHandler),
	)
}

// parseString parses a shell string's script, its reads of $$ and $PPID
// the sandbox's (fakePids); nil when it is too deep or does not parse (the
// command is then skipped, as any other).
func parseString(src string, lang syntax.LangVariant) *syntax.File {
	if parser.CheckDepth([]byte(src)) != nil {
		return nil
	}
	if f, err := parser.ParseShell(strings.NewReader(src), "", false, lang); err == nil {
		if mayReadPids([]byte(src)) {
			fakePids(f)
		}
		return f
	}
	return nil
}
