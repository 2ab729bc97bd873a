package parser

import (
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Scripts that run other scripts of the tree: a dispatcher whose modes
// run the repository's launcher with words of their own,
//
//	case "${1:-serve}" in
//	  serve) exec "$here/launch.sh" ;;
//	  kl) exec "$here/launch.sh" --max-num-seqs 32 ;;
//	esac
//
// where launch.sh runs `exec vllm serve "$MODEL" … "$@"`. Each mode
// reaches the engine through the child, and the words it hands the child
// are where its numbers are written: the call is an invocation of the
// dispatcher, its words in the child's "$@" (as a sourced library's
// launcher's are, withLibRunners).

// maxChildPasses bounds the chains of scripts running one another that
// withChildScripts follows (run.sh → serve.sh → launch.sh).
const maxChildPasses = 3

// childCall returns the script of the tree a command runs, by its
// resolved path, and the index in aws of its first argument: a script run
// by its path ("$here/launch.sh" …, ./scripts/serve.sh, behind exec,
// command, nohup or another launcher ChildLauncherSkip sees through:
// screen -dmS llm ./launch.sh) or through bash or sh (bash launch.sh, sh -x
// "$here/launch.sh" …). ok is false for any other command, and when the
// path is not statically known.
func (s *Script) childCall(aws []ArgWord) (p string, at int, ok bool) {
	i := 0
	if len(aws) > 1 {
		sk := sketches(aws)
		for i < len(aws)-1 {
			n := ChildLauncherSkip(sk, i)
			if n == 0 {
				break
			}
			i += n
		}
	}
	if i >= len(aws) {
		return "", 0, false
	}
	j, shell := i, false
	if b := path.Base(aws[i].Sketch); b == "bash" || b == "sh" {
		shell = true
		var ok bool
		if j, ok = ShellScriptOperand(sketches(aws), i+1); !ok {
			return "", 0, false
		}
	}
	if j >= len(aws) || aws[j].Word == nil || aws[j].Array != "" {
		return "", 0, false
	}
	v, known := s.staticWord(aws[j].Word.Parts, 0)
	if !known || v == "" || !shell && !strings.Contains(v, "/") {
		return "", 0, false // a program PATH finds
	}
	return s.resolvePath(s.inCwd(v, aws[j].Start)), j + 1, true
}

// childLauncherNames are the launchers a script of the tree may be run
// behind and still be read as the caller's child (ChildLauncherSkip).
var childLauncherNames = setOf(`exec nohup command setsid nice ionice taskset numactl chrt stdbuf unbuffer timeout
	nsys ncu screen tmux flock prlimit runuser cgexec systemd-run`)

// ChildLauncherSkip returns how many words the launcher at words[i] takes,
// itself included, before the command it runs (wrapperSkip), for the
// launchers that run it once, on this host, with the caller's environment:
// exec, nohup, command, setsid, nice, taskset, numactl, timeout, nsys
// profile, screen -dm, tmux new -d, flock, prlimit, runuser -u,
// systemd-run --scope …; 0 for any other command and for a form that runs
// no command given (wrapperSkip's 0). A script run behind one is the
// caller's child as one run by its path is (childCall), and the dry run
// evaluates it so. Not env, sudo, chpst (which set or clear the
// environment), systemd-run without --scope (a transient service, in the
// service manager's clean environment), nor srun, mpirun, containers and
// package managers' run (other hosts, ranks or environments).
func ChildLauncherSkip(words []string, i int) int {
	if i < 0 || i >= len(words) || !childLauncherNames[path.Base(words[i])] {
		return 0
	}
	if path.Base(words[i]) == "systemd-run" {
		if _, scope, ok := SystemdRunEnv(words, i); !ok || !scope {
			return 0
		}
	}
	return wrapperSkip(words, i)
}

// ShellScriptOperand returns the index of the script operand of a bash or
// sh command whose options start at words[i] (bash -x -o pipefail
// launch.sh: the index of launch.sh; len(words) when there is none): the
// options that only set shell flags are skipped. ok is false for an
// option that makes the command run no script file (-c STRING, -s, -i,
// -l, -n, --login and the like). The dry run and the model read a child
// script's call with it.
func ShellScriptOperand(words []string, i int) (j int, ok bool) {
	j = i
	for j < len(words) {
		a := words[j]
		if a == "--" {
			return j + 1, true
		}
		if a == "-o" || a == "+o" {
			j += 2
			continue
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		if strings.Trim(a[1:], "aefuvxBCEHPT") != "" {
			return 0, false
		}
		j++
	}
	return j, true
}

// mayRunScript reports whether a command may run a script of the tree
// (childCall): its first word is not a plain program name other than the
// wrappers childCall sees through (echo, curl, docker: no words to
// resolve; pprof on 1,600 repos: resolving every call's words, three
// passes, was 2% of a static lint).
func mayRunScript(c *syntax.CallExpr) bool {
	v, lit := LitValue(c.Args[0])
	if !lit || strings.Contains(v, "/") {
		return true
	}
	b := path.Base(v)
	return b == "bash" || b == "sh" || childLauncherNames[b]
}

// childArgs returns the words of the engine command a call reaches
// through a script of the tree it runs (childLaunchers), the call's own
// words in the child's "$@", and the child's path.
func (s *Script) childArgs(aws []ArgWord) ([]ArgWord, string, bool) {
	p, at, ok := s.childCall(aws)
	if !ok || p == s.Path {
		return nil, "", false
	}
	w := s.childLaunchers[p]
	if w == nil {
		return nil, "", false
	}
	return s.expandWrapper(w, aws[at:]), p, true
}

// launcherOf returns the engine command of a script other scripts of the
// tree may run, detached from it (no span, no word: findings and fixes
// never point into it from the caller), nil when it has none the caller's
// words can be said to reach: the script must run one engine, at its top
// level (not a function's "$@", which is not the script's), with no mode
// of its own picked by its words or environment, after shifts that are
// known.
func (s *Script) launcherOf() *Invocation {
	if s == nil || s.File == nil || len(s.Invocations) != 1 || len(s.Modes) > 0 {
		return nil
	}
	inv := s.Invocations[0]
	if inv.Start < 0 || inv.Child != "" || s.funcAt(inv.Start) != "" {
		return nil
	}
	n, ok := s.shiftsIn(s.File.Stmts, inv.Start)
	if !ok {
		return nil
	}
	args, vars, posWords := s.detached(inv.Args)
	for i, a := range inv.Args {
		if a.Sketch == forwardAll {
			args[i].Sketch = forwardAll
		}
	}
	// Only the positional parameters are the caller's: the child's other
	// variables are its own, or the environment's.
	for i, name := range vars {
		if isName(name) {
			delete(vars, i)
		}
	}
	var env []string
	for _, a := range inv.Args {
		if a.Word == nil {
			continue
		}
		if name, _, ok := s.CallerEnvRead(a.Word); ok && !slices.Contains(env, name) {
			env = append(env, name)
		}
	}
	return &Invocation{Start: -1, End: -1, Args: args, shift: n, Background: inv.Background, libVars: vars, libPosWords: posWords, Child: s.Path, callerEnv: env}
}

// childEnvWrites returns where the script exports, for a child script it
// runs (Invocation.Child), a variable the child's engine words read from
// the environment (Invocation.callerEnv): bench) export SEQS=64 ;; before
// the shared exec "$here/launch.sh", whose --max-num-seqs reads
// "${SEQS:-$MAX_NUM_SEQS}". An assignment under export, declare -x or set
// -a, or of a name a naked export marks, and the naked export itself; not
// a prefix of another command, nor one in a subshell the call is outside
// of. A mode's branch that holds one sets what the argv reads even when
// its words are the shared ones.
func (s *Script) childEnvWrites() []int {
	var out []int
	for _, inv := range s.Invocations {
		if inv.Child == "" || inv.Start < 0 {
			continue
		}
		w := s.childLaunchers[inv.Child]
		if w == nil {
			continue
		}
		for _, name := range w.callerEnv {
			for _, a := range s.Assigns[name] {
				if a.Prefix != nil || a.Local || s.isolatedFrom(a.Start, inv.Start) {
					continue
				}
				if a.Exported || s.Exported[name] || s.AllExportAt(a.Start) {
					out = append(out, a.Start)
				}
			}
			for _, off := range s.nakedExports[name] {
				if !s.isolatedFrom(off, inv.Start) {
					out = append(out, off)
				}
			}
		}
	}
	return out
}

// withChildScripts re-analyses each script that runs another script of the
// linted roots whose engine command takes the caller's words (launcherOf),
// so that the call reaches the engine: the caller's modes are seen, and
// their words handed to the child are its flags. A chain of scripts
// (run.sh → serve.sh → launch.sh) is followed maxChildPasses deep; a
// script running itself is not followed.
func (u *Unit) withChildScripts(opts *LoadOptions) {
	changed := false
	byPath := map[string]*Script{}
	for _, s := range u.Scripts {
		byPath[s.Path] = s
	}
	// The scripts that run no script of the tree: not asked again in the
	// next passes (their calls stay what they are).
	none := map[*Script]bool{}
	for pass := 0; pass < maxChildPasses; pass++ {
		grown := false
		for i, s := range u.Scripts {
			if s.File == nil || len(s.childLaunchers) > 0 || none[s] {
				continue
			}
			var launchers map[string]*Invocation
			runs := false
			for _, c := range s.calls {
				if !mayRunScript(c) {
					continue
				}
				p, _, ok := s.childCall(s.callArgs(c))
				// Inside the roots first: nothing outside is read, not
				// even its shebang.
				if !ok || p == s.Path || !u.readableInRoots(p) {
					continue
				}
				runs = true
				if launchers[p] != nil {
					continue
				}
				child, seen := byPath[p]
				if !seen {
					// Not met by the walk (run.sh linted alone): read when
					// it is a shell script (by name, or its shebang).
					child = readLib(p, opts)
					if child != nil && !isScriptName(p) && ClassifyText(p, child.Src) != KindScript {
						child = nil
					}
					byPath[p] = child
				}
				if w := child.launcherOf(); w != nil {
					if launchers == nil {
						launchers = map[string]*Invocation{}
					}
					launchers[p] = w
					if u.children == nil {
						u.children = map[string]*Script{}
					}
					u.children[p] = child
				}
			}
			if len(launchers) == 0 {
				none[s] = !runs
				continue
			}
			s.childLaunchers = launchers
			ns := s.reanalysed(opts.Roles, s.libRunners, s.libLaunchers, s.envValues)
			if len(ns.Invocations) == len(s.Invocations) {
				s.childLaunchers = nil // no call reaches an engine through them
				continue
			}
			u.Scripts[i], byPath[s.Path] = ns, ns
			grown, changed = true, true
		}
		if !grown {
			break
		}
	}
	if changed {
		u.indexOnce = sync.Once{}
	}
}

// withChildOwners adds to the owning env files of each script that runs
// another of the tree (childLaunchers) those of the child: the engine the
// script reaches through it reads them, so their keys own its numbers.
// They come after the script's own (the child sources them after the
// script ran), each once; a chain is followed maxChildPasses deep.
func (u *Unit) withChildOwners(opts *LoadOptions, crStrip, crKeep map[string]bool) {
	unlinted := map[string][]*EnvFile{} // the children the walk did not meet
	for pass := 0; pass < maxChildPasses; pass++ {
		grown := false
		for _, s := range u.Scripts {
			for _, p := range slices.Sorted(maps.Keys(s.childLaunchers)) {
				owners, linted := u.Owning[p]
				if !linted {
					if owners, linted = unlinted[p]; !linted {
						if child := u.children[p]; child != nil {
							owners, _ = u.owningOf(child, opts, crStrip, crKeep)
						}
						unlinted[p] = owners
					}
				}
				for _, e := range owners {
					if !slices.Contains(u.Owning[s.Path], e) {
						u.Owning[s.Path] = append(u.Owning[s.Path], e)
						if u.childOwned == nil {
							u.childOwned = map[string]map[*EnvFile]bool{}
						}
						if u.childOwned[s.Path] == nil {
							u.childOwned[s.Path] = map[*EnvFile]bool{}
						}
						u.childOwned[s.Path][e] = true
						grown = true
					}
				}
			}
		}
		if !grown {
			return
		}
	}
}

// ChildScript returns the script of the tree at path p that a script runs
// (withChildScripts: Invocation.Child), nil when none was read.
func (u *Unit) ChildScript(p string) *Script {
	return u.children[p]
}

// CallerEnvRead reports whether word w of script s (a child another script
// runs) is one expansion of a variable s takes from the environment its
// caller gives it: "$SEQS", "${SEQS:-$MAX_NUM_SEQS}", "${SEQS-64}",
// "${SEQS:=…}", where s never writes SEQS (no assignment, no read, declare,
// unset or loop over it, no word or arithmetic that assigns it but w's own
// :=), sources no file the model does not read as an env file (a shell
// library, a path not known), and loads none by a loader (export $(cat
// F), a while read loop over a file). Keys of the env files it sources are
// the caller's to check: one that defines the name overrides the caller's
// value. colon is set for the forms that take the default on an empty
// value too (:- and :=).
func (s *Script) CallerEnvRead(w *syntax.Word) (name string, colon, ok bool) {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Excl || pe.Length || pe.Index != nil || pe.Repl != nil || pe.Slice != nil || !isName(pe.Param.Value) {
		return "", false, false
	}
	name = pe.Param.Value
	from := ""
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull:
			colon = true
		case syntax.DefaultUnset, syntax.AssignUnset:
		default:
			return "", false, false
		}
		if pe.Exp.Word != nil {
			if d := SingleParam(pe.Exp.Word); d != nil && d.Param != nil {
				from = d.Param.Value
			}
		}
	}
	if shellOwnVar(name) || len(s.Assigns[name]) > 0 || s.WrittenOutside(name, from) || s.writtenBy(name, "unset") {
		return "", false, false
	}
	if len(s.exports) > 0 || len(s.readLoops) > 0 {
		return "", false, false // an env loader: its keys are not known here
	}
	for _, ref := range s.Sources {
		if ref.Kind != SourceBash && ref.Kind != SourceDockerEnvFile && ref.Kind != SourceComposeEnvFile || ref.Path == "" || ref.Kind == SourceBash && isScriptName(ref.Path) {
			return "", false, false
		}
	}
	return name, colon, true
}

