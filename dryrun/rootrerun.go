package dryrun

import (
	"context"
	"errors"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// rootKey marks the context of the script's re-run as root (rootRerun).
type rootKey struct{}

// sandboxRootHome is root's home as the sandbox answers ~root.
var sandboxRootHome = path.Join(sandboxHome, "..", "root")

// rootRerun evaluates the script's re-run of itself as root: `[[ $EUID -eq
// 0 ]] || exec sudo -E "$0" "$@"` (or `sudo bash "$0" "$@"; exit`), met
// because the sandbox's uid is 1000, ended every mode "with status 0",
// the re-run skipped. On the machine the script is written for it starts
// again as root, with sudo's words as its arguments, and runs on past the
// guard: so it is interpreted here, as a child script is, from the top, in
// the same directory, with UID, EUID and GID 0, USER and LOGNAME root (id
// and whoami answer so, from EUID), SUDO_USER, SUDO_UID and SUDO_GID the
// sandbox's user, and the exported variables sudo passes (all with -E or
// --preserve-env; else none but --preserve-env=LIST's, HOME then root's).
// Once only, for the evaluated script itself (not a child script), and
// only for sudo to root with options that change nothing else (-E, -H, -n,
// -k, -P, -S, -A, -u root): any other sudo command is skipped as before.
// ok is false when the command is no such re-run.
func (ev *evaluator) rootRerun(ctx context.Context, hc interp.HandlerContext, args []string) (err error, ok bool) {
	if path.Base(args[0]) != "sudo" || ev.main == nil || ctx.Value(rootKey{}) != nil || ctx.Value(childKey{}) != nil {
		return nil, false
	}
	j, ok := sudoToRoot(args)
	if !ok || j >= len(args) {
		return nil, false
	}
	at, found := ev.runsSelf(hc, args[j:])
	if !found {
		return nil, false
	}
	env := exportedOf(hc.Env) // a map of its own
	tmp, hasTmp := env["TMPDIR"]
	sudoEnv(args, 0, env)
	if _, kept := env["HOME"]; !kept {
		env["HOME"] = sandboxRootHome
	}
	if _, kept := env["PATH"]; !kept {
		env["PATH"] = sandboxPath
	}
	if hasTmp {
		env["TMPDIR"] = tmp // the sandbox's private one, always
	}
	env["USER"], env["LOGNAME"] = "root", "root"
	env["SUDO_USER"], env["SUDO_UID"], env["SUDO_GID"] = sandboxUser, sandboxUID, sandboxUID
	rctx := context.WithValue(context.WithValue(ctx, rootKey{}, true), shellKey{}, nil)
	return ev.rerunSelf(rctx, hc, args[j+at:], env, "0", "as root (sudo)"), true
}

// runsSelf reports whether words (a command without its launcher words)
// run the evaluated script itself, and the index of its path in words.
func (ev *evaluator) runsSelf(hc interp.HandlerContext, words []string) (at int, ok bool) {
	p, at, _, found := childPath(words)
	return at, found && absPath(hc.Dir, p) == ev.script
}

// rerunSelf interprets the evaluated script's tree again from the top, in
// ctx, with params as its arguments, env as its exported variables and
// uid as its user: its re-run of itself (rootRerun, flockRerun), said in
// a note as "re-run HOW".
func (ev *evaluator) rerunSelf(ctx context.Context, hc interp.HandlerContext, params []string, env map[string]string, uid, how string) error {
	runner, err := ev.newInnerRunner(hc, params, env, uid)
	if err != nil {
		return ev.fail(errors.Join(ErrInternal, err))
	}
	ev.note("%s: re-run %s in the sandbox", ev.display(ev.script), how)
	return ev.runNested(ctx, runner, ev.main, ev.jobs.Load())
}

// sudoToRoot returns the index of the command sudo runs when its options
// only pick root (or nobody) as the user and change nothing else the
// script sees; ok is false for any other (-i, -s, -u svc, -D dir, -b,
// VAR=value …).
func sudoToRoot(args []string) (int, bool) {
	j := 1
	for ; j < len(args); j++ {
		a := args[j]
		switch {
		case a == "--":
			return j + 1, true
		case !strings.HasPrefix(a, "-") || a == "-":
			if strings.Contains(a, "=") {
				return 0, false // sudo VAR=value: the policy's to allow
			}
			return j, true
		case a == "--preserve-env" || strings.HasPrefix(a, "--preserve-env="),
			a == "--non-interactive", a == "--reset-timestamp", a == "--set-home", a == "--stdin", a == "--askpass", a == "--preserve-groups":
		case a == "--user=root" || a == "--user=0" || a == "--user=#0":
		case a == "--user":
			if j+1 >= len(args) || !isRoot(args[j+1]) {
				return 0, false
			}
			j++
		case strings.HasPrefix(a, "--"):
			return 0, false
		default:
			for k := 1; k < len(a); k++ {
				switch c := a[k]; {
				case strings.IndexByte("EHnkPSA", c) >= 0:
				case c == 'u':
					v := a[k+1:]
					if v == "" {
						if j+1 >= len(args) {
							return 0, false
						}
						j++
						v = args[j]
					}
					if !isRoot(v) {
						return 0, false
					}
					k = len(a)
				default:
					return 0, false
				}
			}
		}
	}
	return j, true
}

func isRoot(user string) bool { return user == "root" || user == "0" || user == "#0" }

// identityEnviron adds the shell's UID, EUID and GID, read-only and not
// exported, to an environment: interp otherwise takes them from the
// process running servelint. So are the variables holding the sandbox's
// process IDs (pidVars), which fakePids' reads of $$ and $PPID read.
type identityEnviron struct {
	expand.Environ
	uid string
}

// identityNames are the variables identityEnviron adds.
var identityNames = []string{"UID", "EUID", "GID", pidVar, ppidVar}

func (e identityEnviron) Get(name string) expand.Variable {
	switch name {
	case "UID", "EUID", "GID":
		vr := strVar(e.uid, false)
		vr.ReadOnly = true
		return vr
	case pidVar:
		return pidValue(sandboxPID)
	case ppidVar:
		return pidValue(sandboxPPID)
	}
	return e.Environ.Get(name)
}

func (e identityEnviron) Each(f func(string, expand.Variable) bool) {
	stop := false
	e.Environ.Each(func(name string, vr expand.Variable) bool {
		if slices.Contains(identityNames, name) {
			return true
		}
		if !f(name, vr) {
			stop = true
			return false
		}
		return true
	})
	for _, n := range identityNames {
		if stop || !f(n, e.Get(n)) {
			return
		}
	}
}

// sandboxIdentity is the user a command asks about (id, whoami): root in
// the script's re-run as root (its EUID 0), the sandbox's user otherwise.
func sandboxIdentity(hc interp.HandlerContext) (uid, user string) {
	if hc.Env != nil && hc.Env.Get("EUID").String() == "0" {
		return "0", "root"
	}
	return sandboxUID, sandboxUser
}
