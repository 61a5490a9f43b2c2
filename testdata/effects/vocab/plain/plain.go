// Package plain names no key anywhere: no fact at all.
package plain

func Get(m map[string]string) string { return m["id"] }

type Config struct {
	ID    string `json:"id"`
	Token string `json:"token"`
}

func (c Config) Check() bool { return c.ID != "" && c.Token != "" }
