module example.com/uuidmod

go 1.25.0

require github.com/google/uuid v1.6.0
