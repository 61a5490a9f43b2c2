// A stub of github.com/gotd/contrib's pebble peer storage: the effects
// fixtures need its import path and signature, not pebble.
module github.com/gotd/contrib

go 1.25.0
