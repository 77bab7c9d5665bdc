package messages

import "tabula/engine"

// Print holds the words of the errors of what prints a game (package
// printout: "tabula print" and the server's print.pdf).
var Print = engine.Table([]engine.Word{
	{Key: "print.paper", En: "paper {paper}: want a4 or a3", De: "Papier {paper}: erwartet a4 oder a3"},
	{Key: "print.lang", En: "language {lang}: want en or de", De: "Sprache {lang}: erwartet en oder de"},
	{Key: "print.sheet", En: "sheet {sheet}: want all, board or rules", De: "Blatt {sheet}: erwartet all, board oder rules"},
	{Key: "print.no_rules", En: "the game {game} has no rules page to print", De: "Das Spiel {game} hat keine Regelseite zum Drucken"},
	{Key: "print.no_board", En: "the game {game} declares no board to print", De: "Das Spiel {game} gibt kein Brett zum Drucken an"},
})
