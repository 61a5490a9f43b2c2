package analysisutil

import "strings"

// Article prefixes an effect kind with "a" or "an": "a file write", "an
// HTTP request", "an SQL write" (initialisms are read letter by letter).
func Article(kind string) string {
	if kind == "" {
		return "an effect"
	}
	for _, an := range []string{"HTTP", "SQL", "SMTP", "RPC", "S3", "SNS", "SQS"} {
		if strings.HasPrefix(kind, an) {
			return "an " + kind
		}
	}
	if strings.ContainsRune("aeiouAEIOU", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}
