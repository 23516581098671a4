module github.com/assertgen/assertgen

go 1.26.8
