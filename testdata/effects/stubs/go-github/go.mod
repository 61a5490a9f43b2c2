module github.com/google/go-github/v79

go 1.25.0
