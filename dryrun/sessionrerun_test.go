package dryrun

import (
	"testing"
)

// TestSessionRerun: a script re-running itself in a tmux or screen
// session is evaluated as that re-run: from the top, with the words after
// the script as its arguments and the session's variable (TMUX, STY) set,
// so the guard on it passes. A session running another command, or the
// script in a shell string, is skipped as before.
func TestSessionRerun(t *testing.T) {
	const tail = `exec vllm serve /m --a "$1" --b "$#" --c "${TMUX:+tmux}${STY:+screen}"
`
	for _, tc := range []struct {
		name, guard string
		want        []string // the argv after "vllm serve /m"; nil: not evaluated
	}{
		{"tmux attach or create", `[[ -n ${TMUX:-} ]] || exec tmux new-session -A -s vllm "$0" "$@"`,
			[]string{"--a", "serve", "--b", "1", "--c", "tmux"}},
		{"tmux detached, then exit", `if [ -z "${TMUX:-}" ]; then tmux new -d -s vllm "$0" again "$@"; exit 0; fi`,
			[]string{"--a", "again", "--b", "2", "--c", "tmux"}},
		{"screen", `[ -n "${STY:-}" ] || exec screen -dmS vllm "$0" "$@"`,
			[]string{"--a", "serve", "--b", "1", "--c", "screen"}},
		{"another command", `[[ -n ${TMUX:-} ]] || exec tmux new-session -d -s vllm ./other.sh "$@"`, nil},
		{"no session", `echo hi`,
			[]string{"--a", "serve", "--b", "1", "--c", ""}},
	} {
		checkGuardArgv(t, tc.name, tc.guard, tail, tc.want)
	}
}
