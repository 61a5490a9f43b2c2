module example.com/effects

go 1.25.0

require (
	github.com/emersion/go-imap v1.2.1
	github.com/emersion/go-smtp v0.26.0
	github.com/go-delve/delve v1.0.0
	github.com/go-git/go-git/v5 v5.0.0
	github.com/go-resty/resty/v2 v2.16.5
	github.com/google/go-github/v75 v75.0.0
	github.com/gotd/contrib v0.0.0
	github.com/gotd/td v0.0.0
	github.com/jlaffaye/ftp v0.2.2
	github.com/pkg/sftp v1.13.9
	helm.sh/helm/v4 v4.0.0
	k8s.io/client-go v0.0.0
)

require (
	github.com/emersion/go-sasl v0.0.0-20241020182733-b788ff22d5a6 // indirect
	github.com/google/go-querystring v1.1.0 // indirect
	github.com/kr/fs v0.1.0 // indirect
	golang.org/x/net v0.33.0 // indirect
	golang.org/x/text v0.21.0 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)

replace k8s.io/client-go => ./stubs/client-go

replace helm.sh/helm/v4 => ./stubs/helm

replace github.com/go-delve/delve => ./stubs/delve

replace github.com/go-git/go-git/v5 => ./stubs/go-git

replace github.com/gotd/td => ./stubs/gotd-td

replace github.com/gotd/contrib => ./stubs/gotd-contrib

require (
	connectrpc.com/connect v1.20.0
	example.com/sdk v0.0.0
	github.com/go-ole/go-ole v1.3.0
	golang.org/x/crypto v0.31.0
	golang.org/x/sys v0.28.0
)

replace example.com/sdk => ./sdk
