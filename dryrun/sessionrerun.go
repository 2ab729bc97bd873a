package dryrun

import (
	"context"
	"path"

	"github.com/servelint/servelint/parser"
	"mvdan.cc/sh/v3/interp"
)

// sessionKey marks the context of the script's re-run in a terminal
// multiplexer's session (sessionRerun).
type sessionKey struct{}

// sessionRerun evaluates the script's re-run of itself in a tmux or screen
// session, the idiom of a launcher meant to outlive the ssh login that
// starts it: `[[ -n ${TMUX:-} ]] || exec tmux new-session -A -s vllm "$0"
// "$@"` (screen -dmS vllm "$0" "$@" with $STY). Met in the sandbox, the
// script running itself was refused ("already running") and every mode
// ended "with status 0", no engine reached. On the host the session runs
// the script again, with TMUX (or STY) set in its environment, and the
// guard then lets it run on: so it is interpreted here, as flockRerun does
// flock's re-run, from the top, with the words after the script as its
// arguments, the caller's exported variables and the session's variable,
// under the same user. Once only, for the evaluated script itself (not a
// child script nor a shell string), and only for the forms the model
// reads a child behind (parser.ChildLauncherSkip: tmux new-session,
// screen -dm): any other command is skipped as before. ok is false when
// the command is no such re-run.
func (ev *evaluator) sessionRerun(ctx context.Context, hc interp.HandlerContext, args []string) (err error, ok bool) {
	if ev.main == nil || ctx.Value(sessionKey{}) != nil || ctx.Value(childKey{}) != nil {
		return nil, false
	}
	if _, inShell := ctx.Value(shellKey{}).(shellOuter); inShell {
		return nil, false
	}
	base := path.Base(args[0])
	if base != "tmux" && base != "screen" || hasSentinel(args[0]) {
		return nil, false
	}
	n := parser.ChildLauncherSkip(forDetect(args), 0)
	if n == 0 || n >= len(args) {
		return nil, false
	}
	at, found := ev.runsSelf(hc, args[n:])
	if !found {
		return nil, false
	}
	env := exportedOf(hc.Env) // a map of its own
	if base == "tmux" {
		env["TMUX"], env["TMUX_PANE"] = "/tmp/tmux-"+sandboxUID+"/default,1,0", "%0"
	} else {
		env["STY"] = "1.servelint"
	}
	uid, _ := sandboxIdentity(hc)
	rctx := context.WithValue(ctx, sessionKey{}, true)
	return ev.rerunSelf(rctx, hc, args[n+at:], env, uid, "in a "+base+" session"), true
}
