package server

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
)

// germanErrors holds the German form of every message the server writes,
// by its English format. %[1]s, %[2]s, ... stand for the format's
// arguments in order, as they appeared in the English message: names,
// numbers, and the engine's and games' own messages, which stay English.
// TestEveryErrorHasGerman keeps it complete. engineErrors adds the
// engine's messages that reach people through the server.
var germanErrors = map[string]string{
	"give a room or a record, not both":                                             "Einen Raum oder eine Aufzeichnung angeben, nicht beides",
	`no position given: want {"room": ID} or {"record": {...}}, and "ply"`:          `Keine Stellung angegeben: erwartet {"room": ID} oder {"record": {...}} und "ply"`,
	"ply %d: want 0 to %d (the turns played)":                                       "Zug %[1]s: erwartet 0 bis %[2]s (die gespielten Züge)",
	"a graph covers the whole game: give no ply":                                    "Eine Bewertungskurve umfasst die ganze Partie: kein „ply“ angeben",
	"request body is larger than %d bytes":                                          "Der Inhalt der Anfrage ist größer als %[1]s Bytes",
	"option %s: %s is out of range %s on this server (the command line accepts %s)": "Option %[1]s: %[2]s liegt auf diesem Server außerhalb von %[3]s (die Kommandozeile nimmt %[4]s)",
	"record: %d moves, more than the %d this server accepts":                        "Aufzeichnung: %[1]s Züge, mehr als die %[2]s, die dieser Server annimmt",
	"seat %d: agent %q is not offered for this game (offered: %v)":                  "Platz %[1]s: Computerspieler %[2]s wird für dieses Spiel nicht angeboten (angeboten: %[3]s)",
	"seat %d: %v":                                            "Platz %[1]s: %[2]s",
	"this game has %d players, got %d seats":                 "Dieses Spiel hat %[1]s Spieler, angegeben sind %[2]s Plätze",
	"the game is over":                                       "Die Partie ist vorbei",
	"there is no move of a person to take back":              "Es gibt keinen Zug eines Menschen, der zurückgenommen werden kann",
	"option %s: want a string, number or boolean":            "Option %[1]s: erwartet Text, Zahl oder Wahrheitswert",
	"give either a record or game and options, not both":     "Entweder eine Aufzeichnung oder Spiel und Optionen angeben, nicht beides",
	"no game given":                                          "Kein Spiel angegeben",
	"agent %q is not offered for studies here (offered: %s)": "Der Computerspieler %[1]s wird hier für Studien nicht angeboten (angeboten: %[2]s)",
	"games: %d, want 1 to %d per reading":                    "Partien: %[1]s, erwartet 1 bis %[2]s je Lesart",
	"%d readings of %d games make %d games, more than the %d a study may play here; use 'tabula analyze'":             "%[1]s Lesarten zu %[2]s Partien ergeben %[3]s Partien, mehr als die %[4]s, die eine Studie hier spielen darf; dafür 'tabula analyze' benutzen",
	"study %s is running; wait for it, or cancel it if it is yours (DELETE /api/research/%s)":                         "Die Studie %[1]s läuft; auf sie warten oder sie abbrechen, wenn es die eigene ist (DELETE /api/research/%[2]s)",
	"only the study's owner may cancel it: send the owner token its POST answered as \"Authorization: Bearer TOKEN\"": "Nur wer die Studie gestartet hat, kann sie abbrechen: das Besitzer-Token aus der Antwort auf ihren POST als \"Authorization: Bearer TOKEN\" senden",
	"no such study: %q (the server may have restarted)":                                                               "Keine solche Studie: %[1]s (der Server wurde vielleicht neu gestartet)",
	"study %s has no report yet (it is %s)":                                                                           "Die Studie %[1]s hat noch keinen Bericht (Stand: %[2]s)",
	"%s %s: method not allowed (allowed: %s)":                                                                         "%[1]s %[2]s: Methode nicht erlaubt (erlaubt: %[3]s)",
	"no such API endpoint: %s %s":                                                                                     "Keine solche API-Adresse: %[1]s %[2]s",
	"the path is not valid UTF-8":                                                                                     "Der Pfad ist kein gültiges UTF-8",
	"host %q is not served: this server answers only loopback names (localhost, 127.0.0.1, [::1])":                    "Der Host %[1]s wird nicht bedient: dieser Server antwortet nur auf Loopback-Namen (localhost, 127.0.0.1, [::1])",
	"Content-Type %q: want application/json":                                                                          "Content-Type %[1]s: erwartet application/json",
	"empty request body: want a JSON object":                                                                          "Leerer Inhalt der Anfrage: erwartet ein JSON-Objekt",
	"malformed JSON: %v":                                                                                              "Fehlerhaftes JSON: %[1]s",
	"malformed JSON: the key %q appears twice in one object":                                                          "Fehlerhaftes JSON: Der Schlüssel %[1]s steht zweimal in einem Objekt",
	"the server holds as many live connections as it may; try again in a little while":                                "Der Server hält so viele Verbindungen, wie er darf; bitte etwas später noch einmal versuchen",
	"the request body did not arrive in time; send it at once":                                                        "Der Inhalt der Anfrage kam nicht rechtzeitig an; ihn auf einmal senden",
	"reading the request body: %v":                                                                                    "Beim Lesen des Inhalts der Anfrage: %[1]s",
	"malformed JSON: more than one value in the body":                                                                 "Fehlerhaftes JSON: mehr als ein Wert im Inhalt",
	"no rules page for %q":                                                                                            "Keine Regelseite für %[1]s",
	"from=%q: want a whole number from 0 to %d":                                                                       "from=%[1]s: erwartet eine ganze Zahl von 0 bis %[2]s",
	"count=%q: want a whole number from 1 to %d":                                                                      "count=%[1]s: erwartet eine ganze Zahl von 1 bis %[2]s",
	"record: no game":                                                            "Aufzeichnung: kein Spiel",
	"no such file: %s":                                                           "Keine solche Datei: %[1]s",
	"the server is shutting down":                                                "Der Server fährt herunter",
	"cross-origin request refused: %v":                                           "Anfrage von fremdem Ursprung abgelehnt: %[1]s",
	"replaying the record took longer than a request may take":                   "Das Nachspielen der Aufzeichnung dauerte länger, als eine Anfrage dauern darf",
	"method not allowed":                                                         "Methode nicht erlaubt",
	"the computer players are busy: %v; try again in a few seconds":              "Die Computerspieler sind beschäftigt: %[1]s; in ein paar Sekunden noch einmal versuchen",
	"%s=%q: want a date YYYY-MM-DD or an RFC 3339 time":                          "%[1]s=%[2]s: erwartet ein Datum JJJJ-MM-TT oder eine Zeit nach RFC 3339",
	"at most %d seats":                                                           "Höchstens %[1]s Plätze",
	"cannot make a QR code: %v":                                                  "Kein QR-Code möglich: %[1]s",
	`clock: want {"initial": seconds, "increment": seconds}`:                     `Uhr: erwartet {"initial": Sekunden, "increment": Sekunden}`,
	"limit=%q: want 1 to 1000":                                                   "limit=%[1]s: erwartet 1 bis 1000",
	"the request took longer than it may take: try again in a few seconds":       "Die Anfrage hat länger gedauert, als sie darf: in ein paar Sekunden noch einmal versuchen",
	"no such room":                                                               "Kein solcher Raum",
	"online play is not enabled on this server":                                  "Online-Spiel ist auf diesem Server nicht eingeschaltet",
	"too many live connections from your address":                                "Zu viele offene Verbindungen von deiner Adresse",
	"too many rooms created from your address in the last minute; wait a little": "Zu viele Räume von deiner Adresse in der letzten Minute; bitte etwas warten",
	"want 1 to %d records":                                                       "Erwartet 1 bis %[1]s Aufzeichnungen",
	"text: want a link to this server (http://%s/...)":                           "text: erwartet einen Link auf diesen Server (http://%[1]s/...)",
	"want text=... of 1 to 512 bytes":                                            "Erwartet text=... mit 1 bis 512 Bytes",
	"internal error":                                                             "Interner Fehler",
}

