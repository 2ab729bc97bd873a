package dryrun

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// A guard on a host path the sandbox cannot see passes, as it does on the
// machine the script boots on, one guard after another; each assumption
// is a note.
func TestHostGuardAssumed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		argv      string
		notes     []string
		opts      Options
	}{{
		name: "[[ -d ]] || exit",
		src: `#!/bin/bash
set -euo pipefail
M=${MODEL_PATH:-/models/llama-70b}
[[ -d "$M" ]] || { echo "no model at $M" >&2; exit 1; }
exec vllm serve "$M" --max-num-seqs 8
`,
		argv:  "vllm serve /models/llama-70b --max-num-seqs 8",
		notes: []string{"/models/llama-70b is a directory"},
	}, {
		name: "two guards, [ and test, relative and absolute",
		src: `#!/bin/sh
set -e
die() { echo "$*" >&2; exit 1; }
cd /srv/app
[ -f config.yaml ] || die "no config"
test ! -x /opt/venv/bin/python && die "no venv"
exec vllm serve /m --config /srv/app/config.yaml
`,
		argv:  "vllm serve /m --config /srv/app/config.yaml",
		notes: []string{"/srv/app/config.yaml is a file", "/opt/venv/bin/python is executable"},
	}, {
		name: "a test the boot needs false stays false",
		src: `#!/bin/bash
if [[ -e /run/vllm.pid ]]; then echo "already running" >&2; exit 1; fi
[[ -s /models/m/config.json ]] || exit 3
exec vllm serve /models/m
`,
		argv:  "vllm serve /models/m",
		notes: []string{"/models/m/config.json is a non-empty file"},
	}, {
		// A socket, a device node: the docker daemon, the GPU's control
		// device, a wait for a daemon's socket.
		name: "-S, -c, -b and -p",
		src: `#!/bin/bash
set -euo pipefail
[ -S /var/run/docker.sock ] || { echo "docker daemon not running" >&2; exit 1; }
[[ -c /dev/nvidiactl ]] || exit 1
if [ ! -b /dev/nvme0n1 ]; then exit 1; fi
test -p /run/ready.fifo || exit 1
exec vllm serve /m
`,
		argv: "vllm serve /m",
		notes: []string{"/var/run/docker.sock is a socket", "/dev/nvidiactl is a character device",
			"/dev/nvme0n1 is a block device", "/run/ready.fifo is a named pipe"},
	}, {
		name: "a branch on an assumed path is the existing one",
		src: `#!/bin/bash
[[ -d /models/m ]] || exit 1
if [[ -d /models/m ]]; then extra=(--load-format safetensors); else extra=(); fi
exec vllm serve /models/m "${extra[@]}"
`,
		argv:  "vllm serve /models/m --load-format safetensors",
		notes: []string{"/models/m is a directory"},
	}, {
		// The caller's path is a host path whatever its value: not one of
		// the tree (its placeholder is relative), and assumed as well.
		name: "a guard on the caller's path",
		src: `#!/bin/bash
set -euo pipefail
: "${MODEL_DIR:?set MODEL_DIR}"
[[ -d "$MODEL_DIR" ]] || { echo "no model at $MODEL_DIR" >&2; exit 1; }
exec vllm serve --max-num-seqs 8
`,
		opts:  Options{Caller: []string{"MODEL_DIR"}},
		argv:  "vllm serve --max-num-seqs 8",
		notes: []string{"host path <unresolved: $MODEL_DIR, the caller's> is a directory"},
	}, {
		// A wait for a file another process makes (an init container's
		// download, the head node's ready file) never ends in the
		// sandbox: it is stopped at maxHostMisses, not at the command
		// budget, and asked again with the file there.
		name: "until [[ -f $READY ]] and while [ ! -d ]",
		src: `#!/bin/bash
set -euo pipefail
READY=/models/.download-complete
until [[ -f $READY ]]; do echo "waiting for $READY"; sleep 5; done
while [ ! -d /data/weights ]; do sleep 2; done
exec vllm serve /data/weights --max-num-seqs 8
`,
		argv:  "vllm serve /data/weights --max-num-seqs 8",
		notes: []string{"/models/.download-complete is a file", "/data/weights is a directory"},
	}, {
		// A note says an unresolved part as the argv does, never with the
		// sandbox's raw placeholder bytes.
		name: "a path with a skipped command's output",
		src: `#!/bin/bash
CKPT="/ckpt/$(nvidia-smi -L | wc -l)/latest"
[[ -d "$CKPT" ]] || exit 1
exec vllm serve --max-num-seqs 8
`,
		argv:  "vllm serve --max-num-seqs 8",
		notes: []string{"host path /ckpt/<unresolved: wc -l>/latest is a directory"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, tc.opts)
			if r.Err != nil {
				t.Fatalf("Err = %v", r.Err)
			}
			if got := strings.Join(r.Argv, " "); got != tc.argv {
				t.Errorf("argv = %q, want %q", got, tc.argv)
			}
			var notes []string
			for _, n := range r.Notes {
				if strings.HasPrefix(n, "assumed the host path ") {
					notes = append(notes, n)
				}
			}
			if len(notes) != len(tc.notes) {
				t.Fatalf("notes = %q, want %d of them", notes, len(tc.notes))
			}
			for i, want := range tc.notes {
				if hasSentinel(notes[i]) {
					t.Errorf("note %d = %q holds the raw placeholder", i, notes[i])
				}
				if !strings.Contains(notes[i], want) {
					t.Errorf("note %d = %q, want it to say %q", i, notes[i], want)
				}
			}
		})
	}
}

