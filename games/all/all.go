// Package all registers every game with the engine; commands import it for
// its side effect.
package all

import (
	_ "tabula/games/adjiboto"
	_ "tabula/games/agsinnoninka"
	_ "tabula/games/tamman"
)
