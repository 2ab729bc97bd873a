package dryrun

import (
	"slices"
	"testing"
)

// TestTypedLine: a command line typed into the shell of a detached
// session the script started (tmux send-keys … C-m, screen -X stuff
// "…\n") is evaluated as a bash -c string; one typed into a session the
// script did not start, or not ended, or sent before the session
// exists, is skipped as before.
func TestTypedLine(t *testing.T) {
	want := []string{"vllm", "serve", "/m", "--max-num-seqs", "8"}
	for _, tc := range []struct {
		name, src string
		ok        bool
	}{
		{"tmux", "tmux new-session -d -s llm\ntmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\" C-m\n", true},
		{"screen", "screen -dmS llm\nscreen -S llm -X stuff \"vllm serve /m --max-num-seqs $N\\n\"\n", true},
		{"not started", "tmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\" C-m\n", false},
		{"started after", "tmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\" C-m\ntmux new-session -d -s llm\n", false},
		{"another session", "tmux new-session -d -s web\ntmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\" C-m\n", false},
		{"no Enter", "tmux new-session -d -s llm\ntmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\"\n", false},
		{"session runs a command", "tmux new-session -d -s llm top\ntmux send-keys -t llm \"vllm serve /m --max-num-seqs $N\" C-m\n", false},
		{"the session's expansion", "tmux new-session -d -s llm\nexport N\ntmux send-keys -t llm 'vllm serve /m --max-num-seqs $N' C-m\n", false},
		{"unended stuff", "screen -dmS llm\nscreen -S llm -X stuff \"vllm serve /m --max-num-seqs $N\"\n", false},
	} {
		res := evalSrc(t, "#!/bin/bash\nN=8\n"+tc.src, "serve", nil, Options{})
		if !tc.ok {
			if res.Err == nil {
				t.Errorf("%s: evaluated: %q", tc.name, res.Argv)
			}
			continue
		}
		if res.Err != nil || !slices.Equal(res.Argv, want) {
			t.Errorf("%s: argv %q (%v), want %q", tc.name, res.Argv, res.Err, want)
		}
	}
}
