// A stub of github.com/go-delve/delve's RPC client: the effects fixtures
// need its import paths and signatures, not its code (which brings the
// debugger itself).
module github.com/go-delve/delve

go 1.25.0
