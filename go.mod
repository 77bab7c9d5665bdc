module tabula

go 1.26.8
