package messages

import "tabula/engine"

// Server holds the words of the errors of tabula serve (internal/server
// and its policy, internal/policy), which it answers in the request's
// language.
var Server = map[string]engine.Text{
	"server.room_or_record": {
		"en": "give a room or a record, not both",
		"de": "Einen Raum oder eine Aufzeichnung angeben, nicht beides",
	},
	"server.no_position": {
		"en": "no position given: want {\"room\": ID} or {\"record\": {...}}, and \"ply\"",
		"de": "Keine Stellung angegeben: erwartet {\"room\": ID} oder {\"record\": {...}} und \"ply\"",
	},
	"server.ply_range": {
		"en": "ply {ply}: want 0 to {max} (the turns played)",
		"de": "Zug {ply}: erwartet 0 bis {max} (die gespielten Züge)",
	},
	"server.coach_in_play": {
		"en": "the coach reviews a game once it is over (or one played at one device, with the tokens of all its seats): this one is in play",
		"de": "Der Trainer bespricht eine Partie erst nach ihrem Ende (oder eine an einem Gerät gespielte, mit den Tokens all ihrer Plätze): diese läuft noch",
	},
	"server.graph_ply": {
		"en": "a graph covers the whole game: give no ply",
		"de": "Eine Bewertungskurve umfasst die ganze Partie: kein „ply“ angeben",
	},
	"server.no_endpoint": {
		"en": "no such API endpoint: {method} {path}",
		"de": "Keine solche API-Adresse: {method} {path}",
	},
	"server.body_slow": {
		"en": "the request body did not arrive in time; send it at once",
		"de": "Der Inhalt der Anfrage kam nicht rechtzeitig an; ihn auf einmal senden",
	},
	"server.body_read": {
		"en": "reading the request body: {err}",
		"de": "Beim Lesen des Inhalts der Anfrage: {err}",
	},
	"server.body_empty": {
		"en": "empty request body: want a JSON object",
		"de": "Leerer Inhalt der Anfrage: erwartet ein JSON-Objekt",
	},
	"server.json": {
		"en": "malformed JSON: {err}",
		"de": "Fehlerhaftes JSON: {err}",
	},
	"server.json_more": {
		"en": "malformed JSON: more than one value",
		"de": "Fehlerhaftes JSON: mehr als ein Wert",
	},
	"server.json_case": {
		"en": "malformed JSON: the key {key} is spelled {want}",
		"de": "Fehlerhaftes JSON: Der Schlüssel {key} wird {want} geschrieben",
	},
	"server.json_utf8": {
		"en": "malformed JSON: the text is not valid UTF-8",
		"de": "Fehlerhaftes JSON: Der Text ist kein gültiges UTF-8",
	},
	"server.json_surrogate": {
		"en": "malformed JSON: a lone UTF-16 surrogate escape at byte {at}",
		"de": "Fehlerhaftes JSON: ein einzelnes UTF-16-Ersatzzeichen-Escape bei Byte {at}",
	},
	"server.json_twice": {
		"en": "malformed JSON: the key {key} appears twice in one object",
		"de": "Fehlerhaftes JSON: Der Schlüssel {key} steht zweimal in einem Objekt",
	},
	"server.addr_in_use": {
		"en": "cannot listen on {addr}: the address is in use (another server, or a tabula serve still running); choose another with --addr, as --addr 127.0.0.1:8081",
		"de": "Kann nicht auf {addr} lauschen: die Adresse ist belegt (ein anderer Server oder ein noch laufendes tabula serve); mit --addr eine andere wählen, etwa --addr 127.0.0.1:8081",
	},
	"server.listen": {
		"en": "cannot listen on {addr}: {err}; choose another address with --addr",
		"de": "Kann nicht auf {addr} lauschen: {err}; mit --addr eine andere Adresse wählen",
	},
	"server.busy": {
		"en": "the computer players are busy: {err}; try again in a few seconds",
		"de": "Die Computerspieler sind beschäftigt: {err}; in ein paar Sekunden noch einmal versuchen",
	},
	"server.slow": {
		"en": "the request took longer than it may take: try again in a few seconds",
		"de": "Die Anfrage hat länger gedauert, als sie darf: in ein paar Sekunden noch einmal versuchen",
	},
	"server.body_large": {
		"en": "request body is larger than {max} bytes",
		"de": "Der Inhalt der Anfrage ist größer als {max} Bytes",
	},
	"server.internal": {
		"en": "internal error",
		"de": "Interner Fehler",
	},
	"server.record_long": {
		"en": "record: {n} moves, more than the {max} this server accepts",
		"de": "Aufzeichnung: {n} Züge, mehr als die {max}, die dieser Server annimmt",
	},
	"server.record_or_game": {
		"en": "give either a record or game and options, not both",
		"de": "Entweder eine Aufzeichnung oder Spiel und Optionen angeben, nicht beides",
	},
	"server.record_no_game": {
		"en": "record: no game",
		"de": "Aufzeichnung: kein Spiel",
	},
	"server.no_online": {
		"en": "online play is not enabled on this server",
		"de": "Online-Spiel ist auf diesem Server nicht eingeschaltet",
	},
	"server.no_lobby": {
		"en": "the lobby is not enabled on this server",
		"de": "Die Spielersuche ist auf diesem Server nicht eingeschaltet",
	},
	"server.lobby_msg": {
		"en": "lobby message of type {type}: want hello or ping",
		"de": "Nachricht der Spielersuche vom Typ {type}: erwartet hello oder ping",
	},
	"server.rooms_rate": {
		"en": "too many rooms created from your address in the last minute; wait a little",
		"de": "Zu viele Räume von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	// Answered by the reverse proxy, not by an instance: nginx's 429
	// (deploy/nginx.conf, server.ProxyTooMany).
	"server.too_many": {
		"en": "too many requests from your address; try again in a few seconds",
		"de": "Zu viele Anfragen von deiner Adresse; bitte in ein paar Sekunden noch einmal versuchen",
	},
	"server.heavy_rate": {
		"en": "more than {max} analyses or long replays from your address in the last minute; wait a little",
		"de": "Mehr als {max} Analysen oder lange Wiederholungen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	"server.seats_max": {
		"en": "at most {max} seats",
		"de": "Höchstens {max} Plätze",
	},
	"server.clock_form": {
		"en": "clock: want {\"initial\": seconds, \"increment\": seconds} or {\"days\": 1 to 30} (days per move)",
		"de": "Uhr: erwartet {\"initial\": Sekunden, \"increment\": Sekunden} oder {\"days\": 1 bis 30} (Tage je Zug)",
	},
	"server.qr_text": {
		"en": "want text=... of 1 to 512 bytes",
		"de": "Erwartet text=... mit 1 bis 512 Bytes",
	},
	"server.qr_link": {
		"en": "text: want a link to this server (http://{host}/...)",
		"de": "text: erwartet einen Link auf diesen Server (http://{host}/...)",
	},
	"server.qr": {
		"en": "cannot make a QR code: {err}",
		"de": "Kein QR-Code möglich: {err}",
	},
	"server.date": {
		"en": "{name}={value}: want a date YYYY-MM-DD or an RFC 3339 time",
		"de": "{name}={value}: erwartet ein Datum JJJJ-MM-TT oder eine Zeit nach RFC 3339",
	},
	"server.result_filter": {
		"en": "result={value}: want a result's code or its first parts (win, win:1, win:1:resign, draw, draw:agreed, abandoned)",
		"de": "result={value}: erwartet den Code eines Ergebnisses oder seine ersten Teile (win, win:1, win:1:resign, draw, draw:agreed, abandoned)",
	},
	"server.limit": {
		"en": "limit={value}: want 1 to 1000",
		"de": "limit={value}: erwartet 1 bis 1000",
	},
	"server.records_count": {
		"en": "want 1 to {max} records",
		"de": "Erwartet 1 bis {max} Aufzeichnungen",
	},
	"server.no_game": {
		"en": "no game given",
		"de": "Kein Spiel angegeben",
	},
	"server.study_agent": {
		"en": "agent {agent} is not offered for studies here (offered: {offered})",
		"de": "Der Computerspieler {agent} wird hier für Studien nicht angeboten (angeboten: {offered})",
	},
	"server.study_games": {
		"en": "games: {n}, want 1 to {max} per reading",
		"de": "Partien: {n}, erwartet 1 bis {max} je Lesart",
	},
	"server.study_replicate": {
		"en": "replicate: {n}, want 0 to {max}",
		"de": "Wiederholungen: {n}, erwartet 0 bis {max}",
	},
	"server.study_size": {
		"en": "{readings} readings of {games} games make {total} games, more than the {max} a study may play here; use 'tabula analyze'",
		"de": "{readings} Lesarten zu {games} Partien ergeben {total} Partien, mehr als die {max}, die eine Studie hier spielen darf; dafür 'tabula analyze' benutzen",
	},
	"server.shutdown": {
		"en": "the server is shutting down",
		"de": "Der Server fährt herunter",
	},
	"server.study_addr": {
		"en": "your address has {max} studies running or waiting, the most one address may have; wait for one to end, or cancel one",
		"de": "Deine Adresse hat {max} Studien laufend oder wartend, so viele wie eine Adresse haben darf; warten, bis eine endet, oder eine abbrechen",
	},
	"server.study_full": {
		"en": "the server holds {max} studies running or waiting; try again later",
		"de": "Der Server hat {max} Studien laufend oder wartend; später noch einmal versuchen",
	},
	"server.no_study": {
		"en": "no such study: {id} (the server may have restarted)",
		"de": "Keine solche Studie: {id} (der Server wurde vielleicht neu gestartet)",
	},
	"server.study_owner": {
		"en": "only the study's owner may cancel it: send the owner token its POST answered as \"Authorization: Bearer TOKEN\"",
		"de": "Nur wer die Studie gestartet hat, kann sie abbrechen: das Besitzer-Token aus der Antwort auf ihren POST als \"Authorization: Bearer TOKEN\" senden",
	},
	"server.study_no_report": {
		"en": "study {id} has no report yet (it is {state})",
		"de": "Die Studie {id} hat noch keinen Bericht (Stand: {state})",
	},
	"server.method": {
		"en": "{method} {path}: method not allowed (allowed: {allowed})",
		"de": "{method} {path}: Methode nicht erlaubt (erlaubt: {allowed})",
	},
	"server.path_utf8": {
		"en": "the path is not valid UTF-8",
		"de": "Der Pfad ist kein gültiges UTF-8",
	},
	"server.host": {
		"en": "host {host} is not served: this server answers only loopback names (localhost, 127.0.0.1, [::1])",
		"de": "Der Host {host} wird nicht bedient: dieser Server antwortet nur auf Loopback-Namen (localhost, 127.0.0.1, [::1])",
	},
	"server.cross_origin": {
		"en": "cross-origin request refused: {err}",
		"de": "Anfrage von fremdem Ursprung abgelehnt: {err}",
	},
	"server.content_type": {
		"en": "Content-Type {type}: want application/json",
		"de": "Content-Type {type}: erwartet application/json",
	},
	"server.no_rules": {
		"en": "no rules page for {game}",
		"de": "Keine Regelseite für {game}",
	},
	"server.from": {
		"en": "from={value}: want a whole number from 0 to {max}",
		"de": "from={value}: erwartet eine ganze Zahl von 0 bis {max}",
	},
	"server.count": {
		"en": "count={value}: want a whole number from 1 to {max}",
		"de": "count={value}: erwartet eine ganze Zahl von 1 bis {max}",
	},
	"server.replay_slow": {
		"en": "replaying the record took longer than a request may take",
		"de": "Das Nachspielen der Aufzeichnung dauerte länger, als eine Anfrage dauern darf",
	},
	"server.method_any": {
		"en": "method not allowed",
		"de": "Methode nicht erlaubt",
	},
	"server.no_file": {
		"en": "no such file: {path}",
		"de": "Keine solche Datei: {path}",
	},
	"server.conns_full": {
		"en": "the server holds as many live connections as it may; try again in a little while",
		"de": "Der Server hält so viele Verbindungen, wie er darf; bitte etwas später noch einmal versuchen",
	},
	"server.conns_ip": {
		"en": "too many live connections from your address",
		"de": "Zu viele offene Verbindungen von deiner Adresse",
	},
	"server.no_room": {
		"en": "no such room",
		"de": "Kein solcher Raum",
	},
	"server.ws_text": {
		"en": "messages are JSON text",
		"de": "Nachrichten sind JSON-Text",
	},
	"server.ws_hello": {
		"en": "hello was already said",
		"de": "hello wurde schon gesagt",
	},
	"server.ws_field": {
		"en": "a {type} message has no {field} (only {types} has)",
		"de": "Eine Nachricht {type} hat kein {field} (nur {types})",
	},
	"server.ws_token_long": {
		"en": "the token is too long",
		"de": "Das Zeichen ist zu lang",
	},
	"server.ws_tokens": {
		"en": "at most {max} tokens",
		"de": "Höchstens {max} Zeichen",
	},
	"server.ws_a_token_long": {
		"en": "a token is too long",
		"de": "Ein Zeichen ist zu lang",
	},
	"server.ws_needs": {
		"en": "a {type} message needs {what}",
		"de": "Eine Nachricht {type} braucht {what}",
	},
	"server.ws_undo_tokens": {
		"en": "an \"undo\" message needs \"tokens\": the token of every person seat (1 to {max})",
		"de": "Eine Nachricht \"undo\" braucht \"tokens\": das Zeichen jedes Platzes eines Menschen (1 bis {max})",
	},
	"server.ws_no_type": {
		"en": "malformed message: no \"type\"",
		"de": "Fehlerhafte Nachricht: kein \"type\"",
	},
	"server.ws_type": {
		"en": "unknown message type {type}",
		"de": "Unbekannte Nachrichtenart {type}",
	},
	"server.option_range": {
		"en": "option {option}: {value} is out of range {range} on this server (the command line accepts {cli})",
		"de": "Option {option}: {value} liegt auf diesem Server außerhalb von {range} (die Kommandozeile nimmt {cli})",
	},
	"server.ws_need_last":         {"en": `"last" (the last version seen, -1 for none)`, "de": `"last" (die zuletzt gesehene Version, -1 für keine)`},
	"server.ws_need_version":      {"en": `"version" (the room's version the move was chosen at)`, "de": `"version" (die Version des Raums, bei der der Zug gewählt wurde)`},
	"server.ws_need_move":         {"en": `"move" (the move's text)`, "de": `"move" (der Text des Zugs)`},
	"server.ws_need_name":         {"en": `"name"`, "de": `"name"`},
	"server.ws_need_seat":         {"en": `"seat" (the absent person's seat, or the seat to mute)`, "de": `"seat" (der Platz des abwesenden Menschen oder der stummzuschaltende Platz)`},
	"server.ws_chat_long":         {"en": "a chat line is at most {max} bytes", "de": "Eine Chatzeile hat höchstens {max} Bytes"},
	"server.ws_chat_one":          {"en": `a chat message has "quick" or "text", one of them`, "de": `Eine Chatnachricht hat "quick" oder "text", genau eines davon`},
	"server.ws_chat_quick":        {"en": "unknown quick message {quick} (known: {known})", "de": "unbekannte Kurznachricht {quick} (bekannt: {known})"},
	"server.ws_need_undo_version": {"en": `"version" (the room's version the undo was asked at)`, "de": `"version" (die Version des Raums, bei der die Rücknahme verlangt wurde)`},
	"server.uncoded":              {"en": "{err}", "de": "{err}"},
}
