module example.com/restsdk

go 1.25.0

require github.com/go-openapi/runtime v0.28.0

replace github.com/go-openapi/runtime => ../stubs/openapi-runtime
