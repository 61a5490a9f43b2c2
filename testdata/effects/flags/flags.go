// Package flags opens files with flags that are no constant at the call:
// a constructor's result, a struct field. The value-flow engine finds
// the one constant they hold.
package flags

import "os"

func appendFlags() int { return os.O_APPEND | os.O_WRONLY | os.O_CREATE }

func readFlags() int { return os.O_RDONLY }

type opener struct{ flags int }

// Journal appends through flags a constructor returns: not idempotent.
func Journal(line string) error { // want Journal:"effect\\(file write: os.OpenFile\\)"
	f, err := os.OpenFile("journal", appendFlags(), 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line)
	return err
}

// Peek opens for reading through such flags: no effect.
func Peek() error {
	f, err := os.OpenFile("journal", readFlags(), 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// Appender appends through flags kept in a field.
func Appender() error { // want Appender:"effect\\(file write: os.OpenFile\\)"
	o := opener{flags: os.O_APPEND | os.O_WRONLY}
	f, err := os.OpenFile("journal", o.flags, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// Reader reads through flags kept in a field: no effect.
func Reader() error {
	o := opener{flags: os.O_RDONLY}
	f, err := os.OpenFile("journal", o.flags, 0)
	if err != nil {
		return err
	}
	return f.Close()
}
