package rules

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/parser"
)

// Syntax reports files that cannot be read as what they claim to be.
var Syntax = &analysis.Analyzer{
	Name: "syntax",
	Doc: `a file that does not parse, is binary, or that bash would misread

A script that does not parse cannot be checked, and bash would refuse it
too: the finding carries the parser's position. A binary file named like a
script is said to be one. CRLF line endings and a byte-order mark parse
here but break bash ($'\r': command not found), so they are findings too,
in scripts and in env files bash sources, as is an env-file line bash runs
as a command (KEY = value: the key is never set), and an env file given
only to docker --env-file that docker refuses (export KEY=value, KEY =
value: the container never starts), and a commented-out line inside a
\-continued command (bash ends the command at the comment: the lines
after it are not its arguments); when more than one program reads the
env file, envdialect says how their readings differ.
None of these stops the other files from being linted.`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runSyntax,
}

func runSyntax(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	u := c.Unit
	for _, s := range u.Scripts {
		if s.Err != nil {
			c.report(pass, diag{sev: Error, path: s.Path, start: s.Err.Offset, end: s.Err.End, msg: s.Err.Msg})
			continue
		}
		if s.CRLF {
			i := bytes.Index(s.Src, []byte("\r\n"))
			c.report(pass, diag{sev: Error, path: s.Path, start: i, end: i + 1,
				msg: "the script has CRLF line endings: bash reads the \\r as part of each line ($'\\r': command not found); convert it to LF"})
		}
		if s.BOM {
			c.report(pass, diag{sev: Error, path: s.Path, start: 0, end: 3,
				msg: "the script starts with a UTF-8 byte-order mark: the kernel will not see its #! line and bash reads the mark as part of the first command"})
		}
		c.commentsInContinuation(pass, s)
	}
	for _, p := range u.EnvTooBig {
		c.report(pass, diag{sev: Error, path: p.Path, msg: p.Msg})
	}
	for _, e := range u.Envs {
		readers := u.Readers[e.Path]
		var de *parser.EnvError
		if readers == parser.ReaderDocker && errors.As(e.DockerErr, &de) {
			// Read by docker alone (with bash too, envdialect says it):
			// docker stops at its first bad line and the container never
			// starts (`docker: poorly formatted environment: …`).
			c.report(pass, diag{sev: Error, path: e.Path, start: de.Offset, end: envLineEnd(e, de.Offset),
				msg: fmt.Sprintf("docker --env-file refuses this file: %s; docker run stops before the container starts", de.Msg)})
		}
		if readers&parser.ReaderBash == 0 {
			continue
		}
		if e.BashErr != nil {
			c.report(pass, diag{sev: Error, path: e.Path, start: 0, end: 0,
				msg: fmt.Sprintf("bash cannot source this env file: %v", e.BashErr)})
		}
		if readers != parser.ReaderBash {
			continue // envdialect says how the readers disagree on it
		}
		for _, en := range e.Entries {
			// Only "runs … as a command": a line bash could not parse is
			// BashErr, said above.
			if strings.HasPrefix(en.Bash.Err, "runs ") && !en.Bash.Defined && (!e.BOM || en.Line != 1) { // a mark is said below
				// `KEY = value`, `A=hello world`: bash runs a command and
				// the key is never set.
				c.report(pass, diag{sev: Error, path: e.Path, start: en.Start, end: en.End,
					msg: fmt.Sprintf("bash source %s: %s is never set", en.Bash.Err, en.Key)})
			}
		}
		if e.BOM {
			c.report(pass, diag{sev: Error, path: e.Path, start: 0, end: 3,
				msg: "the env file starts with a UTF-8 byte-order mark: bash source runs the first line, with the mark glued to it, as a command, so its key is never set; remove the mark"})
		}
		if e.CRLF && !c.Unit.CRStripped[e.Path] {
			i := bytes.Index(e.Src, []byte("\r\n"))
			example := ""
			if len(e.Entries) > 0 {
				en := e.Entries[0]
				example = fmt.Sprintf(": %s reads %s", en.Key, strconv.Quote(strings.TrimSuffix(en.Raw, "\r")+"\r"))
			}
			c.report(pass, diag{sev: Error, path: e.Path, start: i, end: i + 1,
				msg: "the env file has CRLF line endings: bash source keeps the \\r at the end of each value" + example + "; convert it to LF"})
		}
	}
	return nil, nil
}

