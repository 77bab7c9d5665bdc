package messages

import "tabula/engine"

// Server holds the words of the errors of tabula serve (internal/server
// and its policy, internal/policy), which it answers in the request's
// language.
var Server = engine.Table([]engine.Word{
	{
		Key: "server.room_or_record",
		En:  "give a room or a record, not both",
		De:  "Einen Raum oder eine Aufzeichnung angeben, nicht beides",
	},
	{
		Key: "server.no_position",
		En:  "no position given: want {\"room\": ID} or {\"record\": {...}}, and \"ply\"",
		De:  "Keine Stellung angegeben: erwartet {\"room\": ID} oder {\"record\": {...}} und \"ply\"",
	},
	{
		Key: "server.ply_range",
		En:  "ply {ply}: want 0 to {max} (the turns played)",
		De:  "Zug {ply}: erwartet 0 bis {max} (die gespielten Züge)",
	},
	{
		Key: "server.coach_in_play",
		En:  "the coach reviews a game once it is over (or one played at one device, with the tokens of all its seats): this one is in play",
		De:  "Der Trainer bespricht eine Partie erst nach ihrem Ende (oder eine an einem Gerät gespielte, mit den Tokens all ihrer Plätze): diese läuft noch",
	},
	{
		Key: "server.graph_ply",
		En:  "a graph covers the whole game: give no ply",
		De:  "Eine Bewertungskurve umfasst die ganze Partie: kein „ply“ angeben",
	},
	{
		Key: "server.no_endpoint",
		En:  "no such API endpoint: {method} {path}",
		De:  "Keine solche API-Adresse: {method} {path}",
	},
	{
		Key: "server.body_slow",
		En:  "the request body did not arrive in time; send it at once",
		De:  "Der Inhalt der Anfrage kam nicht rechtzeitig an; ihn auf einmal senden",
	},
	{
		Key: "server.body_read",
		En:  "reading the request body: {err}",
		De:  "Beim Lesen des Inhalts der Anfrage: {err}",
	},
	{
		Key: "server.body_empty",
		En:  "empty request body: want a JSON object",
		De:  "Leerer Inhalt der Anfrage: erwartet ein JSON-Objekt",
	},
	{
		Key: "server.json",
		En:  "malformed JSON: {err}",
		De:  "Fehlerhaftes JSON: {err}",
	},
	{
		Key: "server.json_more",
		En:  "malformed JSON: more than one value",
		De:  "Fehlerhaftes JSON: mehr als ein Wert",
	},
	{
		Key: "server.json_case",
		En:  "malformed JSON: the key {key} is spelled {want}",
		De:  "Fehlerhaftes JSON: Der Schlüssel {key} wird {want} geschrieben",
	},
	{
		Key: "server.json_utf8",
		En:  "malformed JSON: the text is not valid UTF-8",
		De:  "Fehlerhaftes JSON: Der Text ist kein gültiges UTF-8",
	},
	{
		Key: "server.json_surrogate",
		En:  "malformed JSON: a lone UTF-16 surrogate escape at byte {at}",
		De:  "Fehlerhaftes JSON: ein einzelnes UTF-16-Ersatzzeichen-Escape bei Byte {at}",
	},
	{
		Key: "server.json_twice",
		En:  "malformed JSON: the key {key} appears twice in one object",
		De:  "Fehlerhaftes JSON: Der Schlüssel {key} steht zweimal in einem Objekt",
	},
	{
		Key: "server.addr_in_use",
		En:  "cannot listen on {addr}: the address is in use (another server, or a tabula serve still running); choose another with --addr, as --addr 127.0.0.1:8081",
		De:  "Kann nicht auf {addr} lauschen: die Adresse ist belegt (ein anderer Server oder ein noch laufendes tabula serve); mit --addr eine andere wählen, etwa --addr 127.0.0.1:8081",
	},
	{
		Key: "server.listen",
		En:  "cannot listen on {addr}: {err}; choose another address with --addr",
		De:  "Kann nicht auf {addr} lauschen: {err}; mit --addr eine andere Adresse wählen",
	},
	{
		Key: "server.busy",
		En:  "the computer players are busy: {err}; try again in a few seconds",
		De:  "Die Computerspieler sind beschäftigt: {err}; in ein paar Sekunden noch einmal versuchen",
	},
	{
		Key: "server.slow",
		En:  "the request took longer than it may take: try again in a few seconds",
		De:  "Die Anfrage hat länger gedauert, als sie darf: in ein paar Sekunden noch einmal versuchen",
	},
	{
		Key: "server.body_large",
		En:  "request body is larger than {max} bytes",
		De:  "Der Inhalt der Anfrage ist größer als {max} Bytes",
	},
	{
		Key: "server.internal",
		En:  "internal error",
		De:  "Interner Fehler",
	},
	{
		Key: "server.record_long",
		En:  "record: {n} moves, more than the {max} this server accepts",
		De:  "Aufzeichnung: {n} Züge, mehr als die {max}, die dieser Server annimmt",
	},
	{
		Key: "server.record_or_game",
		En:  "give either a record or game and options, not both",
		De:  "Entweder eine Aufzeichnung oder Spiel und Optionen angeben, nicht beides",
	},
	{
		Key: "server.record_no_game",
		En:  "record: no game",
		De:  "Aufzeichnung: kein Spiel",
	},
	{
		Key: "server.no_online",
		En:  "online play is not enabled on this server",
		De:  "Online-Spiel ist auf diesem Server nicht eingeschaltet",
	},
	{
		Key: "server.no_lobby",
		En:  "the lobby is not enabled on this server",
		De:  "Die Spielersuche ist auf diesem Server nicht eingeschaltet",
	},
	{
		Key: "server.lobby_msg",
		En:  "lobby message of type {type}: want hello or ping",
		De:  "Nachricht der Spielersuche vom Typ {type}: erwartet hello oder ping",
	},
	{
		Key: "server.rooms_rate",
		En:  "too many rooms created from your address in the last minute; wait a little",
		De:  "Zu viele Räume von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	// Answered by the reverse proxy, not by an instance: nginx's 429
	// (deploy/nginx.conf, server.ProxyTooMany).
	{
		Key: "server.too_many",
		En:  "too many requests from your address; try again in a few seconds",
		De:  "Zu viele Anfragen von deiner Adresse; bitte in ein paar Sekunden noch einmal versuchen",
	},
	{
		Key: "server.heavy_rate",
		En:  "more than {max} analyses or long replays from your address in the last minute; wait a little",
		De:  "Mehr als {max} Analysen oder lange Wiederholungen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	{
		Key: "server.seats_max",
		En:  "at most {max} seats",
		De:  "Höchstens {max} Plätze",
	},
	{
		Key: "server.clock_form",
		En:  "clock: want {\"initial\": seconds, \"increment\": seconds} or {\"days\": 1 to 30} (days per move)",
		De:  "Uhr: erwartet {\"initial\": Sekunden, \"increment\": Sekunden} oder {\"days\": 1 bis 30} (Tage je Zug)",
	},
	{
		Key: "server.qr_text",
		En:  "want text=... of 1 to 512 bytes",
		De:  "Erwartet text=... mit 1 bis 512 Bytes",
	},
	{
		Key: "server.qr_link",
		En:  "text: want a link to this server (http://{host}/...)",
		De:  "text: erwartet einen Link auf diesen Server (http://{host}/...)",
	},
	{
		Key: "server.qr",
		En:  "cannot make a QR code: {err}",
		De:  "Kein QR-Code möglich: {err}",
	},
	{
		Key: "server.date",
		En:  "{name}={value}: want a date YYYY-MM-DD or an RFC 3339 time",
		De:  "{name}={value}: erwartet ein Datum JJJJ-MM-TT oder eine Zeit nach RFC 3339",
	},
	{
		Key: "server.result_filter",
		En:  "result={value}: want a result's code or its first parts (win, win:1, win:1:resign, draw, draw:agreed, abandoned)",
		De:  "result={value}: erwartet den Code eines Ergebnisses oder seine ersten Teile (win, win:1, win:1:resign, draw, draw:agreed, abandoned)",
	},
	{
		Key: "server.limit",
		En:  "limit={value}: want 1 to 1000",
		De:  "limit={value}: erwartet 1 bis 1000",
	},
	{
		Key: "server.records_count",
		En:  "want 1 to {max} records",
		De:  "Erwartet 1 bis {max} Aufzeichnungen",
	},
	{
		Key: "server.no_game",
		En:  "no game given",
		De:  "Kein Spiel angegeben",
	},
	{
		Key: "server.study_agent",
		En:  "agent {agent} is not offered for studies here (offered: {offered})",
		De:  "Der Computerspieler {agent} wird hier für Studien nicht angeboten (angeboten: {offered})",
	},
	{
		Key: "server.study_games",
		En:  "games: {n}, want 1 to {max} per reading",
		De:  "Partien: {n}, erwartet 1 bis {max} je Lesart",
	},
	{
		Key: "server.study_replicate",
		En:  "replicate: {n}, want 0 to {max}",
		De:  "Wiederholungen: {n}, erwartet 0 bis {max}",
	},
	{
		Key: "server.study_size",
		En:  "{readings} readings of {games} games make {total} games, more than the {max} a study may play here; use 'tabula analyze'",
		De:  "{readings} Lesarten zu {games} Partien ergeben {total} Partien, mehr als die {max}, die eine Studie hier spielen darf; dafür 'tabula analyze' benutzen",
	},
	{
		Key: "server.shutdown",
		En:  "the server is shutting down",
		De:  "Der Server fährt herunter",
	},
	{
		Key: "server.study_addr",
		En:  "your address has {max} studies running or waiting, the most one address may have; wait for one to end, or cancel one",
		De:  "Deine Adresse hat {max} Studien laufend oder wartend, so viele wie eine Adresse haben darf; warten, bis eine endet, oder eine abbrechen",
	},
	{
		Key: "server.study_full",
		En:  "the server holds {max} studies running or waiting; try again later",
		De:  "Der Server hat {max} Studien laufend oder wartend; später noch einmal versuchen",
	},
	{
		Key: "server.no_study",
		En:  "no such study: {id} (the server may have restarted)",
		De:  "Keine solche Studie: {id} (der Server wurde vielleicht neu gestartet)",
	},
	{
		Key: "server.study_owner",
		En:  "only the study's owner may cancel it: send the owner token its POST answered as \"Authorization: Bearer TOKEN\"",
		De:  "Nur wer die Studie gestartet hat, kann sie abbrechen: das Besitzer-Token aus der Antwort auf ihren POST als \"Authorization: Bearer TOKEN\" senden",
	},
	{
		Key: "server.study_no_report",
		En:  "study {id} has no report yet (it is {state})",
		De:  "Die Studie {id} hat noch keinen Bericht (Stand: {state})",
	},
	{
		Key: "server.method",
		En:  "{method} {path}: method not allowed (allowed: {allowed})",
		De:  "{method} {path}: Methode nicht erlaubt (erlaubt: {allowed})",
	},
	{
		Key: "server.path_utf8",
		En:  "the path is not valid UTF-8",
		De:  "Der Pfad ist kein gültiges UTF-8",
	},
	{
		Key: "server.host",
		En:  "host {host} is not served: this server answers only loopback names (localhost, 127.0.0.1, [::1])",
		De:  "Der Host {host} wird nicht bedient: dieser Server antwortet nur auf Loopback-Namen (localhost, 127.0.0.1, [::1])",
	},
	{
		Key: "server.cross_origin",
		En:  "cross-origin request refused: {err}",
		De:  "Anfrage von fremdem Ursprung abgelehnt: {err}",
	},
	{
		Key: "server.content_type",
		En:  "Content-Type {type}: want application/json",
		De:  "Content-Type {type}: erwartet application/json",
	},
	{
		Key: "server.no_rules",
		En:  "no rules page for {game}",
		De:  "Keine Regelseite für {game}",
	},
	{
		Key: "server.from",
		En:  "from={value}: want a whole number from 0 to {max}",
		De:  "from={value}: erwartet eine ganze Zahl von 0 bis {max}",
	},
	{
		Key: "server.count",
		En:  "count={value}: want a whole number from 1 to {max}",
		De:  "count={value}: erwartet eine ganze Zahl von 1 bis {max}",
	},
	{
		Key: "server.replay_slow",
		En:  "replaying the record took longer than a request may take",
		De:  "Das Nachspielen der Aufzeichnung dauerte länger, als eine Anfrage dauern darf",
	},
	{
		Key: "server.method_any",
		En:  "method not allowed",
		De:  "Methode nicht erlaubt",
	},
	{
		Key: "server.no_file",
		En:  "no such file: {path}",
		De:  "Keine solche Datei: {path}",
	},
	{
		Key: "server.conns_full",
		En:  "the server holds as many live connections as it may; try again in a little while",
		De:  "Der Server hält so viele Verbindungen, wie er darf; bitte etwas später noch einmal versuchen",
	},
	{
		Key: "server.conns_ip",
		En:  "too many live connections from your address",
		De:  "Zu viele offene Verbindungen von deiner Adresse",
	},
	{
		Key: "server.no_room",
		En:  "no such room",
		De:  "Kein solcher Raum",
	},
	{
		Key: "server.ws_text",
		En:  "messages are JSON text",
		De:  "Nachrichten sind JSON-Text",
	},
	{
		Key: "server.ws_hello",
		En:  "hello was already said",
		De:  "hello wurde schon gesagt",
	},
	{
		Key: "server.ws_field",
		En:  "a {type} message has no {field} (only {types} has)",
		De:  "Eine Nachricht {type} hat kein {field} (nur {types})",
	},
	{
		Key: "server.ws_token_long",
		En:  "the token is too long",
		De:  "Das Zeichen ist zu lang",
	},
	{
		Key: "server.ws_tokens",
		En:  "at most {max} tokens",
		De:  "Höchstens {max} Zeichen",
	},
	{
		Key: "server.ws_a_token_long",
		En:  "a token is too long",
		De:  "Ein Zeichen ist zu lang",
	},
	{
		Key: "server.ws_needs",
		En:  "a {type} message needs {what}",
		De:  "Eine Nachricht {type} braucht {what}",
	},
	{
		Key: "server.ws_undo_tokens",
		En:  "an \"undo\" message needs \"tokens\": the token of every person seat (1 to {max})",
		De:  "Eine Nachricht \"undo\" braucht \"tokens\": das Zeichen jedes Platzes eines Menschen (1 bis {max})",
	},
	{
		Key: "server.ws_no_type",
		En:  "malformed message: no \"type\"",
		De:  "Fehlerhafte Nachricht: kein \"type\"",
	},
	{
		Key: "server.ws_type",
		En:  "unknown message type {type}",
		De:  "Unbekannte Nachrichtenart {type}",
	},
	{
		Key: "server.option_range",
		En:  "option {option}: {value} is out of range {range} on this server (the command line accepts {cli})",
		De:  "Option {option}: {value} liegt auf diesem Server außerhalb von {range} (die Kommandozeile nimmt {cli})",
	},
	{Key: "server.ws_need_last", En: `"last" (the last version seen, -1 for none)`, De: `"last" (die zuletzt gesehene Version, -1 für keine)`},
	{Key: "server.ws_need_version", En: `"version" (the room's version the move was chosen at)`, De: `"version" (die Version des Raums, bei der der Zug gewählt wurde)`},
	{Key: "server.ws_need_move", En: `"move" (the move's text)`, De: `"move" (der Text des Zugs)`},
	{Key: "server.ws_need_name", En: `"name"`, De: `"name"`},
	{Key: "server.ws_need_seat", En: `"seat" (the absent person's seat, or the seat to mute)`, De: `"seat" (der Platz des abwesenden Menschen oder der stummzuschaltende Platz)`},
	{Key: "server.ws_chat_long", En: "a chat line is at most {max} bytes", De: "Eine Chatzeile hat höchstens {max} Bytes"},
	{Key: "server.ws_chat_one", En: `a chat message has "quick" or "text", one of them`, De: `Eine Chatnachricht hat "quick" oder "text", genau eines davon`},
	{Key: "server.ws_chat_quick", En: "unknown quick message {quick} (known: {known})", De: "unbekannte Kurznachricht {quick} (bekannt: {known})"},
	{Key: "server.ws_need_undo_version", En: `"version" (the room's version the undo was asked at)`, De: `"version" (die Version des Raums, bei der die Rücknahme verlangt wurde)`},
	{Key: "server.uncoded", En: "{err}", De: "{err}"},
})
