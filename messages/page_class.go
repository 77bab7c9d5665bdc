//go:build !js

package messages

import "tabula/engine"

// classPage holds the words of a teacher's class: its setup, the pupils'
// page, the teacher's dashboard and the printouts (class.js).
var classPage = map[string]engine.Text{
	"cl_start":    {"en": "Start a class", "de": "Eine Klasse beginnen"},
	"cl_newTitle": {"en": "A class of {name}", "de": "Eine Klasse mit {name}"},
	"cl_newHint": {
		"en": "Pupils join from their phones with a code; the class pairs them round after round, and the computer plays the odd one out. Each round starts when you say.",
		"de": "Die Schülerinnen und Schüler treten mit einem Code vom Handy bei; die Klasse paart sie Runde um Runde, und der Computer spielt gegen den, der übrig bleibt. Jede Runde beginnt, wenn du es sagst.",
	},
	"cl_pairing": {"en": "Pairing", "de": "Paarung"},
	"cl_p_round-robin": {
		"en": "round robin (everyone meets everyone)",
		"de": "Rundenturnier (jeder gegen jeden)",
	},
	"cl_p_swiss":    {"en": "Swiss system (for larger groups)", "de": "Schweizer System (für größere Gruppen)"},
	"cl_p_knockout": {"en": "knockout", "de": "K.-o.-System"},
	"cl_computer":   {"en": "The computer opponent", "de": "Der Computergegner"},
	"cl_max":        {"en": "Players at most", "de": "Höchstens Spieler"},
	"cl_create":     {"en": "Create the class", "de": "Die Klasse anlegen"},
	"cl_joinTitle":  {"en": "Join a class", "de": "Einer Klasse beitreten"},
	"cl_code":       {"en": "The code on the teacher's screen", "de": "Der Code auf dem Bildschirm der Lehrkraft"},
	"cl_name":       {"en": "Your name", "de": "Dein Name"},
	"cl_join":       {"en": "Join", "de": "Beitreten"},
	"cl_pupilTitle": {"en": "Class {code}", "de": "Klasse {code}"},
	"cl_hello":      {"en": "Hello, {name}", "de": "Hallo, {name}"},
	"cl_inClass": {
		"en": "You are in class {code}, playing {game}.",
		"de": "Du bist in der Klasse {code} und spielst {game}.",
	},
	"cl_wait": {
		"en": "Wait for the round to start: this page takes you to your game.",
		"de": "Warte, bis die Runde beginnt: diese Seite bringt dich zu deiner Partie.",
	},
	"cl_yourGame": {
		"en": "Round {round}: your game is ready.",
		"de": "Runde {round}: deine Partie ist bereit.",
	},
	"cl_gameOver": {
		"en": "Your game is over. Wait for the next round.",
		"de": "Deine Partie ist zu Ende. Warte auf die nächste Runde.",
	},
	"cl_ended": {
		"en": "The class has ended. Here are the results.",
		"de": "Die Klasse ist beendet. Hier sind die Ergebnisse.",
	},
	"cl_goGame":        {"en": "Go to your game", "de": "Zu deiner Partie"},
	"cl_back":          {"en": "Back to the class", "de": "Zurück zur Klasse"},
	"cl_dashTitle":     {"en": "Class {code}", "de": "Klasse {code}"},
	"cl_qr":            {"en": "QR code that joins class {code}", "de": "QR-Code zum Beitritt zur Klasse {code}"},
	"cl_joinAt":        {"en": "Join at", "de": "Beitreten unter"},
	"cl_codeIs":        {"en": "Code: {code}", "de": "Code: {code}"},
	"cl_players":       {"en": "{n} of {max} players", "de": "{n} von {max} Spielern"},
	"cl_status_open":   {"en": "open", "de": "offen"},
	"cl_status_paused": {"en": "paused", "de": "angehalten"},
	"cl_status_ended":  {"en": "ended", "de": "beendet"},
	"cl_controls":      {"en": "Class controls", "de": "Steuerung der Klasse"},
	"cl_first":         {"en": "Start round 1 of {of}", "de": "Runde 1 von {of} beginnen"},
	"cl_allPlayed":     {"en": "Every round is played", "de": "Alle Runden sind gespielt"},
	"cl_roundOver":     {"en": "Round {n}: over", "de": "Runde {n}: zu Ende"},
	"cl_next":          {"en": "Start round {n} of {of}", "de": "Runde {n} von {of} beginnen"},
	"cl_pause":         {"en": "Pause", "de": "Anhalten"},
	"cl_resume":        {"en": "Resume", "de": "Fortsetzen"},
	"cl_end":           {"en": "End the class", "de": "Die Klasse beenden"},
	"cl_csv":           {"en": "Results (CSV)", "de": "Ergebnisse (CSV)"},
	"cl_records":       {"en": "Every game (records)", "de": "Alle Partien (Aufzeichnungen)"},
	"cl_projector":     {"en": "Projector mode", "de": "Beamer-Ansicht"},
	"cl_round":         {"en": "Round {n}: {left} games in play", "de": "Runde {n}: {left} Partien laufen"},
	"cl_watch":         {"en": "Watch {who}", "de": "{who} zuschauen"},
	"cl_seatLinks":     {"en": "Seat links", "de": "Links der Plätze"},
	"cl_seatOf":        {"en": "Play as {name}", "de": "Als {name} spielen"},
	"cl_over":          {"en": "Over", "de": "Zu Ende"},
	"cl_level":         {"en": "Level, {a}–{b}", "de": "Gleichstand, {a}–{b}"},
	"cl_leads":         {"en": "{name} leads, {a}–{b}", "de": "{name} führt, {a}–{b}"},
	"cl_table":         {"en": "Results", "de": "Ergebnisse"},
	"cl_tieBreaks": {
		"en": "By points (a win 1, a draw ½), then Sonneborn-Berger, then the direct encounter, then the wins.",
		"de": "Nach Punkten (Sieg 1, Remis ½), dann Sonneborn-Berger, dann direkter Vergleich, dann Siege.",
	},
	"cl_rank":   {"en": "Place", "de": "Platz"},
	"cl_player": {"en": "Player", "de": "Spieler"},
	"cl_points": {"en": "Points", "de": "Punkte"},
	"cl_sb":     {"en": "Sonneborn-Berger", "de": "Sonneborn-Berger"},
	"cl_direct": {"en": "Direct", "de": "Direkt"},
	"cl_wins":   {"en": "Wins", "de": "Siege"},
	"cl_played": {"en": "Games", "de": "Partien"},
	"printA4":   {"en": "Print the board and rules (A4)", "de": "Brett und Regeln drucken (A4)"},
	"printA3":   {"en": "Print on A3", "de": "Auf A3 drucken"},
}
