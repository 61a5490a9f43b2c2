module example.com/effects

go 1.25.0

require (
	github.com/go-resty/resty/v2 v2.16.5
	github.com/google/go-github/v75 v75.0.0
	k8s.io/client-go v0.0.0
)

require (
	github.com/google/go-querystring v1.1.0 // indirect
	golang.org/x/net v0.33.0 // indirect
)

replace k8s.io/client-go => ./stubs/client-go

require example.com/sdk v0.0.0

replace example.com/sdk => ./sdk
