package parser

import (
	"strings"
	"testing"
)

// TestTypedLine: tmux send-keys -t TARGET STRING followed by a key that
// ends the line, and screen -S NAME -X stuff STRING, type one command
// line into a session; other keys, options that send them otherwise,
// several strings, no target are no typed line.
func TestTypedLine(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		session string // "": no typed line
		kind    byte
	}{
		{`tmux send-keys -t llm S C-m`, "llm", TypedTmux},
		{`tmux send -t =llm:0.1 S Enter`, "llm", TypedTmux},
		{`tmux -L sock send-keys -t llm.0 S KPEnter`, "llm", TypedTmux},
		{`screen -S llm -X stuff S`, "llm", TypedScreen},
		{`screen -S llm -p 0 -X stuff S`, "llm", TypedScreen},
		{`screen -Sllm -X stuff S`, "llm", TypedScreen},
		{`tmux send-keys -t llm C-c`, "", 0},
		{`tmux send-keys -t llm S`, "", 0},
		{`tmux send-keys -t llm S q`, "", 0},
		{`tmux send-keys -l -t llm S C-m`, "", 0},
		{`tmux send-keys -N 2 -t llm S C-m`, "", 0},
		{`tmux send-keys S C-m`, "", 0},
		{`tmux send-keys -t llm S T C-m`, "", 0},
		{`tmux new -d -s llm S`, "", 0},
		{`screen -X stuff S`, "", 0},
		{`screen -S llm -X stuff S extra`, "", 0},
		{`screen -S llm -X quit`, "", 0},
		{`screen -r llm -X stuff S`, "", 0},
		{``, "", 0},
	} {
		argv := strings.Fields(tc.cmd)
		name, str, kind, ok := TypedLine(argv)
		if ok != (tc.session != "") {
			t.Errorf("%s: ok %v", tc.cmd, ok)
			continue
		}
		if ok && (name != tc.session || argv[str] != "S" || kind != tc.kind) {
			t.Errorf("%s: %q %q %c, want %q S %c", tc.cmd, name, argv[str], kind, tc.session, tc.kind)
		}
	}
}

// TestSessionShell: a detached session started with no command runs a
// shell to type into; with a command, attached, or unnamed, it is none.
func TestSessionShell(t *testing.T) {
	for cmd, want := range map[string]string{
		`tmux new-session -d -s llm`:       "llm",
		`tmux -L sock new -s llm -d -x 80`: "llm",
		`screen -dmS llm`:                  "llm",
		`screen -d -m -S llm`:              "llm",
		`screen -S llm -dm`:                "llm",
		`tmux new-session -d -s llm bash`:  "",
		`tmux new-session -s llm`:          "",
		`tmux new-session -d`:              "",
		`screen -dmS llm ./serve.sh`:       "",
		`screen -S llm`:                    "",
		`screen -dm`:                       "",
		`tmux kill-session -t llm`:         "",
	} {
		got, ok := SessionShell(strings.Fields(cmd))
		if ok != (want != "") || got != want {
			t.Errorf("%s: %q %v, want %q", cmd, got, ok, want)
		}
	}
}

// TestStuffLine: the line a screen stuff string types is the string
// without its end of line; none without one, or with an escape screen
// reads in it.
func TestStuffLine(t *testing.T) {
	for in, want := range map[string]string{
		`vllm serve /m\n`: "vllm serve /m",
		`vllm serve /m^M`: "vllm serve /m",
		"vllm serve /m\n": "vllm serve /m",
		"vllm serve /m\r": "vllm serve /m",
		`vllm serve /m`:   "",
		`vllm \\serve\n`:  "",
		`a^Cb\n`:          "",
		"a\nb\n":          "",
	} {
		got, ok := StuffLine(in)
		if ok != (want != "") || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
}

// TestTypedTextEnter: a send-keys typing one string with no key ending
// it is typed text (its line runs only when a bare Enter to the same
// target follows); a send-keys of one line-ending key alone is an Enter.
func TestTypedTextEnter(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		text   string // TypedText's target; "": none
		enter  string // TypedEnter's target; "": none
		sendsK bool
	}{
		{`tmux send-keys -t llm S`, "llm", "", true},
		{`tmux send -t =llm:0.1 S`, "=llm:0.1", "", true},
		{`tmux send-keys -t llm Enter`, "", "llm", true},
		{`tmux send-keys -t llm:0 C-m`, "", "llm:0", true},
		{`tmux send-keys -t llm S C-m`, "", "", true},
		{`tmux send-keys -t llm C-m C-m`, "", "", true},
		{`tmux send-keys -l -t llm S`, "llm", "", true},    // literal text: the line an Enter of its own runs
		{`tmux send-keys -l -t llm S Enter`, "", "", true}, // -l types "Enter" as text: no line ends
		{`tmux send-keys -l -t llm Enter`, "", "", true},   // the text "Enter", no key
		{`tmux send-keys S`, "", "", true},
		{`tmux send-keys -t llm`, "", "", true},
		{`tmux new -d -s llm S`, "", "", false},
		{`screen -S llm -X stuff S`, "", "", false},
		{``, "", "", false},
	} {
		argv := strings.Fields(tc.cmd)
		target, _, str, ok := TypedText(argv)
		if ok != (tc.text != "") || ok && (target != tc.text || argv[str] != "S") {
			t.Errorf("%s: TypedText %q %v, want %q", tc.cmd, target, ok, tc.text)
		}
		if target, ok := TypedEnter(argv); ok != (tc.enter != "") || target != tc.enter {
			t.Errorf("%s: TypedEnter %q %v, want %q", tc.cmd, target, ok, tc.enter)
		}
		if got := SendsKeys(argv); got != tc.sendsK {
			t.Errorf("%s: SendsKeys %v", tc.cmd, got)
		}
	}
}
