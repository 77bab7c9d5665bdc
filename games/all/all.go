// Package all registers every game with the engine, and the endgame
// tables and computer-player tunings of those that have them; commands
// import it for its side effect.
package all

import (
	_ "tabula/games/adjiboto"
	_ "tabula/games/adjiboto/solve"
	_ "tabula/games/agsinnoninka"
	_ "tabula/games/tamman"
	_ "tabula/games/tamman/tammanai"
)
