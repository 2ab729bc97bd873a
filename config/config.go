// Package config reads .servelint.yaml: what a config file can say that the
// files being linted cannot tell (the proven mode, the roles of modes, the
// owners of flags, calib's own knobs, the ledger), which rules run, and
// which paths are skipped.
//
// The file is found in the current directory or its parents (or named with
// --config), read with gopkg.in/yaml.v3 and validated: an unknown key, a
// value of the wrong type, an unknown rule or engine, a bad glob, a ledger
// that matches no file or a second YAML document is an [*Error] that names
// the file and line.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// FileName is the name of the config file looked for.
const FileName = ".servelint.yaml"

// Config is a parsed, validated config file. The zero value (and [Default])
// says nothing: every default applies.
type Config struct {
	// Path is the file the config was read from, "" for the defaults.
	Path string
	// Dir is the directory relative paths and slash globs are relative to.
	Dir string

	// Enable and Disable adjust the default set of rules.
	Enable, Disable []string
	// Exclude are globs of paths to skip, as written.
	Exclude []string
	// Engine is the engine profile the scripts boot ("" to detect it).
	Engine string
	// Modes name the proven mode and the scoring and calib roles.
	Modes Modes
	// PerModeFlags replaces rules.DefaultPerModeFlags when set.
	PerModeFlags []string
	// Owners names the env key that owns a flag: flag → key.
	Owners map[string]string
	// Calib says what calib modes may set on their own.
	Calib Calib
	// Ledger is the boot ledgers for stepcost: paths or globs, comma
	// separated, resolved against Dir.
	Ledger string

	// lines records where each setting was written, for messages.
	lines map[string]int
}

// Modes is the `modes:` section.
type Modes struct {
	// Proven is the mode the others inherit ("" for the default: serve,
	// else the first plain mode).
	Proven string
	// Scoring and Calib are globs of mode names (nil for the defaults).
	Scoring, Calib []string
}

// Calib is the `calib:` section.
type Calib struct {
	// DocumentTokens is the calibration document length: a number or an
	// env key ("" to use the mode's --max-model-len).
	DocumentTokens string
	// Knobs replaces the default calib knobs when non-nil: flag → owning
	// env key ("" when none is named).
	Knobs map[string]string
}

// Default scoring and calib globs (parser.RoleMatcher's zero value).
var (
	DefaultScoring = []string{"kl*", "score*", "eval*"}
	DefaultCalib   = parser.DefaultCalibGlobs
)

// Error is a config error at a line of the file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Default returns the configuration used when there is no config file.
func Default() *Config { return &Config{lines: map[string]int{}} }

// Find looks for FileName in dir and its parents; "" when there is none.
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		p := filepath.Join(d, FileName)
		// Lstat: a symlink is found whether or not its target exists (a
		// dangling one must not be passed over while a live one is refused:
		// that would tell a pull request which runner files exist).
		st, err := os.Lstat(p)
		if err == nil && st.Mode()&fs.ModeSymlink != 0 && !underReview(d, abs) {
			// Above the tree under review ($HOME): not the pull request's;
			// a stale dangling link there is passed over.
			if _, serr := os.Stat(p); serr != nil {
				err = serr
			}
		}
		switch {
		case err == nil && (st.Mode()&fs.ModeSymlink != 0 || !st.IsDir()):
			return p, nil
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", nil
		}
		d = parent
	}
}

// Load returns the config named by explicit, or the one found from dir
// upward, or the defaults when there is none. Errors that are the file's
// fault are *Error.
func Load(explicit, dir string) (*Config, error) {
	path := explicit
	if path == "" {
		p, err := Find(dir)
		if err != nil {
			return nil, err
		}
		if p == "" {
			return Default(), nil
		}
		// A config found in the tree comes with the code under review: a
		// symlink to a file elsewhere would have its lines quoted in
		// errors. --config names any file, and one found above the working
		// directory (~/.servelint.yaml, perhaps a dotfile manager's link) is
		// the user's own, read as if named.
		if !underReview(filepath.Dir(p), dir) {
			explicit = p
		} else if !inRepo(p, filepath.Dir(p)) {
			return nil, &Error{File: p, Msg: "a symlink that does not resolve to a file in the repository (its directory and the working directory): not read; name a config elsewhere with --config"}
		}
		path = p
	}
	// fsread: a FIFO nobody writes to is an error, not a wait; the size is
	// bounded (a config is a few lines).
	b, err := fsread.Read(path, maxConfigBytes)
	if err != nil {
		if u := errors.Unwrap(err); u != nil {
			err = u // the *os.PathError's reason; a TooBigError says it all
		}
		return nil, &Error{File: path, Msg: fmt.Sprintf("cannot read config: %v", err)}
	}
	if explicit != "" {
		return ParseTrusted(path, b)
	}
	return Parse(path, b)
}

