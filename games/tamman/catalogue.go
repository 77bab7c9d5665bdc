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
				Values: engine.Table([]engine.Word{
					{Key: SafeAll, En: "safe on every 'ayn", De: "sicher auf jedem 'ayn"},
					{Key: SafeOwn, En: "safe on their own 'ayn only", De: "sicher nur auf dem eigenen 'ayn"},
				}),
			},
			OptThrowUse: {Title: engine.Text{"en": "Use of the throws", "de": "Nutzung der Würfe"},
				Doc: engine.Text{"de": "jeder Wurf zieht einen Stein (separate) oder die Würfe werden addiert und ziehen einen Stein (total)"},
				Values: engine.Table([]engine.Word{
					{Key: ThrowSeparate, En: "each throw moves a man", De: "jeder Wurf zieht einen Stein"},
					{Key: ThrowTotal, En: "the throws added up move one man", De: "die Summe der Würfe zieht einen Stein"},
				}),
			},
			OptTripleTamman: {Title: engine.Text{"en": "Three times tamman", "de": "Dreimal tamman"},
				Doc: engine.Text{"de": "8, dann 8 und 8 verliert die Würfe des Zuges (void) oder schickt auch die Steine des Werfers nach Hause (reset)"},
				Values: engine.Table([]engine.Word{
					{Key: TripleVoid, En: "the turn's throws are lost", De: "die Würfe des Zuges verfallen"},
					{Key: TripleReset, En: "the thrower's men go home too", De: "auch die Steine des Werfers gehen nach Hause"},
				}),
			},
			OptMayPass: {Title: engine.Text{"en": "May pass", "de": "Passen erlaubt"}, Doc: engine.Text{"de": "man darf passen und ungenutzte Würfe aufgeben, auch wenn ein Stein sie nutzen könnte"}},
			OptTurnOrder: {Title: engine.Text{"en": "Turn order", "de": "Zugreihenfolge"},
				Doc: engine.Text{"de": "die Reihe geht um die 'ayn c1, e3, c5, a3 (anticlockwise) oder c1, a3, c5, e3 (clockwise)"},
				Values: engine.Table([]engine.Word{
					{Key: AntiClockwise, En: "anticlockwise: c1, e3, c5, a3", De: "gegen den Uhrzeigersinn: c1, e3, c5, a3"},
					{Key: Clockwise, En: "clockwise: c1, a3, c5, e3", De: "im Uhrzeigersinn: c1, a3, c5, e3"},
				}),
			},
			OptUseMost: {Title: engine.Text{"en": "Use as many throws as possible", "de": "Möglichst viele Würfe nutzen"}, Doc: engine.Text{"de": "ein Zug muss so viele Würfe wie möglich nutzbar lassen (wie beim Backgammon)"}},
		},
		Words: engine.Table([]engine.Word{
			// Its errors.
			{Key: "tamman.throw_form", En: "tamman: a throw is t1, t2, t3, t4 or t8, not {text}", De: "tamman: ein Wurf ist t1, t2, t3, t4 oder t8, nicht {text}"},
			{Key: "tamman.move_form", En: "tamman: a move is SQUARE+THROW such as c1+3, not {text}", De: "tamman: ein Zug ist FELD+WURF wie c1+3, nicht {text}"},
			{Key: "tamman.throw_number", En: "tamman: {text}: the throw after '+' is a number 1-{max}", De: "tamman: {text}: der Wurf nach '+' ist eine Zahl 1-{max}"},
			// What Scores counts.
			{Key: "scoreNote", En: "Score: men home on habarti", De: "Punkte: Steine auf habarti"},
			// The names of the throws (Marin 1931).
			{Key: "chanceTurn", En: "Throw", De: "Wurf"},
			{Key: "chance_t1", En: "wahid", De: "wahid"},
			{Key: "chance_t2", En: "tinteyn", De: "tinteyn"},
			{Key: "chance_t3", En: "talad", De: "talad"},
			{Key: "chance_t4", En: "waraq", De: "waraq"},
			{Key: "chance_t8", En: "tamman", De: "tamman"},
			{Key: "ayn", En: "'ayn", De: "'ayn"},
			{Key: "dafandaf", En: "dafandaf", De: "dafandaf"},
			{Key: "habarti", En: "habarti", De: "habarti"},
			{Key: "onHabarti", En: "on habarti", De: "auf habarti"},
			{Key: "phase_throw", En: "The cowries are thrown.", De: "Die Kaurimuscheln werden geworfen."},
			{Key: "phase_move", En: "The throws move the men.", De: "Die Würfe bewegen die Steine."},
			// what the player to move does in phase move (a page shows
			// it to that player only)
			{
				Key: "howTo_move",
				En:  "Pick a man, then a highlighted square (or a move below).",
				De:  "Wähle einen Stein, dann ein markiertes Feld (oder einen Zug unten).",
			},
			{Key: "cowries", En: "Four cowries: {up} mouths up", De: "Vier Kaurimuscheln: {up} Öffnungen oben"},
			{Key: "thrown", En: "Thrown: {n} ({name})", De: "Geworfen: {n} ({name})"},
			{Key: "ev_sentback", En: "{player} sent {men} of {playerOf} back to the 'ayn, from {from}.", De: "{player} schickte {men} von {playerOf} zurück auf das 'ayn, von {from}."},
			{Key: "ev_thrown", En: "{player} threw {value} ({name}).", De: "{player} warf {value} ({name})."},
			// The variants _you tell the one person at the board against the
			// computer her own turns (the page calls her "You").
			{Key: "ev_sentback_you", En: "You sent {men} of {playerOf} back to the 'ayn, from {from}.", De: "Du schicktest {men} von {playerOf} zurück auf das 'ayn, von {from}."},
			{Key: "ev_thrown_you", En: "You threw {value} ({name}).", De: "Du warfst {value} ({name})."},
			{
				Key: "ev_zeroed_reset",
				En:  "Three times tamman (8): the turn scores nothing, and the men in play of {player} go back to the 'ayn.",
				De:  "Dreimal tamman (8): der Zug zählt nichts, und die Steine von {player} im Spiel gehen zurück auf das 'ayn.",
			},
			{
				Key: "ev_zeroed_reset_you",
				En:  "Three times tamman (8): the turn scores nothing, and your men in play go back to the 'ayn.",
				De:  "Dreimal tamman (8): der Zug zählt nichts, und deine Steine im Spiel gehen zurück auf das 'ayn.",
			},
			// The terminal's drawing of the board.
			{Key: "b_player", En: "player {n} ('ayn {ayn}): steps {steps}; {home} on habarti", De: "Spieler {n} ('ayn {ayn}): Schritte {steps}; {home} auf habarti"},
			{Key: "b_won", En: "player {n} has all four men on habarti", De: "Spieler {n} hat alle vier Steine auf habarti"},
			{Key: "b_captureDue", En: "player {n}: {due} due; throws waiting: {waiting}", De: "Spieler {n}: {due} fällig; Würfe warten: {waiting}"},
			{Key: "b_toThrow", En: "player {n} to throw", De: "Spieler {n} wirft"},
			{Key: "b_extraDue", En: "player {n}: {due} due; thrown so far: {thrown}", De: "Spieler {n}: {due} fällig; bisher geworfen: {thrown}"},
			{Key: "b_toMove", En: "player {n} to move; throws waiting: {waiting}", De: "Spieler {n} zieht; Würfe warten: {waiting}"},
			{Key: "b_none", En: "none", De: "keine"},
			{Key: "b_throw", En: "{value} ({name})", De: "{value} ({name})"},
			{Key: "captureThrows_one", En: "1 capture throw", De: "1 Fangwurf"},
			{Key: "captureThrows_other", En: "{n} capture throws", De: "{n} Fangwürfe"},
			{Key: "extraThrows_one", En: "1 extra throw", De: "1 Extrawurf"},
			{Key: "extraThrows_other", En: "{n} extra throws", De: "{n} Extrawürfe"},
			{
				Key: "legend_letters",
				En:  "A: a player's 'ayn (her men start there), D: dafandaf (safe), H: habarti (the end of every path)",
				De:  "A: das 'ayn einer Spielerin (dort beginnen ihre Steine), D: dafandaf (sicher), H: habarti (das Ende jedes Weges)",
			},
			{
				Key: "legend_steps",
				En:  "steps: how far each man has gone along his path, from 0 (on his 'ayn) to 24 (on habarti)",
				De:  "Schritte: wie weit jeder Stein auf seinem Weg ist, von 0 (auf seinem 'ayn) bis 24 (auf habarti)",
			},
			{Key: "why_turn", En: "the turn's throw", De: "der Wurf des Zuges"},
			{Key: "why_extra4", En: "an extra throw for a 4", De: "ein Extrawurf für eine 4"},
			{Key: "why_extra8_1", En: "the first of two extra throws for an 8", De: "der erste von zwei Extrawürfen für eine 8"},
			{Key: "why_extra8_2", En: "the second extra throw for an 8", De: "der zweite Extrawurf für eine 8"},
			{Key: "why_capture", En: "a capture throw for a man sent back", De: "ein Fangwurf für einen zurückgeschickten Stein"},
			{Key: "why_captures", En: "a capture throw for each man sent back ({n} due)", De: "ein Fangwurf für jeden zurückgeschickten Stein ({n} fällig)"},
			{Key: "men_one", En: "1 man", De: "1 Stein"},
			{Key: "men_other", En: "{n} men", De: "{n} Steine"},
			{Key: "ev_zeroed", En: "Three times tamman (8): the turn scores nothing.", De: "Dreimal tamman (8): der Zug zählt nichts."},
			{Key: "ev_lost", En: "{n} throws could not be used and are lost.", De: "{n} Würfe konnten nicht genutzt werden und verfallen."},
			{Key: "ev_throws", En: "{player} throws the cowries: {why}.", De: "{player} wirft die Kaurimuscheln: {why}."},
			{Key: "ev_throws_you", En: "You throw the cowries: {why}.", De: "Du wirfst die Kaurimuscheln: {why}."},
		}),
	}
}
