package dryrun

import (
	"errors"
	"strings"
	"testing"
)

// Descriptors past 2 (a lock on fd 9, a log on fd 3) no longer stop the
// run, and output moved onto them is not captured.
func TestFdRedirs(t *testing.T) {
	src := `#!/bin/bash
set -euo pipefail
exec 9>"/run/lock/vllm.lock"
flock -n 9 || { echo "another server is running" >&2; exit 1; }
exec 3>&1
log() { echo "$*" >&3; }
pick() { log "picking"; echo 64; }
n=$(pick)
exec vllm serve /m --max-num-seqs "$n" 4<&0
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil {
		t.Fatalf("Err = %v", r.Err)
	}
	if got := strings.Join(r.Argv, " "); got != "vllm serve /m --max-num-seqs 64" {
		t.Errorf("argv = %q", got)
	}
}

// Input taken from a descriptor past 2, and one made a copy of 0-2 for a
// use in the same statement, stop the run: rewritten to /dev/null or
// dropped, they gave empty values (a loop over a config that added no
// flag, the stderr a swap captures) and a wrong argv.
func TestFdRedirsStop(t *testing.T) {
	files := map[string]string{"shape.conf": "max-num-seqs 8\n"}
	for _, body := range []string{
		"while read -r k v <&3; do args+=(--\"$k\" \"$v\"); done 3< shape.conf",
		"exec 3< shape.conf\nread -r -u 3 k v\nargs+=(--\"$k\" \"$v\")",
		"V=$(printf 'v1\\n' 3>&1 1>&2 2>&3)\nargs+=(--v \"$V\")",
		"V=$({ printf 'v1\\n' >&3; } 3>&1 >/dev/null)\nargs+=(--v \"$V\")",
	} {
		src := "#!/bin/bash\nset -euo pipefail\nargs=()\n" + body + "\nexec vllm serve /m \"${args[@]}\"\n"
		r := evalSrc(t, src, "serve", files, Options{})
		if !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: Err = %v, argv %q; want ErrUnsupported", body, r.Err, r.Argv)
		}
	}
}
