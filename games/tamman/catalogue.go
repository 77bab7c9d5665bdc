package tamman

import "tabula/engine"

// Catalogue says where Tamman comes from (its sources, by reference and address), with the
// descriptions of its options and its words in English and German.
func (Game) Catalogue() engine.Entry {
	return engine.Entry{
		People: engine.Text{"en": "Somali (the coast)", "de": "Somali (Küste)"},
		Region: engine.Text{
			"en": "Somaliland Coast; drawn on a firm stretch of sand on the beach",
			"de": "Küste Somalilands; auf festem Sand am Strand gezeichnet",
		},
		Date: engine.Text{"en": "1931", "de": "1931"},
		Kind: engine.Text{
			"en": "Race game on a 5x5 board with four cowrie shells as dice; related to Pachisi",
			"de": "Laufspiel auf einem 5x5-Brett mit vier Kaurimuscheln als Würfel; verwandt mit Pachisi",
		},
		Evidence: engine.Text{
			"en": "Evidence record DLP.Evidence.1424; type: ethnography; confidence 100; quotes Marin's 1931 account in full.",
			"de": "Belegeintrag DLP.Evidence.1424; Art: Ethnografie; Konfidenz 100; zitiert Marins Bericht von 1931 vollständig.",
		},
		Sources: []string{
			"Marin, G. 1931. Somali Games. Journal of the Royal Anthropological Institute of Great Britain and Ireland 61: 499-511 (pp. 510-511).",
			"Digital Ludeme Project, evidence record DLP.Evidence.1424, Ludii Portal, https://ludii.games/details.php?keyword=Tamman",
		},
		Summary: []engine.Text{{
			"en": "Two to four players, four men each, on a 5x5 board whose middle row and column are wider. Each player starts on her 'ayn (c1, e3, c5, a3); the centre square is habarti, \"the mother\".",
			"de": "Zwei bis vier Spieler mit je vier Steinen auf einem 5x5-Brett, dessen mittlere Reihe und Spalte breiter sind. Jeder beginnt auf seinem 'ayn (c1, e3, c5, a3); das Mittelfeld heißt habarti, „die Mutter\".",
		}, {
			"en": "Four cowries are thrown: the number of mouths up is the throw, none up counts 8. A 4 earns one more throw, an 8 two more, but if both of those are 8 as well the turn scores nothing. Only the first throw earns extra throws.",
			"de": "Vier Kaurimuscheln werden geworfen: die Zahl der Öffnungen oben ist der Wurf, keine oben zählt 8. Eine 4 gibt einen weiteren Wurf, eine 8 zwei weitere; sind diese beiden auch 8, zählt der Zug nichts. Nur der erste Wurf gibt Zusatzwürfe.",
		}, {
			"en": "Use each throw for one man, in the order you like: the man goes anti-clockwise round the outer ring, then turns left and goes clockwise round the inner ring to the dafandaf in front of its 'ayn, then to habarti.",
			"de": "Jeder Wurf wird für einen Stein genutzt, in beliebiger Reihenfolge: der Stein läuft gegen den Uhrzeigersinn um den äußeren Ring, biegt dann links ab, läuft im Uhrzeigersinn um den inneren Ring bis zum dafandaf vor seinem 'ayn und dann nach habarti.",
		}, {
			"en": "A man that passes over men of another colour sends them back to their 'ayn (not when they stand on an 'ayn), and you throw once more for each man sent back.",
			"de": "Ein Stein, der über Steine anderer Farbe zieht, schickt sie auf ihr 'ayn zurück (nicht wenn sie auf einem 'ayn stehen), und man wirft für jeden zurückgeschickten Stein noch einmal.",
		}, {
			"en": "Men may share squares. The first to bring all four men to habarti wins.",
			"de": "Steine dürfen Felder teilen. Wer zuerst alle vier Steine nach habarti bringt, gewinnt.",
		}},
		Options: map[string]engine.OptionText{
			OptPlayers:          {Title: engine.Text{"en": "Players", "de": "Spieler"}, Doc: engine.Text{"de": "Zahl der Spieler: 2 sitzen auf gegenüberliegenden 'ayn (c1, c5), 3 auf c1, e3, c5, 4 auf allen"}},
			OptMouthUp:          {Title: engine.Text{"en": "Chance of a cowrie mouth up", "de": "Wahrscheinlichkeit „Öffnung oben\""}, Doc: engine.Text{"de": "Wahrscheinlichkeit, dass eine Kaurimuschel mit der Öffnung nach oben fällt (nicht in der Quelle)"}},
			OptExactFinish:      {Title: engine.Text{"en": "Exact throw onto habarti", "de": "Genauer Wurf nach habarti"}, Doc: engine.Text{"de": "ein Stein muss genau auf habarti landen; aus: ein längerer Wurf hält ihn dort an"}},
			OptCaptureOnLanding: {Title: engine.Text{"en": "Capture where the man lands", "de": "Schlagen auf dem Zielfeld"}, Doc: engine.Text{"de": "auch gegnerische Steine auf dem Zielfeld werden geschlagen, nicht nur die übersprungenen"}},
			OptCaptureAtStart:   {Title: engine.Text{"en": "Capture where the man starts", "de": "Schlagen auf dem Ausgangsfeld"}, Doc: engine.Text{"de": "auch gegnerische Steine auf dem Ausgangsfeld werden geschlagen"}},
			OptSafeAyn: {Title: engine.Text{"en": "Safe 'ayn", "de": "Sichere 'ayn"},
				Doc: engine.Text{"de": "Steine sind auf jedem 'ayn sicher (all) oder nur auf ihrem eigenen (own)"},
				Values: map[string]engine.Text{
					SafeAll: {"en": "safe on every 'ayn", "de": "sicher auf jedem 'ayn"},
					SafeOwn: {"en": "safe on their own 'ayn only", "de": "sicher nur auf dem eigenen 'ayn"},
				},
			},
			OptThrowUse: {Title: engine.Text{"en": "Use of the throws", "de": "Nutzung der Würfe"},
				Doc: engine.Text{"de": "jeder Wurf zieht einen Stein (separate) oder die Würfe werden addiert und ziehen einen Stein (total)"},
				Values: map[string]engine.Text{
					ThrowSeparate: {"en": "each throw moves a man", "de": "jeder Wurf zieht einen Stein"},
					ThrowTotal:    {"en": "the throws added up move one man", "de": "die Summe der Würfe zieht einen Stein"},
				},
			},
			OptTripleTamman: {Title: engine.Text{"en": "Three times tamman", "de": "Dreimal tamman"},
				Doc: engine.Text{"de": "8, dann 8 und 8 verliert die Würfe des Zuges (void) oder schickt auch die Steine des Werfers nach Hause (reset)"},
				Values: map[string]engine.Text{
					TripleVoid:  {"en": "the turn's throws are lost", "de": "die Würfe des Zuges verfallen"},
					TripleReset: {"en": "the thrower's men go home too", "de": "auch die Steine des Werfers gehen nach Hause"},
				},
			},
			OptMayPass: {Title: engine.Text{"en": "May pass", "de": "Passen erlaubt"}, Doc: engine.Text{"de": "man darf passen und ungenutzte Würfe aufgeben, auch wenn ein Stein sie nutzen könnte"}},
			OptTurnOrder: {Title: engine.Text{"en": "Turn order", "de": "Zugreihenfolge"},
				Doc: engine.Text{"de": "die Reihe geht um die 'ayn c1, e3, c5, a3 (anticlockwise) oder c1, a3, c5, e3 (clockwise)"},
				Values: map[string]engine.Text{
					AntiClockwise: {"en": "anticlockwise: c1, e3, c5, a3", "de": "gegen den Uhrzeigersinn: c1, e3, c5, a3"},
					Clockwise:     {"en": "clockwise: c1, a3, c5, e3", "de": "im Uhrzeigersinn: c1, a3, c5, e3"},
				},
			},
			OptUseMost: {Title: engine.Text{"en": "Use as many throws as possible", "de": "Möglichst viele Würfe nutzen"}, Doc: engine.Text{"de": "ein Zug muss so viele Würfe wie möglich nutzbar lassen (wie beim Backgammon)"}},
		},
		Words: map[string]engine.Text{
			// Its errors.
			"tamman.throw_form":   {"en": "tamman: a throw is t1, t2, t3, t4 or t8, not {text}", "de": "tamman: ein Wurf ist t1, t2, t3, t4 oder t8, nicht {text}"},
			"tamman.move_form":    {"en": "tamman: a move is SQUARE+THROW such as c1+3, not {text}", "de": "tamman: ein Zug ist FELD+WURF wie c1+3, nicht {text}"},
			"tamman.throw_number": {"en": "tamman: {text}: the throw after '+' is a number 1-{max}", "de": "tamman: {text}: der Wurf nach '+' ist eine Zahl 1-{max}"},
			// What Scores counts.
			"scoreNote": {"en": "Score: men home on habarti", "de": "Punkte: Steine auf habarti"},
			// The names of the throws (Marin 1931).
			"chanceTurn":  {"en": "Throw", "de": "Wurf"},
			"chance_t1":   {"en": "wahid", "de": "wahid"},
			"chance_t2":   {"en": "tinteyn", "de": "tinteyn"},
			"chance_t3":   {"en": "talad", "de": "talad"},
			"chance_t4":   {"en": "waraq", "de": "waraq"},
			"chance_t8":   {"en": "tamman", "de": "tamman"},
			"ayn":         {"en": "'ayn", "de": "'ayn"},
			"dafandaf":    {"en": "dafandaf", "de": "dafandaf"},
			"habarti":     {"en": "habarti", "de": "habarti"},
			"onHabarti":   {"en": "on habarti", "de": "auf habarti"},
			"phase_throw": {"en": "The cowries are thrown.", "de": "Die Kaurimuscheln werden geworfen."},
			"phase_move":  {"en": "The throws move the men.", "de": "Die Würfe bewegen die Steine."},
			// what the player to move does in phase move (a page shows
			// it to that player only)
			"howTo_move": {
				"en": "Pick a man, then a highlighted square (or a move below).",
				"de": "Wähle einen Stein, dann ein markiertes Feld (oder einen Zug unten).",
			},
			"cowries":     {"en": "Four cowries: {up} mouths up", "de": "Vier Kaurimuscheln: {up} Öffnungen oben"},
			"thrown":      {"en": "Thrown: {n} ({name})", "de": "Geworfen: {n} ({name})"},
			"ev_sentback": {"en": "{player} sent {men} of {playerOf} back to the 'ayn, from {from}.", "de": "{player} schickte {men} von {playerOf} zurück auf das 'ayn, von {from}."},
			"ev_thrown":   {"en": "{player} threw {value} ({name}).", "de": "{player} warf {value} ({name})."},
			// The variants _you tell the one person at the board against the
			// computer her own turns (the page calls her "You").
			"ev_sentback_you": {"en": "You sent {men} of {playerOf} back to the 'ayn, from {from}.", "de": "Du schicktest {men} von {playerOf} zurück auf das 'ayn, von {from}."},
			"ev_thrown_you":   {"en": "You threw {value} ({name}).", "de": "Du warfst {value} ({name})."},
			"ev_zeroed_reset": {
				"en": "Three times tamman (8): the turn scores nothing, and the men in play of {player} go back to the 'ayn.",
				"de": "Dreimal tamman (8): der Zug zählt nichts, und die Steine von {player} im Spiel gehen zurück auf das 'ayn.",
			},
			"ev_zeroed_reset_you": {
				"en": "Three times tamman (8): the turn scores nothing, and your men in play go back to the 'ayn.",
				"de": "Dreimal tamman (8): der Zug zählt nichts, und deine Steine im Spiel gehen zurück auf das 'ayn.",
			},
			// The terminal's drawing of the board.
			"b_player":            {"en": "player {n} ('ayn {ayn}): steps {steps}; {home} on habarti", "de": "Spieler {n} ('ayn {ayn}): Schritte {steps}; {home} auf habarti"},
			"b_won":               {"en": "player {n} has all four men on habarti", "de": "Spieler {n} hat alle vier Steine auf habarti"},
			"b_captureDue":        {"en": "player {n}: {due} due; throws waiting: {waiting}", "de": "Spieler {n}: {due} fällig; Würfe warten: {waiting}"},
			"b_toThrow":           {"en": "player {n} to throw", "de": "Spieler {n} wirft"},
			"b_extraDue":          {"en": "player {n}: {due} due; thrown so far: {thrown}", "de": "Spieler {n}: {due} fällig; bisher geworfen: {thrown}"},
			"b_toMove":            {"en": "player {n} to move; throws waiting: {waiting}", "de": "Spieler {n} zieht; Würfe warten: {waiting}"},
			"b_none":              {"en": "none", "de": "keine"},
			"b_throw":             {"en": "{value} ({name})", "de": "{value} ({name})"},
			"captureThrows_one":   {"en": "1 capture throw", "de": "1 Fangwurf"},
			"captureThrows_other": {"en": "{n} capture throws", "de": "{n} Fangwürfe"},
			"extraThrows_one":     {"en": "1 extra throw", "de": "1 Extrawurf"},
			"extraThrows_other":   {"en": "{n} extra throws", "de": "{n} Extrawürfe"},
			"legend_letters": {
				"en": "A: a player's 'ayn (her men start there), D: dafandaf (safe), H: habarti (the end of every path)",
				"de": "A: das 'ayn einer Spielerin (dort beginnen ihre Steine), D: dafandaf (sicher), H: habarti (das Ende jedes Weges)",
			},
			"legend_steps": {
				"en": "steps: how far each man has gone along his path, from 0 (on his 'ayn) to 24 (on habarti)",
				"de": "Schritte: wie weit jeder Stein auf seinem Weg ist, von 0 (auf seinem 'ayn) bis 24 (auf habarti)",
			},
			"why_turn":      {"en": "the turn's throw", "de": "der Wurf des Zuges"},
			"why_extra4":    {"en": "an extra throw for a 4", "de": "ein Extrawurf für eine 4"},
			"why_extra8_1":  {"en": "the first of two extra throws for an 8", "de": "der erste von zwei Extrawürfen für eine 8"},
			"why_extra8_2":  {"en": "the second extra throw for an 8", "de": "der zweite Extrawurf für eine 8"},
			"why_capture":   {"en": "a capture throw for a man sent back", "de": "ein Fangwurf für einen zurückgeschickten Stein"},
			"why_captures":  {"en": "a capture throw for each man sent back ({n} due)", "de": "ein Fangwurf für jeden zurückgeschickten Stein ({n} fällig)"},
			"men_one":       {"en": "1 man", "de": "1 Stein"},
			"men_other":     {"en": "{n} men", "de": "{n} Steine"},
			"ev_zeroed":     {"en": "Three times tamman (8): the turn scores nothing.", "de": "Dreimal tamman (8): der Zug zählt nichts."},
			"ev_lost":       {"en": "{n} throws could not be used and are lost.", "de": "{n} Würfe konnten nicht genutzt werden und verfallen."},
			"ev_throws":     {"en": "{player} throws the cowries: {why}.", "de": "{player} wirft die Kaurimuscheln: {why}."},
			"ev_throws_you": {"en": "You throw the cowries: {why}.", "de": "Du wirfst die Kaurimuscheln: {why}."},
		},
	}
}