// maxConfigBytes bounds the config file read.
const maxConfigBytes = 4 << 20

// knownKeys are the top-level keys, in the order they are documented.
var knownKeys = []string{"disable", "enable", "exclude", "engine", "modes", "per_mode_flags", "owners", "calib", "ledger"}

var envKeyRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Parse parses and validates a config file's bytes; path names it in errors
// and anchors its relative paths.
//
// Such a file comes with the code under review (a .servelint.yaml in the
// tree): its ledgers must lie in the repository. A file the user names
// (--config) is read with ParseTrusted.
func Parse(path string, src []byte) (*Config, error) { return parseConfig(path, src, false) }

// ParseTrusted is Parse for a config the user named: its ledgers may lie
// anywhere.
func ParseTrusted(path string, src []byte) (*Config, error) { return parseConfig(path, src, true) }

func parseConfig(path string, src []byte, trusted bool) (*Config, error) {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	c := &Config{Path: path, Dir: dir, lines: map[string]int{}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlError(path, src, err)
	}
	// yaml.Unmarshal reads the first document and drops the rest: a config
	// split by "---" would lose its second half without a word.
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return nil, &Error{File: path, Line: next.Line, Msg: "one YAML document expected (a second one starts here)"}
	case !errors.Is(err, io.EOF):
		return nil, yamlError(path, src, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil // empty file
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	p := &parse{file: path, trusted: trusted}
	m := p.mapping(root, "the config", knownKeys)
	if p.err != nil {
		return nil, p.err
	}
	for _, kv := range m {
		k, v := kv.key, kv.val
		c.lines[k.Value] = k.Line
		if isNull(v) {
			continue // `key:` or `key: null` leaves the default
		}
		switch k.Value {
		case "disable":
			c.Disable = p.ruleList(v, "disable")
		case "enable":
			c.Enable = p.ruleList(v, "enable")
		case "exclude":
			c.Exclude = p.globList(v, "exclude", true)
		case "engine":
			c.Engine = p.str(v, "engine")
			if p.err == nil && parser.Profiles[c.Engine] == nil {
				p.fail(v, "unknown engine %q (known: %s)", c.Engine, strings.Join(profileNames(), ", "))
			}
		case "modes":
			for _, mkv := range p.mapping(v, "modes", []string{"proven", "scoring", "calib"}) {
				c.lines["modes."+mkv.key.Value] = mkv.key.Line
				if isNull(mkv.val) {
					continue
				}
				switch mkv.key.Value {
				case "proven":
					c.Modes.Proven = p.str(mkv.val, "modes.proven")
					if p.err == nil && c.Modes.Proven == "" {
						p.fail(mkv.val, "modes.proven is empty: name the mode the others inherit, or leave the key out")
					}
				case "scoring":
					c.Modes.Scoring = p.globList(mkv.val, "modes.scoring", false)
				case "calib":
					c.Modes.Calib = p.globList(mkv.val, "modes.calib", false)
				}
			}
		case "per_mode_flags":
			c.PerModeFlags = []string{}
			for _, n := range p.list(v, "per_mode_flags") {
				f := p.flag(n, "per_mode_flags")
				if f != "" {
					c.PerModeFlags = append(c.PerModeFlags, f)
				}
			}
		case "owners":
			c.Owners = map[string]string{}
			for _, okv := range p.mapping(v, "owners", nil) {
				f := p.flag(okv.key, "owners")
				key := p.envKey(okv.val, "owners."+okv.key.Value, false)
				if p.err == nil {
					c.Owners[f] = key
				}
			}
		case "calib":
			for _, ckv := range p.mapping(v, "calib", []string{"document_tokens", "knobs"}) {
				c.lines["calib."+ckv.key.Value] = ckv.key.Line
				if isNull(ckv.val) {
					continue
				}
				switch ckv.key.Value {
				case "document_tokens":
					c.Calib.DocumentTokens = p.docTokens(ckv.val)
				case "knobs":
					c.Calib.Knobs = map[string]string{}
					for _, kkv := range p.mapping(ckv.val, "calib.knobs", nil) {
						f := p.flag(kkv.key, "calib.knobs")
						key := p.envKey(kkv.val, "calib.knobs."+kkv.key.Value, true)
						if p.err == nil {
							c.Calib.Knobs[f] = key
						}
					}
				}
			}
		case "ledger":
			c.Ledger = p.ledger(v, c.Dir)
		}
		if p.err != nil {
			return nil, p.err
		}
	}
	for _, r := range c.Enable {
		for _, d := range c.Disable {
			if r == d {
				return nil, &Error{File: path, Line: c.lines["enable"], Msg: fmt.Sprintf("rule %q is both enabled and disabled", r)}
			}
		}
	}
	return c, nil
}

var yamlLineRE = regexp.MustCompile(`^line (\d+): `)

// yamlError turns a yaml.v3 error ("yaml: line 3: …") into an *Error. The
// library's line is where the construct began and is sometimes 0-based, so
// the line is the first one at which the file, read up to it, fails with
// the same message.
func yamlError(path string, src []byte, err error) error {
	split := func(e error) (int, string) {
		msg := strings.TrimPrefix(e.Error(), "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n, msg[len(m[0]):]
		}
		return 0, msg
	}
	line, msg := split(err)
	// The first prefix that fails so, found by bisection: a decode of each
	// prefix in turn was quadratic (a 250 KB config with one error in a
	// pull request held a CI job for minutes). Failing is monotone in the
	// prefix for the errors that matter; where it is not, the line found
	// still fails with the same message.
	lines := strings.SplitAfter(string(src), "\n")
	fails := func(n int) bool {
		perr := decodeAll([]byte(strings.Join(lines[:n], "")))
		if perr == nil {
			return false
		}
		_, m := split(perr)
		return m == msg
	}
	if len(lines) > 0 && fails(len(lines)) {
		lo, hi := 1, len(lines)
		for lo < hi {
			mid := lo + (hi-lo)/2
			if fails(mid) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		line = lo
	}
	return &Error{File: path, Line: line, Msg: "invalid YAML: " + msg}
}

// decodeAll parses every document of src, returning the first error.
func decodeAll(src []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

func profileNames() []string {
	var out []string
	for n := range parser.Profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// RuleNames lists the names a config may enable or disable.
func RuleNames() []string {
	var out []string
	for _, a := range rules.All {
		out = append(out, a.Name)
	}
	return append(out, suppress.Rule)
}

func knownRule(n string) bool {
	return n == suppress.Rule || rules.ByName(n) != nil
}

// parse validates nodes, keeping the first error.
type parse struct {
	file    string
	err     error
	trusted bool // named by the user, not found in the tree
}

type keyVal struct{ key, val *yaml.Node }

func (p *parse) fail(n *yaml.Node, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{File: p.file, Line: n.Line, Msg: fmt.Sprintf(format, args...)}
	}
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}

// mapping returns a mapping's pairs; known (when non-nil) lists the allowed
// keys. Duplicate keys are errors.
func (p *parse) mapping(n *yaml.Node, what string, known []string) []keyVal {
	if p.err != nil {
		return nil
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		p.fail(n, "%s must be a mapping (key: value), not %s", what, kindName(n))
		return nil
	}
	var out []keyVal
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.fail(k, "%s: keys must be plain words", what)
			return nil
		}
		if k.Tag == "!!merge" {
			// Refused, not followed as parser's compose reader follows
			// them (mapValue): a compose file is docker compose's, read
			// as compose reads it, merges included; the config is
			// servelint's own strict schema, in which a key given twice
			// is an error, and a merge overrides a key silently. The two
			// differ on purpose and share no helper.
			p.fail(k, "%s: YAML merge keys (<<) are not supported", what)
			return nil
		}
		if prev, ok := seen[k.Value]; ok {
			p.fail(k, "duplicate key %q (first at line %d)", k.Value, prev)
			return nil
		}
		seen[k.Value] = k.Line
		if known != nil && !contains(known, k.Value) {
			where := ""
			if what != "the config" {
				where = " in " + what
			}
			p.fail(k, "unknown key %q%s (known: %s)", k.Value, where, strings.Join(known, ", "))
			return nil
		}
		if v.Kind == yaml.AliasNode && v.Alias != nil {
			v = v.Alias
		}
		out = append(out, keyVal{k, v})
	}
	return out
}

func (p *parse) list(n *yaml.Node, what string) []*yaml.Node {
	if p.err != nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "%s must be a list, e.g. [a, b], not %s", what, kindName(n))
		return nil
	}
	return n.Content
}