// A script that stops for another reason keeps its first answer: nothing
// is assumed, and the message is the script's own.
func TestHostGuardNotTheReason(t *testing.T) {
	for _, src := range []string{
		// The stop follows the host test but is not decided by it.
		"#!/bin/bash\nif [[ -d /opt/x ]]; then X=1; fi\necho 'need GPUS' >&2\nexit 4\nvllm serve /m\n",
		// More guards than maxAssumed.
		"#!/bin/bash\nfor d in /a /b /c /d /e /f; do [[ -d $d ]] || { echo \"no $d\" >&2; exit 5; }; done\nvllm serve /m\n",
		// A host test answered true does not stop the run: the stop is not it.
		"#!/bin/bash\n[[ -z $(echo x) ]] && [[ -d /opt ]] || exit 6\nvllm serve /m\n",
	} {
		r := evalSrc(t, src, "serve", nil, Options{})
		var ee *ExitError
		if !errors.As(r.Err, &ee) || r.Argv != nil {
			t.Errorf("%q: Err = %v, argv %q: want the script's own exit", src, r.Err, r.Argv)
			continue
		}
		for _, n := range r.Notes {
			if strings.Contains(n, "assumed the host path") {
				t.Errorf("%q: note %q on a run that kept its first answer", src, n)
			}
		}
	}
}

// A wait the assumption does not end the mode after either keeps the first
// run's answer, which says what it waits for (it spun out the command
// budget, which named no path) and was stopped long before the budget.
func TestHostWaitSaid(t *testing.T) {
	src := "#!/bin/bash\nuntil [[ -f /x/ready ]]; do sleep 5; done\nwhile true; do sleep 1; done\nexec vllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if !errors.Is(r.Err, ErrBudget) || r.Argv != nil {
		t.Fatalf("Err = %v, argv %q: want a budget stop", r.Err, r.Argv)
	}
	if want := "it waits in a loop for the host path /x/ready"; !strings.Contains(r.Err.Error(), want) {
		t.Errorf("Err = %v, want it to say %q", r.Err, want)
	}
}

