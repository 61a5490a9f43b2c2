module example.com/sdkcortex

go 1.25.5

require github.com/FreePeak/cortex v1.0.5

require (
	github.com/google/uuid v1.6.0 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	go.uber.org/zap v1.27.0 // indirect
)
