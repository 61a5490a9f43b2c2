module example.com/valueflow

go 1.24