// The runs of the marked copy share the mode's bound with the first: Eval
// returns within Options.Timeout plus the grace, however many guards there
// are (each run spinning most of the bound took six bounds).
func TestHostGuardRunsShareTheBound(t *testing.T) {
	spin := func(n int, rest string) string {
		return fmt.Sprintf("#!/bin/bash\ni=0; while (( i < %d )); do i=$((i+1)); done\n%s", n, rest)
	}
	// Calibrate: how long one run of the spin takes here.
	const n0 = 20000
	start := time.Now()
	evalSrc(t, spin(n0, "exit 1\n"), "serve", nil, Options{Timeout: time.Minute})
	per := time.Since(start)
	n := int(float64(n0) * float64(600*time.Millisecond) / float64(per))
	guards := "[[ -d /a ]] || exit 1\n[[ -d /b ]] || exit 1\n[[ -d /c ]] || exit 1\n[[ -d /d ]] || exit 1\nexec vllm serve /m\n"
	start = time.Now()
	r := evalSrc(t, spin(n, guards), "serve", nil, Options{Timeout: time.Second})
	if took := time.Since(start); took > time.Second+grace+500*time.Millisecond {
		t.Errorf("Eval took %v with a 1s bound (Err = %v)", took, r.Err)
	}
}

// A path in the tree is answered from the tree, marked or not: a guard on
// a missing file of the tree still stops the run.
func TestHostGuardInTree(t *testing.T) {
	src := "#!/bin/bash\ncd \"$(dirname \"$0\")\"\n[[ -f serve.env ]] || { echo 'no serve.env' >&2; exit 1; }\nvllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Argv != nil || !strings.Contains(r.Err.Error(), "no serve.env") {
		t.Errorf("Err = %v, argv %q: want the guard on the tree's file to stop the run", r.Err, r.Argv)
	}
	r = evalSrc(t, src, "serve", map[string]string{"serve.env": "X=1\n"}, Options{})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Errorf("Err = %v: want the guard to pass on the tree's file", r.Err)
	}
}

// markHostTests marks the operand of each file test and of nothing else.
func TestMarkHostTests(t *testing.T) {
	src := `[[ -d $a && ! -f "$b" ]]
[ -s /x ]
[ ! -r y ]
test -w z
test -e
[ "$a" = -d ]
[[ $a == -d ]]
[[ -L /l ]]
echo -d /x
`
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		t.Fatal(err)
	}
	if n := markHostTests(f); n != 5 {
		t.Errorf("marked %d operands, want 5 ($a, \"$b\", /x, y, z, and none of the rest)", n)
	}
	for _, tc := range []struct {
		name, path string
		op         byte
		ok         bool
	}{
		{"/root/" + hostMark + "d" + hostMarkEnd + "/models/m", "/models/m", 'd', true},
		{"/root/" + hostMark + "f" + hostMarkEnd + "conf/a.yaml", "/root/conf/a.yaml", 'f', true},
		{"/root/" + hostMark + "f" + hostMarkEnd + "../b", "/b", 'f', true},
		{"/root/" + hostMark + "e" + hostMarkEnd, "", 'e', true},
		{"/root/plain", "/root/plain", 0, false},
	} {
		path, op, ok := unmarkHost(tc.name)
		if path != tc.path || op != tc.op || ok != tc.ok {
			t.Errorf("unmarkHost(%q) = %q, %q, %v; want %q, %q, %v", tc.name, path, op, ok, tc.path, tc.op, tc.ok)
		}
	}
}

