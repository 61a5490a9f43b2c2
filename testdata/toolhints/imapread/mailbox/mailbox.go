// Package mailbox reads messages over IMAP (go-imap v2). A FETCH of a
// body section without PEEK makes the server set \Seen.
package mailbox

import (
	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

type Session struct{ client *imapclient.Client }

// FetchRaw returns a message's bytes; peek leaves \Seen unset.
func (s *Session) FetchRaw(uid imap.UID, peek bool) ([]byte, error) {
	section := &imap.FetchItemBodySection{Peek: peek}
	msgs, err := s.client.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
		UID:         true,
		BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil || len(msgs) == 0 {
		return nil, err
	}
	return msgs[0].FindBodySection(section), nil
}

// Headers fetches the envelope only: no body section, no \Seen.
func (s *Session) Headers(uid imap.UID) error {
	_, err := s.client.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, Envelope: true}).Collect()
	return err
}
