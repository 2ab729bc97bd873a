package docs

import (
	"strings"
	"testing"
)

func TestSectionsAndBlocks(t *testing.T) {
	md := "# title\n\n## alpha\n\n**Severity:** warning\n\n```bash file=a.sh\n## not a heading\necho\n```\n\n```text output=lint\nx\n```\n\n## Not a rule heading\n\ntext\n\n## beta\n\n```\n```\n"
	secs := Sections(md)
	if len(secs) != 2 || secs[0].Name != "alpha" || secs[1].Name != "beta" {
		t.Fatalf("sections = %+v", secs)
	}
	alpha := md[secs[0].Start:secs[0].End]
	if strings.Contains(alpha, "Not a rule") {
		t.Errorf("alpha runs into the next level-2 heading:\n%s", alpha)
	}
	bl := Blocks(alpha)
	if len(bl) != 2 || bl[0].Lang != "bash" || bl[0].Attrs["file"] != "a.sh" || bl[0].Body != "## not a heading\necho\n" ||
		bl[1].Attrs["output"] != "lint" || bl[1].Body != "x\n" || alpha[bl[1].BodyStart:bl[1].BodyEnd] != "x\n" {
		t.Errorf("blocks = %+v", bl)
	}
	if b := Blocks(md[secs[1].Start:secs[1].End]); len(b) != 1 || b[0].Body != "" {
		t.Errorf("empty block = %+v", b)
	}
}

func TestEmbeddedPages(t *testing.T) {
	for _, rule := range []string{"privateshape", "suppression"} {
		p, ok := Page(rule)
		if !ok || !strings.HasPrefix(p, "## "+rule+"\n") {
			t.Errorf("Page(%s) = %q, %v", rule, p, ok)
		}
	}
	if Severity("freethroughput") != "warning" || Severity("privateshape") != "error" {
		t.Errorf("severities %q %q", Severity("freethroughput"), Severity("privateshape"))
	}
	if _, ok := Page("nosuchrule"); ok {
		t.Error("a page for an unknown rule")
	}
	if len(Pages()) < 10 {
		t.Errorf("pages = %v", Pages())
	}
}
