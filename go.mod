module github.com/mcpvet/mcpvet

go 1.25.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/owenrumney/go-sarif/v3 v3.3.1
	golang.org/x/tools v0.47.1-0.20260707181000-a299dadba899
)

require (
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	github.com/xeipuuv/gojsonschema v1.2.0 // indirect
	go.yaml.in/yaml/v3 v3.0.4 // indirect
	golang.org/x/mod v0.37.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
)