func (p *parse) str(n *yaml.Node, what string) string {
	if p.err != nil {
		return ""
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.fail(n, "%s must be a string, not %s", what, kindName(n))
		return ""
	}
	return n.Value
}

func (p *parse) ruleList(n *yaml.Node, what string) []string {
	out := []string{}
	for _, it := range p.list(n, what) {
		r := p.str(it, what+" item")
		if p.err != nil {
			return nil
		}
		if !knownRule(r) {
			p.fail(it, "unknown rule %q in %s (known: %s)", r, what, strings.Join(RuleNames(), ", "))
			return nil
		}
		out = append(out, r)
	}
	return out
}

func (p *parse) globList(n *yaml.Node, what string, paths bool) []string {
	out := []string{}
	for _, it := range p.list(n, what) {
		g := p.str(it, what+" item")
		if p.err != nil {
			return nil
		}
		if g == "" {
			p.fail(it, "%s: empty glob", what)
			return nil
		}
		check := g
		if paths {
			if strings.Contains(strings.TrimSuffix(g, "/**"), "**") {
				p.fail(it, "%s: %q: ** is supported only as a trailing /** (a directory and everything under it)", what, g)
				return nil
			}
			check = strings.TrimSuffix(g, "/**")
		}
		if _, err := filepath.Match(check, ""); err != nil {
			p.fail(it, "%s: bad glob %q: %v", what, g, err)
			return nil
		}
		out = append(out, g)
	}
	return out
}