// engineErrors holds the German form of the engine's messages about
// options and moves (engine/options.go, engine/play.go), which the server
// passes on inside its own.
var engineErrors = map[string]string{
	"option %s: %q is not true or false":                          "Option %[1]s: %[2]s ist weder true noch false",
	"option %s: %q is not a whole number":                         "Option %[1]s: %[2]s ist keine ganze Zahl",
	"option %s: %d is out of range %s":                            "Option %[1]s: %[2]s liegt außerhalb von %[3]s",
	"option %s: %q is not a number":                               "Option %[1]s: %[2]s ist keine Zahl",
	"option %s: %q is not one of %s":                              "Option %[1]s: %[2]s ist keiner der Werte %[3]s",
	"option %q: want name=value":                                  "Option %[1]s: erwartet Name=Wert",
	"option %s: %s has no such option (it has: %s)":               "Option %[1]s: %[2]s hat keine solche Option (vorhanden: %[3]s)",
	"%q: players %v move at once: want %d moves joined by commas": "%[1]s: die Spieler %[2]s ziehen zugleich: erwartet %[3]s Züge, durch Kommas getrennt",
	"%s's move %q: %w":                                            "Zug von %[1]s %[2]s: %[3]s",
	"%q is not legal for %s now (legal: %s)":                      "%[1]s ist für %[2]s jetzt nicht erlaubt (erlaubt: %[3]s)",
	"move %d (%q): %v":                                            "Zug %[1]s (%[2]s): %[3]s",
	"player %d":                                                   "Spieler %[1]s",
	"chance":                                                      "Zufall",
}

