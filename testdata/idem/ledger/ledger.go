// Package ledger is the fixture's side effect: a line appended to a file.
package ledger

import "os"

// Append writes one charge.
func Append(account string, amount int) error {
	f, err := os.OpenFile("ledger", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(account)
	return err
}
