package analysisutil

import "github.com/mcpvet/mcpvet/internal/wording"

// Article prefixes an effect kind with "a" or "an": "a file write", "an
// HTTP request", "an SQL write" (initialisms are read letter by letter).
// It is wording.Article.
func Article(kind string) string { return wording.Article(kind) }