// commentsInContinuation reports a commented-out line inside a command
// continued with \ (`vllm serve /m \` then `  # --enforce-eager \` then
// `  --max-num-seqs 8`): bash ends the command at the comment, a comment
// continues no line, and the lines after it run as commands of their own;
// the engine boots without them. Said when the comment itself ends in a
// backslash or the next line of code starts with an option: what the
// author meant to continue.
func (c *Context) commentsInContinuation(pass *analysis.Pass, s *parser.Script) {
	src := s.Src
	inArray := func(off int) bool { // args=( … ): newlines end no command there
		for _, as := range s.Assigns {
			for _, a := range as {
				if a.Array != nil && s.Off(a.Array.Lparen) < off && off < s.Off(a.Array.Rparen) {
					return true
				}
			}
		}
		return false
	}
	for _, cm := range s.Comments {
		ls := bytes.LastIndexByte(src[:cm.Start], '\n') + 1
		if strings.TrimSpace(string(src[ls:cm.Start])) != "" || ls < 2 {
			continue // not alone on its line, or the first line
		}
		prev := bytes.TrimRight(src[:ls-1], "\r")
		if len(prev) == 0 || prev[len(prev)-1] != '\\' || inComment(s, len(prev)-1) {
			continue
		}
		if n := len(prev) - len(bytes.TrimRight(prev, "\\")); n%2 == 0 {
			continue // \\: an escaped backslash continues nothing
		}
		if opensList(bytes.TrimRight(prev[:len(prev)-1], " \t")) {
			// `pip install a && \`, `cat log | \`, `[[ $a == x || \`: bash
			// takes a newline (and a comment line) after the operator; the
			// command goes on with the next line of code.
			continue
		}
		// The next line that is code.
		next, nextLine := "", 0
		for o := cm.End; o < len(src); {
			e := bytes.IndexByte(src[o:], '\n')
			if e < 0 {
				e = len(src) - o
			}
			t := strings.TrimSpace(string(src[o : o+e]))
			if t != "" && !strings.HasPrefix(t, "#") {
				next, nextLine = t, s.Line(o)
				break
			}
			o += e + 1
		}
		// cm.Text is the parsed text, whose last backslash BashComments
		// blanked (parser.BashComments): the file's own bytes say.
		ownBackslash := bytes.HasSuffix(bytes.TrimRight(src[cm.Start:cm.End], " \t\r"), []byte("\\"))
		if next == "" || !ownBackslash && !strings.HasPrefix(next, "-") || inArray(cm.Start) {
			continue
		}
		c.report(pass, diag{sev: Error, path: s.Path, start: cm.Start, end: cm.End,
			msg: fmt.Sprintf("a comment inside a \\-continued command ends it: bash continues no comment, so line %d (%s) runs as a command of its own and the command before boots without it", nextLine, firstWords(next))})
	}
}

// opensList reports whether a line ends in an operator after which bash
// reads on past a newline (&&, ||, |, |&): a backslash after it joins
// nothing a comment line could cut.
func opensList(line []byte) bool {
	for _, op := range []string{"&&", "||", "|&", "|"} {
		if rest, ok := bytes.CutSuffix(line, []byte(op)); ok {
			return !bytes.HasSuffix(rest, []byte("\\")) // not an escaped \| (a word's)
		}
	}
	return false
}

// firstWords shortens a line for a message.
func firstWords(t string) string {
	if r := []rune(t); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return t
}

// envLineEnd returns the end of the physical line of e holding off (its
// newline and a '\r' before it excluded).
func envLineEnd(e *parser.EnvFile, off int) int {
	for _, ln := range e.Lines {
		if ln.Start <= off && off <= ln.End {
			return ln.End
		}
	}
	return off
}
