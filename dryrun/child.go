package dryrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// maxChildDepth bounds how deeply scripts of the tree run one another
// (run.sh → launch.sh → …): a deeper one is skipped as any other command.
const maxChildDepth = 4

// childKey marks the context of a child script's run (childScript): its
// value, a childRun, says which scripts are running.
type childKey struct{}

// childRun is the chain of scripts a child script's run is inside.
type childRun struct {
	// pos is the position, in the evaluated script, of the command that
	// started the outermost child: the engine reached in a child is
	// recorded there (its words are matched with the script's there).
	pos syntax.Pos
	// chain are the absolute paths of the scripts running, the evaluated
	// script first.
	chain []string
}

// childPath returns the script of the tree a command runs, the index of
// its first argument, and whether a shell runs it (rather than its
// shebang): a script run by its path (./launch.sh, "$here/launch.sh" …,
// nohup ./launch.sh …, behind a launcher parser.ChildLauncherSkip sees
// through) or through bash or sh (bash launch.sh …, sh -x
// ./launch.sh …). ok is false for any other command; a path that depends
// on a skipped command's output is no script either.
func childPath(args []string) (file string, at int, shell, ok bool) {
	i := 0
	if len(args) > 1 {
		// nohup ./launch.sh, screen -dmS llm ./launch.sh, systemd-run
		// --scope …: the launchers the model sees a child behind.
		words := forDetect(args)
		for i < len(args)-1 {
			n := parser.ChildLauncherSkip(words, i)
			if n == 0 {
				break
			}
			i += n
		}
		if i >= len(args) {
			return "", 0, false, false
		}
	}
	name := args[i]
	if hasSentinel(name) {
		return "", 0, false, false
	}
	if base := filepath.Base(name); base == "bash" || base == "sh" {
		j, ok := parser.ShellScriptOperand(args, i+1)
		if !ok || j >= len(args) || args[j] == "" || hasSentinel(args[j]) {
			return "", 0, false, false
		}
		return args[j], j + 1, true, true
	}
	if !strings.Contains(name, "/") {
		return "", 0, false, false // a program PATH finds: not the tree's
	}
	return name, i + 1, false, true
}

func isScriptName(p string) bool {
	return strings.HasSuffix(p, ".sh") || strings.HasSuffix(p, ".bash")
}

// shellScript reports whether a file run by its path is a shell script:
// its shebang names a shell, or it has none and is named *.sh or *.bash.
func shellScript(abs string, data []byte) bool {
	if parser.IsBinary(data) {
		return false
	}
	body := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.HasPrefix(body, []byte("#!")) {
		_, shell := parser.ShebangVariant(body)
		return shell
	}
	return isScriptName(abs)
}

