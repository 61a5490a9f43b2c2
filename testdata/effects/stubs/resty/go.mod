module github.com/go-resty/resty/v2

go 1.25.0
