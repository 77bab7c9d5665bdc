package research

import "fmt"

// reportDe is the report page's words in German, by their English: the
// page is English, and WriteHTMLIn writes it in German with these (the
// numbers, the readings' names and the plots' axes stay as they are). A
// test checks that every word of the page has its German.
var reportDe = map[string]string{
	"%s: readings compared":         "%s: Lesarten im Vergleich",
	"%d readings (%s), %s, agents":  "%d Lesarten (%s), %s, Computerspieler",
	"skill games %s against random": "Partien des Könnens: %s gegen Zufallszüge",
	"seed %d. Every interval is 95%%. Game i of every reading uses the same seeds, so differences are paired.": "Startwert %d. Jedes Intervall ist ein 95-%%-Intervall. Partie i jeder Lesart nutzt dieselben Startwerte, die Unterschiede sind also gepaart.",
	"Analysed by %s.": "Ausgewertet von %s.",
	"Readings":        "Lesarten",
	"(base)":          "(Grundlage)",
	"Outcomes":        "Ausgänge",
	"Seat edges: each seat's share of the decided games minus the fair share, in points, with intervals that hold for all the seats together (Šidák-corrected Wilson); a seat whose interval excludes 0 is marked.": "Platzvorteile: der Anteil jedes Platzes an den entschiedenen Partien minus den gerechten Anteil, in Prozentpunkten, mit Intervallen, die für alle Plätze zugleich gelten (Wilson mit Šidák-Korrektur); ein Platz, dessen Intervall 0 ausschließt, ist markiert.",
	"Play":             "Spiel",
	"Drama and skill":  "Spannung und Können",
	"State evaluation": "Bewertung der Stellungen",
	"An MCTS search of %d iterations judged every decision of the first %d games of each reading (docs/metrics.md, after Browne's measures as Ludii computes them); means over the games with 95%% intervals. Threshold: the highest value the search gave a player who did not win; decisive: the share of the decisions after the winner's value rose above it; narrowness: the share of moves valued in the top quarter of the range of the move values; clarity: the variance of the move values; coverage: the share of the board's places a piece was put on; mobility: legal moves per decision.": "Eine MCTS-Suche mit %d Iterationen hat jede Entscheidung der ersten %d Partien jeder Lesart bewertet (docs/metrics.md, nach Brownes Maßen, wie Ludii sie berechnet); Mittel über die Partien mit 95-%%-Intervallen. Schwelle: der höchste Wert, den die Suche einem Spieler gab, der nicht gewann; entschieden: der Anteil der Entscheidungen, nachdem der Wert des Siegers darüber stieg; Enge: der Anteil der Züge, deren Wert im obersten Viertel der Spanne liegt; Klarheit: die Varianz der Zugwerte; Abdeckung: der Anteil der Felder des Bretts, auf die ein Stein kam; Beweglichkeit: legale Züge je Entscheidung.",
	"Differences from the base reading": "Unterschiede zur Grundlage",
	"Paired t tests, game by game, against R%d; p-values adjusted by Holm over all %d comparisons. Highlighted rows are significant at 5%%. Effect size: Cohen's h for a rate (h = 2 asin √p − 2 asin √p₀), a standardised mean difference d for a mean (the difference over the root mean square of the two standard deviations), each with its 95%% interval; by Cohen's rule of thumb 0.2 is small, 0.5 medium, 0.8 large. \"Detectable\" is the smallest difference the test finds with 80%% power at 5%%: what a difference that is not significant rules out. \"Pairing r\" is the correlation of the two readings' values game by game: the higher, the more noise the pairing removes.": "Gepaarte t-Tests, Partie für Partie, gegen R%d; p-Werte nach Holm über alle %d Vergleiche angepasst. Hervorgehobene Zeilen sind auf dem 5-%%-Niveau signifikant. Effektstärke: Cohens h für eine Rate (h = 2 asin √p − 2 asin √p₀), eine standardisierte Mittelwertdifferenz d für einen Mittelwert (die Differenz durch die Wurzel des mittleren Quadrats beider Standardabweichungen), jeweils mit 95-%%-Intervall; nach Cohens Faustregel ist 0,2 klein, 0,5 mittel, 0,8 groß. „Erkennbar“ ist der kleinste Unterschied, den der Test mit 80 %% Trennschärfe auf dem 5-%%-Niveau findet: was ein nicht signifikanter Unterschied ausschließt. „Paarung r“ ist die Korrelation der Werte beider Lesarten Partie für Partie: je höher, desto mehr Rauschen nimmt die Paarung weg.",
	"Which reading makes the best game": "Welche Lesart das beste Spiel ergibt",
	"Replication %d: Spearman correlation of the overall ranks %.2f; the same best reading: %s.": "Wiederholung %d: Spearman-Korrelation der Gesamtränge %.2f; dieselbe beste Lesart: %s.",
	"yes":         "ja",
	"no":          "nein",
	"pending":     "offen",
	"Replication": "Wiederholung",
	"The same design played again on seeds %s. A finding (a significant difference, or a seat whose interval excludes 0) replicates when every replication has the same sign and a p-value below 0.05 after Holm's correction over the %d findings it tests.": "Derselbe Versuchsplan, noch einmal gespielt mit den Startwerten %s. Ein Befund (ein signifikanter Unterschied oder ein Platz, dessen Intervall 0 ausschließt) bestätigt sich, wenn jede Wiederholung dasselbe Vorzeichen und nach Holms Korrektur über die %d geprüften Befunde einen p-Wert unter 0,05 hat.",
	"%s; until then each verdict is provisional (\"pending\").": "%s; bis dahin ist jedes Urteil vorläufig („offen“).",
	"seat %d edge":                          "Vorteil von Platz %d",
	"The run has no finding to replicate.":  "Der Lauf hat keinen Befund, der zu wiederholen wäre.",
	"Skill trace: does more thinking help?": "Spur des Könnens: hilft mehr Nachdenken?",
	"Each reading played again by %s, %d games a budget, on the run's seeds: against random players (seats rotated) for the win rate, and against itself for the length and the first seat's edge. The changes are from the first budget to the last, paired by game (paired t). A plot per reading is below.": "Jede Lesart noch einmal gespielt von %s, %d Partien je Budget, mit den Startwerten des Laufs: gegen Zufallszüge (Plätze reihum) für die Gewinnrate und gegen sich selbst für die Länge und den Vorteil des ersten Platzes. Die Änderungen gehen vom ersten Budget zum letzten, gepaart nach Partie (gepaarter t-Test). Unten steht ein Diagramm je Lesart.",
	"Unfinished: %s; run the same command to finish it.": "Unvollständig: %s; denselben Befehl noch einmal ausführen, um ihn zu beenden.",
	"change":            "Änderung",
	"(first seat wins)": "(Siege des ersten Platzes)",
	"Definitions of every measure: docs/metrics.md in the Tabula sources.": "Die Definition jedes Maßes: docs/metrics.md in den Quellen von Tabula.",
	"Holm p":                            "Holm-p",
	"agent":                             "Computerspieler",
	"all seats equal: p":                "alle Plätze gleich: p",
	"branching":                         "Verzweigung",
	"choice %":                          "Wahl %",
	"clarity":                           "Klarheit",
	"comeback %":                        "Aufholjagd %",
	"coverage %":                        "Abdeckung %",
	"decisive %":                        "entschieden %",
	"difference":                        "Unterschied",
	"draw %":                            "Remis %",
	"effect size":                       "Effektstärke",
	"favoured or not":                   "bevorzugt oder nicht",
	"final margin":                      "Endabstand",
	"finding":                           "Befund",
	"first seat edge, points (self)":    "Vorteil des ersten Platzes, Punkte (gegen sich)",
	"games":                             "Partien",
	"layer":                             "Schicht",
	"lead changes / 100 players' turns": "Führungswechsel / 100 Züge der Spieler",
	"measure":                           "Maß",
	"mobility":                          "Beweglichkeit",
	"moves, median":                     "Züge, Median",
	"name":                              "Name",
	"narrowness %":                      "Enge %",
	"overall rank":                      "Gesamtrang",
	"p":                                 "p",
	"pairing r":                         "Paarung r",
	"players' turns, 90th percentile":   "Spielerzüge, 90. Perzentil",
	"players' turns, median (self)":     "Spielerzüge, Median (gegen sich)",
	"players' turns, median":            "Spielerzüge, Median",
	"plies, median":                     "Halbzüge, Median",
	"reading":                           "Lesart",
	"replicated":                        "bestätigt",
	"replications":                      "Wiederholungen",
	"rounds, median":                    "Runden, Median",
	"seat edges (points)":               "Platzvorteile (Punkte)",
	"seat wins %":                       "Siege je Platz %",
	"secure after %":                    "sicher nach %",
	"skill gap (points)":                "Vorsprung des Könnens (Punkte)",
	"skill: win % vs random":            "Können: Siege % gegen Zufall",
	"smallest difference detectable (80% power)":   "kleinster erkennbarer Unterschied (80 % Trennschärfe)",
	"smallest edge detectable (80% power, points)": "kleinster erkennbarer Vorteil (80 % Trennschärfe, Punkte)",
	"stall %":         "abgebrochen %",
	"stalled by":      "abgebrochen durch",
	"this run":        "dieser Lauf",
	"threshold":       "Schwelle",
	"win % vs random": "Siege % gegen Zufall",
	// The plots' titles and captions.
	"Seat win rates per reading": "Gewinnraten der Plätze je Lesart",
	"Each seat's share of all games won, with its 95% Wilson interval; the dashed line is the reading's fair share, 1/players.": "Der Anteil jedes Platzes an allen Partien, die er gewann, mit seinem 95-%-Wilson-Intervall; die gestrichelte Linie ist der gerechte Anteil der Lesart, 1/Spieler.",
	"Reading by seat": "Lesart und Platz",
	"Each seat's share (%%) of the games won under each reading (draws left out); blue below the reading's fair share 1/players, red above (full colour at %.0f points off).": "Der Anteil (%%) jedes Platzes an den gewonnenen Partien jeder Lesart (ohne Remis); blau unter dem gerechten Anteil 1/Spieler der Lesart, rot darüber (volle Farbe bei %.0f Punkten Abstand).",
	"Share of games decided by the rules, drawn, and stalled (a safeguard not in the source fired).":                                                                          "Anteil der Partien, die nach den Regeln entschieden, remis oder abgebrochen wurden (eine Schutzregel, die nicht in der Quelle steht, griff).",
	"Game length": "Länge der Partien",
	"Players' turns per game: median, quartiles, whiskers to 1.5 interquartile ranges, outliers as dots.": "Spielerzüge je Partie: Median, Quartile, Antennen bis zum 1,5-fachen Interquartilsabstand, Ausreißer als Punkte.",
	"The winner's lead over a game": "Der Vorsprung des Siegers im Lauf einer Partie",
	"Mean lead of the eventual winner over the best other player, by the game's own measure, at each tenth of the game (decided games).": "Mittlerer Vorsprung des späteren Siegers vor dem besten anderen Spieler, im eigenen Maß des Spiels, an jedem Zehntel der Partie (entschiedene Partien).",
	"Convergence": "Konvergenz",
	"Seat 0's win rate as games are added, per reading; the dotted grey lines are the 95%% Wilson band of the base reading (R%d).": "Die Gewinnrate von Platz 0, während Partien hinzukommen, je Lesart; die gepunkteten grauen Linien sind das 95-%%-Wilson-Band der Grundlage (R%d).",
	"Skill trace: R%d %s": "Spur des Könnens: R%d %s",
	"By budget, with 95%% Wilson intervals: the agent's win rate against random players (seats rotated) and the first seat's share of the decided games when the agent plays itself; the dashed line is the fair share 1/%d.": "Nach Budget, mit 95-%%-Wilson-Intervallen: die Gewinnrate des Computerspielers gegen Zufallszüge (Plätze reihum) und der Anteil des ersten Platzes an den entschiedenen Partien, wenn er gegen sich selbst spielt; die gestrichelte Linie ist der gerechte Anteil 1/%d.",
}

// words says the page's words in one language.
type words string

// t gives the English text, filled by fmt with args, in the language.
func (w words) t(english string, args ...any) string {
	text := english
	if de, ok := reportDe[english]; ok && w == "de" {
		text = de
	}
	if len(args) == 0 {
		return text
	}
	return fmt.Sprintf(text, args...)
}