// childScript evaluates a script of the linted tree that a command runs
// (run.sh's `exec "$here/launch.sh" --max-num-seqs 32`, `bash launch.sh`)
// when it may start an engine (mayLaunch): its file is read through the
// sandbox (inside the tree only), checked as a sourced file is, and
// interpreted as the child shell would run it, by a runner with the same
// handlers, the exported variables as its environment, the command's
// words as its positional parameters and its path as $0; the run's
// deadline and command budget are the evaluated script's. Nothing is
// executed. ok is false when the command runs no such script (a program,
// a file outside the tree or missing, a helper that starts no engine, a
// script already running: a chain past maxChildDepth, a loop of two, or
// the evaluated script running itself again in its own re-run), which is
// then skipped as before. The evaluated script running itself is
// interpreted once, as the host runs it: `[[ -n ${D:-} ]] || { D=1 nohup
// "$0" "$@" >log 2>&1 & exit 0; }` daemonizes it, and the re-run, given
// D, goes on to the engine (refused, every mode ended "with status 0").
func (ev *evaluator) childScript(ctx context.Context, hc interp.HandlerContext, args []string) (err error, ok bool) {
	p, at, shell, found := childPath(args)
	if !found {
		return nil, false
	}
	abs := absPath(hc.Dir, p)
	data, rerr := ev.readFile(abs)
	if rerr != nil {
		if (shell || isScriptName(p)) && !errors.Is(rerr, fs.ErrNotExist) {
			// /opt/serving/launch.sh: not read, as a sourced file outside
			// the tree is not (a program such as /usr/bin/env says nothing).
			ev.note("%s: not evaluated: %v", p, rerr)
		}
		return nil, false
	}
	if !shell && !shellScript(abs, data) || shell && parser.IsBinary(data) {
		return nil, false
	}
	name := ev.display(abs)
	forced := ""
	if ev.forced != nil {
		forced = ev.forced.Name
	}
	ct := ev.fs.children.get([2]string{abs, forced}, func() *childTree {
		f, _ := rewritten(data, abs, nil, nil)
		if f == nil {
			return &childTree{}
		}
		f.Name = abs // its $0
		return &childTree{f: f, launchy: mayLaunch(f, ev.forced)}
	})
	f := ct.f
	if f == nil || !ct.launchy {
		// A helper (download.sh, check_gpu.sh) is skipped as before: its
		// sandboxed run could only fail where the host's would not.
		return nil, false
	}
	run, _ := ctx.Value(childKey{}).(childRun)
	if run.chain == nil {
		run = childRun{pos: hc.Pos, chain: []string{ev.script}}
	}
	if slices.Contains(run.chain, abs) && (abs != ev.script || len(run.chain) != 1 || !ev.selfRerunOnce(hc.Pos)) {
		ev.noteOnce("%s: not evaluated: the script is already running (%s)", name, strings.Join(displayAll(ev, run.chain), " → "))
		return nil, false
	}
	if len(run.chain) > maxChildDepth {
		ev.note("%s: not evaluated: scripts run one another more than %d deep", name, maxChildDepth)
		return nil, false
	}
	chk := ev.fs.check(name, data)
	if refused := chk.err; refused != nil {
		// What the sandbox refuses in it (a process substitution …):
		// skipped as before, said; not the script's failure.
		ev.note("%s: not evaluated: %s", name, refused.Error())
		return nil, false
	}
	ev.addFuncNames(chk.funcs)
	ev.addRefused(name, chk.refused)
	if chk.jobs {
		ev.jobs.Store(true)
	}
	runner, ierr := ev.innerRunner(hc, args[at:], nil)
	if ierr != nil {
		return ev.fail(fmt.Errorf("%w: %w", ErrInternal, ierr)), true
	}
	ev.note("%s: run as a child script in the sandbox", name)
	inner := childRun{pos: run.pos, chain: append(slices.Clip(run.chain), abs)}
	// A shell string's words do not lead the child's engine: its own are.
	cctx := context.WithValue(context.WithValue(ctx, childKey{}, inner), shellKey{}, nil)
	return ev.runNested(cctx, runner, f, chk.jobs), true
}

// runNested runs a tree in a runner of its own (a child script, the
// script's re-run as root) and returns what the command that started it
// returns: errEngineReached when the run reached the engine, else the
// run's exit status (its exit ends it only), nil, or what stopped it (a
// bound, a refusal). Its background jobs go on after it ends, as the
// script's do, and one may start the engine: with jobs, they are joined
// here, or the script's end would not wait for them.
func (ev *evaluator) runNested(ctx context.Context, runner *interp.Runner, f *syntax.File, jobs bool) error {
	runErr := runner.Run(ctx, f)
	if jobs && ev.alive() == nil {
		_ = runner.Run(ctx, waitStmt)
	}
	ev.mu.Lock()
	reached := ev.engine != nil
	ev.mu.Unlock()
	if reached {
		return errEngineReached
	}
	if es, status := errors.AsType[interp.ExitStatus](runErr); status {
		if es == 0 {
			return nil
		}
		return es
	}
	return runErr
}

func displayAll(ev *evaluator, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = ev.display(p)
	}
	return out
}

