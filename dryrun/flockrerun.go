package dryrun

import (
	"context"
	"path"
	"strings"

	"github.com/servelint/servelint/parser"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// flockKey marks the context of the script's re-run under flock
// (flockRerun).
type flockKey struct{}

// flockRerun evaluates the script's re-run of itself under a lock, the
// idiom of flock(1)'s manual: `[ "${FLOCKER}" != "$0" ] && exec env
// FLOCKER="$0" flock -en "$0" "$0" "$@" || :`. Met in the sandbox, the
// exec was skipped and ended every mode "with status 0", no engine
// reached. On the host flock takes the lock and runs the script again,
// with FLOCKER set, and the guard then lets it run on: so it is
// interpreted here, as rootRerun does sudo's re-run, from the top, with
// the words after the script as its arguments, the caller's exported
// variables and env's NAME=VALUE assignments, under the same user. Once
// only, for the evaluated script itself (not a child script nor a shell
// string), and only for `[env NAME=VALUE…] flock [options] FILE SCRIPT
// [ARGS]`: env with options (-i, -u …), flock -c STRING or an option
// flock does not know, or a command other than the script, is skipped as
// before. ok is false when the command is no such re-run.
func (ev *evaluator) flockRerun(ctx context.Context, hc interp.HandlerContext, args []string) (err error, ok bool) {
	if ev.main == nil || ctx.Value(flockKey{}) != nil || ctx.Value(childKey{}) != nil {
		return nil, false
	}
	if _, inShell := ctx.Value(shellKey{}).(shellOuter); inShell {
		return nil, false
	}
	j := 0
	if path.Base(args[0]) == "env" {
		for j = 1; j < len(args); j++ {
			name, _, eq := strings.Cut(args[j], "=")
			if !eq {
				break
			}
			if !syntax.ValidName(name) || hasSentinel(args[j]) {
				return nil, false
			}
		}
	}
	if j >= len(args) || path.Base(args[j]) != "flock" || hasSentinel(args[j]) {
		return nil, false
	}
	words := forDetect(args)
	n := parser.ChildLauncherSkip(words, j)
	if n == 0 || j+n >= len(args) {
		return nil, false
	}
	at, found := ev.runsSelf(hc, args[j+n:])
	if !found {
		return nil, false
	}
	// Only now, for flock's re-run of the script itself: the snapshot of
	// every variable was taken for each command the sandbox met (pprof:
	// 87 MB, a quarter of a lint's bytes on 1,600 repos), then for each
	// flock. A map of its own, with env's NAME=VALUE words.
	env := exportedOf(hc.Env)
	for i := 1; i < j; i++ {
		name, v, _ := strings.Cut(args[i], "=")
		env[name] = v
	}
	uid, _ := sandboxIdentity(hc)
	rctx := context.WithValue(ctx, flockKey{}, true)
	return ev.rerunSelf(rctx, hc, args[j+n+at:], env, uid, "under flock"), true
}
