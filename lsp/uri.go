package lsp

import (
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
)

// pathOf converts a file:// URI to a clean local path. Other schemes
// (untitled:, git:, …) have no path the linter could load: ok is false.
func pathOf(uri string) (path string, ok bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	if u.Host != "" && u.Host != "localhost" {
		if runtime.GOOS != "windows" {
			return "", false
		}
		return filepath.Clean(`\\` + u.Host + filepath.FromSlash(u.Path)), true // UNC
	}
	p := u.Path
	if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // /C:/x → C:/x
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// uriOf converts an absolute local path to a file:// URI.
func uriOf(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x → /C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
