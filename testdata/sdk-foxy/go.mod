module example.com/sdkfoxy

go 1.25.5

require github.com/strowk/foxy-contexts v0.1.0-beta.6

require (
	github.com/google/uuid v1.6.0 // indirect
	go.uber.org/dig v1.18.0 // indirect
	go.uber.org/fx v1.23.0 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	go.uber.org/zap v1.26.0 // indirect
	golang.org/x/sys v0.21.0 // indirect
)
