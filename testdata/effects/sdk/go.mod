module example.com/sdk

go 1.25.0