// ModeExports returns the assignments of name that a mode's own code
// exports to the child script inv runs, for the call's environment:
// bench) export SEQS=64; exec "$here/launch.sh" ;; (also SEQS=64 with a
// naked export SEQS on the mode's path, or under set -a), each before the
// call and in the script's shell (not a subshell the call is outside), on
// the path of a mode that reaches the call. ok is false when another
// write of name may reach the call instead: an assignment outside the
// modes' code or in a function, one run only under a test, an append, a
// read, unset or declare of it, a library's assignment, an env loader,
// or two of one mode's. A mode's plain assignment that is not exported
// never reaches the child and is skipped, as is another command's prefix.
func (s *Script) ModeExports(inv *Invocation, name string) (out []*Assign, ok bool) {
	if inv.Call == nil || s.WrittenOutside(name, "") || s.writtenBy(name, "unset") ||
		len(s.exports) > 0 || len(s.readLoops) > 0 {
		return nil, false
	}
	at := s.ModesAt(inv.Start)
	seen := map[*Mode]bool{}
	for _, x := range s.Assigns[name] {
		if x.Prefix != nil {
			if x.Prefix == inv.Call {
				return nil, false // the call's own prefix (childEnvOf reads it)
			}
			continue // that command's environment alone
		}
		if len(x.Modes) == 0 || x.InFunc != "" || x.Local || x.Append || x.Array != nil || x.Value == nil || x.Conditional || x.Guarded {
			return nil, false
		}
		var modes []*Mode
		for _, m := range x.Modes {
			if (len(at) == 0 || slices.Contains(at, m)) && !s.EndsBefore(m, inv) {
				modes = append(modes, m)
			}
		}
		if len(modes) == 0 {
			continue // another mode's code: never on the call's path
		}
		if x.Start >= inv.Start {
			return nil, false
		}
		if s.isolatedFrom(x.Start, inv.Start) {
			continue // ( export SEQS=4 ): gone when the subshell ends
		}
		if !x.Exported && !s.AllExportAt(x.Start) && !slices.ContainsFunc(modes, func(m *Mode) bool { return s.ExportedOnPath(name, m) }) {
			continue // the shell's own: the child never sees it
		}
		for _, m := range modes {
			if seen[m] {
				return nil, false
			}
			seen[m] = true
		}
		out = append(out, x)
	}
	return out, len(out) > 0
}
