package lsp

import (
	"bytes"
	"path/filepath"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// ignoreDirective is the suppression comment for rule, with a reason for
// the author to write.
func ignoreDirective(rule string) string {
	return "# servelint:ignore " + rule + " -- TODO: reason"
}

// insertion is one way to place a suppression: text inserted at a byte
// offset, after which the finding starts on line (1-based).
type insertion struct {
	at   int
	text string
	line int
}

// ignorer builds ignore edits for the findings of one document's text,
// parsing that text once.
type ignorer struct {
	d   *document
	m   *mapper
	env bool
	// set holds the text's suppressions (nil until needed).
	set *suppress.Set
	// printed is the text's commands without comments; ok false when it
	// does not parse (computed once, on first use).
	printed      string
	ok, didPrint bool
}

func newIgnorer(d *document, m *mapper) *ignorer {
	return &ignorer{d: d, m: m, env: parser.IsEnvName(filepath.Base(d.path))}
}

// edit builds the edit that silences a finding of the open document. In a
// script the directive goes at the end of the finding's line, or, where a
// comment cannot end that line (a `\` continuation), on a line of its own
// above the command, which covers the command with its continuation lines. In an env file, where a trailing comment would become
// part of docker's value, it goes on a line of its own above the entry.
//
// A placement is offered only when the suppress package says that it
// silences the finding and the file means the same with it: the script
// parses to the same commands (the comment did not land in a heredoc, a
// string or a continuation), the env file to the same entries. ok is false
// when no placement passes, or the finding is silenced already.
func (ig *ignorer) edit(f lint.Finding) (protocol.TextEdit, bool) {
	d, m, env := ig.d, ig.m, ig.env
	text := d.text
	line := m.lineOf(f.Offset)
	directive := ignoreDirective(f.Rule)
	if ig.set == nil {
		ig.set = suppressions(d.path, text, env)
	}
	if ig.set.Silences(d.path, f.Line, f.Rule) {
		return protocol.TextEdit{}, false
	}
	if !env && !ig.didPrint {
		ig.printed, ig.ok = printed(d.path, text)
		ig.didPrint = true
	}
	if !env && !ig.ok {
		return protocol.TextEdit{}, false // no meaning to keep: does not parse
	}

	var cands []insertion
	if !env {
		end := m.lineEnd(line)
		ins := " " + directive
		if end == m.lines[line] {
			ins = directive
		}
		cands = append(cands, insertion{at: end, text: ins, line: f.Line})
	}
	// A line of its own above the first line of the command or entry:
	// back over `\` continuations (scripts; env files have their own
	// continuation lines, which the env parser knows).
	first := line
	if env {
		ef := parser.ParseEnv(d.path, []byte(text))
		for i, el := range ef.Lines {
			if el.Start <= m.lines[line] && m.lines[line] <= el.End {
				for i > 0 && ef.Lines[i].Kind == parser.LineContinuation {
					i--
				}
				first = m.lineOf(ef.Lines[i].Start)
				break
			}
		}
	} else {
		for first > 0 && strings.HasSuffix(strings.TrimRight(text[m.lines[first-1]:m.lineEnd(first-1)], " \t"), `\`) {
			first--
		}
	}
	ls := m.lines[first]
	indent := text[ls : ls+len(text[ls:m.lineEnd(first)])-len(strings.TrimLeft(text[ls:m.lineEnd(first)], " \t"))]
	if env {
		indent = "" // docker reads a comment only at the start of a line
	}
	eol := "\n"
	if le := m.lineEnd(first); strings.HasPrefix(text[le:], "\r\n") {
		eol = "\r\n"
	}
	cands = append(cands, insertion{at: ls, text: indent + directive + eol, line: f.Line + 1})

	for _, c := range cands {
		edited := text[:c.at] + c.text + text[c.at:]
		if env && !sameEntries(d.path, text, edited) {
			continue
		}
		if !env {
			if p, ok := printed(d.path, edited); !ok || p != ig.printed {
				continue
			}
		}
		if !suppressions(d.path, edited, env).Silences(d.path, c.line, f.Rule) {
			continue
		}
		pos := m.position(c.at)
		return protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: c.text}, true
	}
	return protocol.TextEdit{}, false
}

// suppressions reads the servelint:ignore comments of a file's text, as the
// linter does.
func suppressions(path, text string, env bool) *suppress.Set {
	set := suppress.New(func(name string) bool { return name == suppress.Rule || rules.ByName(name) != nil })
	if env {
		set.AddEnv(parser.ParseEnv(path, []byte(text)))
	} else {
		sc := parser.ParseScript(path, []byte(text))
		sc.Analyze(parser.RoleMatcher{})
		set.AddScript(sc)
	}
	return set
}

// sameEntries reports whether two texts of an env file define the same
// entries, as every reader reads them.
func sameEntries(path, old, next string) bool {
	a, b := parser.ParseEnv(path, []byte(old)), parser.ParseEnv(path, []byte(next))
	if len(a.Entries) != len(b.Entries) || (a.DockerErr == nil) != (b.DockerErr == nil) ||
		(a.BashErr == nil) != (b.BashErr == nil) || (a.GodotenvErr == nil) != (b.GodotenvErr == nil) {
		return false
	}
	for i, e := range a.Entries {
		o := b.Entries[i]
		if e.Key != o.Key || e.Raw != o.Raw || e.Export != o.Export || e.Bash != o.Bash || e.Docker != o.Docker || e.Godotenv != o.Godotenv {
			return false
		}
	}
	return true
}

// printed parses a script without its comments and prints it back: two
// scripts that print the same run the same commands. ok is false for a
// script that does not parse, or that the parser package refuses (too
// deeply nested for the recursive parser).
func printed(path, text string) (out string, ok bool) {
	if sc := parser.ParseScript(path, []byte(text)); sc.Err != nil {
		return "", false
	}
	defer func() {
		if recover() != nil {
			out, ok = "", false
		}
	}()
	src := []byte(strings.TrimPrefix(text, utf8BOM))
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	variant, _ := parser.ShebangVariant(src)
	if parser.CheckDepth(src) != nil {
		return "", false
	}
	f, err := syntax.NewParser(syntax.Variant(variant)).Parse(bytes.NewReader(src), path)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, f); err != nil {
		return "", false
	}
	return b.String(), true
}