// flag validates a flag name and returns its normalised spelling.
func (p *parse) flag(n *yaml.Node, what string) string {
	f := p.str(n, what+" flag")
	if p.err != nil {
		return ""
	}
	if !strings.HasPrefix(f, "-") || strings.TrimLeft(f, "-") == "" || strings.ContainsAny(f, " \t=") {
		p.fail(n, "%s: %q is not a flag (want e.g. --max-num-seqs)", what, f)
		return ""
	}
	return parser.NormFlag(f)
}

// envKey validates an env key; emptyOK allows null or "" (no key named).
func (p *parse) envKey(n *yaml.Node, what string, emptyOK bool) string {
	if p.err != nil {
		return ""
	}
	if emptyOK && n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || n.Value == "") {
		return ""
	}
	k := p.str(n, what)
	if p.err != nil {
		return ""
	}
	if !envKeyRE.MatchString(k) {
		p.fail(n, "%s: %q is not an env key (want e.g. FRANK_ARCHON_MAX_SEQS)", what, k)
		return ""
	}
	return k
}

func (p *parse) docTokens(n *yaml.Node) string {
	v := p.str(n, "calib.document_tokens")
	if p.err != nil {
		return ""
	}
	if n.Tag == "!!int" || (v != "" && v[0] >= '0' && v[0] <= '9') {
		x, err := strconv.ParseInt(strings.ReplaceAll(v, "_", ""), 0, 64)
		if err != nil || x <= 0 {
			p.fail(n, "calib.document_tokens: %q is not a positive number of tokens", v)
			return ""
		}
		return strconv.FormatInt(x, 10)
	}
	if !envKeyRE.MatchString(v) {
		p.fail(n, "calib.document_tokens: %q is neither a number of tokens nor an env key", v)
		return ""
	}
	return v
}

