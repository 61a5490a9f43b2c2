// Package pebble is a stub of gotd's peer storage on a pebble database.
package pebble

import "context"

// Peer is a peer's access hash.
type Peer struct {
	ID         int64
	AccessHash int64
}

type PeerStorage struct{ db map[int64]Peer }

func NewPeerStorage() *PeerStorage { return &PeerStorage{db: map[int64]Peer{}} }

// Add stores a peer the API returned.
func (s PeerStorage) Add(ctx context.Context, value Peer) error {
	s.db[value.ID] = value
	return nil
}
