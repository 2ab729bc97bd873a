package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

var wantRE = regexp.MustCompile(`^# want: (ok|(\d+) "((?:[^"\\]|\\.)*)")`)

// TestFiles loads every testdata/config/*.yaml and checks the header
// `# want: ok` or `# want: LINE "regexp"` (the error's line and message).
func TestFiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/config/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	sort.Strings(files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := wantRE.FindStringSubmatch(string(b))
			if m == nil {
				t.Fatalf("%s: no `# want:` header", f)
			}
			_, err = Load(f, "")
			if m[1] == "ok" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *config.Error", err)
			}
			line, _ := strconv.Atoi(m[2])
			re := regexp.MustCompile(strings.ReplaceAll(m[3], `\"`, `"`))
			if ce.File != f || ce.Line != line || !re.MatchString(ce.Msg) {
				t.Errorf("got %q, want %s:%d: /%s/", ce.Error(), f, line, re)
			}
			if !strings.HasPrefix(ce.Error(), f+":"+m[2]+": ") {
				t.Errorf("error %q does not start with file:line", ce.Error())
			}
		})
	}
}

func TestFull(t *testing.T) {
	c, err := Load("../testdata/config/full.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	rc := c.RulesConfig()
	if !rc.ProvenNamed {
		t.Error("modes.proven set but ProvenNamed is false")
	}
	if got, want := rc.PerModeFlags, []string{"--port", "--log-file"}; !reflect.DeepEqual(got, want) {
		t.Errorf("PerModeFlags = %v, want %v (replaced, normalised)", got, want)
	}
	if got, want := rc.CalibKnobs, map[string]string{"--max-num-batched-tokens": "FRANK_ARCHON_CALIB_BATCHED_TOKENS", "--ngram-placement": ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("CalibKnobs = %v, want %v", got, want)
	}
	if rc.DocumentTokens != "32768" {
		t.Errorf("DocumentTokens = %q, want 32768", rc.DocumentTokens)
	}
	if !strings.Contains(rc.Ledger, filepath.Join("testdata", "config", "ledgers", "serve.log")) || !strings.Contains(rc.Ledger, ",") {
		t.Errorf("Ledger = %q, want both ledgers resolved against the config's directory", rc.Ledger)
	}
	rm := c.Roles()
	if rm.Proven != "serve" || !reflect.DeepEqual(rm.Scoring, []string{"kl*", "eval"}) || !reflect.DeepEqual(rm.Calib, []string{"calib*"}) {
		t.Errorf("Roles = %+v", rm)
	}
	if c.Engine != "radiance" {
		t.Errorf("Engine = %q", c.Engine)
	}

	var o lint.Options
	o.Enable = []string{"freethroughput"} // the command line wins
	wd, _ := filepath.Abs("../testdata/config")
	c.Apply(&o, wd)
	if !reflect.DeepEqual(o.Enable, []string{"stepcost", "freethroughput"}) || len(o.Disable) != 0 {
		t.Errorf("Enable, Disable = %v, %v", o.Enable, o.Disable)
	}
	if o.Owners["--max-num-seqs"] != "FRANK_ARCHON_MAX_SEQS" {
		t.Errorf("Owners = %v", o.Owners)
	}
	if o.Config.Ledger != "ledgers/serve.log,ledgers/bench.log" {
		t.Errorf("Ledger after Apply = %q, want it relative to the working directory", o.Config.Ledger)
	}
	if _, err := lint.Analyzers(o.Enable, o.Disable); err != nil {
		t.Error(err)
	}
}

func TestDefaults(t *testing.T) {
	c := Default()
	rc := c.RulesConfig()
	def := rules.DefaultConfig()
	if !reflect.DeepEqual(rc, def) {
		t.Errorf("RulesConfig of the defaults = %+v, want %+v", rc, def)
	}
	if !reflect.DeepEqual(c.Roles(), parser.RoleMatcher{}) {
		t.Errorf("Roles of the defaults = %+v", c.Roles())
	}
	var nilCfg *Config
	if !reflect.DeepEqual(nilCfg.RulesConfig(), def) {
		t.Error("a nil config is not the defaults")
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := Find(deep)
	if err != nil {
		t.Fatal(err)
	}
	if p != "" && strings.HasPrefix(p, root) {
		t.Fatalf("found %s with no config", p)
	}
	cfg := filepath.Join(root, "a", FileName)
	if err := os.WriteFile(cfg, []byte("engine: vllm\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err = Find(deep); err != nil || p != cfg {
		t.Fatalf("Find = %q, %v; want %s", p, err, cfg)
	}
	c, err := Load("", deep)
	if err != nil || c.Engine != "vllm" || c.Path != cfg {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	// A nearer config wins.
	near := filepath.Join(deep, FileName)
	if err := os.WriteFile(near, []byte("engine: sglang\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err = Load("", deep); err != nil || c.Engine != "sglang" {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	// An explicit path that does not exist is a config error.
	_, err = Load(filepath.Join(root, "nope.yaml"), deep)
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("Load(missing) = %v, want *Error", err)
	}
}

func TestExcludeGlobs(t *testing.T) {
	root := t.TempDir()
	c := &Config{Dir: root, Exclude: []string{"*.bak.sh", "vendor/**", "legacy/old.sh", "sub/**"}}
	tests := []struct {
		wd   string
		want []string
	}{
		{root, []string{"*.bak.sh", filepath.Join(root, "vendor") + "/**", "vendor/**", filepath.Join(root, "legacy/old.sh"), "legacy/old.sh", filepath.Join(root, "sub") + "/**", "sub/**"}},
		{filepath.Join(root, "sub"), []string{"*.bak.sh", filepath.Join(root, "vendor") + "/**", "../vendor/**", filepath.Join(root, "legacy/old.sh"), "../legacy/old.sh", filepath.Join(root, "sub") + "/**", "*"}},
	}
	for _, tt := range tests {
		if got := c.ExcludeGlobs(tt.wd); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ExcludeGlobs(%s) =\n%q\nwant\n%q", tt.wd, got, tt.want)
		}
	}
}

func TestRuleLists(t *testing.T) {
	c := &Config{Enable: []string{"stepcost"}, Disable: []string{"freethroughput", "argvdrift"}}
	tests := []struct {
		cliEnable, cliDisable []string
		enable, disable       []string
	}{
		{nil, nil, []string{"stepcost"}, []string{"freethroughput", "argvdrift"}},
		{[]string{"argvdrift"}, nil, []string{"stepcost", "argvdrift"}, []string{"freethroughput"}},
		{nil, []string{"stepcost"}, []string{}, []string{"freethroughput", "argvdrift", "stepcost"}},
	}
	for _, tt := range tests {
		e, d := c.RuleLists(tt.cliEnable, tt.cliDisable)
		if len(e) == 0 {
			e = []string{}
		}
		if !reflect.DeepEqual(e, tt.enable) || !reflect.DeepEqual(d, tt.disable) {
			t.Errorf("RuleLists(%v, %v) = %v, %v; want %v, %v", tt.cliEnable, tt.cliDisable, e, d, tt.enable, tt.disable)
		}
	}
}

// TestEffectiveRoundTrip checks that the effective config is a valid config
// file that means the same thing.
func TestEffectiveRoundTrip(t *testing.T) {
	for _, f := range []string{"../testdata/config/full.yaml", ""} {
		c := Default()
		if f != "" {
			var err error
			if c, err = Load(f, ""); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := c.Effective(&buf); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, want := range []string{"modes:", "per_mode_flags:", "calib:", "knobs:", "# rules that run: "} {
			if !strings.Contains(out, want) {
				t.Errorf("effective config lacks %q:\n%s", want, out)
			}
		}
		c2, err := Parse(filepath.Join(filepath.Dir(f), "effective.yaml"), buf.Bytes())
		if err != nil {
			t.Fatalf("the effective config does not parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(c2.RulesConfig(), c.RulesConfig()) {
			t.Errorf("round trip changed the rules config:\n%+v\n%+v", c2.RulesConfig(), c.RulesConfig())
		}
		if f == "" && !strings.Contains(out, "proven: null # default: serve, else the first plain mode") {
			t.Errorf("defaults are not marked:\n%s", out)
		}
	}
}

// TestLedgerOutsideRepo: a config comes with the code under review, so its
// ledgers must lie in the repository (the config's directory or the working
// directory), by name and through symlinks; nothing outside is looked up.
func TestLedgerOutsideRepo(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "boot.log")
	if err := os.WriteFile(secret, []byte("I  --max-num-seqs 8\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	if err := os.Symlink(secret, filepath.Join(repo, "link.log")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.WriteFile(filepath.Join(repo, "own.log"), []byte("I  --max-num-seqs 8\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(repo, "linkdir")); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(repo, ".servelint.yaml")
	for _, tc := range []struct{ ledger, want string }{
		{secret, "lies outside the config's directory"},
		{filepath.Join(outside, "nothing-*.log"), "lies outside the config's directory"}, // not "matches no file": nothing was looked up
		{"../" + filepath.Base(outside) + "/boot.log", "lies outside the config's directory"},
		{"link.log", "lies outside the config's directory"},
		{"linkdir/*", "lies outside the config's directory"},        // not the names it matched
		{"linkdir/nothing*", "lies outside the config's directory"}, // not "matches no file"
		{"linkdir/missing/x.log", "lies outside the config's directory"},
		{"own.log", ""},
	} {
		_, err := Parse(cfg, []byte("ledger: "+tc.ledger+"\n"))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("ledger %s: %v", tc.ledger, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "boot.log") && !strings.Contains(tc.ledger, "boot.log")):
			t.Errorf("ledger %s: error %v, want %q (and no matched name)", tc.ledger, err, tc.want)
		}
		// A config the user names (--config) may point anywhere.
		if c, err := ParseTrusted(cfg, []byte("ledger: "+secret+"\n")); err != nil || c.Ledger != secret {
			t.Errorf("trusted config: %v %v", c, err)
		}
	}
}

// TestFoundConfigSymlinkOutside: a .servelint.yaml found in the tree that is
// a symlink to a file outside it is not read (its lines would be quoted in
// errors); one that stays inside is; --config names any file.
func TestFoundConfigSymlinkOutside(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "creds")
	if err := os.WriteFile(secret, []byte("hunter2-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	link := filepath.Join(repo, ".servelint.yaml")
	if err := os.Symlink(secret, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	_, err := Load("", repo)
	if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "does not resolve to a file in the repository") {
		t.Fatalf("found symlink to outside: %v", err)
	}
	if _, err := Load(link, repo); err == nil || !strings.Contains(err.Error(), "must be a mapping") {
		t.Fatalf("--config names any file: %v", err)
	}
	inside := filepath.Join(repo, "shared.yaml")
	if err := os.WriteFile(inside, []byte("disable: [freethroughput]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("shared.yaml", link); err != nil {
		t.Fatal(err)
	}
	if c, err := Load("", repo); err != nil || len(c.Disable) != 1 {
		t.Fatalf("in-tree symlink: %v %v", c, err)
	}
}

// TestFoundLinkNoOracle: a .servelint.yaml in the tree that is a symlink
// out of it is refused alike whether its target exists or not.
func TestFoundLinkNoOracle(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "host.yaml"), []byte("disable: [x]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, target := range []string{filepath.Join(outside, "host.yaml"), filepath.Join(outside, "missing.yaml")} {
		dir := t.TempDir()
		if err := os.Symlink(target, filepath.Join(dir, FileName)); err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir)
		_, err := Load("", dir)
		if err == nil {
			t.Fatalf("%s: a link out of the tree was read", target)
		}
		msgs = append(msgs, strings.ReplaceAll(err.Error(), dir, "DIR"))
	}
	if msgs[0] != msgs[1] {
		t.Errorf("the answers differ with the target's existence:\n%s\n%s", msgs[0], msgs[1])
	}
}

// TestHomeConfigLink: a ~/.servelint.yaml above the tree under review that
// is a link out (a dotfile manager's) is the user's own and is read.
func TestHomeConfigLink(t *testing.T) {
	store, home := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(store, "servelint.yaml"), []byte("disable: [freethroughput]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(store, "servelint.yaml"), filepath.Join(home, FileName)); err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(home, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	c, err := Load("", repo)
	if err != nil || !contains(c.Disable, "freethroughput") {
		t.Errorf("Load = %+v, %v; want the home config read", c, err)
	}
}
