// Package telegram calls Telegram through gotd's generated client, whose
// methods are named by the MTProto namespace and then the verb, and
// keeps the peers the API returns in gotd's peer storage.
package telegram

import (
	"context"

	"github.com/gotd/contrib/pebble"
	"github.com/gotd/td/tg"
)

type Server struct {
	api   *tg.Client
	peers *pebble.PeerStorage
}

// Send sends a message: a new one each time.
func (s *Server) Send(ctx context.Context, text string) error { // want Send:`effect\(remote mutation: \(\*tg.Client\).MessagesSendMessage\)`
	_, err := s.api.MessagesSendMessage(ctx, &tg.MessagesSendMessageRequest{Message: text})
	return err
}

// Promote edits an admin's rights: a repeat sets the same.
func (s *Server) Promote(ctx context.Context, rank string) error { // want Promote:`effect\(remote mutation: \(\*tg.Client\).ChannelsEditAdmin\)`
	_, err := s.api.ChannelsEditAdmin(ctx, &tg.ChannelsEditAdminRequest{Rank: rank})
	return err
}

// History reads, and caches the peers the answer names: no effect.
func (s *Server) History(ctx context.Context) error { // ok: a read and the client's own cache
	if _, err := s.api.MessagesGetHistory(ctx, &tg.MessagesGetHistoryRequest{Limit: 10}); err != nil {
		return err
	}
	return s.peers.Add(ctx, pebble.Peer{ID: 1, AccessHash: 2})
}

// Translate asks the server for a translation: no effect.
func (s *Server) Translate(ctx context.Context, text string) error { // ok: a read
	_, err := s.api.MessagesTranslateText(ctx, &tg.MessagesTranslateTextRequest{Text: text})
	return err
}

// UploadPart stores a file's part before the call that uses it:
// housekeeping.
func (s *Server) UploadPart(ctx context.Context, b []byte) error { // ok: parts expire unused
	_, err := s.api.UploadSaveFilePart(ctx, &tg.UploadSaveFilePartRequest{Bytes: b})
	return err
}
