package adjiboto

import "tabula/engine"

// Catalogue says where Adji-Boto comes from (its sources, by reference and address), with the
// descriptions of its options and its words in English and German.
func (Game) Catalogue() engine.Entry {
	return engine.Entry{
		People: engine.Text{"en": "Saramaka (Saramaccan) Maroons", "de": "Saramaka-(Saramaccan-)Maroon"},
		Region: engine.Text{
			"en": "Rainforest along the Suriname River, South America",
			"de": "Regenwald entlang des Suriname-Flusses in Südamerika",
		},
		Date: engine.Text{
			"en": "First documented in the 1920s and 1930s (Melville J. Herskovits' field studies)",
			"de": "Erstmals in den 1920er- und 1930er-Jahren dokumentiert (Feldstudien von Melville J. Herskovits)",
		},
		Kind: engine.Text{
			"en": "Two-row mancala, five holes a row, ten seeds a hole, odd-count capture chains",
			"de": "Zweireihiges Mancala, fünf Löcher je Reihe, zehn Samen je Loch, Fangketten ungerader Mengen",
		},
		Evidence: engine.Text{
			"en": "A wiki article restating Herskovits' ethnography; played by adult men at wakes (kee or tjutju) on carved boat-shaped boards; no first-hand account is quoted.",
			"de": "Ein Wiki-Artikel nach Herskovits' Ethnografie; von erwachsenen Männern bei Totenwachen (kee oder tjutju) auf geschnitzten bootförmigen Brettern gespielt; kein Bericht aus erster Hand wird zitiert.",
		},
		Sources: []string{
			"Mancala World – Adji-boto (German text), https://mancala.fandom.com/wiki/Adji-boto",
			"Melville J. Herskovits, field studies of Afro-Surinamese culture, 1920s-1930s (as cited there).",
		},
		Summary: []engine.Text{{
			"en": "Two players, two rows of five holes, ten seeds in each hole; each player owns the row nearer to her and a store (boto) at its end.",
			"de": "Zwei Spieler, zwei Reihen zu fünf Löchern, zehn Samen in jedem Loch; jeder besitzt die Reihe vor sich und einen Speicher (boto) an ihrem Ende.",
		}, {
			"en": "On your turn take all seeds but one from one of your holes (it must hold at least two) and sow them one by one counter-clockwise into the following holes; the stores are passed by.",
			"de": "Im Zug nimmt man alle Samen bis auf einen aus einem eigenen Loch (mit mindestens zwei Samen) und sät sie einzeln gegen den Uhrzeigersinn in die folgenden Löcher; die Speicher werden übergangen.",
		}, {
			"en": "Opening: each hole of the board is played once before any is played again; no captures in these ten moves.",
			"de": "Eröffnung: jedes Loch des Bretts wird einmal gespielt, bevor eines ein zweites Mal gespielt wird; in diesen zehn Zügen gibt es keine Fänge.",
		}, {
			"en": "Capture: after the opening, if the hole right after the one that got the last seed holds 1, 3 or 5 seeds, you take them, and so on along the holes that follow while they hold 1, 3 or 5.",
			"de": "Fangen: nach der Eröffnung nimmt man die Samen des Lochs direkt nach dem mit dem letzten Samen, wenn es 1, 3 oder 5 enthält, und so weiter in den folgenden Löchern, solange sie 1, 3 oder 5 enthalten.",
		}, {
			"en": "A player who cannot move passes. When neither can move, each sweeps the seeds of her row into her store; more seeds win.",
			"de": "Wer nicht ziehen kann, setzt aus. Kann keiner ziehen, kehrt jeder die Samen seiner Reihe in seinen Speicher; mehr Samen gewinnen.",
		}},
		Options: map[string]engine.OptionText{
			OptSeeds:             {Title: engine.Text{"en": "Seeds per hole", "de": "Samen je Loch"}, Doc: engine.Text{"de": "Samen in jedem Loch zu Beginn (Quelle: 10)"}},
			OptChainThroughEmpty: {Title: engine.Text{"en": "Capture chains pass empty holes", "de": "Fangketten über leere Löcher"}, Doc: engine.Text{"de": "ein leeres Loch beendet eine Fangkette nicht; die Kette geht darüber hinweg"}},
			OptCaptureFrom: {Title: engine.Text{"en": "Capture from", "de": "Fangen aus"},
				Doc: engine.Text{"de": "woraus gefangen werden darf: aus jedem Loch (any) oder nur aus der Reihe des Gegners (opponent)"},
				Values: engine.Table([]engine.Word{
					{Key: "any", En: "any hole", De: "jedes Loch"},
					{Key: "opponent", En: "the opponent's row only", De: "nur die Reihe des Gegners"},
				}),
			},
			OptOpening: {Title: engine.Text{"en": "Opening", "de": "Eröffnung"},
				Doc: engine.Text{"de": "die ersten zehn Züge: jedes Loch einmal in beliebiger Reihenfolge (free), in Saatrichtung (ordered) oder keine Eröffnung (none)"},
				Values: engine.Table([]engine.Word{
					{Key: OpeningFree, En: "each hole once, in any order", De: "jedes Loch einmal, in beliebiger Reihenfolge"},
					{Key: OpeningOrdered, En: "each hole once, in sowing order", De: "jedes Loch einmal, in Saatrichtung"},
					{Key: OpeningNone, En: "no opening", De: "keine Eröffnung"},
				}),
			},
			OptSkipOrigin: {Title: engine.Text{"en": "Skip the starting hole", "de": "Ausgangsloch überspringen"}, Doc: engine.Text{"de": "eine Aussaat rund um das Brett überspringt das Ausgangsloch"}},
			OptRepetition: {Title: engine.Text{"en": "Repetitions that end the game", "de": "Wiederholungen bis zum Ende"}, Doc: engine.Text{"de": "das Spiel endet als Blockade, wenn eine Stellung so oft vorkommt (0: nie; nicht in der Quelle)"}},
			OptMaxPlies:   {Title: engine.Text{"en": "Move limit", "de": "Zuglimit"}, Doc: engine.Text{"de": "das Spiel endet als Blockade nach so vielen Zügen (0: ohne Grenze; nicht in der Quelle)"}},
		},
		Words: engine.Table([]engine.Word{
			// Its errors.
			{
				Key: "adji-boto.never_ends",
				En:  "option {option}: 0 (never) needs {other} > 0, or a game could go on for ever",
				De:  "Option {option}: 0 (nie) braucht {other} > 0, sonst könnte eine Partie ewig dauern",
			},
			{
				Key: "adji-boto.ends_at_once",
				En:  "option {option}: 1 would end every game at once; use 0 (never) or 2 and more",
				De:  "Option {option}: 1 würde jede Partie sofort beenden; 0 (nie) oder 2 und mehr nehmen",
			},
			{Key: "adji-boto.move_form", En: "adji-boto: a move is a hole number 0-9", De: "adji-boto: ein Zug ist eine Lochnummer 0-9"},
			{Key: "adji-boto.not_your_row", En: "adji-boto: hole {hole} is not in {player}'s row (holes {row})", De: "adji-boto: Loch {hole} liegt nicht in der Reihe von {player} (Löcher {row})"},
			// What Scores counts.
			{Key: "scoreNote", En: "Score: seeds in the store", De: "Punkte: Samen im Speicher"},
			{
				Key: "phase_opening",
				En:  "Opening: each hole is played once; no captures yet.",
				De:  "Eröffnung: jedes Loch wird einmal gespielt; noch keine Fänge.",
			},
			{Key: "end_blockade", En: "blockade: neither player can move", De: "Blockade: keiner kann ziehen"},
			{Key: "end_repetition", En: "repetition of a position", De: "Wiederholung einer Stellung"},
			{Key: "end_max-plies", En: "the move limit", De: "das Zuglimit"},
			{Key: "ev_capture_last", En: "{player} captured {seeds}.", De: "Gefangen von {player}: {seeds}."},
			{Key: "ev_pass", En: "{player} cannot move and passes.", De: "{player} kann nicht ziehen und setzt aus."},
			{Key: "ev_capture_last_you", En: "You captured {seeds}.", De: "Von dir gefangen: {seeds}."},
			{Key: "ev_pass_you", En: "You cannot move and pass.", De: "Du kannst nicht ziehen und setzt aus."},
			// The terminal's drawing of the board.
			{Key: "b_store", En: "player {n}'s store (boto): {seeds}", De: "Speicher (boto) von Spieler {n}: {seeds}"},
			{Key: "b_hole", En: "hole", De: "Loch"},
			{Key: "b_sowing", En: "seeds are sown counter-clockwise: 9 8 7 6 5, then 4 3 2 1 0, then 9 again", De: "gesät wird gegen den Uhrzeigersinn: 9 8 7 6 5, dann 4 3 2 1 0, dann wieder 9"},
			{Key: "b_opening", En: "opening: {n} of the ten opening moves left, no captures yet", De: "Eröffnung: noch {n} der zehn Eröffnungszüge, noch keine Fänge"},
			{Key: "b_over", En: "game over ({why})", De: "Spielende ({why})"},
			{Key: "seeds_one", En: "1 seed", De: "1 Samen"},
			{Key: "seeds_other", En: "{n} seeds", De: "{n} Samen"},
		}),
	}
}
