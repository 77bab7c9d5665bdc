//go:build !js

package messages

import "tabula/engine"

// researchPage holds the words of the Research page (research.js).
var researchPage = map[string]engine.Text{
	"rs_title": {"en": "Tabula: Research", "de": "Tabula: Forschung"},
	"rs_tagline": {
		"en": "Research: play every reading of the rules side by side",
		"de": "Forschung: jede Lesart der Regeln nebeneinander spielen",
	},
	"rs_intro": {
		"en": "Pick a game, the options to vary and a number of games. The server plays every reading on its spare cores (game i of every reading with the same throws and seeds) and writes a report with 95% intervals and plots. The same study runs on the command line with tabula analyze.",
		"de": "Wähle ein Spiel, die zu variierenden Optionen und eine Zahl von Partien. Der Server spielt jede Lesart auf seinen freien Kernen (Partie i jeder Lesart mit denselben Würfen und Startwerten) und schreibt einen Bericht mit 95-%-Intervallen und Diagrammen. Dieselbe Studie läuft auf der Kommandozeile mit tabula analyze.",
	},
	"rs_game":   {"en": "Game", "de": "Spiel"},
	"rs_design": {"en": "Design", "de": "Versuchsplan"},
	"rs_each": {
		"en": "each option alone, from the defaults",
		"de": "jede Option einzeln, von den Voreinstellungen aus",
	},
	"rs_grid":     {"en": "every combination", "de": "jede Kombination"},
	"rs_vary":     {"en": "Options to vary", "de": "Zu variierende Optionen"},
	"rs_skill":    {"en": "Skill test:", "de": "Test des Könnens:"},
	"rs_none":     {"en": "none", "de": "keiner"},
	"rs_vsRandom": {"en": "against random", "de": "gegen Zufallszüge"},
	"rs_fixed": {
		"en": "Fixed options (name=value, separated by spaces)",
		"de": "Feste Optionen (Name=Wert, durch Leerzeichen getrennt)",
	},
	"rs_seed":            {"en": "Seed", "de": "Startwert"},
	"rs_replicate":       {"en": "Replications on further seeds", "de": "Wiederholungen mit weiteren Startwerten"},
	"rs_games":           {"en": "Games per reading", "de": "Partien je Lesart"},
	"rs_run":             {"en": "Run the study", "de": "Studie starten"},
	"rs_running":         {"en": "Running", "de": "Läuft"},
	"rs_cancel":          {"en": "Cancel", "de": "Abbrechen"},
	"rs_studies":         {"en": "Studies", "de": "Studien"},
	"rs_colGame":         {"en": "game", "de": "Spiel"},
	"rs_colStudy":        {"en": "study", "de": "Studie"},
	"rs_colState":        {"en": "state", "de": "Stand"},
	"rs_colReport":       {"en": "report", "de": "Bericht"},
	"rs_open":            {"en": "open", "de": "öffnen"},
	"rs_state_queued":    {"en": "waiting, {n} in the queue", "de": "wartet, Platz {n} in der Warteschlange"},
	"rs_state_running":   {"en": "running", "de": "läuft"},
	"rs_state_done":      {"en": "done", "de": "fertig"},
	"rs_state_failed":    {"en": "failed", "de": "fehlgeschlagen"},
	"rs_state_cancelled": {"en": "cancelled", "de": "abgebrochen"},
	"rs_progress": {
		"en": "study {id}: {done} of {total} games",
		"de": "Studie {id}: {done} von {total} Partien",
	},
	"rs_leftS":   {"en": "{n} s left", "de": "noch {n} s"},
	"rs_leftMin": {"en": "{n} min left", "de": "noch {n} min"},
	"rs_values": {
		"en": "{name} values (comma-separated, {min}..{max})",
		"de": "{name}: Werte (durch Kommas getrennt, {min}..{max})",
	},
	"rs_eg":      {"en": "e.g. {v}", "de": "z. B. {v}"},
	"rs_default": {"en": "(default {v})", "de": "(Voreinstellung {v})"},
	"rs_ranking": {"en": "Which reading makes the best game", "de": "Welche Lesart das beste Spiel ergibt"},
	"rs_rankNote": {
		"en": "Study {id}. Read the groups first: on each measure, group 1 holds the best reading and every reading the paired tests cannot tell from it (Holm-corrected, 5%), group 2 the best of the rest and those like it. Layer 1 holds the readings no other reading matches or beats in group on every measure but length and beats on one. Ranks: 1 the best, with 95% intervals over {n} bootstrap resamples; the overall rank is the mean rank on balance, decisiveness, skill and drama.",
		"de": "Studie {id}. Zuerst die Gruppen lesen: In jedem Maß hält Gruppe 1 die beste Lesart und jede, die die gepaarten Tests nicht von ihr unterscheiden können (Holm-korrigiert, 5 %), Gruppe 2 die beste der übrigen und die ihr gleichen. Schicht 1 hält die Lesarten, die keine andere in jedem Maß außer der Länge in der Gruppe erreicht und in einem übertrifft. Ränge: 1 die beste, mit 95-%-Intervallen über {n} Bootstrap-Stichproben; der Gesamtrang ist das Mittel der Ränge in Ausgewogenheit, Entscheidung, Können und Spannung.",
	},
	"rs_reading":        {"en": "reading", "de": "Lesart"},
	"rs_overall":        {"en": "overall rank", "de": "Gesamtrang"},
	"rs_layer":          {"en": "layer", "de": "Schicht"},
	"rs_group":          {"en": "group {g}", "de": "Gruppe {g}"},
	"rs_m_balance":      {"en": "balance", "de": "Ausgewogenheit"},
	"rs_m_decisiveness": {"en": "decisiveness", "de": "Entscheidung"},
	"rs_m_skill":        {"en": "skill", "de": "Können"},
	"rs_m_drama":        {"en": "drama", "de": "Spannung"},
	"rs_m_length":       {"en": "length", "de": "Länge"},
}