// mayLaunch reports whether a script may start an engine: a command of it
// (a function's included) or an array it assigns is one, its words read as
// written (a word that is not literal is not known), or a command names a
// script it may run in turn (run.sh → serve.sh → launch.sh: a word ending
// in .sh or .bash).
func mayLaunch(f *syntax.File, forced *parser.Profile) bool {
	found := false
	engine := func(ws []*syntax.Word) bool {
		words := make([]string, 0, len(ws))
		for _, w := range ws {
			v, lit := parser.LitValue(w)
			if !lit {
				v = parser.Unknown
			}
			words = append(words, v)
		}
		_, is := parser.DetectEngineAs(words, forced)
		return is
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Array != nil && !found {
			// cmd=(vllm serve "$MODEL" …); exec "${cmd[@]}" "$@"
			var ws []*syntax.Word
			for _, e := range a.Array.Elems {
				if e.Value != nil {
					ws = append(ws, e.Value)
				}
			}
			found = engine(ws)
			return !found
		}
		c, ok := n.(*syntax.CallExpr)
		if found || !ok || len(c.Args) == 0 {
			return !found
		}
		if engine(c.Args) {
			found = true
			return false
		}
		for _, w := range c.Args[:min(len(c.Args), 4)] {
			shwalk.Walk(w, func(n syntax.Node) bool {
				if l, ok := n.(*syntax.Lit); ok && (strings.HasSuffix(l.Value, ".sh") || strings.HasSuffix(l.Value, ".bash")) {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// selfRerunOnce reports whether the evaluated script's command at pos,
// which runs the script itself, is interpreted (childScript): once a run,
// and so that which engine the run records does not depend on how its jobs
// are scheduled: in the foreground (exec "$0" start, "$0" serve: the
// script waits for it), or in the background only when the script then
// exits (nohup "$0" "$@" & exit 0, daemonizing), with nothing but echo,
// printf, disown, sleep, : or true between. A sweep starting "$0" serve &
// for each model raced its jobs: the argv changed from run to run.
func (ev *evaluator) selfRerunOnce(pos syntax.Pos) bool {
	if ev.main == nil || !selfRerunAlone(ev.main.Stmts, pos) {
		return false
	}
	return ev.selfReran.CompareAndSwap(false, true)
}

// selfRerunAlone reports whether the command at pos, in the statements
// sts, is in the foreground or followed in its list by an exit.
func selfRerunAlone(sts []*syntax.Stmt, pos syntax.Pos) bool {
	for i, st := range sts {
		if pos.Offset() < st.Pos().Offset() || pos.Offset() >= st.End().Offset() {
			continue
		}
		var inner []*syntax.Stmt
		switch c := st.Cmd.(type) {
		case *syntax.Block:
			inner = c.Stmts
		case *syntax.Subshell:
			inner = c.Stmts
		case *syntax.IfClause:
			for cl := c; cl != nil; cl = cl.Else {
				inner = append(append(inner, cl.Cond...), cl.Then...)
			}
		case *syntax.CaseClause:
			for _, it := range c.Items {
				inner = append(inner, it.Stmts...)
			}
		case *syntax.WhileClause:
			inner = append(slices.Clone(c.Cond), c.Do...)
		case *syntax.ForClause:
			inner = c.Do
		case *syntax.FuncDecl:
			inner = []*syntax.Stmt{c.Body}
		case *syntax.BinaryCmd:
			inner = []*syntax.Stmt{c.X, c.Y}
		case *syntax.CallExpr:
			// The statement running the script itself.
			return !st.Background || exitsAfter(sts[i+1:])
		}
		return !st.Background && selfRerunAlone(inner, pos)
	}
	return false
}

// exitsAfter reports whether sts exits before it runs anything but echo,
// printf, disown, sleep, : or true.
func exitsAfter(sts []*syntax.Stmt) bool {
	for _, st := range sts {
		c, isCall := st.Cmd.(*syntax.CallExpr)
		if !isCall || len(c.Args) == 0 || st.Background {
			return false
		}
		switch name, _ := parser.LitValue(c.Args[0]); name {
		case "exit":
			return true
		case "echo", "printf", "disown", "sleep", ":", "true":
		default:
			return false
		}
	}
	return false
}