// germanPattern matches an English message made by a format and turns it
// into German.
type germanPattern struct {
	re     *regexp.Regexp
	german string
	fixed  int // literal characters of the format, to try the most specific first
}

var germanPatterns = compileGerman()

var verb = regexp.MustCompile(`%[dsqvgw]`)

func compileGerman() []germanPattern {
	var out []germanPattern
	all := map[string]string{}
	for _, m := range []map[string]string{germanErrors, engineErrors, roomErrors} {
		for en, de := range m {
			all[en] = de
		}
	}
	for en, de := range all {
		parts := verb.Split(en, -1)
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		out = append(out, germanPattern{
			re:     regexp.MustCompile(`^(?s)` + strings.Join(parts, `(.*?)`) + `$`),
			german: de,
			fixed:  len(verb.ReplaceAllString(en, "")),
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].fixed > out[j].fixed })
	return out
}

// maxGerman bounds the messages inGerman looks at: a longer one (a huge
// text echoed back) stays as it is, so that no request buys much work.
const maxGerman = 2000

// inGerman returns msg in German when its format is known, else msg.
func inGerman(msg string) string {
	if len(msg) > maxGerman {
		return msg
	}
	for _, p := range germanPatterns {
		m := p.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		// an argument may be a message of its own (a reason, a player)
		args := make([]any, len(m)-1)
		for i, a := range m[1:] {
			args[i] = inGerman(a)
		}
		return fmt.Sprintf(p.german, args...)
	}
	return msg
}

// wantsGerman reports whether the request asks for German first: the app
// sends Accept-Language with its own language.
func wantsGerman(r *http.Request) bool {
	first, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	first, _, _ = strings.Cut(strings.TrimSpace(first), ";")
	return strings.EqualFold(first, "de") || strings.HasPrefix(strings.ToLower(first), "de-")
}