// markHostText marks a sourced file's file tests in its text, byte for
// byte otherwise, and interp reads the mark as hostMark.
func TestMarkHostText(t *testing.T) {
	src := "require_dir() { [[ -d \"$1\" ]] || exit 1; }\n[ ! -f /etc/x ] && echo no # [[ -d /c ]]\necho -d /x\n"
	got := string(markHostText([]byte(src)))
	want := "require_dir() { [[ -d $'\\x01servelint-test:d\\x01'\"$1\" ]] || exit 1; }\n[ ! -f $'\\x01servelint-test:f\\x01'/etc/x ] && echo no # [[ -d /c ]]\necho -d /x\n"
	if got != want {
		t.Errorf("markHostText =\n%s\nwant\n%s", got, want)
	}
	tilde := string(markHostText([]byte("[ -d ~/models ] || [[ -f ~ ]] || [[ -d ~bob/x ]]\n")))
	if want := "[ -d $'\\x01servelint-test:d\\x01'\"$HOME\"/models ] || [[ -f $'\\x01servelint-test:f\\x01'\"$HOME\" ]] || [[ -d $'\\x01servelint-test:d\\x01'~bob/x ]]\n"; tilde != want {
		t.Errorf("markHostText =\n%s\nwant\n%s", tilde, want)
	}
	if same := markHostText([]byte("echo hi\n")); string(same) != "echo hi\n" {
		t.Errorf("a text without file tests changed: %q", same)
	}
	if bad := "[[ -d x"; string(markHostText([]byte(bad))) != bad {
		t.Errorf("a text that does not parse changed")
	}
}

// Arithmetic on a variable the caller supplies is not statically known:
// interp reads the placeholder as 0, and the argv showed a number.
func TestCallerArithm(t *testing.T) {
	src := "#!/bin/bash\nset -u\nSTART=$((NODE_RANK * 8))\nexec vllm serve /m --start \"$START\" --x \"$(( ${SLURM_PROCID} + 1 ))\" --y $((4 * 2))\n"
	r := evalSrc(t, src, "serve", nil, Options{Caller: []string{"NODE_RANK", "SLURM_PROCID"}})
	if r.Err != nil {
		t.Fatalf("Err = %v", r.Err)
	}
	want := []string{"vllm", "serve", "/m", "--start", "<unresolved: $NODE_RANK, the caller's>", "--x", "<unresolved: $SLURM_PROCID, the caller's>", "--y", "8"}
	if strings.Join(r.Argv, "\n") != strings.Join(want, "\n") {
		t.Errorf("argv = %q, want %q", r.Argv, want)
	}
	if len(r.Unresolved) != 2 {
		t.Errorf("Unresolved = %v, want the two arithmetic arguments", r.Unresolved)
	}
}

// A condition reading a caller's variable as a number takes the
// placeholder as 0: the note says the branch is not statically known.
func TestCallerArithmCondNote(t *testing.T) {
	for _, cond := range []string{"(( NUM_NODES > 1 ))", "[[ $NUM_NODES -gt 1 ]]", "(( ${NUM_NODES} >= 2 ))", `[ "$NUM_NODES" -gt 1 ]`, `test "$NUM_NODES" -ge 2`} {
		src := "#!/bin/bash\nset -u\nif " + cond + "; then\n  exec vllm serve /m --pp 2\nelse\n  exec vllm serve /m\nfi\n"
		r := evalSrc(t, src, "serve", nil, Options{Caller: []string{"NUM_NODES"}})
		if r.Err != nil {
			t.Fatalf("%s: Err = %v", cond, r.Err)
		}
		if !slices.ContainsFunc(r.Notes, func(n string) bool {
			return strings.Contains(n, "line 3: the caller's NUM_NODES is read as a number here, and taken as 0")
		}) {
			t.Errorf("%s: notes = %q, want the caller's NUM_NODES taken as 0", cond, r.Notes)
		}
	}
	// A string test, or a number the script sets, is no such read.
	src := "#!/bin/bash\nset -u\nN=2\nif (( N > 1 )) && [[ $NUM_NODES == 1 ]] && [ NUM_NODES -ne 0 ]; then\n  exec vllm serve /m --pp 2\nfi\nexec vllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{Caller: []string{"NUM_NODES"}})
	for _, n := range r.Notes {
		if strings.Contains(n, "read as a number") {
			t.Errorf("note %q for a string test", n)
		}
	}
}

