module example.com/gosdkv01

go 1.25.5

require github.com/modelcontextprotocol/go-sdk v0.1.0
