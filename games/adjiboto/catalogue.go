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
				Values: map[string]engine.Text{
					"any":      {"en": "any hole", "de": "jedes Loch"},
					"opponent": {"en": "the opponent's row only", "de": "nur die Reihe des Gegners"},
				},
			},
			OptOpening: {Title: engine.Text{"en": "Opening", "de": "Eröffnung"},
				Doc: engine.Text{"de": "die ersten zehn Züge: jedes Loch einmal in beliebiger Reihenfolge (free), in Saatrichtung (ordered) oder keine Eröffnung (none)"},
				Values: map[string]engine.Text{
					OpeningFree:    {"en": "each hole once, in any order", "de": "jedes Loch einmal, in beliebiger Reihenfolge"},
					OpeningOrdered: {"en": "each hole once, in sowing order", "de": "jedes Loch einmal, in Saatrichtung"},
					OpeningNone:    {"en": "no opening", "de": "keine Eröffnung"},
				},
			},
			OptSkipOrigin: {Title: engine.Text{"en": "Skip the starting hole", "de": "Ausgangsloch überspringen"}, Doc: engine.Text{"de": "eine Aussaat rund um das Brett überspringt das Ausgangsloch"}},
			OptRepetition: {Title: engine.Text{"en": "Repetitions that end the game", "de": "Wiederholungen bis zum Ende"}, Doc: engine.Text{"de": "das Spiel endet als Blockade, wenn eine Stellung so oft vorkommt (0: nie; nicht in der Quelle)"}},
			OptMaxPlies:   {Title: engine.Text{"en": "Move limit", "de": "Zuglimit"}, Doc: engine.Text{"de": "das Spiel endet als Blockade nach so vielen Zügen (0: ohne Grenze; nicht in der Quelle)"}},
		},
		Words: map[string]engine.Text{
			// Its errors.
			"adji-boto.never_ends": {
				"en": "option {option}: 0 (never) needs {other} > 0, or a game could go on for ever",
				"de": "Option {option}: 0 (nie) braucht {other} > 0, sonst könnte eine Partie ewig dauern",
			},
			"adji-boto.ends_at_once": {
				"en": "option {option}: 1 would end every game at once; use 0 (never) or 2 and more",
				"de": "Option {option}: 1 würde jede Partie sofort beenden; 0 (nie) oder 2 und mehr nehmen",
			},
			"adji-boto.move_form":    {"en": "adji-boto: a move is a hole number 0-9", "de": "adji-boto: ein Zug ist eine Lochnummer 0-9"},
			"adji-boto.not_your_row": {"en": "adji-boto: hole {hole} is not in {player}'s row (holes {row})", "de": "adji-boto: Loch {hole} liegt nicht in der Reihe von {player} (Löcher {row})"},
			// What Scores counts.
			"scoreNote": {"en": "Score: seeds in the store", "de": "Punkte: Samen im Speicher"},
			"phase_opening": {
				"en": "Opening: each hole is played once; no captures yet.",
				"de": "Eröffnung: jedes Loch wird einmal gespielt; noch keine Fänge.",
			},
			"end_blockade":        {"en": "blockade: neither player can move", "de": "Blockade: keiner kann ziehen"},
			"end_repetition":      {"en": "repetition of a position", "de": "Wiederholung einer Stellung"},
			"end_max-plies":       {"en": "the move limit", "de": "das Zuglimit"},
			"ev_capture_last":     {"en": "{player} captured {seeds}.", "de": "Gefangen von {player}: {seeds}."},
			"ev_pass":             {"en": "{player} cannot move and passes.", "de": "{player} kann nicht ziehen und setzt aus."},
			"ev_capture_last_you": {"en": "You captured {seeds}.", "de": "Von dir gefangen: {seeds}."},
			"ev_pass_you":         {"en": "You cannot move and pass.", "de": "Du kannst nicht ziehen und setzt aus."},
			// The terminal's drawing of the board.
			"b_store":     {"en": "player {n}'s store (boto): {seeds}", "de": "Speicher (boto) von Spieler {n}: {seeds}"},
			"b_hole":      {"en": "hole", "de": "Loch"},
			"b_sowing":    {"en": "seeds are sown counter-clockwise: 9 8 7 6 5, then 4 3 2 1 0, then 9 again", "de": "gesät wird gegen den Uhrzeigersinn: 9 8 7 6 5, dann 4 3 2 1 0, dann wieder 9"},
			"b_opening":   {"en": "opening: {n} of the ten opening moves left, no captures yet", "de": "Eröffnung: noch {n} der zehn Eröffnungszüge, noch keine Fänge"},
			"b_over":      {"en": "game over ({why})", "de": "Spielende ({why})"},
			"seeds_one":   {"en": "1 seed", "de": "1 Samen"},
			"seeds_other": {"en": "{n} seeds", "de": "{n} Samen"},
		},
	}
}
