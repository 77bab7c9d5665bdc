package agsinnoninka

import "tabula/engine"

// Catalogue says where Agsinnoninka comes from (its sources, by reference and address), with
// the descriptions of its options and its words in English and German.
func (Game) Catalogue() engine.Entry {
	return engine.Entry{
		People: engine.Text{
			"en": "Iloko (played by young girls), also known as Chuncajon",
			"de": "Iloko (von jungen Mädchen gespielt), auch Chuncajon genannt",
		},
		Region: engine.Text{"en": "Mountain Province, Northern Luzon, Philippines", "de": "Mountain Province, Nord-Luzon, Philippinen"},
		Date:   engine.Text{"en": "First described by Morice Vanoverbergh in 1927", "de": "Erstmals 1927 von Morice Vanoverbergh beschrieben"},
		Kind: engine.Text{
			"en": "Two-row mancala in which both players sow at the same time, in rounds with burnt holes",
			"de": "Zweireihiges Mancala, bei dem beide gleichzeitig säen, in Runden mit verbrannten Löchern",
		},
		Evidence: engine.Text{
			"en": "A wiki summary citing Vanoverbergh and Murray; one cycle, two ranks, pussa kanawa sowing; all moves are made simultaneously.",
			"de": "Eine Wiki-Zusammenfassung nach Vanoverbergh und Murray; ein Umlauf, zwei Reihen, Pussa-Kanawa-Aussaat; alle Züge werden gleichzeitig gemacht.",
		},
		Sources: []string{
			"Vanoverbergh, M. 1927. Iloko Games. Anthropos 22: 216-243.",
			"Murray, H. J. R. 1951. A History of Board-Games Other Than Chess. Oxford University Press, p. 176.",
			"Adapted from the Wikinfo article \"Agsinnoninka\" (GNU Free Documentation License), http://www.wikinfo.org/index.php/Agsinnoninka",
		},
		Summary: []engine.Text{{
			"en": "Two players, two rows of five holes, five seeds in each hole (an option), a store at each end. Both players move at the same time.",
			"de": "Zwei Spieler, zwei Reihen zu fünf Löchern, fünf Samen in jedem Loch (eine Option), ein Speicher an jedem Ende. Beide ziehen gleichzeitig.",
		}, {
			"en": "Each chooses one of her holes in secret; both lift their seeds at once and sow them together, one by one, counter-clockwise.",
			"de": "Jeder wählt geheim eines seiner Löcher; beide nehmen ihre Samen zugleich auf und säen sie gemeinsam einzeln gegen den Uhrzeigersinn.",
		}, {
			"en": "When the last seed falls, the contents of the next hole are lifted and sown in another lap (pussa kanawa); if the next hole is empty, the move ends.",
			"de": "Fällt der letzte Samen, wird der Inhalt des nächsten Lochs aufgenommen und in einer weiteren Runde gesät (Pussa Kanawa); ist das nächste Loch leer, endet der Zug.",
		}, {
			"en": "A move finishes in the hole that got its last seed. If that hole is one of your own, you capture the seeds of the opposite hole into your store.",
			"de": "Ein Zug endet in dem Loch, das seinen letzten Samen bekam. Ist es ein eigenes Loch, fängt man die Samen des gegenüberliegenden Lochs in den eigenen Speicher.",
		}, {
			"en": "A round ends when a player's row is empty; each takes the seeds left in her row. In the next round each fills her holes from her store; holes that cannot be filled are burnt. Whoever cannot fill a single hole loses the match.",
			"de": "Eine Runde endet, wenn die Reihe eines Spielers leer ist; jeder nimmt die Samen seiner Reihe. In der nächsten Runde füllt jeder seine Löcher aus seinem Speicher; Löcher, die nicht gefüllt werden können, sind verbrannt. Wer kein einziges Loch füllen kann, verliert das Match.",
		}},
		Options: map[string]engine.OptionText{
			OptSeeds: {Title: engine.Text{"en": "Seeds per hole", "de": "Samen je Loch"}, Doc: engine.Text{"de": "Samen in jedem Loch zu Beginn (Quelle: „zum Beispiel fünf\")"}},
			OptSimultaneity: {Title: engine.Text{"en": "Simultaneous sowing", "de": "Gleichzeitiges Säen"},
				Doc: engine.Text{"de": "wie sich die beiden Aussaaten treffen: im Gleichschritt (lockstep) oder nacheinander, in einer vom Zufall gezogenen, wechselnden oder festen Reihenfolge"},
				Values: engine.Table([]engine.Word{
					{Key: Lockstep, En: "in lockstep", De: "im Gleichschritt"},
					{Key: ChanceOrder, En: "one after the other, order drawn by chance", De: "nacheinander, Reihenfolge vom Zufall gezogen"},
					{Key: Alternating, En: "one after the other, taking turns to go first", De: "nacheinander, abwechselnd zuerst"},
					{Key: Player0First, En: "one after the other, player 1 first", De: "nacheinander, Spieler 1 zuerst"},
				}),
			},
			OptConflict: {Title: engine.Text{"en": "Both relays at one hole", "de": "Beide Staffeln an einem Loch"},
				Doc: engine.Text{"de": "beide Staffeln nehmen im selben Schritt dasselbe Loch auf: sein Besitzer nimmt es (owner) oder beide Züge enden dort (both-stop)"},
				Values: engine.Table([]engine.Word{
					{Key: ConflictOwner, En: "its owner lifts it", De: "sein Besitzer nimmt es auf"},
					{Key: ConflictBothStop, En: "both moves end there", De: "beide Züge enden dort"},
				}),
			},
			OptEndHole: {Title: engine.Text{"en": "Where a move finishes", "de": "Wo ein Zug endet"},
				Doc: engine.Text{"de": "das Loch, in dem ein Zug für den Fang endet: das leere Loch nach dem letzten Samen (empty) oder das Loch des letzten Samens (last)"},
				Values: engine.Table([]engine.Word{
					{Key: EndEmpty, En: "the empty hole after the last seed", De: "das leere Loch nach dem letzten Samen"},
					{Key: EndLast, En: "the hole of the last seed", De: "das Loch des letzten Samens"},
				}),
			},
			OptSkipOrigin: {Title: engine.Text{"en": "Skip the starting hole", "de": "Ausgangsloch überspringen"}, Doc: engine.Text{"de": "eine Runde um das ganze Brett überspringt das Loch, aus dem sie aufgenommen wurde"}},
			OptSowStores:  {Title: engine.Text{"en": "Sow into the stores", "de": "In die Speicher säen"}, Doc: engine.Text{"de": "die Säende legt einen Samen in ihren eigenen Speicher, wenn sie an ihm vorbeikommt"}},
			OptStoreEnd: {Title: engine.Text{"en": "Last seed in the store", "de": "Letzter Samen im Speicher"},
				Doc: engine.Text{"de": "mit sow-stores: ein letzter Samen im Speicher beendet den Zug (stop) oder das Loch danach zählt (relay)"},
				Values: engine.Table([]engine.Word{
					{Key: StoreStop, En: "the move ends in the store", De: "der Zug endet im Speicher"},
					{Key: StoreRelay, En: "the hole after the store counts", De: "das Loch nach dem Speicher zählt"},
				}),
			},
			OptBurntNext: {Title: engine.Text{"en": "Burnt hole after the last seed", "de": "Verbranntes Loch nach dem letzten Samen"},
				Doc: engine.Text{"de": "ein verbranntes Loch nach dem letzten Samen wird übersprungen (skip) oder beendet den Zug wie ein leeres (empty)"},
				Values: engine.Table([]engine.Word{
					{Key: BurntSkip, En: "passed over", De: "übersprungen"},
					{Key: BurntEmpty, En: "ends the move like an empty hole", De: "beendet den Zug wie ein leeres Loch"},
				}),
			},
			OptCycle: {Title: engine.Text{"en": "Endless relays", "de": "Endlose Staffeln"},
				Doc: engine.Text{"de": "eine Staffel, die zu einer Lage ihres Zuges zurückkehrt, endet ohne Fang (stop) oder wie ein gewöhnlicher Zug (capture); nicht in der Quelle"},
				Values: engine.Table([]engine.Word{
					{Key: CycleStop, En: "ends without a capture", De: "endet ohne Fang"},
					{Key: CycleCapt, En: "ends as an ordinary move", De: "endet wie ein gewöhnlicher Zug"},
				}),
			},
			OptRepetition: {Title: engine.Text{"en": "Repetitions that end a round", "de": "Wiederholungen bis zum Rundenende"}, Doc: engine.Text{"de": "eine Runde endet, wenn die Stellung zu Beginn eines Zuges so oft vorkommt (0: nie; nicht in der Quelle)"}},
			OptMatch:      {Title: engine.Text{"en": "Play in rounds (a match)", "de": "In Runden spielen (Match)"}, Doc: engine.Text{"de": "Runden mit verbrannten Löchern spielen, bis jemand kein Loch mehr füllen kann (aus: eine Runde, mehr Samen gewinnt)"}},
			OptRefillOrder: {Title: engine.Text{"en": "Refill from", "de": "Auffüllen ab"},
				Doc: engine.Text{"de": "vom linken Loch aus Sicht der Spielerin auffüllen, wo ihre Aussaat beginnt (left), oder vom rechten (right)"},
				Values: engine.Table([]engine.Word{
					{Key: RefillLeft, En: "from her left", De: "von ihrer Linken"},
					{Key: RefillRight, En: "from her right", De: "von ihrer Rechten"},
				}),
			},
			OptMaxRounds: {Title: engine.Text{"en": "Most rounds", "de": "Höchstens Runden"}, Doc: engine.Text{"de": "ein Match endet nach so vielen Runden, mehr Samen gewinnt (nicht in der Quelle)"}},
			OptMaxTurns:  {Title: engine.Text{"en": "Most turns a round", "de": "Höchstens Züge je Runde"}, Doc: engine.Text{"de": "eine Runde endet nach so vielen Zügen wie bei leerer Reihe (0: ohne Grenze; nicht in der Quelle)"}},
			OptMaxSteps:  {Title: engine.Text{"en": "Most steps a turn", "de": "Höchstens Schritte je Zug"}, Doc: engine.Text{"de": "nach so vielen Schritten eines Zuges hält eine Spielerin, die aufnehmen würde, an, als hätte die Zyklusregel ihre Staffel beendet (0: ohne Grenze; nicht in der Quelle)"}},
		},
		Words: engine.Table([]engine.Word{
			// Its errors.
			{
				Key: "agsinnoninka.never_ends",
				En:  "option {option}: 0 (never) needs {other} > 0, or a round could go on for ever",
				De:  "Option {option}: 0 (nie) braucht {other} > 0, sonst könnte eine Runde ewig dauern",
			},
			{
				Key: "agsinnoninka.ends_at_once",
				En:  "option {option}: 1 would end every round at once; use 0 (never) or 2 and more",
				De:  "Option {option}: 1 würde jede Runde sofort beenden; 0 (nie) oder 2 und mehr nehmen",
			},
			{Key: "agsinnoninka.chance_form", En: "agsinnoninka: chance's move is {first0} or {first1}", De: "agsinnoninka: der Zug des Zufalls ist {first0} oder {first1}"},
			{Key: "agsinnoninka.no_player", En: "agsinnoninka: no player {n}", De: "agsinnoninka: kein Spieler {n}"},
			{Key: "agsinnoninka.move_form", En: "agsinnoninka: a move is a hole number, {row} for {player}", De: "agsinnoninka: ein Zug ist eine Lochnummer, {row} für {player}"},
			{Key: "agsinnoninka.not_your_row", En: "agsinnoninka: hole {hole} is not in {player}'s row ({row})", De: "agsinnoninka: Loch {hole} liegt nicht in der Reihe von {player} ({row})"},
			// What Scores counts: the seeds a player would hold if the round ended now.
			{Key: "scoreNote", En: "Score: seeds in the store and in her row", De: "Punkte: Samen im Speicher und in der eigenen Reihe"},
			{Key: "round", En: "Round {n}", De: "Runde {n}"},
			{Key: "ev_sow", En: "{player} sowed from hole {hole}: {seeds}, {relays}, ended {end}.", De: "{player} säte aus Loch {hole}: {seeds}, {relays}, endete {end}."},
			{Key: "ev_at", En: "at hole {hole}", De: "bei Loch {hole}"},
			{Key: "ev_inStore", En: "in her store", De: "in ihrem Speicher"},
			{Key: "ev_first", En: "{player} sowed first.", De: "{player} säte zuerst."},
			{Key: "ev_capture", En: "{player} captured {seeds}.", De: "{player} fing {seeds}."},
			{Key: "ev_sow_you", En: "You sowed from hole {hole}: {seeds}, {relays}, ended {end}.", De: "Du sätest aus Loch {hole}: {seeds}, {relays}; die Saat endete {end}."},
			{Key: "ev_first_you", En: "You sowed first.", De: "Du sätest zuerst."},
			{Key: "ev_capture_you", En: "You captured {seeds}.", De: "Du fingst {seeds}."},
			// The terminal's drawing of the board.
			{Key: "b_round", En: "round {round}, turn {turn} of the round", De: "Runde {round}, Zug {turn} der Runde"},
			{Key: "b_matchOver", En: "the match is over after round {round}, ended by {why}", De: "das Match ist nach Runde {round} vorbei, beendet durch {why}"},
			{Key: "b_roundEnds", En: "round {round} ends on this board", De: "Runde {round} endet auf diesem Brett"},
			{Key: "b_pending", En: "chosen {a},{b}: chance draws who sows first", De: "gewählt {a},{b}: der Zufall bestimmt, wer zuerst sät"},
			{Key: "b_store", En: "player {n}'s store: {seeds}", De: "Speicher von Spieler {n}: {seeds}"},
			{Key: "b_hole", En: "hole", De: "Loch"},
			{Key: "seeds_one", En: "1 seed", De: "1 Samen"},
			{Key: "seeds_other", En: "{n} seeds", De: "{n} Samen"},
			{Key: "relays_one", En: "1 relay", De: "1 Staffel"},
			{Key: "relays_other", En: "{n} relays", De: "{n} Staffeln"},
			{Key: "ev_conflict", En: "Both relays reached the same hole; its owner lifted it.", De: "Beide Staffeln erreichten dasselbe Loch; sein Besitzer nahm es auf."},
			{Key: "ev_cut", En: "The relay came back to an earlier configuration and was stopped.", De: "Die Staffel kehrte zu einer früheren Lage zurück und wurde beendet."},
			{
				Key: "ev_round",
				En:  "Round {n} is over ({why}): {player0} takes the {taken0} seeds of her row, {player1} the {taken1} of hers; they hold {seeds0} and {seeds1}.",
				De:  "Runde {n} ist vorbei ({why}): {player0} nimmt die {taken0} Samen der eigenen Reihe, {player1} die {taken1} der eigenen; sie haben {seeds0} und {seeds1}.",
			},
			{Key: "ev_burnt", En: "Burnt holes this round: {holes}.", De: "Verbrannte Löcher in dieser Runde: {holes}."},
			{Key: "end_lost", En: "a player who could not fill a single hole", De: "einen Spieler, der kein einziges Loch füllen konnte"},
			{Key: "end_round-over", En: "the end of the round", De: "das Ende der Runde"},
			{Key: "end_max-rounds", En: "the round limit", De: "das Rundenlimit"},
			{Key: "why_row-empty", En: "a row was empty", De: "eine Reihe war leer"},
			{Key: "why_repetition", En: "a position came back too often", De: "eine Stellung kehrte zu oft wieder"},
			{Key: "why_max-turns", En: "the turn limit", De: "das Zuglimit"},
		}),
	}
}
