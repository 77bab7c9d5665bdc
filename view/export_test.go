package view

// DetailsJSON is detailsJSON, for the tests.
var DetailsJSON = detailsJSON
