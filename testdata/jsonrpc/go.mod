module example.com/jsonrpc

go 1.26.0
