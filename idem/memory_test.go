package idem_test

import (
	"testing"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		s := idem.NewMemoryStore()
		return storetest.Backend{Open: func(*testing.T) idem.Store { return s }}
	})
}
