package dryrun

import (
	"testing"
)

// TestFlockRerun: a script re-running itself under flock (flock(1)'s
// idiom) is evaluated as that re-run: from the top, with flock's words
// after the script as its arguments and env's assignments exported, so
// the guard passes. env with options, flock -c, or flock running another
// command is skipped as before.
func TestFlockRerun(t *testing.T) {
	const tail = `exec vllm serve /m --a "$1" --b "$#" --c "${FLOCKER:+set}" --d "$(id -u)"
`
	for _, tc := range []struct {
		name, guard string
		want        []string // the argv after "vllm serve /m"; nil: not evaluated
	}{
		{"man flock", `[ "${FLOCKER:-}" != "$0" ] && exec env FLOCKER="$0" flock -en "$0" "$0" "$@" || :`,
			[]string{"--a", "serve", "--b", "1", "--c", "set", "--d", "1000"}},
		{"prefix assignment, another lock file", `[ "${FLOCKER:-}" = "$0" ] || FLOCKER="$0" exec flock --nonblock -w 5 /tmp/llm.lock "$0" x "$@"`,
			[]string{"--a", "x", "--b", "2", "--c", "set", "--d", "1000"}},
		{"bash runs it", `if [ -z "${FLOCKER:-}" ]; then exec env FLOCKER=1 flock -n "$0" bash "$0" "$@"; fi`,
			[]string{"--a", "serve", "--b", "1", "--c", "set", "--d", "1000"}},
		{"env -i", `[ "${FLOCKER:-}" != "$0" ] && exec env -i FLOCKER="$0" flock -en "$0" "$0" "$@" || :`, nil},
		{"flock -c", `[ "${FLOCKER:-}" != "$0" ] && exec env FLOCKER="$0" flock -en "$0" -c "$0 $*" || :`, nil},
		{"another command", `[ "${FLOCKER:-}" != "$0" ] && exec env FLOCKER="$0" flock -en "$0" ./other.sh "$@" || :`, nil},
		{"no re-run", `flock -n /tmp/llm.lock true`,
			[]string{"--a", "serve", "--b", "1", "--c", "", "--d", "1000"}},
	} {
		checkGuardArgv(t, tc.name, tc.guard, tail, tc.want)
	}
}
