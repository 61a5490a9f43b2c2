// Package journal appends to a file through an unexported method.
package journal

import "os"

type Journal struct {
	Path string
	seen map[string]bool
}

// Add appends a line. The hop is on the line that names the method.
func (j *Journal) Add(account string) error {
	return j.
		write(account + "\n") // related: calls (*journal.Journal).write
}

func (j *Journal) write(line string) error {
	f, err := os.OpenFile(j.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644) // related: commits the file write here: os.OpenFile
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line)
	return err
}

// Seen reports whether a key was used.
func (j *Journal) Seen(key string) bool { return j.seen[key] }
