package dryrun

import (
	"slices"
	"testing"
)

// TestRootRerun: a script re-running itself through sudo when not root is
// evaluated as that re-run: from the top, with sudo's words as its
// arguments, as root (EUID, id, whoami, USER; HOME root's without -E); a
// sudo to another user, or with options that change more, is skipped as
// before. A child script's EUID is the sandbox's (or root's in the
// re-run), never the host's.
func TestRootRerun(t *testing.T) {
	const tail = `exec vllm serve /m --a "$1" --b "$#" --c "$EUID/$UID/$(id -u)/$(id -un)/$(whoami)/$USER" --d "$HOME" --e "${SUDO_USER:-}"
`
	for _, tc := range []struct {
		name, guard string
		want        []string // the argv after "vllm serve /m"; nil: not evaluated
	}{
		{"exec -E", `[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"`,
			[]string{"--a", "serve", "--b", "1", "--c", "0/0/0/root/root/root", "--d", sandboxHome, "--e", "servelint"}},
		{"words and reset env", `if (( EUID != 0 )); then exec sudo -n -u root -- "$0" x "$@"; fi`,
			[]string{"--a", "x", "--b", "2", "--c", "0/0/0/root/root/root", "--d", sandboxRootHome, "--e", "servelint"}},
		{"bash, then exit", `[ "$(id -u)" = 0 ] || { sudo bash "$0" "$@"; exit; }`,
			[]string{"--a", "serve", "--b", "1", "--c", "0/0/0/root/root/root", "--d", sandboxRootHome, "--e", "servelint"}},
		{"another user", `[ "$(whoami)" = svc ] || exec sudo -u svc "$0" "$@"`, nil},
		{"login shell", `[[ $EUID -eq 0 ]] || exec sudo -i "$0" "$@"`, nil},
		{"not root, no re-run", `true`,
			[]string{"--a", "serve", "--b", "1", "--c", "1000/1000/1000/servelint/servelint/servelint", "--d", sandboxHome, "--e", ""}},
	} {
		checkGuardArgv(t, tc.name, tc.guard, tail, tc.want)
	}

	// A child script the re-run starts: root too; one the sandbox's user
	// starts: the sandbox's uid, not that of the process running the test.
	files := map[string]string{"launch.sh": "#!/bin/bash\nexec vllm serve /m --c \"$EUID/$(id -u)\"\n"}
	for guard, want := range map[string]string{
		`[[ $EUID -eq 0 ]] || exec sudo "$0" "$@"`: "0/0",
		`:`: "1000/1000",
	} {
		res := evalSrc(t, "#!/bin/bash\n"+guard+"\n\"$(dirname \"$0\")/launch.sh\"\n", "serve", files, Options{})
		if res.Err != nil || !slices.Equal(res.Argv[3:], []string{"--c", want}) {
			t.Errorf("child after %s: argv %q (%v), want --c %s", guard, res.Argv, res.Err, want)
		}
	}
}
