package store

import "strings"

// resultCodes turns the results of earlier versions, sentences ("player
// N wins", "draw", "expired"), into codes (view.Result.Code: "win:N:HOW",
// "draw:HOW", "abandoned") in the rooms and the archive, and into objects
// (view.Result's JSON) in the end events and the archived records. How a
// game ended is read from the event before its end: a resignation, a
// flag, or the offer that agreed a draw; else its rules ended it. An
// imported game has no events: its record tells a resignation, and
// nothing else (a flag or an agreed draw of an import is read as the
// end by the rules). The statements are the same in SQLite and
// PostgreSQL; the end events go first, as they read their rooms' old
// results.
var resultCodes = func() string {
	// before is the kind of the event before the end of the room named by
	// the expression room.
	before := func(room string) string {
		return `(SELECT p.kind FROM events p JOIN events e ON e.room = p.room AND e.version = p.version + 1
			WHERE e.room = ` + room + ` AND e.kind = 'end' LIMIT 1)`
	}
	// In these, {r} is the old result and {k} the kind of the event
	// before the end.
	how := `CASE WHEN {k} = 'resign' THEN 'resign' WHEN {k} = 'flag' THEN 'flag' ELSE 'end' END`
	seat := `substr({r}, 8, length({r}) - 12)`
	code := `CASE WHEN {r} = 'draw' AND {k} = 'draw-offer' THEN 'draw:agreed'
		WHEN {r} = 'draw' THEN 'draw:end'
		WHEN {r} = 'expired' THEN 'abandoned'
		WHEN {r} LIKE 'player % wins' THEN 'win:' || {seat} || ':' || {how}
		ELSE {r} END`
	object := `CASE WHEN {r} = 'draw' AND {k} = 'draw-offer' THEN '{"code":"draw:agreed","how":"agreed","draw":true}'
		WHEN {r} = 'draw' THEN '{"code":"draw:end","how":"end","draw":true}'
		WHEN {r} LIKE 'player % wins' THEN '{"code":"win:' || {seat} || ':' || {how} || '","how":"' || {how} || '","winner":' || {seat} || '}'
		END`
	fill := func(expr, r, k string) string {
		expr = strings.NewReplacer("{seat}", seat, "{how}", how).Replace(expr)
		return strings.NewReplacer("{r}", r, "{k}", k).Replace(expr)
	}
	// replaced is the JSON text col with its "result" sentence r replaced
	// by the result's object.
	replaced := func(col, r, k string) string {
		return `replace(` + col + `, '"result":"' || ` + r + ` || '"', '"result":' || ` + fill(object, r, k) + `)`
	}
	roomResult := `(SELECT o.result FROM rooms o WHERE o.id = events.room)`
	prev := `(SELECT p.kind FROM events p WHERE p.room = events.room AND p.version = events.version - 1)`
	archived := `COALESCE(` + before("finished.room") + `, CASE WHEN record LIKE '%"resigned":%' THEN 'resign' END)`
	return `UPDATE events SET body = ` + replaced("body", roomResult, prev) + `
		WHERE kind = 'end' AND ` + fill(object, roomResult, prev) + ` IS NOT NULL;
	UPDATE finished SET record = COALESCE(` + replaced("record", "result", archived) + `, record),
		result = ` + fill(code, "result", archived) + `;
	UPDATE rooms SET result = ` + fill(code, "result", before("id")) /* rooms.id: events have no id */ + `;`
}()
