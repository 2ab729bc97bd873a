package dryrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// fragments are the pieces FuzzEval assembles scripts from: launches,
// helpers, and every kind of escape attempt.
var fragments = []string{
	`exec radiance serve /m --max-num-seqs "$SEQS" --max-num-batched-tokens 1024`,
	`exec docker run --rm --env-file "$here/x.env" img radiance serve /m --tp 2`,
	`vllm serve org/m --max-num-seqs=8 &`,
	`python3 -m sglang.launch_server --model-path m --max-running-requests 4`,
	`nohup timeout 1h numactl -N 0 radiance serve /m >/dev/null 2>&1 &`,
	`touch "$here/created"`,
	`rm -rf "$here"`,
	`echo pwned > "$here/written"`,
	`echo x >> /tmp/servelint-fuzz-escape`,
	`cat </etc/passwd >"$TMPDIR/copy"`,
	`curl -fsS http://127.0.0.1:9/ | sh`,
	`eval "touch $here/evaled"`,
	`trap 'touch "$here/trapped"' EXIT`,
	`x=$(wget -qO- http://127.0.0.1:9/)`,
	`while read -r l; do echo "$l"; done < <(ls /)`,
	`source /etc/profile`,
	`. "$here/x.env"`,
	`command -v rm; type -p curl; hash ls`,
	`sleep 100 & wait`,
	`exec 3>"$here/fd3"`,
	`mkdir -p "$here/newdir"`,
	`SEQS=$((SEQS * 2))`,
	`cd / && pwd`,
	`f() { f; }; f`,
	`for i in 1 2 3; do SEQS=$i; done`,
	`until false; do :; done`,
	`set -e; false`,
	`export PATH=/usr/bin:$PATH; ls`,
	`read -r line </dev/stdin`,
	`printf '%s\n' "$(date)" | tee "$here/tee"`,
	`export $(grep -v '^#' "$here/x.env" | sed 's/#.*//' | tr -d '\r' | xargs -d '\n')`,
	`sed -i 's/1/2/' "$here/x.env"; sed 's/x/y/w '"$here/sedw" "$here/x.env"; sed -e 's/a/b/e' "$here/x.env"`,
	`source <(sed 's/^/touch /' "$here/x.env"); . <(echo 'cat <(ls /)')`,
	`while IFS== read -r k v; do export "$k=$v"; done < "$here/x.env"`,
	`MODE=${MODE:-serve}; TMPDIR=${TMPDIR:-serve}; case "$MODE" in serve) : ;; esac`,
	`v=$(echo x | sed -e 's/x/&&&&/g' -e 's/x/&&&&/g' -e 's/x/&&&&/g'); echo "$v" | tr a-z A-Z`,
	// Host guards the dry run assumes, and what a script might try behind one.
	`[[ -d /etc ]] || exit 1; cat /etc/passwd > "$here/leak"`,
	`[ -f ~/.ssh/id_rsa ] || exit 1; cp ~/.ssh/id_rsa "$here/key"`,
	`until [[ -f /run/ready ]]; do sleep 1; done`,
	// Descriptors past 2, read -d, and-tails, callers' arithmetic.
	`exec 9>"$here/lock"; flock -n 9 || exit 1`,
	`exec 3</etc/passwd; cat <&3 > "$here/leak3"; read -r -u 3 l`,
	`read -r -d '' B < /etc/shadow || true; echo "$B" > "$here/shadow"`,
	`read -r -d '' B <<< "$(cat /etc/hostname)" || true`,
	`set -e; [[ -n ${FAST:-} ]] && SEQS=2`,
	`set -u; SEQS=$((NODE_RANK * 8 + ${#POD_IP}))`,
	// The sandbox's own marks typed by the script (review R17).
	`I=$'\x1eservelint-internal\x1e'; "$I" fail; "$I" command-v; "$I" read-all raw </etc/passwd; "$I"`,
	`M=$'\x01servelint-test:f\x01'; [[ -f $M/etc/passwd ]] || exit 1; . "$M/etc/passwd"; X=$(< "$M/etc/passwd")`,
	`exec {fd}</etc/passwd; read -r l <&"$fd"; exec {w}>"$here/named-fd"; echo x >&"$w"`,
	`[[ -d ../../../etc ]] || exit 1; cd ../../../etc && . ./passwd; X=$(< shadow)`,
}

// FuzzEval evaluates generated multi-mode scripts made of launches and
// escape attempts. Invariants: no panic, the fallback exec handler is never
// reached, and nothing is created, changed or removed on disk.
func FuzzEval(f *testing.F) {
	f.Add([]byte{0, 5, 1, 0, 7, 2, 3, 0})
	f.Add([]byte{11, 12, 13, 0, 14, 15, 16, 1, 17, 18, 19, 2})
	f.Add([]byte{25, 0, 24, 1, 23, 2, 26, 3, 27, 4, 28, 29})
	f.Add([]byte{37, 38, 39, 40, 41, 42, 43, 44, 45, 0, 0, 0})
	f.Add([]byte{45, 46, 47, 48, 0, 0, 45, 1, 2})
	f.Fuzz(func(t *testing.T, picks []byte) {
		if len(picks) > 40 {
			picks = picks[:40]
		}
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "x.env"), []byte("SEQS=8\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("#!/usr/bin/env bash\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\n. \"$here/x.env\"\ncase \"$1\" in\n")
		modes := []string{"serve", "kl", "calib"}
		for i, m := range modes {
			b.WriteString("  " + m + ")\n")
			for j, p := range picks {
				if j%len(modes) == i {
					b.WriteString("    " + fragments[int(p)%len(fragments)] + "\n")
				}
			}
			b.WriteString("    ;;\n")
		}
		b.WriteString("esac\nexec radiance serve /m --max-num-seqs \"$SEQS\"\n")
		src := []byte(b.String())
		script := filepath.Join(root, "s.sh")
		if err := os.WriteFile(script, src, 0o755); err != nil {
			t.Fatal(err)
		}
		file, err := syntax.NewParser().Parse(strings.NewReader(string(src)), script)
		if err != nil {
			return
		}
		before := snapshot(t, root)
		_, escErr := os.Stat("/tmp/servelint-fuzz-escape")
		for _, m := range modes {
			r := Eval(context.Background(), script, src, file, m, Options{Root: root, Timeout: 300 * time.Millisecond})
			if r.Err != nil && errors.Is(r.Err, ErrInternal) && strings.Contains(r.Err.Error(), "fallback exec handler") {
				t.Fatalf("mode %s reached the real exec handler: %v\n%s", m, r.Err, src)
			}
			if r.Err != nil && errors.Is(r.Err, ErrInternal) && strings.Contains(r.Err.Error(), "panic") {
				t.Fatalf("mode %s: a handler panicked: %v\n%s", m, r.Err, src)
			}
		}
		if d := diffSnapshots(before, snapshot(t, root)); len(d) > 0 {
			t.Fatalf("evaluation changed the tree: %v\n%s", d, src)
		}
		if _, err := os.Stat("/tmp/servelint-fuzz-escape"); err == nil && escErr != nil {
			t.Fatalf("evaluation wrote /tmp/servelint-fuzz-escape\n%s", src)
		}
	})
}
