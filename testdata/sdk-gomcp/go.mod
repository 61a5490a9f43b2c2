module example.com/sdkgomcp

go 1.25.5

require github.com/ThinkInAIXYZ/go-mcp v0.2.29

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/orcaman/concurrent-map/v2 v2.0.1 // indirect
	github.com/tidwall/gjson v1.18.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
)
