module example.com/gosdkv02

go 1.25.5

require github.com/modelcontextprotocol/go-sdk v0.2.0

require github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
