// Package docs holds mcpvet's longer documentation as Markdown. The
// topics below are embedded, so that "mcpvet help TOPIC" prints them
// where no browser is at hand.
package docs

import (
	"embed"
	"sort"
	"strings"
)

//go:embed effects.md keys.md sdks.md
var files embed.FS

// Topics are the help topics: name, file and a one-line title.
var Topics = []struct{ Name, File, Title string }{
	{"effects", "effects.md", "what counts as a side effect, and how a finding words it"},
	{"keys", "keys.md", "what counts as reading a dedupe key"},
	{"sdks", "sdks.md", "the tool registrations and calls mcpvet understands, per SDK"},
}

// Topic returns the text of the named topic without its leading HTML
// comment, and whether there is one.
func Topic(name string) (string, bool) {
	for _, t := range Topics {
		if t.Name == name {
			b, err := files.ReadFile(t.File)
			if err != nil {
				return "", false
			}
			s := string(b)
			if strings.HasPrefix(s, "<!--") {
				if i := strings.Index(s, "-->"); i >= 0 {
					s = strings.TrimLeft(s[i+3:], "\n")
				}
			}
			return s, true
		}
	}
	return "", false
}

// Names returns the topics' names, sorted.
func Names() []string {
	var names []string
	for _, t := range Topics {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return names
}
