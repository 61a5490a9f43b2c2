// A stub of helm.sh/helm/v4's action package: the effects fixtures need
// its import path and signatures, not its code (which brings client-go).
module helm.sh/helm/v4

go 1.25.0
