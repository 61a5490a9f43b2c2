// A stub of k8s.io/client-go's typed clients: the effects fixtures need
// its import paths, not its code.
module k8s.io/client-go

go 1.25.0
