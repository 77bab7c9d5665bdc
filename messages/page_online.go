//go:build !js

package messages

import "tabula/engine"

// onlinePage holds the words of the online setup, the finished games, the
// chat and the offline banners (online.js, archive.js, roomdraw.js, ux.js).
var onlinePage = map[string]engine.Text{
	"anyGame":   {"en": "any game", "de": "jedes Spiel"},
	"anyResult": {"en": "any result", "de": "jedes Ergebnis"},
	"badFileLine": {
		"en": "Line {n} of the file is not a record: {msg}",
		"de": "Zeile {n} der Datei ist keine Partie: {msg}",
	},
	"clock":     {"en": "Clock (two players): minutes per game", "de": "Uhr (zwei Spieler): Minuten je Partie"},
	"create":    {"en": "Create the room", "de": "Raum anlegen"},
	"exportAll": {"en": "Export these (JSON lines)", "de": "Diese exportieren (JSON-Zeilen)"},
	"filter":    {"en": "Show", "de": "Zeigen"},
	"finished":  {"en": "Finished games", "de": "Beendete Partien"},
	"gameCol":   {"en": "Game", "de": "Spiel"},
	"importFile": {
		"en": "Import records (JSON lines or JSON)",
		"de": "Partien importieren (JSON-Zeilen oder JSON)",
	},
	"imported":  {"en": "{n} games imported.", "de": "{n} Partien importiert."},
	"increment": {"en": "seconds added per move", "de": "Sekunden dazu je Zug"},
	"invitesHint": {
		"en": "Send each person their own link, or let them scan its code. Whoever holds a link plays that seat; keep it to yourself.",
		"de": "Schicke jedem Menschen seinen eigenen Link oder lass ihn den Code scannen. Wer einen Link hat, spielt diesen Platz; behalte ihn für dich.",
	},
	"invitesTitle":   {"en": "Invite links", "de": "Einladungslinks"},
	"kindPerson":     {"en": "A person (invite link)", "de": "Ein Mensch (Einladungslink)"},
	"nameOptional":   {"en": "Name (optional)", "de": "Name (freiwillig)"},
	"noClock":        {"en": "empty: no clock", "de": "leer: ohne Uhr"},
	"perMove":        {"en": "Or by correspondence: days per move", "de": "Oder als Fernpartie: Tage je Zug"},
	"yourMoveTitle":  {"en": "Your move", "de": "Du bist am Zug"},
	"chatPlayers":    {"en": "Chat of the players", "de": "Chat der Spieler"},
	"chatSpectators": {"en": "Chat of the spectators", "de": "Chat der Zuschauer"},
	"chatQuick":      {"en": "Quick messages", "de": "Kurznachrichten"},
	"chatSay": {
		"en": "Your message (at most 200 characters)",
		"de": "Deine Nachricht (höchstens 200 Zeichen)",
	},
	"chatSend":      {"en": "Send", "de": "Senden"},
	"chatMute":      {"en": "Mute {player}", "de": "{player} stummschalten"},
	"spectatorName": {"en": "A spectator", "de": "Ein Zuschauer"},
	"soundOnMove":   {"en": "Sound on my move", "de": "Ton bei meinem Zug"},
	"notifyOnMove":  {"en": "Notify me of my move", "de": "Benachrichtigung bei meinem Zug"},
	"perMoveNone":   {"en": "no", "de": "nein"},
	"clockDays":     {"en": "{d} d {h} h", "de": "{d} T. {h} Std."},
	"noneFinished":  {"en": "No finished games match.", "de": "Keine beendete Partie passt."},
	"onlineTitle":   {"en": "Play {name} online", "de": "{name} online spielen"},
	"open":          {"en": "Open", "de": "Öffnen"},
	"playerFilter":  {"en": "Player name", "de": "Spielername"},
	"qrOf":          {"en": "QR code of the link for {who}", "de": "QR-Code des Links für {who}"},
	"replayThis":    {"en": "Replay", "de": "Nachspielen"},
	"seatsHint": {
		"en": "Each person gets an invite link. A computer seat plays by itself.",
		"de": "Jeder Mensch bekommt einen Einladungslink. Ein Computerplatz spielt von selbst.",
	},
	"since":         {"en": "From", "de": "Von"},
	"spectatorLink": {"en": "Watch (spectators)", "de": "Zuschauen"},
	"step":          {"en": "Move {i} of {n}", "de": "Zug {i} von {n}"},
	"until":         {"en": "Until", "de": "Bis"},
	"offlineNeeds": {
		"en": "The server cannot be reached; this needs it.",
		"de": "Der Server ist nicht erreichbar; dafür wird er gebraucht.",
	},
	"offlineBanner": {
		"en": "Offline: games at this device and against the computer play in this browser; online rooms, the finished games of the server and the Research page need the network.",
		"de": "Offline: Spiele an diesem Gerät und gegen den Computer laufen in diesem Browser; Online-Räume, die beendeten Spiele des Servers und die Forschungsseite brauchen das Netz.",
	},
	"siteBanner": {
		"en": "This copy of Tabula has no server: games at this device and against the computer play in this browser.",
		"de": "Diese Kopie von Tabula hat keinen Server: Spiele an diesem Gerät und gegen den Computer laufen in diesem Browser.",
	},
	"playedHere":     {"en": "Played in this browser", "de": "In diesem Browser gespielt"},
	"toServer":       {"en": "Copy to the server's archive", "de": "Ins Archiv des Servers kopieren"},
	"copiedToServer": {"en": "Copied to the server's archive.", "de": "Ins Archiv des Servers kopiert."},
	"engineLoading":  {"en": "Loading the engine…", "de": "Die Spiel-Engine wird geladen…"},
}
