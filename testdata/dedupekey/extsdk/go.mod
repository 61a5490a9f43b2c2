module example.com/extsdk

go 1.25.0
