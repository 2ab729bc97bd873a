package dryrun

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// getoptRun is the emulation's answer: output (without the newline),
// messages, status; ok false when it would skip the command.
func getoptRun(args []string) (out string, errs []string, status int, ok bool) {
	g, params, ok := parseGetoptArgs(args)
	if !ok {
		return "", nil, 0, false
	}
	if g.test {
		return "", nil, 4, true
	}
	out, errs = g.parse(params)
	if g.quietOut {
		out = ""
	}
	if len(errs) > 0 {
		status = 1
	}
	return out, errs, status, true
}

// TestGetopt: what util-linux getopt 2.38.1 printed for these words.
func TestGetopt(t *testing.T) {
	for _, tc := range []struct {
		args   string
		out    string
		status int
	}{
		{"-o m:v --long mode:,verbose,tp: -- --mode serve -v foo --tp=2 bar", ` --mode 'serve' -v --tp '2' -- 'foo' 'bar'`, 0},
		{"-o m:v --long mode:,verbose -- -mserve --mo x -- -v", ` -m 'serve' --mode 'x' -- '-v'`, 0},
		{"-o m: --long mode: -- --bogus -x --mode", ` --`, 1},
		{"m:v -m a -v b", ` -m a -v -- b`, 0},
		{"-o o:: -l opt:: -- -o --opt -ox --opt=y it's", ` -o '' --opt '' -o 'x' --opt 'y' -- 'it'\''s'`, 0},
		{"-o +m: -- a -m x", ` -- 'a' '-m' 'x'`, 0},
		{"-q -o m: -- -z -m 1", ` -m '1' --`, 1},
		{"-o m: -l mode:,model: -- --mo x", ` -- 'x'`, 1},
		{"-a -o m: -l mode: -- -mode x", ` --mode 'x' --`, 0},
		{"-o '' -l mode: -- --mode x", ` --mode 'x' --`, 0},
		{"--options m: --longoptions=mode: --name x -- --mode=y", ` --mode 'y' --`, 0},
		{"-o m: -- - x", ` -- '-' 'x'`, 0},
		{"-o hm: --long help,mode: -n serve.sh -- -h --mode=kl", ` -h --mode 'kl' --`, 0},
		{"-u -o m: -- -m a b", ` -m a -- b`, 0},
		{"-T", ``, 4},
		{"-o v --long verbose -- --verbose=1", ` --`, 1},
	} {
		args := strings.Fields(tc.args)
		for i, a := range args {
			if a == "''" {
				args[i] = ""
			}
		}
		out, _, status, ok := getoptRun(args)
		if !ok || out != tc.out || status != tc.status {
			t.Errorf("getopt %s = %q %d (read: %v), want %q %d", tc.args, out, status, ok, tc.out, tc.status)
		}
	}
	for _, args := range [][]string{
		{"-s", "csh", "-o", "m:", "--", "-m", "x"}, // csh quoting
		{"-o", "-m:", "--", "x"},                   // parameters in place
		{"-h"}, {"--version"}, {"-qu", "-o", "m:", "--"},
		{"-o", sentinel(0), "--", "-m", "x"},
	} {
		if _, _, _, ok := getoptRun(args); ok {
			t.Errorf("getopt %q read; want skipped", args)
		}
	}
}

// TestGetoptDifferential compares the emulation with the machine's
// util-linux getopt on random words, where it has one.
func TestGetoptDifferential(t *testing.T) {
	bin, err := exec.LookPath("getopt")
	if err != nil {
		t.Skip("no getopt here")
	}
	if v, err := exec.Command(bin, "-V").Output(); err != nil || !bytes.Contains(v, []byte("util-linux")) {
		t.Skip("not util-linux getopt")
	}
	r := rand.New(rand.NewPCG(7, 7))
	words := []string{"-m", "-v", "-mx", "-vm", "-o", "-ox", "--mode", "--mode=a", "--mo", "--model", "--verbose", "--verbose=1",
		"--opt", "--opt=z", "--bogus", "-z", "--", "-", "serve", "kl", "it's", "a b", ""}
	specs := [][]string{
		{"-o", "m:vo::", "-l", "mode:,model:,verbose,opt::", "--"},
		{"-o", "m:v", "--long", "mode:,verbose", "--"},
		{"-o", "+m:", "--"},
		{"-o", "m:", "-l", "mode:", "-a", "--"},
		{"-u", "-o", "m:v", "--"},
		{"m:v"},
	}
	for n := 0; n < 400; n++ {
		spec := specs[n%len(specs)]
		args := append([]string(nil), spec...)
		for k := r.IntN(6); k > 0; k-- {
			args = append(args, words[r.IntN(len(words))])
		}
		var stdout bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout = &stdout
		cmd.Env = []string{}
		status := 0
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatal(err)
			}
			status = ee.ExitCode()
		}
		out, _, gotStatus, ok := getoptRun(args)
		if !ok {
			t.Errorf("getopt %q not read", args)
			continue
		}
		if want := strings.TrimSuffix(stdout.String(), "\n"); out != want || gotStatus != status {
			t.Errorf("getopt %q = %q %d, util-linux %q %d", args, out, gotStatus, want, status)
		}
	}
}