// A caller's variable a test compares with a literal takes, when the
// placeholder's branch does not boot, the literal the booting branch
// needs; the note and Result.Assumed say so, and Options.Assume carries
// it to the other modes.
func TestCallerValueAssumed(t *testing.T) {
	src := "#!/bin/bash\nset -u\nif [[ \"$LWS_WORKER_INDEX\" == \"0\" ]]; then\n  exec vllm serve /m --rank \"$LWS_WORKER_INDEX\"\nelse\n  exec ray start --block\nfi\n"
	r := evalSrc(t, src, "serve", nil, Options{Caller: []string{"LWS_WORKER_INDEX"}})
	if r.Err != nil || strings.Join(r.Argv, " ") != "vllm serve /m --rank 0" {
		t.Fatalf("argv %q, Err %v", r.Argv, r.Err)
	}
	if _, ok := r.Assumed["$LWS_WORKER_INDEX=0"]; !ok || !strings.Contains(strings.Join(r.Notes, "\n"), "assumed LWS_WORKER_INDEX=0") {
		t.Errorf("Assumed %v, notes %q", r.Assumed, r.Notes)
	}
	// Seeded from the other modes: the value holds from the start.
	src2 := "#!/bin/bash\nset -u\nexec vllm serve /m --rank \"$LWS_WORKER_INDEX\"\n"
	r = evalSrc(t, src2, "serve", nil, Options{Caller: []string{"LWS_WORKER_INDEX"}, Assume: map[string]byte{"$LWS_WORKER_INDEX=0": 'v'}})
	if strings.Join(r.Argv, " ") != "vllm serve /m --rank 0" {
		t.Errorf("seeded: argv %q", r.Argv)
	}
	// No caller, or no literal to compare with: the first answer stays.
	r = evalSrc(t, src, "serve", nil, Options{})
	if r.Argv != nil {
		t.Errorf("without the caller list: argv %q", r.Argv)
	}
}

// A caller's value the other modes assumed that does not boot this mode
// (a worker's [[ $NODE_RANK != 0 ]] beside the leader's == 0) leaves the
// mode its own answer, which booted; values the modes assumed differently
// are carried to none.
func TestCallerValueNotOurs(t *testing.T) {
	src := "#!/bin/bash\nset -u\n[[ $NODE_RANK != 0 ]] || exit 1\nexec python3 -m sglang.launch_server --node-rank \"$NODE_RANK\"\n"
	r := evalSrc(t, src, "worker", nil, Options{Caller: []string{"NODE_RANK"}, Assume: map[string]byte{"$NODE_RANK=0": 'v'}})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Fatalf("argv %q, Err %v", r.Argv, r.Err)
	}
	if _, ok := r.Assumed["$NODE_RANK=0"]; ok || strings.Contains(strings.Join(r.Notes, "\n"), "assumed NODE_RANK=0") {
		t.Errorf("Assumed %v, notes %q", r.Assumed, r.Notes)
	}
	u := AssumedUnion([]*Result{
		{Assumed: map[string]byte{"$POD_ROLE=prefill": 'v'}},
		{Assumed: map[string]byte{"$POD_ROLE=decode": 'v', "/models/m": 'd', "$NODE_RANK=0": 'v'}},
	})
	if len(u) != 2 || u["/models/m"] != 'd' || u["$NODE_RANK=0"] != 'v' {
		t.Errorf("union %v, want /models/m and $NODE_RANK=0 only", u)
	}
}

// For a mode whose name a caller's variable is compared with, that value
// is tried first: the mode decode runs decode's branch, not prefill's
// (the first in source order).
func TestCallerValueModeFirst(t *testing.T) {
	src := "#!/bin/bash\nset -u\ncase \"$ROLE\" in\n  prefill) exec vllm serve /m --max-num-seqs 8 ;;\n  decode) exec vllm serve /m --max-num-seqs 64 ;;\nesac\n"
	for mode, want := range map[string]string{"prefill": "8", "decode": "64"} {
		r := evalSrc(t, src, mode, nil, Options{Caller: []string{"ROLE"}})
		if len(r.Argv) == 0 || r.Argv[len(r.Argv)-1] != want {
			t.Errorf("%s: argv %q, want --max-num-seqs %s", mode, r.Argv, want)
		}
	}
}
