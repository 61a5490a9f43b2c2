module example.com/sdkviant

go 1.25.5

require (
	github.com/viant/jsonrpc v0.17.0
	github.com/viant/mcp v0.14.1-0.20260330151156-6107a117f1ea
	github.com/viant/mcp-protocol v0.11.0
)

require (
	cloud.google.com/go/compute/metadata v0.3.0 // indirect
	github.com/go-errors/errors v1.5.1 // indirect
	github.com/go-viper/mapstructure/v2 v2.2.1 // indirect
	github.com/golang-jwt/jwt/v5 v5.2.2 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/viant/afs v1.26.2 // indirect
	github.com/viant/gosh v0.2.1 // indirect
	github.com/viant/scy v0.24.0 // indirect
	github.com/viant/toolbox v0.36.0 // indirect
	github.com/viant/xreflect v0.6.2 // indirect
	github.com/viant/xunsafe v0.10.3 // indirect
	golang.org/x/crypto v0.43.0 // indirect
	golang.org/x/mod v0.21.0 // indirect
	golang.org/x/oauth2 v0.30.0 // indirect
	golang.org/x/sys v0.37.0 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
)