// ledger validates the ledger setting (a string, comma separated, or a list)
// and resolves it against dir; every part must match a file inside the
// repository, unless the config is trusted (see resolveLedger).
func (p *parse) ledger(n *yaml.Node, dir string) string {
	if p.err != nil {
		return ""
	}
	var parts []*yaml.Node
	if n.Kind == yaml.SequenceNode {
		parts = n.Content
	} else {
		parts = []*yaml.Node{n}
	}
	var out []string
	for _, it := range parts {
		s := p.str(it, "ledger")
		if p.err != nil {
			return ""
		}
		full, msg := resolveLedger(s, dir, p.trusted)
		if msg != "" {
			p.fail(it, "ledger: %s", msg)
			return ""
		}
		out = append(out, full...)
	}
	if len(out) == 0 {
		p.fail(n, "ledger is empty: name a boot ledger, or leave the key out")
		return ""
	}
	return strings.Join(out, ",")
}

// ResolveLedger validates the --ledger flag as the config's ledger key is
// validated (each path or glob, comma separated, must match a file) and
// resolves it against dir, the working directory. The flag is the user's,
// so its ledgers may lie anywhere.
func ResolveLedger(value, dir string) (string, error) {
	out, msg := resolveLedger(value, dir, true)
	if msg == "" && len(out) == 0 {
		msg = "no path given: name a boot ledger"
	}
	if msg != "" {
		return "", errors.New(msg)
	}
	return strings.Join(out, ","), nil
}

// resolveLedger resolves the comma-separated paths or globs of s against
// dir. msg says what is wrong ("" when nothing is): a bad glob, a part that
// matches no file or, unless trusted, a part outside the repository
// (prefixInRepo before the glob, inRepo for each match).
func resolveLedger(s, dir string, trusted bool) (out []string, msg string) {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		full := part
		if !filepath.IsAbs(full) {
			full = filepath.Join(dir, part)
		}
		outside := fmt.Sprintf("%s lies outside the config's directory and the working directory: a config file found in the tree comes with the code under review, so it names ledgers in the repository; name one elsewhere with --ledger or --config", part)
		if !trusted && !prefixInRepo(filepath.Clean(full), dir) {
			return nil, outside
		}
		m, err := filepath.Glob(full)
		if err != nil {
			return nil, fmt.Sprintf("bad glob %q: %v", part, err)
		}
		if len(m) == 0 {
			return nil, fmt.Sprintf("%q matches no file", part)
		}
		for _, f := range m {
			if !trusted && !inRepo(f, dir) {
				return nil, outside // the pattern, not what it matched
			}
		}
		out = append(out, full)
	}
	return out, ""
}

// prefixInRepo reports whether a ledger path or glob (cleaned: no ..)
// lies inside dir or the working directory, before anything it names is
// looked up: the longest part of it that exists, up to its first glob
// character, is resolved (symlinks followed) and must lie inside, so
// neither an outside path nor an in-tree symlink to an outside directory
// lets "matches no file" say whether a file exists there.
func prefixInRepo(pattern, dir string) bool {
	p := pattern
	if i := strings.IndexAny(p, "*?[\\"); i >= 0 {
		p = filepath.Dir(p[:i] + "x")
	}
	for {
		if _, err := os.Lstat(p); err == nil {
			return inRepo(p, dir)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return false
		}
		p = parent
	}
}

// underReview reports whether a directory holding a found config belongs to
// the tree under review when linting from dir: the git work tree that
// holds dir. Above it (~/.servelint.yaml) is the user's own; outside git
// every found config is the tree's.
func underReview(cfgDir, dir string) bool {
	top := parser.WorkTree(dir)
	if top == "" {
		return true // outside git the tree's top is not known: every config is the tree's
	}
	c, err := filepath.Abs(cfgDir)
	return err != nil || parser.Within(top, c)
}

// inRepo reports whether a file, symlinks followed, lies inside dir or the
// working directory (both resolved the same way).
func inRepo(file, dir string) bool {
	target, err := parser.RealPath(file)
	if err != nil {
		return false
	}
	wd, _ := os.Getwd()
	for _, root := range []string{dir, wd} {
		if r, err := parser.RealPath(root); root != "" && err == nil && parser.Within(r, target) {
			return true
		}
	}
	return false
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
