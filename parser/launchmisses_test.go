package parser

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// sshpass by its getopt options, then ssh as ssh is read; nerdctl compose
// exec and run by nerdctl's tables; ssh's leading assignments as the
// host's prefix.
func TestDetectEngineLaunchMisses(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		start int // the engine program's index; -1 for none
		env   []int
	}{
		{"sshpass -p pw ssh gpu1 vllm serve /m", 5, nil},
		{"sshpass -ppw -v ssh gpu1 vllm serve /m", 5, nil},
		{"sshpass -e ssh -p 22 gpu1 vllm serve /m", 6, nil},
		{"sshpass -eVAR ssh gpu1 vllm serve /m", 4, nil},
		{"sshpass -f /pw -P assword ssh gpu1 vllm serve /m", 7, nil},
		{"sshpass -h ssh gpu1 vllm serve /m", -1, nil},
		{"sshpass -V ssh gpu1 vllm serve /m", -1, nil},
		{"sshpass -x ssh gpu1 vllm serve /m", -1, nil},
		{"sshpass -p pw vllm serve /m", 3, nil},
		{"nerdctl compose exec llm vllm serve /m", 4, nil},
		{"nerdctl -n k8s.io compose -p x exec -dT -e A=1 llm vllm serve /m", 11, []int{9}},
		{"nerdctl compose --ansi never exec llm vllm serve /m", -1, nil},
		{"nerdctl compose run --rm llm vllm serve /m", 5, nil},
		{"nerdctl compose run -p proj -e A=1 --publish 80:80 llm vllm serve /m", 10, []int{6}},
		{"nerdctl compose run --rm -T llm vllm serve /m", -1, nil},
		{"nerdctl compose run -it llm vllm serve /m", -1, nil},
		{"nerdctl compose run --entrypoint a --entrypoint b llm vllm serve /m", -1, nil},
		{"ssh gpu1 VLLM_X=1 vllm serve /m", 3, []int{2}},
		{"ssh gpu1 A=1 B=2 nohup vllm serve /m", 5, []int{2, 3}},
		{"ssh gpu1 A=1 B=2", -1, nil},
		{"ssh gpu1 1A=1 vllm serve /m", -1, nil},
	} {
		argv := strings.Fields(tc.cmd)
		ec, ok := DetectEngine(argv)
		start := -1
		var env []int
		if ok {
			start = ec.Start
			if ec.Docker != nil {
				env = ec.Docker.Env
			}
		}
		if start != tc.start || !slices.Equal(env, tc.env) {
			t.Errorf("%q: engine at %d, env %v; want %d, %v", tc.cmd, start, env, tc.start, tc.env)
		}
	}
}

// A shell's options before -c as bash reads them: long ones first, then
// one-letter ones led by - or +; -n (-o noexec) runs nothing.
func TestDashCStringForms(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		lang syntax.LangVariant
		str  int // the string's index; -1 for none
	}{
		{"bash +o posix -c S", syntax.LangBash, 4},
		{"bash --rcfile F -ic S", syntax.LangBash, 4},
		{"bash -rcfile F -c S", syntax.LangBash, 4},
		{"bash --init-file F --posix -e +O extglob -c S", syntax.LangBash, 8},
		{"bash -e --login -c S", syntax.LangBash, -1},
		{"bash --help -c S", syntax.LangBash, -1},
		{"bash --rcfile -c S", syntax.LangBash, -1},
		{"sh --rcfile F -c S", syntax.LangPOSIX, -1},
		{"sh --login -c S", syntax.LangPOSIX, 3},
		{"sh +eu -c S", syntax.LangPOSIX, 3},
		{"bash -c - S", syntax.LangBash, 3},
		{"bash -nc S", syntax.LangBash, -1},
		{"bash -n +n -c S", syntax.LangBash, 4},
		{"bash -euo noexec -c S", syntax.LangBash, -1},
		{"bash -o noexec +o noexec -c S", syntax.LangBash, 6},
	} {
		argv := strings.Fields(tc.cmd)
		got, ok := dashCString(argv, 1, tc.lang)
		if !ok {
			got = -1
		}
		if got != tc.str {
			t.Errorf("%q: string at %d; want %d", tc.cmd, got, tc.str)
		}
	}
}
