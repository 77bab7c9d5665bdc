package messages

import "tabula/engine"

// Print holds the words of the errors of what prints a game (package
// printout: "tabula print" and the server's print.pdf).
var Print = map[string]engine.Text{
	"print.paper":    {"en": "paper {paper}: want a4 or a3", "de": "Papier {paper}: erwartet a4 oder a3"},
	"print.lang":     {"en": "language {lang}: want en or de", "de": "Sprache {lang}: erwartet en oder de"},
	"print.sheet":    {"en": "sheet {sheet}: want all, board or rules", "de": "Blatt {sheet}: erwartet all, board oder rules"},
	"print.no_rules": {"en": "the game {game} has no rules page to print", "de": "Das Spiel {game} hat keine Regelseite zum Drucken"},
	"print.no_board": {"en": "the game {game} declares no board to print", "de": "Das Spiel {game} gibt kein Brett zum Drucken an"},
}
