package dryrun

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/parser"
	"mvdan.cc/sh/v3/syntax"
)

// TestPrepareScriptAgrees: the fast path of PrepareScript learns what the
// walk of Prepare learns, on every script of the test cases and the
// example, and on scripts that hold each construct.
func TestPrepareScriptAgrees(t *testing.T) {
	var paths []string
	for _, root := range []string{"../testdata", "../examples"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && parser.Classify(p) == parser.KindScript {
				paths = append(paths, p)
			}
			return nil
		})
	}
	extra := map[string]string{
		"procsubst.sh": "#!/bin/bash\nf() { :; }\nexec > >(tee log)\ndiff <(a) <(b)\n",
		"owner.sh":     "#!/bin/bash\n[ -O x ] && g() { :; }\n",
		"tilde.sh":     "#!/bin/bash\ncat ~root/x\n",
		"plain.sh":     "#!/bin/sh\nh() { i() { :; }; }\nif true; then j() { :; }; fi\n",
		"job.sh":       "#!/bin/bash\nf() { a 2>&1 & }\n",
		"jobsubst.sh":  "#!/bin/bash\nx=$(a&)\n",
		"coproc.sh":    "#!/bin/bash\ncoproc a\n",
		"nojob.sh":     "#!/bin/bash\na && b 2>&1 |& c &> d <&3 >&2\n",
		"escjob.sh":    "#!/bin/bash\nradiance serve --tag \\>&\nb \\&& c\n",
		"contowner.sh": "#!/bin/bash\n[[ -\\\nO x ]]\n",
		"nulowner.sh":  "#!/bin/bash\n" + strings.Repeat("# padding past the binary sniff\n", 300) + "[[ -\x00O x ]]\ndiff <\x00(a) b\n",
		"conttilde.sh": "#!/bin/bash\ncat ~\\\nroot/x\n",
	}
	dir := t.TempDir()
	for name, src := range extra {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if len(paths) < 40 {
		t.Fatalf("only %d scripts found", len(paths))
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := parser.ParseScript(p, src)
		s.Analyze(parser.RoleMatcher{})
		if s.File == nil {
			continue
		}
		fast, walk := PrepareScript(s), Prepare(s.File)
		a, b := slices.Clone(fast.funcs), slices.Clone(walk.funcs)
		slices.Sort(a)
		b = slices.Compact(slices.Sorted(slices.Values(b)))
		if walk.background != fast.background {
			t.Errorf("%s: PrepareScript background=%v, Prepare %v", p, fast.background, walk.background)
		}
		if fast.risky != walk.risky || fast.outSubst != walk.outSubst || strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("%s: PrepareScript risky=%v outSubst=%v funcs=%v; Prepare risky=%v outSubst=%v funcs=%v",
				p, fast.risky, fast.outSubst, a, walk.risky, walk.outSubst, b)
		}
	}
}

// TestLazySourcedKeepsText: a sourced file's alternate reads and the
// caller's guards are edited where they stand; every other byte stays, so
// lines, continuations, heredocs and CRLF are what bash reads (the file was
// printed again: continued lines joined, heredocs re-indented, LINENO
// moved).
func TestLazySourcedKeepsText(t *testing.T) {
	src := "X=1\\\n2\r\nEXTRA=${KV:+--kv \"$KV\" ${KV}}\ncat <<-EOF\n\t\t${KV:+$KV} $LINENO\n\tEOF\n" +
		": \"${HF_TOKEN:?need ${KV:+$KV}}\" ${HF_TOKEN?} ${HF_TOKEN:-d} ${OTHER:?x}\n"
	want := "X=1\\\n2\r\nEXTRA=${KV:+--kv \"${KV-}\" ${KV-}}\ncat <<-EOF\n\t\t${KV:+${KV-}} $LINENO\n\tEOF\n" +
		": \"${HF_TOKEN:=" + sentinel(0) + "}\" ${HF_TOKEN=" + sentinel(0) + "} ${HF_TOKEN:-d} ${OTHER:?x}\n"
	if got := string(lazySourced([]byte(src), []string{"HF_TOKEN"})); got != want {
		t.Errorf("lazySourced:\n got %q\nwant %q", got, want)
	}
	plain := "# ${KV:+$KV} in a comment only\nf() {\n  echo hi\n}\n"
	if got := string(lazySourced([]byte(plain), []string{"HF_TOKEN"})); got != plain {
		t.Errorf("lazySourced changed a file with nothing to edit: %q", got)
	}
}

// A plain read of the caller's variable takes its placeholder only where
// bash stops on it, under set -u: before `set -u`, and between `set +u`
// and `set -u`, an unset one is an empty string, as in bash.
func TestCallerReadUnderNounsetOnly(t *testing.T) {
	for _, tc := range []struct{ src, argv string }{
		{"#!/bin/bash\nEXTRA=$VLLM_EXTRA\nset -euo pipefail\nexec vllm serve /m $EXTRA\n", "vllm serve /m"},
		{"#!/bin/bash\nset -u\nset +u\n[ -n \"$VLLM_EXTRA\" ] && exit 3\nset -u\nexec vllm serve /m\n", "vllm serve /m"},
		{"#!/bin/bash\nset -u\nexec vllm serve /m --host \"$VLLM_EXTRA\"\n", "vllm serve /m --host <unresolved: $VLLM_EXTRA, the caller's>"},
	} {
		r := evalSrc(t, tc.src, "serve", nil, Options{Caller: []string{"VLLM_EXTRA"}})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != tc.argv {
			t.Errorf("%q: argv %q, Err %v; want %q", tc.src, got, r.Err, tc.argv)
		}
	}
}

// TestPosixLocal: dash and busybox ash have `local x=$1`; in a script
// parsed as POSIX sh it is a command, which interp ran as an unsupported
// builtin (x stayed the caller's, unresolved). It is read as bash's local.
func TestPosixLocal(t *testing.T) {
	src := "#!/bin/sh\nseats() {\n  local conc=$1 tp=$2\n  echo $(( (conc + tp - 1) / tp * tp ))\n}\n" +
		"launch() {\n  local seqs\n  seqs=$(seats \"$1\" 2)\n  exec vllm serve /m --max-num-seqs \"$seqs\"\n}\nseqs=9\nlaunch 63\n"
	root := testfs.NewTree(t, nil)
	script := filepath.Join(root, "serve.sh")
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	r := evalFile(t, root, script, "serve", syntax.LangPOSIX, Options{})
	if want := []string{"vllm", "serve", "/m", "--max-num-seqs", "64"}; !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q, want %q (err %v, notes %q)", r.Argv, want, r.Err, r.Notes)
	}
}
