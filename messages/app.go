package messages

import "tabula/engine"

// App holds the words the programs say around a game, in every language;
// a game's own words are in its catalogue. Keys of the terminal start
// with "t_".
var App = engine.Table([]engine.Word{
	{Key: "and", En: "and", De: "und"},
	// why a game ended (view.PhaseText), with the game's word for it
	{Key: "endReason", En: "The game ended by {why}.", De: "Das Spiel endete durch {why}."},
	// a seat without a name, in the lines a page shows (messages.Texts)
	{Key: "seatName", En: "Player {n}", De: "Spieler {n}"},
	// a computer seat without a name (messages.Texts), with its level:
	// lvl_ and the level of its spec ("mcts:easy"), or the spec itself
	{Key: "computerName", En: "Computer ({level})", De: "Computer ({level})"},
	// one of several computer seats: the nth of them (1, 2, ...)
	{Key: "computerNameN", En: "Computer {n} ({level})", De: "Computer {n} ({level})"},
	{Key: "lvl_easy", En: "easy", De: "leicht"},
	{Key: "lvl_medium", En: "medium", De: "mittel"},
	{Key: "lvl_hard", En: "hard", De: "schwer"},
	{Key: "lvl_max", En: "strongest", De: "am stärksten"},
	{Key: "lvl_random", En: "random", De: "zufällig"},
	{Key: "lvl_greedy", En: "greedy", De: "gierig"},

	{
		Key: "t_instructions",
		En:  "Type a move as listed, 'moves' for the record so far, 'help' for this line, or 'quit' (or Ctrl-C) to stop and get a record to resume from.",
		De:  "Gib einen Zug wie aufgelistet ein, 'moves' für die bisherigen Züge, 'help' für diese Zeile oder 'quit' (oder Strg-C), um anzuhalten und eine Aufzeichnung zum Fortsetzen zu bekommen.",
	},
	{Key: "t_seat", En: "  {player}: {who}", De: "  {player}: {who}"},
	{Key: "t_human", En: "human", De: "Mensch"},
	{Key: "t_resumed", En: "Resumed after {n}: {moves}", De: "Fortgesetzt nach {n}: {moves}"},
	{Key: "t_moves_one", En: "1 move", De: "1 Zug"},
	{Key: "t_moves_other", En: "{n} moves", De: "{n} Zügen"},
	{Key: "t_plays", En: "{player} plays {move}", De: "{player} spielt {move}"},
	{Key: "t_reveal", En: "{players} reveal: {move}", De: "{players} decken auf: {move}"},
	{Key: "t_chance", En: "chance: {move}", De: "Zufall: {move}"},
	{Key: "t_yourMove", En: "{player}, your move ({legal}): ", De: "{player}, dein Zug ({legal}): "},
	{Key: "t_secret", En: "{player}, choose in secret ({legal}): ", De: "{player}, wähle geheim ({legal}): "},
	{Key: "t_chosen", En: "{player} has chosen.", De: "{player} hat gewählt."},
	{Key: "t_notLegal", En: "{move} is not legal now", De: "{move} ist jetzt nicht erlaubt"},
	{
		Key: "t_notLegalHidden",
		En:  "that move is not legal now",
		De:  "dieser Zug ist jetzt nicht erlaubt",
	},
	{Key: "t_moves", En: "moves: {moves}", De: "Züge: {moves}"},
	{
		Key: "t_stopped",
		En:  "Stopped after {n}. To resume, save the next line in a file and run 'tabula play --record FILE':",
		De:  "Angehalten nach {n}. Zum Fortsetzen die nächste Zeile in einer Datei speichern und 'tabula play --record FILE' ausführen:",
	},
	{Key: "t_gameOver", En: "Game over: {result}. Scores: {scores}.", De: "Spielende: {result}. Punkte: {scores}."},
	{Key: "t_score", En: "{player} {n}", De: "{player} {n}"},
	{Key: "t_record", En: "Record: {moves}", De: "Aufzeichnung: {moves}"},

	// The coach (package coach): the marks, and why the better move is
	// better, {what} being the game's own narration of a move.
	{Key: "coach_best", En: "best", De: "bester Zug"},
	{Key: "coach_good", En: "good", De: "gut"},
	{Key: "coach_inaccuracy", En: "inaccuracy", De: "Ungenauigkeit"},
	{Key: "coach_mistake", En: "mistake", De: "Fehler"},
	{Key: "coach_blunder", En: "blunder", De: "grober Fehler"},
	{
		Key: "coach_better",
		En:  "{move} was better; after it: {what}",
		De:  "{move} war besser; danach: {what}",
	},
	{
		Key: "coach_cost",
		En:  "After {played}: {what} {move} avoids that.",
		De:  "Nach {played}: {what} {move} vermeidet das.",
	},
	{
		Key: "coach_open",
		En:  "{played} leaves this open: {what}",
		De:  "{played} lässt das offen: {what}",
	},
	{
		Key: "coach_chances",
		En:  "{move} keeps {best}% winning chances, {played} {after}%.",
		De:  "{move} hält {best} % Gewinnchancen, {played} {after} %.",
	},

	// How a game ended (view.ResultMessage), in the terminal, the room
	// and the archive.
	// the quick messages of a room's chat (wire.QuickChat), in each
	// reader's language
	{Key: "chat_hello", En: "Hello", De: "Hallo"},
	{Key: "chat_good-game", En: "Good game", De: "Gutes Spiel"},
	{Key: "chat_well-played", En: "Well played", De: "Gut gespielt"},
	{Key: "chat_thanks", En: "Thank you", De: "Danke"},

	{Key: "result_none", En: "The game goes on", De: "Die Partie läuft"},
	{Key: "result_abandoned", En: "Abandoned unfinished", De: "Unbeendet aufgegeben"},
	{Key: "result_draw_end", En: "Draw", De: "Unentschieden"},
	{
		Key: "result_draw_agreed",
		En:  "Draw by agreement",
		De:  "Remis nach Vereinbarung",
	},
	{Key: "result_win_end", En: "{player} wins", De: "{player} gewinnt"},
	{
		Key: "result_win_resign",
		En:  "{playerLost} resigned: {player} wins",
		De:  "{playerLost} hat aufgegeben: {player} gewinnt",
	},
	{
		Key: "result_win_flag",
		En:  "{playerLost} lost on time: {player} wins on time",
		De:  "{playerLost} hat auf Zeit verloren: {player} gewinnt auf Zeit",
	},

	// The sheets "tabula print" draws (package printout).
	{Key: "pr_boardTitle", En: "{game}: the board at true scale", De: "{game}: das Brett in Originalgröße"},
	{
		Key: "pr_scale",
		En:  "Print at actual size (100 %, not fit to page): this bar is 100 mm long.",
		De:  "In Originalgröße drucken (100 %, nicht an die Seite angepasst): dieser Balken ist 100 mm lang.",
	},
	{Key: "pr_size", En: "The board is {w} x {h} mm.", De: "Das Brett ist {w} x {h} mm groß."},
	{Key: "pr_holes", En: "Holes {d} mm across, {pitch} mm apart (centre to centre), for real seeds.", De: "Löcher {d} mm breit, {pitch} mm voneinander (Mitte zu Mitte), für echte Samen."},
	{Key: "pr_start", En: "{player} starts here", De: "{player} beginnt hier"},
	{Key: "pr_store", En: "Store of {player}", De: "Speicher von {player}"},
	{Key: "pr_row", En: "Row of {player}", De: "Reihe von {player}"},
	{Key: "pr_rulesTitle", En: "{game}: the rules", De: "{game}: die Regeln"},
	{
		Key: "pr_from",
		En:  "From Tabula's rules page {page}, which sets each rule beside the words of the source and the code that plays it.",
		De:  "Aus Tabulas Regelseite {page}, die jede Regel neben die Worte der Quelle und den Code stellt, der sie spielt.",
	},
	{Key: "pr_throws", En: "The throws of {n} cowries", De: "Die Würfe von {n} Kaurimuscheln"},
	{Key: "pr_throw", En: "Throw", De: "Wurf"},
	{Key: "pr_mouthsUp", En: "Mouths up", De: "Öffnungen oben"},
	{Key: "pr_points", En: "Points", De: "Punkte"},
	{Key: "pr_chance", En: "Chance", De: "Wahrscheinlichkeit"},
	{Key: "pr_footer", En: "Tabula: {game} (tabula print {id})", De: "Tabula: {game} (tabula print {id})"},
})
