module example.com/effects

go 1.25.0

require k8s.io/client-go v0.0.0

replace k8s.io/client-go => ./stubs/client-go

require example.com/sdk v0.0.0

replace example.com/sdk => ./sdk
