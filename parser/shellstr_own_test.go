package parser

import (
	"strings"
	"testing"
)

// TestShellCommandOwnShell: tmux new-session with one word for its shell
// command, and flock FILE -c STRING, run the string with a shell of their
// own; no shell word is written. The string's engine went unseen (tmux
// new -d -s x "vllm serve …"). More words after tmux's options are a
// command (launcherSkip), flock's -c takes exactly one string, and "$@"
// is no string.
func TestShellCommandOwnShell(t *testing.T) {
	for _, tc := range []struct {
		cmd      string
		found    bool
		launcher string // the words that launch the string's engine
	}{
		{`tmux new-session -d -s llm S`, true, `tmux new-session -d -s llm`},
		{`tmux -L sock new -d -- S`, true, `tmux -L sock new -d --`},
		{`tmux new-window -t llm S`, true, `tmux new-window -t llm`},
		{`exec nohup tmux new -d S`, true, `exec nohup tmux new -d`},
		{`flock -n /tmp/l -c S`, true, `flock -n /tmp/l`},
		{`flock -w 5 /tmp/l --command S`, true, `flock -w 5 /tmp/l`},
		{`tmux new -d vllm S`, false, ``}, // a command, not a string
		{`tmux attach -t S`, false, ``},
		{`tmux send-keys -t llm S`, false, ``},
		{`tmux -c S`, false, ``},
		{`flock /tmp/l -c S extra`, false, ``},
		{`flock -c S /tmp/l`, false, ``},
		{`flock /tmp/l S`, false, ``},
		{`echo tmux new -d S`, false, ``},
		{"tmux new -d \x00@", false, ``},
	} {
		argv := strings.Fields(tc.cmd)
		r, ok := ShellCommand(argv, func(k int) bool { return LaunchesAt(argv, k, nil) })
		if ok != tc.found {
			t.Errorf("%s: found %v, want %v", tc.cmd, ok, tc.found)
			continue
		}
		if !ok {
			continue
		}
		if argv[r.Str] != "S" || !r.Own || strings.Join(r.Launcher(argv), " ") != tc.launcher {
			t.Errorf("%s: string %q own %v, launcher %q; want S, own, %q", tc.cmd, argv[r.Str], r.Own, strings.Join(r.Launcher(argv), " "), tc.launcher)
		}
	}
}
