package messages

import "tabula/engine"

// App holds the words the programs say around a game, in every language;
// a game's own words are in its catalogue. Keys of the terminal start
// with "t_".
var App = map[string]engine.Text{
	"and": {"en": "and", "de": "und"},
	// why a game ended (view.PhaseText), with the game's word for it
	"endReason": {"en": "The game ended by {why}.", "de": "Das Spiel endete durch {why}."},
	// a seat without a name, in the lines a page shows (messages.Texts)
	"seatName": {"en": "Player {n}", "de": "Spieler {n}"},
	// a computer seat without a name (messages.Texts), with its level:
	// lvl_ and the level of its spec ("mcts:easy"), or the spec itself
	"computerName": {"en": "Computer ({level})", "de": "Computer ({level})"},
	// one of several computer seats: the nth of them (1, 2, ...)
	"computerNameN": {"en": "Computer {n} ({level})", "de": "Computer {n} ({level})"},
	"lvl_easy":      {"en": "easy", "de": "leicht"},
	"lvl_medium":    {"en": "medium", "de": "mittel"},
	"lvl_hard":      {"en": "hard", "de": "schwer"},
	"lvl_max":       {"en": "strongest", "de": "am stärksten"},
	"lvl_random":    {"en": "random", "de": "zufällig"},
	"lvl_greedy":    {"en": "greedy", "de": "gierig"},

	"t_instructions": {
		"en": "Type a move as listed, 'moves' for the record so far, 'help' for this line, or 'quit' (or Ctrl-C) to stop and get a record to resume from.",
		"de": "Gib einen Zug wie aufgelistet ein, 'moves' für die bisherigen Züge, 'help' für diese Zeile oder 'quit' (oder Strg-C), um anzuhalten und eine Aufzeichnung zum Fortsetzen zu bekommen.",
	},
	"t_seat":        {"en": "  {player}: {who}", "de": "  {player}: {who}"},
	"t_human":       {"en": "human", "de": "Mensch"},
	"t_resumed":     {"en": "Resumed after {n}: {moves}", "de": "Fortgesetzt nach {n}: {moves}"},
	"t_moves_one":   {"en": "1 move", "de": "1 Zug"},
	"t_moves_other": {"en": "{n} moves", "de": "{n} Zügen"},
	"t_plays":       {"en": "{player} plays {move}", "de": "{player} spielt {move}"},
	"t_reveal":      {"en": "{players} reveal: {move}", "de": "{players} decken auf: {move}"},
	"t_chance":      {"en": "chance: {move}", "de": "Zufall: {move}"},
	"t_yourMove":    {"en": "{player}, your move ({legal}): ", "de": "{player}, dein Zug ({legal}): "},
	"t_secret":      {"en": "{player}, choose in secret ({legal}): ", "de": "{player}, wähle geheim ({legal}): "},
	"t_chosen":      {"en": "{player} has chosen.", "de": "{player} hat gewählt."},
	"t_notLegal":    {"en": "{move} is not legal now", "de": "{move} ist jetzt nicht erlaubt"},
	"t_notLegalHidden": {
		"en": "that move is not legal now",
		"de": "dieser Zug ist jetzt nicht erlaubt",
	},
	"t_moves": {"en": "moves: {moves}", "de": "Züge: {moves}"},
	"t_stopped": {
		"en": "Stopped after {n}. To resume, save the next line in a file and run 'tabula play --record FILE':",
		"de": "Angehalten nach {n}. Zum Fortsetzen die nächste Zeile in einer Datei speichern und 'tabula play --record FILE' ausführen:",
	},
	"t_gameOver": {"en": "Game over: {result}. Scores: {scores}.", "de": "Spielende: {result}. Punkte: {scores}."},
	"t_score":    {"en": "{player} {n}", "de": "{player} {n}"},
	"t_record":   {"en": "Record: {moves}", "de": "Aufzeichnung: {moves}"},

	// The coach (package coach): the marks, and why the better move is
	// better, {what} being the game's own narration of a move.
	"coach_best":       {"en": "best", "de": "bester Zug"},
	"coach_good":       {"en": "good", "de": "gut"},
	"coach_inaccuracy": {"en": "inaccuracy", "de": "Ungenauigkeit"},
	"coach_mistake":    {"en": "mistake", "de": "Fehler"},
	"coach_blunder":    {"en": "blunder", "de": "grober Fehler"},
	"coach_better": {
		"en": "{move} was better; after it: {what}",
		"de": "{move} war besser; danach: {what}",
	},
	"coach_cost": {
		"en": "After {played}: {what} {move} avoids that.",
		"de": "Nach {played}: {what} {move} vermeidet das.",
	},
	"coach_open": {
		"en": "{played} leaves this open: {what}",
		"de": "{played} lässt das offen: {what}",
	},
	"coach_chances": {
		"en": "{move} keeps {best}% winning chances, {played} {after}%.",
		"de": "{move} hält {best} % Gewinnchancen, {played} {after} %.",
	},

	// How a game ended (view.ResultMessage), in the terminal, the room
	// and the archive.
	// the quick messages of a room's chat (wire.QuickChat), in each
	// reader's language
	"chat_hello":       {"en": "Hello", "de": "Hallo"},
	"chat_good-game":   {"en": "Good game", "de": "Gutes Spiel"},
	"chat_well-played": {"en": "Well played", "de": "Gut gespielt"},
	"chat_thanks":      {"en": "Thank you", "de": "Danke"},

	"result_none":      {"en": "The game goes on", "de": "Die Partie läuft"},
	"result_abandoned": {"en": "Abandoned unfinished", "de": "Unbeendet aufgegeben"},
	"result_draw_end":  {"en": "Draw", "de": "Unentschieden"},
	"result_draw_agreed": {
		"en": "Draw by agreement",
		"de": "Remis nach Vereinbarung",
	},
	"result_win_end": {"en": "{player} wins", "de": "{player} gewinnt"},
	"result_win_resign": {
		"en": "{playerLost} resigned: {player} wins",
		"de": "{playerLost} hat aufgegeben: {player} gewinnt",
	},
	"result_win_flag": {
		"en": "{playerLost} lost on time: {player} wins on time",
		"de": "{playerLost} hat auf Zeit verloren: {player} gewinnt auf Zeit",
	},

	// The sheets "tabula print" draws (package printout).
	"pr_boardTitle": {"en": "{game}: the board at true scale", "de": "{game}: das Brett in Originalgröße"},
	"pr_scale": {
		"en": "Print at actual size (100 %, not fit to page): this bar is 100 mm long.",
		"de": "In Originalgröße drucken (100 %, nicht an die Seite angepasst): dieser Balken ist 100 mm lang.",
	},
	"pr_size":       {"en": "The board is {w} x {h} mm.", "de": "Das Brett ist {w} x {h} mm groß."},
	"pr_holes":      {"en": "Holes {d} mm across, {pitch} mm apart (centre to centre), for real seeds.", "de": "Löcher {d} mm breit, {pitch} mm voneinander (Mitte zu Mitte), für echte Samen."},
	"pr_start":      {"en": "{player} starts here", "de": "{player} beginnt hier"},
	"pr_store":      {"en": "Store of {player}", "de": "Speicher von {player}"},
	"pr_row":        {"en": "Row of {player}", "de": "Reihe von {player}"},
	"pr_rulesTitle": {"en": "{game}: the rules", "de": "{game}: die Regeln"},
	"pr_from": {
		"en": "From Tabula's rules page {page}, which sets each rule beside the words of the source and the code that plays it.",
		"de": "Aus Tabulas Regelseite {page}, die jede Regel neben die Worte der Quelle und den Code stellt, der sie spielt.",
	},
	"pr_throws":   {"en": "The throws of {n} cowries", "de": "Die Würfe von {n} Kaurimuscheln"},
	"pr_throw":    {"en": "Throw", "de": "Wurf"},
	"pr_mouthsUp": {"en": "Mouths up", "de": "Öffnungen oben"},
	"pr_points":   {"en": "Points", "de": "Punkte"},
	"pr_chance":   {"en": "Chance", "de": "Wahrscheinlichkeit"},
	"pr_footer":   {"en": "Tabula: {game} (tabula print {id})", "de": "Tabula: {game} (tabula print {id})"},
}
