module example.com/extsrv

go 1.25.0

require github.com/modelcontextprotocol/go-sdk v1.8.0
