package dryrun

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/parser"
)

// TestEngineJobsInOrder: a mode starting two engines in the background
// records the first one it starts, in every run (it recorded either, as
// the scheduler had it: servelint argv differed from run to run, and
// argvdrift reported a drift in about one lint of twelve). A job that
// cannot reach an engine still runs beside the script, and $! still names
// the engine's job.
func TestEngineJobsInOrder(t *testing.T) {
	src := `#!/bin/bash
run() { vllm serve /m --port "$1" --max-num-seqs "$2" & }
poll() { while true; do curl -sf localhost:8001/health; sleep 5; done; }
case "$1" in
  pair)
    poll &
    run 8001 256
    first=$!
    run 8002 64
    wait "$first" ;;
  direct)
    vllm serve /m --port 8003 &
    vllm serve /m --port 8004 &
    wait ;;
esac
`
	root := testfs.NewTree(t, map[string]string{"serve.sh": src})
	path := filepath.Join(root, "serve.sh")
	s := parser.ParseScript(path, []byte(src))
	s.Analyze(parser.RoleMatcher{})
	prep := PrepareScript(s)
	if len(prep.jobs) != 3 {
		t.Fatalf("engine jobs %v, want the three statements that start an engine", prep.jobs)
	}
	for _, tc := range []struct {
		mode string
		want []string
	}{
		{"pair", []string{"vllm", "serve", "/m", "--port", "8001", "--max-num-seqs", "256"}},
		{"direct", []string{"vllm", "serve", "/m", "--port", "8003"}},
	} {
		for range 40 {
			r := Eval(context.Background(), path, []byte(src), s.File, tc.mode, Options{Root: root, Prepared: prep})
			if r.Err != nil || !slices.Equal(r.Argv, tc.want) {
				t.Fatalf("%s: argv %q (err %v), want %q", tc.mode, r.Argv, r.Err, tc.want)
			}
		}
	}
}

// TestEnvIfRead: lint asks for the engine's environment only where the
// engine reads a shape flag from it (TGI), not for vLLM, which reads none.
func TestEnvIfRead(t *testing.T) {
	for _, tc := range []struct {
		src     string
		withEnv bool
	}{
		{"export SEQS=8\nvllm serve /m --max-num-seqs \"$SEQS\"\n", false},
		{"export MAX_BATCH_PREFILL_TOKENS=4096\ntext-generation-launcher --model-id /m\n", true},
	} {
		r := evalSrc(t, "#!/bin/bash\n"+tc.src, "serve", nil, Options{EnvIfRead: true})
		if r.Err != nil || len(r.Argv) == 0 || (r.Env != nil) != tc.withEnv {
			t.Errorf("%q: env %v (err %v), want computed: %v", tc.src, r.Env, r.Err, tc.withEnv)
		}
	}
}

// TestEngineJobInSubst: a launcher whose engine runs in the background
// and that prints its $!, called in a command substitution to keep the
// pid (pid=$(launch_worker 31000 …)), is a job of that substitution's
// subshell, which nothing joins when the substitution ends: the engine
// was reached or not as the scheduler had it ("finished without reaching
// an engine invocation" in most runs). The launcher's own background
// statement is now an engine job, waited for where it starts.
func TestEngineJobInSubst(t *testing.T) {
	src := `#!/bin/bash
launch_worker() {
  local port=$1; shift
  nohup python3 -m sglang.launch_server --model-path /m --port "$port" "$@" >/dev/null 2>&1 &
  echo $!
}
case "${1:-serve}" in
  serve|eval) ;;
  *) exit 2 ;;
esac
pid=$(launch_worker 31000 --max-running-requests 64)
echo "$pid" >/dev/null
`
	root := testfs.NewTree(t, map[string]string{"up.sh": src})
	path := filepath.Join(root, "up.sh")
	s := parser.ParseScript(path, []byte(src))
	s.Analyze(parser.RoleMatcher{})
	prep := PrepareScript(s)
	if len(prep.jobs) != 1 {
		t.Fatalf("engine jobs %v, want the launcher's background statement", prep.jobs)
	}
	want := []string{"python3", "-m", "sglang.launch_server", "--model-path", "/m", "--port", "31000", "--max-running-requests", "64"}
	for range 20 {
		r := Eval(context.Background(), path, []byte(src), s.File, "serve", Options{Root: root, Prepared: prep})
		if r.Err != nil || !slices.Equal(r.Argv, want) {
			t.Fatalf("argv %q (err %v), want %q", r.Argv, r.Err, want)
		}
	}
}
