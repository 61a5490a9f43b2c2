// A stub of github.com/go-git/go-git/v5: the effects fixtures need its
// import path and signatures, not its code (which brings go-billy, the
// object storage and the transports).
module github.com/go-git/go-git/v5

go 1.25.0
