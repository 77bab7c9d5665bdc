//go:build !js

package messages

import "tabula/engine"

// homePage holds the words of the list of games, a game's page before play, the
// header and footer and the kiosk's (app.js, kiosk.js, attract.js).
var homePage = map[string]engine.Text{
	// each language's name in itself, in the choice of language
	"languageName":    {"en": "English", "de": "Deutsch"},
	"title":           {"en": "Tabula", "de": "Tabula"},
	"skip":            {"en": "Skip to content", "de": "Zum Inhalt springen"},
	"rulesAndOptions": {"en": "Rules and options of this game", "de": "Regeln und Optionen dieses Spiels"},
	"mainNav":         {"en": "Main", "de": "Hauptnavigation"},
	"tagline": {
		"en": "Traditional board games from ethnographic sources",
		"de": "Traditionelle Brettspiele aus ethnografischen Quellen",
	},
	"language":   {"en": "Language", "de": "Sprache"},
	"home":       {"en": "All games", "de": "Alle Spiele"},
	"catalogue":  {"en": "The games", "de": "Die Spiele"},
	"people":     {"en": "People", "de": "Volk"},
	"region":     {"en": "Region", "de": "Region"},
	"date":       {"en": "Date", "de": "Datum"},
	"sources":    {"en": "Sources", "de": "Quellen"},
	"evidence":   {"en": "Evidence", "de": "Beleg"},
	"players":    {"en": "Players", "de": "Spieler"},
	"play":       {"en": "Play {name}", "de": "{name} spielen"},
	"boardOf":    {"en": "Board of {name}", "de": "Brett von {name}"},
	"loadRecord": {"en": "Load a saved game", "de": "Gespeichertes Spiel laden"},
	"loadHint": {
		"en": "Choose a record file (JSON) that Tabula saved; you can replay it or go on playing.",
		"de": "Wähle eine von Tabula gespeicherte Partie (JSON); du kannst sie nachspielen oder weiterspielen.",
	},
	"rules": {"en": "Rules", "de": "Regeln"},
	"rulesFull": {
		"en": "The full rules page, with its sources and readings",
		"de": "Die vollständige Regelseite mit Quellen und Lesarten",
	},
	"rulesNone": {
		"en": "The full rules page for this game is not available yet.",
		"de": "Die vollständige Regelseite dieses Spiels gibt es noch nicht.",
	},
	"options":       {"en": "Options", "de": "Optionen"},
	"optionsNone":   {"en": "This game has no options.", "de": "Dieses Spiel hat keine Optionen."},
	"whoPlays":      {"en": "Who plays", "de": "Wer spielt"},
	"person":        {"en": "Person at this device", "de": "Mensch an diesem Gerät"},
	"start":         {"en": "Start the game", "de": "Spiel beginnen"},
	"playOnline":    {"en": "Play online with friends", "de": "Online mit anderen spielen"},
	"finishedGames": {"en": "Finished games", "de": "Beendete Partien"},

	"researchPage": {"en": "Research", "de": "Forschung"},
	"startHint": {
		"en": "Computer players move at once; people take turns at this device.",
		"de": "Computerspieler ziehen sofort; Menschen wechseln sich an diesem Gerät ab.",
	},

	"kioskDemo": {
		"en": "The computer plays itself. Watch, or touch a button to play:",
		"de": "Der Computer spielt gegen sich selbst. Schau zu oder berühre einen Knopf, um zu spielen:",
	},
	"kioskVsComputer": {"en": "Against the computer", "de": "Gegen den Computer"},
	"kioskTwo":        {"en": "Two players here", "de": "Zu zweit hier"},
	"kioskWhich":      {"en": "Play {name}", "de": "{name} spielen"},
}
