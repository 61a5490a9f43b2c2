module github.com/go-openapi/runtime

go 1.25.0
